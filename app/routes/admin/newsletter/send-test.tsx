import { NEWSLETTER_MESSAGES } from "#app/forms/admin-actions.fields.ts";
import { newsletterBlogForm } from "#app/forms/newsletter.ts";
import { requireAdminRequest } from "#app/server/auth/admin-guard.server.ts";
import { adminFail, adminOk } from "#app/server/http/admin-result.server.ts";
import { adminFormRefused, readForm } from "#app/server/http/forms.server.ts";
import { mailEnabled } from "#app/server/mail/notifications.server.ts";
import { sendTestMail } from "#app/server/newsletter/reports.server.ts";
import type { Route } from "./+types/send-test";
import { newsletterScreen, orFailed } from "./newsletter.server.ts";
import { NewsletterScreen, newsletterMeta } from "./screen.tsx";

/** Send test to me: the mail of a blog as readers get it, to the signed-in admin alone. */
export async function action({ request }: Route.ActionArgs) {
  const { db, admin } = await requireAdminRequest(request);
  const form = await readForm(request, newsletterBlogForm);
  if (!form.ok) return adminFormRefused(form);
  return orFailed("send-test", async () => {
    if (!mailEnabled()) return adminFail(400, NEWSLETTER_MESSAGES.mailOff);
    if (!(await sendTestMail(db, { blogId: form.data.blogId, to: admin.email })))
      return adminFail(404, NEWSLETTER_MESSAGES.blogGone);
    return adminOk(NEWSLETTER_MESSAGES.testSent(admin.email));
  });
}

// Posted without JavaScript, this address answers with the newsletter screen and this form's answer.
export const loader = ({ request }: Route.LoaderArgs) => newsletterScreen(request);
export const meta: Route.MetaFunction = newsletterMeta;
export default NewsletterScreen;
