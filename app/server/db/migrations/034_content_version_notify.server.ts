import { type Kysely, sql } from "kysely";
import type { Migration } from "kysely/migration";
import type { Dialect } from "#app/server/config.server.ts";
import { CONTENT_CHANNEL } from "#app/server/db/postgres-changes.server.ts";

/**
 * PostgreSQL: every statement that changes the content version's row notifies CONTENT_CHANNEL, so
 * each server's response cache learns of a write without asking (postgres-changes.server.ts). The
 * payload is empty, and PostgreSQL delivers identical notifications of one transaction once, at
 * its commit: one notice per write, whatever it touched. SQLite reads the version at once and needs
 * nothing.
 */
export function contentVersionNotifyMigration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect !== "postgres") return;
      await sql`
        create function notify_content_version() returns trigger language plpgsql as $$
        begin
          perform pg_notify(${sql.lit(CONTENT_CHANNEL)}, '');
          return null;
        end $$`.execute(db);
      await sql`
        create trigger content_version_notify after insert or update or delete or truncate on content_version
        for each statement execute function notify_content_version()`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      if (dialect !== "postgres") return;
      await sql`drop trigger content_version_notify on content_version`.execute(db);
      await sql`drop function notify_content_version()`.execute(db);
    },
  };
}
