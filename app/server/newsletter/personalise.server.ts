/**
 * A newsletter mail is rendered once per send with a placeholder for the unsubscribe link, and
 * each reader's copy gets their own link in its place. Kept apart from newsletter-mail.server.tsx
 * so the feed and the reports can personalise a mail without loading react-email.
 */
import { escapeHtml } from "#app/lib/escape-html.ts";
import type { MailContent } from "#app/server/mail/templates.server.ts";

/**
 * Stands for a reader's unsubscribe link in a mail rendered once for all of them. An address
 * that can never be real (`.invalid` is reserved), made of characters that neither HTML escaping
 * nor the plain-text conversion changes.
 */
export const UNSUBSCRIBE_URL_PLACEHOLDER = "https://unsubscribe.invalid/__WANDERPLATE_UNSUBSCRIBE__";

/** A mail rendered with the placeholder, with one reader's unsubscribe link in its place. */
export function personalise(content: MailContent, unsubscribeUrl: string): MailContent {
  return {
    subject: content.subject,
    text: content.text.replaceAll(UNSUBSCRIBE_URL_PLACEHOLDER, unsubscribeUrl),
    html: content.html.replaceAll(UNSUBSCRIBE_URL_PLACEHOLDER, escapeHtml(unsubscribeUrl)),
  };
}
