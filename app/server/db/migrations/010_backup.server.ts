import { type Kysely, sql } from "kysely";
import type { Migration } from "kysely/migration";
import type { Dialect } from "#app/server/config.server.ts";

/**
 * Scheduled backups run on one server at a time, however many share the database: one row (id 1)
 * says who holds the lease (`holder`, until `lease_until`, seconds) and when the next backup is due
 * (`due_at`). A server claims it with one conditional UPDATE; a server that dies holding it loses
 * it when `lease_until` passes.
 */
export function backupMigration(dialect: Dialect): Migration {
  const timeType = dialect === "postgres" ? "bigint" : "integer";
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("backup_lease")
        .addColumn("id", "integer", (c) => c.primaryKey().check(sql`id = 1`))
        .addColumn("holder", "text", (c) => c.notNull().defaultTo(""))
        .addColumn("lease_until", timeType, (c) => c.notNull())
        .addColumn("due_at", timeType, (c) => c.notNull())
        .execute();
      await sql`insert into backup_lease (id, holder, lease_until, due_at) values (1, '', 0, 0)`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("backup_lease").execute();
    },
  };
}
