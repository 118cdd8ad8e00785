import { defineFields, EMAIL_MAX } from "./common.fields.ts";

/** /admin/account: the account's details. The current password is asked only when the email changes. */
export const ACCOUNT_DETAILS_FIELDS = defineFields({
  name: { label: "Name", max: 100 },
  email: { label: "Email", max: EMAIL_MAX },
  currentPassword: { label: "Current password", max: 1024 },
});

/** /admin/account: a new password (the current one first). */
export const PASSWORD_CHANGE_FIELDS = defineFields({
  currentPassword: { label: "Current password", max: 1024 },
  password: { label: "New password", max: 1024 },
  confirm: { label: "Repeat the new password", max: 1024 },
});

/** A code from the authenticator app, or a recovery code (sign-in's second step, and set-up). */
export const CODE_FIELDS = defineFields({
  code: { label: "Code", max: 40 },
});

/** Turning two-step sign-in off, or making new recovery codes: the password again. */
export const CONFIRM_PASSWORD_FIELDS = defineFields({
  currentPassword: { label: "Current password", max: 1024 },
});

export const ACCOUNT_MESSAGES = {
  detailsSaved: "Account details saved",
  passwordChanged: "Password changed. Your other devices are signed out.",
  wrongPassword: "The current password is not right.",
  emailTaken: "Another account already uses this email.",
  currentPasswordForEmail: "Enter your current password to change your email.",
  tooManyPasswordTries: "Too many wrong passwords. Please wait a few minutes and try again.",
  twoStepOn: "Two-step sign-in is on. Your other devices are signed out.",
  twoStepOff: "Two-step sign-in is off",
  setupCancelled: "Set-up cancelled",
  wrongSetupCode:
    "That code is not right. Check the time on your phone and enter the code the app shows now.",
  codesRenewed: "New recovery codes made. The old ones no longer work.",
  sessionEnded: "Device signed out",
  sessionGone: "That device is already signed out.",
  useLogout: "This is the device you are using: use Logout to sign it out.",
  othersEnded: "Every other device is signed out",
} as const;

/** Sign-in's second step, in the words the page shows. */
export const TWO_STEP_MESSAGES = {
  wrong: "That code is not right. Please try again.",
  reused: "That code has already been used. Enter the next code your app shows.",
  tooMany: "Too many codes tried. Please wait a few minutes and try again.",
  again: "Please sign in again.",
} as const;
