import { z } from "zod";
import {
  CODE_FIELDS as C,
  ACCOUNT_DETAILS_FIELDS as D,
  PASSWORD_CHANGE_FIELDS as N,
  CONFIRM_PASSWORD_FIELDS as P,
} from "./account.fields.ts";
import { UNKNOWN_ACTION } from "./admin-actions.fields.ts";
import { EMAIL_MESSAGES, requiredMessage } from "./common.fields.ts";
import { email } from "./common.ts";
import { PASSWORDS_DIFFER } from "./password-reset.fields.ts";

// Never trimmed: a password is exactly what was typed.
const password = (label: string, max: number) => z.string().min(1, requiredMessage(label)).max(max);
const code = z.string().trim().min(1, requiredMessage(C.code.label)).max(C.code.max);
const intent = <T extends string>(name: T) => ({ intent: z.literal(name) });

/** The second step of a sign-in. */
export const codeSchema = z.object({ code });

/** Every form of /admin/account, one object per button. */
export const accountActions = z.discriminatedUnion(
  "intent",
  [
    z.object({
      ...intent("details"),
      name: z.string().trim().max(D.name.max, `${D.name.label} must be at most ${D.name.max} characters.`),
      email: email(EMAIL_MESSAGES),
      currentPassword: z.string().max(D.currentPassword.max).optional().default(""),
    }),
    z
      .object({
        ...intent("password"),
        currentPassword: password(N.currentPassword.label, N.currentPassword.max),
        password: password(N.password.label, N.password.max),
        confirm: z.string().max(N.confirm.max),
      })
      .refine((v) => v.password === v.confirm, { message: PASSWORDS_DIFFER, path: ["confirm"] }),
    z.object({ ...intent("two-step-start") }),
    z.object({ ...intent("two-step-cancel") }),
    z.object({ ...intent("two-step-confirm"), code }),
    z.object({
      ...intent("two-step-off"),
      currentPassword: password(P.currentPassword.label, P.currentPassword.max),
    }),
    z.object({
      ...intent("recovery-codes"),
      currentPassword: password(P.currentPassword.label, P.currentPassword.max),
    }),
    z.object({
      ...intent("end-session"),
      session: z
        .string()
        .trim()
        .regex(/^[0-9a-f]{64}$/, "That device is already signed out."),
    }),
    z.object({ ...intent("end-other-sessions") }),
  ],
  { error: UNKNOWN_ACTION },
);
