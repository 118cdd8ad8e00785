import { z } from "zod";
import { STAFF_ROLES } from "#app/lib/roles.ts";
import { UNKNOWN_ACTION } from "./admin-actions.fields.ts";
import { email, optionalText, recordId } from "./common.ts";
import { TEAM_FIELDS, TEAM_MESSAGES } from "./team.fields.ts";

const role = z.enum(Object.keys(STAFF_ROLES) as [string, ...string[]], { error: TEAM_MESSAGES.unknownRole });

/**
 * The Team screen's forms: add someone, give someone another role, remove someone. The first
 * password's length rule is the accounts' (passwordProblem), checked where the account is made.
 */
export const teamActions = z.discriminatedUnion(
  "intent",
  [
    z.object({
      intent: z.literal("add"),
      email: email(),
      name: optionalText(TEAM_FIELDS.name),
      role,
      password: z.string().max(TEAM_FIELDS.password.max),
    }),
    z.object({ intent: z.literal("role"), id: recordId(TEAM_MESSAGES.gone), role }),
    z.object({ intent: z.literal("remove"), id: recordId(TEAM_MESSAGES.gone) }),
  ],
  { error: UNKNOWN_ACTION },
);
