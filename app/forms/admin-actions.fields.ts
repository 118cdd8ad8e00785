/**
 * The messages (and the newsletter screen's fields) of the back office's list-screen forms
 * (admin-actions.ts builds their schemas): here, apart from Zod, so a screen's component may show
 * them without Zod reaching the browser.
 */
import { defineFields } from "./common.fields.ts";

export const UNKNOWN_ACTION = "Unknown action.";

export const ADMIN_ACTION_MESSAGES = {
  userDeleteFailed: "Error deleting user.",
  commentUpdateFailed: "Failed to update comment status",
  messageUpdateFailed: "Failed to update the message.",
  imageGone: "Error deleting image: it no longer exists.",
  importGone: "This import no longer exists.",
  numbersDeleteFailed: "Error deleting site numbers.",
  /** The newsletter screen's blog choice (a test mail, a re-send): not one of the site's blogs. */
  newsletterNoBlog: "Choose a blog.",
};

/**
 * What /admin/manage-comments moderates: a blog's comment or a recipe's rating. Its buttons post
 * the kind beside the intent and the id; a post without one is a comment's.
 */
export const MODERATED_KINDS = ["comment", "rating"] as const;
export type ModeratedKind = (typeof MODERATED_KINDS)[number];

/** The fields of /admin/newsletter's forms. */
export const NEWSLETTER_FIELDS = defineFields({
  blogId: { label: "Blog" },
  fullText: { label: "What each mail holds" },
});

/** What /admin/newsletter's forms answer (their schemas are in newsletter.ts). */
export const NEWSLETTER_MESSAGES = {
  mailOff: "Mail is off: set SMTP_URL and MAIL_FROM to send mail.",
  blogGone: "This blog no longer exists.",
  testSent: (email: string) => `Test mail sent to ${email}.`,
  notSentYet: "This blog has not been sent yet.",
  underWay: "This blog is still being sent: send it again once that is done.",
  resent: (readers: number) =>
    readers === 1
      ? "Sending again to 1 reader who has not had it."
      : `Sending again to ${readers} readers who have not had it.`,
  nobodyLeft: "Every subscriber has had this blog already: nobody to send it to.",
  settingsSaved: "Newsletter settings saved.",
};
