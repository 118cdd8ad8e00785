import { NEWSLETTER_MESSAGES } from "#app/forms/admin-actions.fields.ts";
import { newsletterBlogForm } from "#app/forms/newsletter.ts";
import { requireAdminRequest } from "#app/server/auth/admin-guard.server.ts";
import { adminFail, adminOk } from "#app/server/http/admin-result.server.ts";
import { adminFormRefused, readForm } from "#app/server/http/forms.server.ts";
import { mailEnabled } from "#app/server/mail/notifications.server.ts";
import { renderBlogMail } from "#app/server/newsletter/blog-mail.server.ts";
import { recipientsOf, sendInProgress } from "#app/server/newsletter/reports.server.ts";
import { resend } from "#app/server/newsletter/sends.server.ts";
import type { Route } from "./+types/resend";
import { newsletterScreen, orFailed } from "./newsletter.server.ts";
import { NewsletterScreen, newsletterMeta } from "./screen.tsx";

/**
 * Send again: a finished first send of a blog goes again to the subscribers who have not had it
 * (those who joined since, and those whose copy failed).
 */
export async function action({ request }: Route.ActionArgs) {
  const { db, admin } = await requireAdminRequest(request);
  const form = await readForm(request, newsletterBlogForm);
  if (!form.ok) return adminFormRefused(form);
  const { blogId } = form.data;
  return orFailed("resend", async () => {
    if (!mailEnabled()) return adminFail(400, NEWSLETTER_MESSAGES.mailOff);
    if (await sendInProgress(db, blogId)) return adminFail(409, NEWSLETTER_MESSAGES.underWay);
    const sendId = await resend(db, blogId, (id) => renderBlogMail(db, id), { by: admin.email });
    if (sendId === null) return adminFail(400, NEWSLETTER_MESSAGES.notSentYet);
    const readers = await recipientsOf(db, sendId);
    return adminOk(readers === 0 ? NEWSLETTER_MESSAGES.nobodyLeft : NEWSLETTER_MESSAGES.resent(readers));
  });
}

// Posted without JavaScript, this address answers with the newsletter screen and this form's answer.
export const loader = ({ request }: Route.LoaderArgs) => newsletterScreen(request);
export const meta: Route.MetaFunction = newsletterMeta;
export default NewsletterScreen;
