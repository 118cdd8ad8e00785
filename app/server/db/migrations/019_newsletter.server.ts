import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";
import type { Dialect } from "#app/server/config.server.ts";

/**
 * The newsletter (app/server/newsletter, docs/decisions/021-newsletter.md):
 *
 * - `newsletter_sends`: one row per send of a blog. Round 1 is the send on publishing, asked for by
 *   the editor's **Send to subscribers** choice (`waiting` until the blog is live, then `sending`,
 *   then `done`); a deliberate re-send is round 2, 3… The unique (blog, round) is what makes "never
 *   twice" hold whatever races: a second start of round 1 cannot insert.
 * - `newsletter_deliveries`: one row per reader of a started send, written in the transaction that
 *   starts it (`pending`, `queued` once its mail is in the outbox, then `sent`, `failed`, or
 *   `skipped` when the reader left before their mail was queued).
 * - `newsletter_pace`: one row, the rate limit every server shares (MAIL_RATE_PER_MINUTE).
 * - `mail_outbox.newsletter_delivery_id`: which delivery an outbox mail carries, so its outcome
 *   reaches the delivery, and so the sender never sends it twice (an unknown outcome is not retried).
 * - `users.hard_bounces`: permanent refusals by the reader's mail server; at MAIL_BOUNCE_LIMIT the
 *   reader's subscription becomes `bounced` and nothing more is sent to them.
 */
export function newsletterMigration(dialect: Dialect): Migration {
  const timeType = dialect === "postgres" ? "bigint" : "integer";
  const serial = dialect === "postgres" ? "serial" : "integer";
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("newsletter_sends")
        .addColumn("id", serial, (c) =>
          dialect === "postgres" ? c.primaryKey() : c.primaryKey().autoIncrement(),
        )
        .addColumn("blog_id", "integer", (c) => c.notNull().references("blogs.id").onDelete("cascade"))
        .addColumn("round", "integer", (c) => c.notNull())
        .addColumn("status", "text", (c) => c.notNull())
        .addColumn("requested_by", "text", (c) => c.notNull().defaultTo(""))
        .addColumn("requested_at", timeType, (c) => c.notNull())
        .addColumn("started_at", timeType)
        .addColumn("finished_at", timeType)
        .addColumn("recipients", "integer", (c) => c.notNull().defaultTo(0))
        // The mail as it was when the send started (rendered once; each reader's unsubscribe link is
        // filled in as their mail is queued).
        .addColumn("subject", "text", (c) => c.notNull().defaultTo(""))
        .addColumn("text_body", "text", (c) => c.notNull().defaultTo(""))
        .addColumn("html_body", "text", (c) => c.notNull().defaultTo(""))
        .addUniqueConstraint("newsletter_sends_blog_round_key", ["blog_id", "round"])
        .execute();
      await db.schema
        .createIndex("newsletter_sends_status_idx")
        .on("newsletter_sends")
        .column("status")
        .execute();

      await db.schema
        .createTable("newsletter_deliveries")
        .addColumn("id", serial, (c) =>
          dialect === "postgres" ? c.primaryKey() : c.primaryKey().autoIncrement(),
        )
        .addColumn("send_id", "integer", (c) =>
          c.notNull().references("newsletter_sends.id").onDelete("cascade"),
        )
        .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
        .addColumn("status", "text", (c) => c.notNull().defaultTo("pending"))
        .addColumn("updated_at", timeType, (c) => c.notNull())
        .addColumn("error", "text")
        .addUniqueConstraint("newsletter_deliveries_send_user_key", ["send_id", "user_id"])
        .execute();
      // The feeder's question (the next pending deliveries of a send) and the counts by status.
      await db.schema
        .createIndex("newsletter_deliveries_status_idx")
        .on("newsletter_deliveries")
        .columns(["send_id", "status", "id"])
        .execute();
      await db.schema
        .createIndex("newsletter_deliveries_user_idx")
        .on("newsletter_deliveries")
        .columns(["user_id", "status"])
        .execute();

      await db.schema
        .createTable("newsletter_pace")
        .addColumn("id", "integer", (c) => c.primaryKey())
        .addColumn("fed_until", timeType, (c) => c.notNull())
        .execute();
      await (db as Kysely<{ newsletter_pace: { id: number; fed_until: number } }>)
        .insertInto("newsletter_pace")
        .values({ id: 1, fed_until: 0 })
        .execute();

      await db.schema.alterTable("mail_outbox").addColumn("newsletter_delivery_id", "integer").execute();
      await db.schema
        .createIndex("mail_outbox_delivery_idx")
        .on("mail_outbox")
        .column("newsletter_delivery_id")
        .execute();
      await db.schema
        .alterTable("users")
        .addColumn("hard_bounces", "integer", (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .createIndex("users_subscription_idx")
        .on("users")
        .columns(["subscription", "id"])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex("users_subscription_idx").execute();
      await db.schema.alterTable("users").dropColumn("hard_bounces").execute();
      await db.schema.dropIndex("mail_outbox_delivery_idx").execute();
      await db.schema.alterTable("mail_outbox").dropColumn("newsletter_delivery_id").execute();
      await db.schema.dropTable("newsletter_pace").execute();
      await db.schema.dropTable("newsletter_deliveries").execute();
      await db.schema.dropTable("newsletter_sends").execute();
    },
  };
}
