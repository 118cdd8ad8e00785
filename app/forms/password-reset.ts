import { z } from "zod";
import { requiredMessage } from "./common.fields.ts";
import { email } from "./common.ts";
import { LOGIN_EMAIL_MESSAGES } from "./login.fields.ts";
import { PASSWORDS_DIFFER, RESET_FIELDS } from "./password-reset.fields.ts";

export const forgotSchema = z.object({ email: email(LOGIN_EMAIL_MESSAGES) });

/** The length rule itself is the accounts' (passwordProblem), checked where the password is set. */
export const resetSchema = z
  .object({
    // Never trimmed: a password is exactly what was typed.
    password: z.string().min(1, requiredMessage(RESET_FIELDS.password.label)).max(RESET_FIELDS.password.max),
    confirm: z.string().max(RESET_FIELDS.confirm.max),
  })
  .refine((v) => v.password === v.confirm, { message: PASSWORDS_DIFFER, path: ["confirm"] });
