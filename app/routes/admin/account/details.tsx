import { accountDetailsForm } from "#app/forms/account.ts";
import { readForm } from "#app/server/http/forms.server.ts";
import type { Route } from "./+types/details";
import { accountOwner, accountScreen, refused } from "./account.server.ts";
import { saveDetails } from "./details.server.ts";
import { AccountScreen, accountMeta } from "./screen.tsx";

/** Your details: the name, and the email (with the current password). */
export async function action({ request, context }: Route.ActionArgs) {
  const { db, admin, actor } = await accountOwner(request, context);
  const form = await readForm(request, accountDetailsForm);
  if (!form.ok) return refused(form, { name: form.values.name ?? "", email: form.values.email ?? "" });
  return saveDetails(db, admin, actor, form.data);
}

// Posted without JavaScript, this address answers with the account screen and this form's answer.
export const loader = ({ request }: Route.LoaderArgs) => accountScreen(request);
export const meta: Route.MetaFunction = accountMeta;
export default AccountScreen;
