import { defineFields, EMAIL_MAX } from "./common.fields.ts";

/** A visitor's comment on a blog (the email is never shown). */
export const COMMENT_FIELDS = defineFields({
  name: { label: "Name", max: 100 },
  email: { label: "Email", max: EMAIL_MAX },
  comment: { label: "Comment", max: 5000 },
});
