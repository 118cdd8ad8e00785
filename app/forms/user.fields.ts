import { defineFields, EMAIL_MAX, PHONE_MAX } from "./common.fields.ts";

/** A site user: the sign-up form (popup and /signup) and the admin's Add User dialog. */
export const USER_FIELDS = defineFields({
  fullName: { label: "Full Name", max: 150 },
  email: { label: "Email", max: EMAIL_MAX },
  phone: { label: "Phone", max: PHONE_MAX },
});
