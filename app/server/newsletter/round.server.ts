/**
 * The newsletter's part of the mail sender's round (mail/sender.server.ts): start the sends that
 * are due (a blog published now, or whose scheduled time came), settle mail a killed sender left
 * half-sent, then feed deliveries into the outbox at the configured rate.
 */
import type { Dialect } from "#app/server/config.server.ts";
import type { DB } from "#app/server/db/db.server.ts";
import { settleAbandonedNewsletterMail } from "#app/server/mail/outbox.server.ts";
import type { NewsletterWork } from "#app/server/mail/sender.server.ts";
import { renderBlogMail } from "./blog-mail.server.ts";
import { feedNewsletter, finishSends } from "./feed.server.ts";
import { type RenderSend, startDueSends } from "./sends.server.ts";

export function newsletterWork(
  db: DB,
  dialect: Dialect,
  {
    ratePerMinute,
    batch,
    render = (blogId) => renderBlogMail(db, blogId),
  }: { ratePerMinute: number; batch?: number; render?: RenderSend },
): NewsletterWork {
  return {
    async prepare(now) {
      await settleAbandonedNewsletterMail(db, now);
      await startDueSends(db, render, now);
      await finishSends(db, now);
    },
    feed: (now) => feedNewsletter(db, dialect, { now, ratePerMinute, batch }),
  };
}
