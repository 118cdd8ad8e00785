import { z } from "zod";
import { ADMIN_ACTION_MESSAGES } from "./admin-actions.fields.ts";
import { checkbox, recordId } from "./common.ts";

// The forms of /admin/newsletter, each posted to its own address (routes/admin/newsletter/).

/**
 * /admin/newsletter/send-test and /admin/newsletter/resend: the blog to send, a test mail of it to
 * the signed-in admin or a re-send to the readers who have not had it.
 */
export const newsletterBlogForm = z.object({ blogId: recordId(ADMIN_ACTION_MESSAGES.newsletterNoBlog) });

/**
 * /admin/newsletter/settings: what each mail holds (fullText: "on" the whole blog, "off" the
 * excerpt with a link; a radio pair, so either is posted).
 */
export const newsletterSettingsForm = z.object({ fullText: checkbox() });
