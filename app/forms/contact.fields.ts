import { defineFields, EMAIL_MAX, PHONE_MAX } from "./common.fields.ts";

/** The /contact form: a message from a visitor (phone optional). */
export const CONTACT_FIELDS = defineFields({
  first: { label: "First Name", max: 100 },
  last: { label: "Last Name", max: 100 },
  email: { label: "Email", max: EMAIL_MAX },
  phone: { label: "Phone", max: PHONE_MAX },
  message: { label: "Message", max: 5000 },
});
