import { type Kysely, sql } from "kysely";
import type { Migration } from "kysely/migration";
import type { Dialect } from "#app/server/config.server.ts";

/**
 * A second counter beside the content version, for the CDN purge (cdn-purge.server.ts): `named`
 * moves with `version` on a write the purge can name by its time, a blog, recipe or page inserted
 * or updated with an `updated_at` of now (give or take a minute). Every other write moves `version`
 * alone: a setting, the navigation, a comment, a deletion, a slug redirect, or a row an import
 * writes with the time it had on the exporting site. So between two looks, `version` moving further
 * than `named` says some change in the window has no name, and only a purge of everything covers it,
 * whatever else was named beside it.
 *
 * On SQLite a trigger fires per row, on PostgreSQL per statement (bumping once, like the rest of
 * migration 004's triggers): either way both counters move together or `version` alone.
 */
const NAMED_TABLES = ["blogs", "recipes", "pages"] as const;
const WRITES = ["insert", "update"] as const;
/** How far behind the database's clock a row's `updated_at` may be and still be named by time. */
const RECENT_SECONDS = 60;

const sqliteTrigger = (table: string, op: string, named: boolean) => {
  const bump = named
    ? `update content_version set version = version + 1,
         named = named + (new.updated_at >= cast(strftime('%s', 'now') as integer) - ${RECENT_SECONDS}) where id = 1;`
    : "update content_version set version = version + 1 where id = 1;";
  return `create trigger ${table}_content_version_${op} after ${op} on ${table} begin ${bump} end`;
};

const postgresTrigger = (table: string, op: string, fn: string) =>
  `create trigger ${table}_content_version_${op} after ${op} on ${table}
   referencing new table as changed_new for each statement execute function ${fn}()`;

/** The insert and update triggers of the named tables, made to move `named` too, or not. */
async function replaceWriteTriggers(db: Kysely<unknown>, dialect: Dialect, named: boolean) {
  for (const table of NAMED_TABLES)
    for (const op of WRITES) {
      const name = `${table}_content_version_${op}`;
      await sql
        .raw(dialect === "postgres" ? `drop trigger ${name} on ${table}` : `drop trigger ${name}`)
        .execute(db);
      await sql
        .raw(
          dialect === "postgres"
            ? postgresTrigger(table, op, named ? "bump_content_version_named" : "bump_content_version")
            : sqliteTrigger(table, op, named),
        )
        .execute(db);
    }
}

export function namedChangesMigration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable("content_version")
        .addColumn("named", "bigint", (c) => c.notNull().defaultTo(0))
        .execute();
      if (dialect === "postgres")
        await sql`
          create function bump_content_version_named() returns trigger language plpgsql as $$
          begin
            if exists (select 1 from changed_new) then
              update content_version set version = version + 1,
                named = named + case when exists (
                  select 1 from changed_new
                  where updated_at < extract(epoch from now())::bigint - ${sql.lit(RECENT_SECONDS)}
                ) then 0 else 1 end
              where id = 1;
            end if;
            return null;
          end $$`.execute(db);
      await replaceWriteTriggers(db, dialect, true);
    },
    async down(db: Kysely<unknown>) {
      await replaceWriteTriggers(db, dialect, false);
      if (dialect === "postgres") await sql`drop function bump_content_version_named()`.execute(db);
      await db.schema.alterTable("content_version").dropColumn("named").execute();
    },
  };
}
