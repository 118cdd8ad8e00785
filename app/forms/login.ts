import { z } from "zod";
import { requiredMessage } from "./common.fields.ts";
import { email } from "./common.ts";
import { LOGIN_EMAIL_MESSAGES, LOGIN_FIELDS } from "./login.fields.ts";

export const loginSchema = z.object({
  email: email(LOGIN_EMAIL_MESSAGES),
  // Never trimmed: a password is exactly what was typed.
  password: z.string().min(1, requiredMessage(LOGIN_FIELDS.password.label)),
});
