import { z } from "zod";
import {
  ACCOUNT_DETAILS_FIELDS,
  CODE_FIELDS,
  CONFIRM_PASSWORD_FIELDS,
  PASSWORD_CHANGE_FIELDS,
} from "./account.fields.ts";
import { EMAIL_MESSAGES, requiredMessage } from "./common.fields.ts";
import { email } from "./common.ts";
import { PASSWORDS_DIFFER } from "./password-reset.fields.ts";

// Never trimmed: a password is exactly what was typed.
const password = (label: string, max: number) => z.string().min(1, requiredMessage(label)).max(max);
const code = z.string().trim().min(1, requiredMessage(CODE_FIELDS.code.label)).max(CODE_FIELDS.code.max);

/** The second step of a sign-in, and the code that turns two-step sign-in on (/admin/account/two-step/confirm). */
export const codeSchema = z.object({ code });

// The forms of /admin/account, each posted to its own address (routes/admin/account/). Set-up's
// start and cancel, and signing out every other device, have no fields.

/** /admin/account/details: the name, the email, and the current password when the email changes. */
export const accountDetailsForm = z.object({
  name: z
    .string()
    .trim()
    .max(
      ACCOUNT_DETAILS_FIELDS.name.max,
      `${ACCOUNT_DETAILS_FIELDS.name.label} must be at most ${ACCOUNT_DETAILS_FIELDS.name.max} characters.`,
    ),
  email: email(EMAIL_MESSAGES),
  currentPassword: z.string().max(ACCOUNT_DETAILS_FIELDS.currentPassword.max).optional().default(""),
});

/** /admin/account/password: the current password, then the new one twice. */
export const passwordChangeForm = z
  .object({
    currentPassword: password(
      PASSWORD_CHANGE_FIELDS.currentPassword.label,
      PASSWORD_CHANGE_FIELDS.currentPassword.max,
    ),
    password: password(PASSWORD_CHANGE_FIELDS.password.label, PASSWORD_CHANGE_FIELDS.password.max),
    confirm: z.string().max(PASSWORD_CHANGE_FIELDS.confirm.max),
  })
  .refine((v) => v.password === v.confirm, { message: PASSWORDS_DIFFER, path: ["confirm"] });

/** /admin/account/two-step/disable and /admin/account/two-step/recovery-codes: the password again. */
export const currentPasswordForm = z.object({
  currentPassword: password(
    CONFIRM_PASSWORD_FIELDS.currentPassword.label,
    CONFIRM_PASSWORD_FIELDS.currentPassword.max,
  ),
});

/** /admin/account/devices/sign-out: the device (session) to sign out. */
export const signOutDeviceForm = z.object({
  session: z
    .string()
    .trim()
    .regex(/^[0-9a-f]{64}$/, "That device is already signed out."),
});
