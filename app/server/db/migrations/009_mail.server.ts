import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";
import type { Dialect } from "#app/server/config.server.ts";

/**
 * Email (docs/decisions/011-mail.md): the outbox every mail is sent from, the events a batched
 * notification to the site's address is made of, single-use password reset links (only their
 * hash), and each reader's subscription state with the tokens of their confirm and unsubscribe
 * links. No content-version trigger watches these: no public page shows them.
 */
export function mailMigration(dialect: Dialect): Migration {
  const idType = dialect === "postgres" ? "serial" : "integer";
  const timeType = dialect === "postgres" ? "bigint" : "integer";
  return {
    async up(db: Kysely<unknown>) {
      const id = (t: string) =>
        db.schema
          .createTable(t)
          .addColumn("id", idType, (c) =>
            dialect === "postgres" ? c.primaryKey() : c.primaryKey().autoIncrement(),
          );

      await id("mail_outbox")
        .addColumn("to_address", "text", (c) => c.notNull())
        .addColumn("subject", "text", (c) => c.notNull())
        .addColumn("text_body", "text", (c) => c.notNull())
        .addColumn("html_body", "text", (c) => c.notNull())
        .addColumn("headers", "text", (c) => c.notNull().defaultTo("{}"))
        .addColumn("status", "text", (c) => c.notNull().defaultTo("pending"))
        .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("next_attempt_at", timeType, (c) => c.notNull())
        .addColumn("claimed_until", timeType, (c) => c.notNull().defaultTo(0))
        .addColumn("claim_id", "text")
        .addColumn("last_error", "text")
        .addColumn("created_at", timeType, (c) => c.notNull())
        .addColumn("sent_at", timeType)
        .execute();
      // The sender's one question: which pending mails are due.
      await db.schema
        .createIndex("mail_outbox_due_idx")
        .on("mail_outbox")
        .columns(["status", "next_attempt_at"])
        .execute();

      await id("mail_events")
        .addColumn("kind", "text", (c) => c.notNull())
        .addColumn("summary", "text", (c) => c.notNull())
        .addColumn("created_at", timeType, (c) => c.notNull())
        .addColumn("outbox_id", "integer")
        .execute();
      await db.schema
        .createIndex("mail_events_outbox_idx")
        .on("mail_events")
        .columns(["outbox_id", "id"])
        .execute();

      // One row: when the last notification was queued; claimed by a conditional update, so two
      // servers never queue two notifications for one window.
      await db.schema
        .createTable("mail_digest")
        .addColumn("id", "integer", (c) => c.primaryKey())
        .addColumn("last_queued_at", timeType, (c) => c.notNull())
        .execute();
      await (db as Kysely<{ mail_digest: { id: number; last_queued_at: number } }>)
        .insertInto("mail_digest")
        .values({ id: 1, last_queued_at: 0 })
        .execute();

      await db.schema
        .createTable("password_resets")
        .addColumn("token_hash", "text", (c) => c.primaryKey())
        .addColumn("account_id", "integer", (c) => c.notNull().references("accounts.id").onDelete("cascade"))
        .addColumn("created_at", timeType, (c) => c.notNull())
        .addColumn("expires_at", timeType, (c) => c.notNull())
        .addColumn("used_at", timeType)
        .execute();
      await db.schema
        .createIndex("password_resets_account_idx")
        .on("password_resets")
        .column("account_id")
        .execute();

      // Readers who signed up before mail existed (or while it is off) gave their address
      // themselves, as the sign-up asked then: they count as subscribed.
      await db.schema
        .alterTable("users")
        .addColumn("subscription", "text", (c) => c.notNull().defaultTo("subscribed"))
        .execute();
      await db.schema.alterTable("users").addColumn("confirm_token_hash", "text").execute();
      await db.schema.alterTable("users").addColumn("unsubscribe_token", "text").execute();
      await db.schema
        .createIndex("users_confirm_token_idx")
        .on("users")
        .column("confirm_token_hash")
        .unique()
        .execute();
      await db.schema
        .createIndex("users_unsubscribe_token_idx")
        .on("users")
        .column("unsubscribe_token")
        .unique()
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex("users_unsubscribe_token_idx").execute();
      await db.schema.dropIndex("users_confirm_token_idx").execute();
      await db.schema.alterTable("users").dropColumn("unsubscribe_token").execute();
      await db.schema.alterTable("users").dropColumn("confirm_token_hash").execute();
      await db.schema.alterTable("users").dropColumn("subscription").execute();
      await db.schema.dropTable("password_resets").execute();
      await db.schema.dropTable("mail_digest").execute();
      await db.schema.dropTable("mail_events").execute();
      await db.schema.dropTable("mail_outbox").execute();
    },
  };
}
