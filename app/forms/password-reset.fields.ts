import { defineFields, EMAIL_MAX } from "./common.fields.ts";

/** "Forgot password?" when mail is on: the address to send a reset link to. */
export const FORGOT_FIELDS = defineFields({
  email: { label: "Account email", max: EMAIL_MAX },
});

/** The reset link's page: the new password, twice. */
export const RESET_FIELDS = defineFields({
  password: { label: "New password", max: 1024 },
  confirm: { label: "Repeat the new password", max: 1024 },
});

/** The same answer whether or not an account uses the address: it tells a stranger nothing. */
export const RESET_LINK_SENT =
  "If an account uses that address, a link to choose a new password is on its way. It works once, within 30 minutes.";
export const RESET_LINK_INVALID =
  "This link has expired or was already used. Ask for a new one from the login screen.";
export const PASSWORDS_DIFFER = "The two passwords are not the same.";
export const PASSWORD_CHANGED = "Password changed. Sign in with the new one.";
