import { requireAdminRequest } from "#app/server/auth/admin-guard.server.ts";
import { adminWriteFailed } from "#app/server/http/admin-result.server.ts";
import { loadOrFail } from "#app/server/http/load-failure.server.ts";
import { mailEnabled } from "#app/server/mail/notifications.server.ts";
import { getNewsletterSettings } from "#app/server/models/settings.server.ts";
import { listSends, recentPublishedBlogs, subscriberHistory } from "#app/server/newsletter/reports.server.ts";
import { countSubscribers } from "#app/server/newsletter/sends.server.ts";

/**
 * What the newsletter screen and its form routes share on the server: the screen's data, and the
 * answer to a form whose work failed.
 */

const NEWSLETTER_LOAD_FAILED = "Failed to load the newsletter.";

/** The screen's data: subscribers and their history, the sends, the settings, the blogs to test. */
export async function newsletterScreen(request: Request) {
  const { db, admin } = await requireAdminRequest(request);
  const page = Number(new URL(request.url).searchParams.get("page") ?? "1");
  const [subscribers, sends, history, settings, blogs] = await loadOrFail(
    { heading: "Newsletter", message: NEWSLETTER_LOAD_FAILED },
    () =>
      Promise.all([
        countSubscribers(db),
        listSends(db, page),
        subscriberHistory(db),
        getNewsletterSettings(db),
        recentPublishedBlogs(db),
      ]),
  );
  return { mailOn: mailEnabled(), email: admin.email, subscribers, sends, history, settings, blogs };
}

/** Runs a form's work; a failure is logged (naming the `form`) and answered as a 500 that sent nothing. */
export async function orFailed<T>(form: string, work: () => Promise<T>) {
  try {
    return await work();
  } catch (err) {
    return adminWriteFailed(
      err,
      `admin newsletter: ${form} failed`,
      "Something went wrong: nothing was sent. Try again.",
    );
  }
}
