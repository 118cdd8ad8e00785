import { ACCOUNT_MESSAGES } from "#app/forms/account.fields.ts";
import type { accountDetailsForm } from "#app/forms/account.ts";
import { changeDetails, type OwnActor } from "#app/server/auth/own-account.server.ts";
import type { AdminIdentity } from "#app/server/auth/session.server.ts";
import type { DB } from "#app/server/db/db.server.ts";
import { adminFail, adminOk } from "#app/server/http/admin-result.server.ts";
import { checkCurrentPassword } from "./account.server.ts";

type Details = ReturnType<typeof accountDetailsForm.parse>;

/**
 * Saves the admin's own name and email. The name changes freely; the email only with the current
 * password, and never to another account's. A refusal refills the name and email, never the
 * password.
 */
export async function saveDetails(db: DB, admin: AdminIdentity, actor: OwnActor, posted: Details) {
  const refill = { name: posted.name, email: posted.email };
  const emailChanges = posted.email.toLowerCase() !== admin.email;
  if (emailChanges) {
    if (!posted.currentPassword)
      return adminFail(400, ACCOUNT_MESSAGES.currentPasswordForEmail, {
        fieldErrors: { currentPassword: ACCOUNT_MESSAGES.currentPasswordForEmail },
        values: refill,
      });
    const wrong = await checkCurrentPassword(db, admin.accountId, posted.currentPassword);
    if (wrong) return wrong;
  }
  const changed = await changeDetails(db, actor, {
    name: posted.name,
    email: posted.email,
    passwordConfirmed: emailChanges,
  });
  if (!changed.ok) {
    const message =
      changed.problem === "email_taken"
        ? ACCOUNT_MESSAGES.emailTaken
        : ACCOUNT_MESSAGES.currentPasswordForEmail;
    const field = changed.problem === "email_taken" ? "email" : "currentPassword";
    return adminFail(400, message, { fieldErrors: { [field]: message }, values: refill });
  }
  return adminOk(ACCOUNT_MESSAGES.detailsSaved);
}
