import { z } from "zod";
import { requiredMessage } from "./common.fields.ts";
import { email } from "./common.ts";
import { LOGIN_FIELDS as F, LOGIN_EMAIL_MESSAGES } from "./login.fields.ts";

export const loginSchema = z.object({
  email: email(LOGIN_EMAIL_MESSAGES),
  // Never trimmed: a password is exactly what was typed.
  password: z.string().min(1, requiredMessage(F.password.label)),
});
