import { defineFields, EMAIL_MAX } from "./common.fields.ts";

/** The admin sign-in form. */
export const LOGIN_FIELDS = defineFields({
  email: { label: "Email", max: EMAIL_MAX },
  password: { label: "Password" },
});

/** Sign-in words an unusable email the same way whether it is too long or malformed. */
export const LOGIN_EMAIL_MESSAGES = {
  required: "Email is required.",
  tooLong: "Please enter a valid email address.",
  invalid: "Please enter a valid email address.",
};
