import { NEWSLETTER_MESSAGES } from "#app/forms/admin-actions.fields.ts";
import { newsletterSettingsForm } from "#app/forms/newsletter.ts";
import { requireAdminRequest } from "#app/server/auth/admin-guard.server.ts";
import { adminActor } from "#app/server/http/actor.server.ts";
import { adminOk } from "#app/server/http/admin-result.server.ts";
import { adminFormRefused, readForm } from "#app/server/http/forms.server.ts";
import { saveNewsletterSettings } from "#app/server/models/settings.server.ts";
import type { Route } from "./+types/settings";
import { newsletterScreen, orFailed } from "./newsletter.server.ts";
import { NewsletterScreen, newsletterMeta } from "./screen.tsx";

/** The newsletter's settings: whether each mail holds the whole blog or its excerpt with a link. */
export async function action({ request, context }: Route.ActionArgs) {
  const { db, admin } = await requireAdminRequest(request);
  const form = await readForm(request, newsletterSettingsForm);
  if (!form.ok) return adminFormRefused(form);
  return orFailed("settings", async () => {
    await saveNewsletterSettings(db, adminActor(admin, context), { fullText: form.data.fullText });
    return adminOk(NEWSLETTER_MESSAGES.settingsSaved);
  });
}

// Posted without JavaScript, this address answers with the newsletter screen and this form's answer.
export const loader = ({ request }: Route.LoaderArgs) => newsletterScreen(request);
export const meta: Route.MetaFunction = newsletterMeta;
export default NewsletterScreen;
