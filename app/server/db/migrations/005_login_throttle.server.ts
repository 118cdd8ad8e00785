import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";
import type { Dialect } from "#app/server/config.server.ts";

/**
 * Login throttling (docs/decisions/007-login-throttling.md): one row per client, account or known
 * browser that tried to sign in lately, with its failures and how long it must wait.
 */
export function loginThrottleMigration(dialect: Dialect): Migration {
  const timeType = dialect === "postgres" ? "bigint" : "integer";
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("login_throttle")
        .addColumn("key", "text", (c) => c.primaryKey())
        .addColumn("failures", "integer", (c) => c.notNull())
        .addColumn("last_attempt_at", timeType, (c) => c.notNull())
        .addColumn("locked_until", timeType, (c) => c.notNull())
        .addColumn("refused", "integer", (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("login_throttle").execute();
    },
  };
}
