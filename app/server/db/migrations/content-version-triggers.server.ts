import { type Kysely, sql } from "kysely";
import type { Dialect } from "#app/server/config.server.ts";

const OPERATIONS = ["insert", "update", "delete"] as const;

/**
 * Makes every write to `table` move the content version, as migration 004 did for the tables
 * public pages showed then: on PostgreSQL through its statement-level function (a statement that
 * changed nothing moves nothing), on SQLite one trigger per operation. For tables a later migration
 * adds to what public pages show (pages, destinations).
 */
export async function addContentVersionTriggers(db: Kysely<unknown>, dialect: Dialect, table: string) {
  const bump = "update content_version set version = version + 1 where id = 1;";
  for (const op of OPERATIONS) {
    const referencing = op === "delete" ? "old table as changed_old" : "new table as changed_new";
    await sql
      .raw(
        dialect === "postgres"
          ? `create trigger ${table}_content_version_${op} after ${op} on ${table}
             referencing ${referencing} for each statement execute function bump_content_version()`
          : `create trigger ${table}_content_version_${op} after ${op} on ${table} begin ${bump} end`,
      )
      .execute(db);
  }
}

/** Removes what `addContentVersionTriggers` made (a migration's way down). */
export async function dropContentVersionTriggers(db: Kysely<unknown>, dialect: Dialect, table: string) {
  for (const op of OPERATIONS) {
    const name = `${table}_content_version_${op}`;
    await sql
      .raw(dialect === "postgres" ? `drop trigger ${name} on ${table}` : `drop trigger ${name}`)
      .execute(db);
  }
}
