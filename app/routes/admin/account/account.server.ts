import { data, type RouterContextProvider } from "react-router";
import { ACCOUNT_MESSAGES } from "#app/forms/account.fields.ts";
import { MIN_PASSWORD_LENGTH } from "#app/server/auth/accounts.server.ts";
import { requireAdminRequest } from "#app/server/auth/admin-guard.server.ts";
import { confirmCurrentPassword, listDevices, type OwnActor } from "#app/server/auth/own-account.server.ts";
import { twoStepState } from "#app/server/auth/two-step.server.ts";
import type { DB } from "#app/server/db/db.server.ts";
import { adminActor } from "#app/server/http/actor.server.ts";
import { adminFail, adminOk } from "#app/server/http/admin-result.server.ts";
import type { FormRefusal } from "#app/server/http/forms.server.ts";

/**
 * What the account screen and its form routes share on the server: the screen's data, the signed-in
 * admin each action acts as, and the answers several forms give.
 */

/** The issuer an authenticator app lists the account under. */
const ISSUER = "Wanderplate";

/** The screen's data: the account, its two-step sign-in, its signed-in devices. */
export async function accountScreen(request: Request) {
  const { db, admin } = await requireAdminRequest(request, "staff");
  const [twoStep, devices] = await Promise.all([
    twoStepState(db, admin.accountId, ISSUER),
    listDevices(db, admin.accountId, admin.sessionId),
  ]);
  return { name: admin.name, email: admin.email, twoStep, devices, minPasswordLength: MIN_PASSWORD_LENGTH };
}

/** The signed-in admin an account form acts for (anyone else is sent to the login screen). */
export async function accountOwner(request: Request, context: Readonly<RouterContextProvider>) {
  const { db, admin } = await requireAdminRequest(request, "staff");
  const actor: OwnActor = { ...adminActor(admin, context), accountId: admin.accountId };
  return { db, admin, actor };
}

/** A refused form; only `refill` goes back into the page: a password typed is never sent back. */
export function refused(form: FormRefusal, refill?: Record<string, string>) {
  return adminFail(form.status, form.message, { fieldErrors: form.fieldErrors, values: refill });
}

/**
 * Whether `password` is the account's current one (throttled like sign-in, decision 022), or the
 * refusal to answer: 429 once throttled, else 400 with the message under the field.
 */
export async function checkCurrentPassword(db: DB, accountId: number, password: string) {
  const check = await confirmCurrentPassword(db, accountId, password);
  if (check.ok) return null;
  return check.throttled
    ? adminFail(429, ACCOUNT_MESSAGES.tooManyPasswordTries)
    : adminFail(400, ACCOUNT_MESSAGES.wrongPassword, {
        fieldErrors: { currentPassword: ACCOUNT_MESSAGES.wrongPassword },
      });
}

/** A success that shows new recovery codes, the one time they exist in the clear: never stored by a cache. */
export function withRecoveryCodes(message: string, codes: string[]) {
  return data({ ...adminOk(message), recoveryCodes: codes }, { headers: { "Cache-Control": "no-store" } });
}
