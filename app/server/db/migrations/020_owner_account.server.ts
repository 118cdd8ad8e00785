import { type Kysely, sql } from "kysely";
import type { Migration } from "kysely/migration";
import type { Dialect } from "#app/server/config.server.ts";

/**
 * The owner's account (docs/decisions/022-owner-account.md):
 *
 * - `accounts.name`, shown in the top bar and the activity log; `accounts.totp_*`: two-step sign-in.
 *   `totp_secret` is set once a code from the app was entered (`totp_pending_secret` holds the one
 *   being set up); `totp_last_step` is the time step of the last code accepted, so no code is
 *   accepted twice.
 * - `recovery_codes`: the ten one-time codes, as SHA-256 hashes; a used one keeps its row (`used_at`).
 * - `sign_in_challenges`: a password that was right, waiting for its second step (a short-lived
 *   token in a cookie, stored hashed like a session; at most a few tries each).
 * - `sessions.user_agent`, `address`, `last_seen_at`: what the devices list shows.
 * - `activity_log`: who did what, when, from where. Append-only: the database refuses an UPDATE
 *   (a trigger on both engines); rows leave only by age (ACTIVITY_KEEP_DAYS).
 * - `import_runs.started_by*`: who pressed Import on a run of /admin/import (account, email,
 *   address), so the log's entry names them when the run ends, on whichever server finishes it.
 */
export function ownerAccountMigration(dialect: Dialect): Migration {
  const timeType = dialect === "postgres" ? "bigint" : "integer";
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable("accounts")
        .addColumn("name", "text", (c) => c.notNull().defaultTo(""))
        .execute();
      await db.schema.alterTable("accounts").addColumn("totp_secret", "text").execute();
      await db.schema.alterTable("accounts").addColumn("totp_pending_secret", "text").execute();
      await db.schema.alterTable("accounts").addColumn("totp_enabled_at", timeType).execute();
      await db.schema.alterTable("accounts").addColumn("totp_last_step", timeType).execute();

      await db.schema
        .createTable("recovery_codes")
        .addColumn("code_hash", "text", (c) => c.primaryKey())
        .addColumn("account_id", "integer", (c) => c.notNull().references("accounts.id").onDelete("cascade"))
        .addColumn("created_at", timeType, (c) => c.notNull())
        .addColumn("used_at", timeType)
        .execute();
      await db.schema
        .createIndex("recovery_codes_account_idx")
        .on("recovery_codes")
        .column("account_id")
        .execute();

      await db.schema
        .createTable("sign_in_challenges")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("account_id", "integer", (c) => c.notNull().references("accounts.id").onDelete("cascade"))
        .addColumn("created_at", timeType, (c) => c.notNull())
        .addColumn("expires_at", timeType, (c) => c.notNull())
        .addColumn("failures", "integer", (c) => c.notNull().defaultTo(0))
        .execute();

      await db.schema
        .alterTable("sessions")
        .addColumn("user_agent", "text", (c) => c.notNull().defaultTo(""))
        .execute();
      await db.schema
        .alterTable("sessions")
        .addColumn("address", "text", (c) => c.notNull().defaultTo(""))
        .execute();
      await db.schema
        .alterTable("sessions")
        .addColumn("last_seen_at", timeType, (c) => c.notNull().defaultTo(0))
        .execute();
      await sql`update sessions set last_seen_at = created_at`.execute(db);

      await createActivityLog(db, dialect);

      await db.schema.alterTable("import_runs").addColumn("started_by_account_id", "integer").execute();
      await db.schema
        .alterTable("import_runs")
        .addColumn("started_by", "text", (c) => c.notNull().defaultTo(""))
        .execute();
      await db.schema
        .alterTable("import_runs")
        .addColumn("started_from", "text", (c) => c.notNull().defaultTo(""))
        .execute();
    },
    async down(db: Kysely<unknown>) {
      for (const column of ["started_from", "started_by", "started_by_account_id"]) {
        await db.schema.alterTable("import_runs").dropColumn(column).execute();
      }
      await db.schema.dropTable("activity_log").execute();
      if (dialect === "postgres") await sql`drop function activity_log_append_only()`.execute(db);
      for (const column of ["last_seen_at", "address", "user_agent"]) {
        await db.schema.alterTable("sessions").dropColumn(column).execute();
      }
      await db.schema.dropTable("sign_in_challenges").execute();
      await db.schema.dropTable("recovery_codes").execute();
      for (const column of [
        "totp_last_step",
        "totp_enabled_at",
        "totp_pending_secret",
        "totp_secret",
        "name",
      ]) {
        await db.schema.alterTable("accounts").dropColumn(column).execute();
      }
    },
  };
}

/** The append-only activity log: a trigger on either engine refuses an UPDATE. */
async function createActivityLog(db: Kysely<unknown>, dialect: Dialect) {
  const timeType = dialect === "postgres" ? "bigint" : "integer";
  const serial = dialect === "postgres" ? "serial" : "integer";
  await db.schema
    .createTable("activity_log")
    .addColumn("id", serial, (c) =>
      dialect === "postgres" ? c.primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn("at", timeType, (c) => c.notNull())
    // No foreign key: the entry outlives the account; `actor` keeps who it was.
    .addColumn("account_id", "integer")
    .addColumn("actor", "text", (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("item_type", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("item_id", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("item_label", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("detail", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("address", "text", (c) => c.notNull().defaultTo(""))
    .execute();
  await db.schema.createIndex("activity_log_at_idx").on("activity_log").columns(["at", "id"]).execute();
  await db.schema
    .createIndex("activity_log_kind_idx")
    .on("activity_log")
    .columns(["kind", "at", "id"])
    .execute();
  await db.schema
    .createIndex("activity_log_actor_idx")
    .on("activity_log")
    .columns(["actor", "at", "id"])
    .execute();
  if (dialect === "postgres") {
    await sql`
      create function activity_log_append_only() returns trigger language plpgsql as $$
      begin
        raise exception 'activity_log is append-only';
      end $$`.execute(db);
    await sql`
      create trigger activity_log_no_update before update on activity_log
      for each row execute function activity_log_append_only()`.execute(db);
  } else {
    await sql`
      create trigger activity_log_no_update before update on activity_log
      begin select raise(abort, 'activity_log is append-only'); end`.execute(db);
  }
}
