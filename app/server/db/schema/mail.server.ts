/**
 * Readers and what goes to them: subscribers and contact messages, the mail outbox, the batched
 * notifications, and newsletter sends, deliveries and pace.
 */
import type { Generated } from "kysely";

export interface UsersTable {
  id: Generated<number>;
  full_name: string;
  email: string;
  phone: string;
  created_at: number;
  /**
   * `pending` (awaiting the confirm link), `subscribed` or `unsubscribed` (migration 009), or
   * `bounced` (their mail server refused MAIL_BOUNCE_LIMIT mails for good; migration 019).
   */
  subscription: Generated<string>;
  /** SHA-256 of the confirm link's token while pending; null otherwise. */
  confirm_token_hash: string | null;
  /** The token of this reader's unsubscribe link (it can only unsubscribe them). */
  unsubscribe_token: string | null;
  /** Mails their mail server refused for good (a 5xx answer; migration 019). */
  hard_bounces: Generated<number>;
}

export interface ContactsTable {
  id: Generated<number>;
  first: string;
  last: string;
  email: string;
  phone: string;
  message: string;
  created_at: number;
  spam: Generated<number>;
  not_spam: Generated<number>;
  spam_score: Generated<number>;
  spam_reasons: Generated<string>;
  fingerprint: Generated<string>;
}

/** Mail waiting to be sent, sent, or given up on (migration 009; app/server/mail/outbox.server.ts). */
export interface MailOutboxTable {
  id: Generated<number>;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  /** JSON object of extra headers (List-Unsubscribe…). */
  headers: Generated<string>;
  /** `pending`, `sent` or `failed`. */
  status: Generated<string>;
  attempts: Generated<number>;
  next_attempt_at: number;
  /** A sender holds the row until then; past it, another sender may take it. */
  claimed_until: Generated<number>;
  claim_id: string | null;
  last_error: string | null;
  created_at: number;
  sent_at: number | null;
  /** The newsletter delivery this mail carries; null for every other mail (migration 019). */
  newsletter_delivery_id: number | null;
}

/** One send of a blog to its readers (migration 019; app/server/newsletter). */
export interface NewsletterSendsTable {
  id: Generated<number>;
  blog_id: number;
  /** 1: the send on publishing; 2, 3…: deliberate re-sends. Unique per blog. */
  round: number;
  /**
   * `waiting` (until the blog is live), `sending`, `done`, or `cancelled` (its blog went live more
   * than a day before any sender could start it).
   */
  status: string;
  /** The email of the admin who asked for it. */
  requested_by: Generated<string>;
  requested_at: number;
  started_at: number | null;
  finished_at: number | null;
  /** Readers it was started for. */
  recipients: Generated<number>;
  /** The mail as rendered when the send started, with a placeholder for each reader's link. */
  subject: Generated<string>;
  text_body: Generated<string>;
  html_body: Generated<string>;
}

/** One reader's copy of a send (migration 019). */
export interface NewsletterDeliveriesTable {
  id: Generated<number>;
  send_id: number;
  user_id: number;
  /** `pending`, `queued` (in the outbox), `sent`, `failed` or `skipped` (left before it was queued). */
  status: Generated<string>;
  updated_at: number;
  error: string | null;
}

/** One row (id 1): how far the shared newsletter rate has been used (migration 019). */
export interface NewsletterPaceTable {
  id: number;
  /** Seconds: the feed may queue mail for the time up to now that is past this. */
  fed_until: number;
}

/** Something the site's address is told about, in the next batched notification (migration 009). */
export interface MailEventsTable {
  id: Generated<number>;
  /** `contact` or `comment`. */
  kind: string;
  /** JSON: what the notification lists of it. */
  summary: string;
  created_at: number;
  /** The notification mail that listed it; null until then. */
  outbox_id: number | null;
}

/** One row (id 1): when the last notification was queued (migration 009). */
export interface MailDigestTable {
  id: number;
  last_queued_at: number;
}
