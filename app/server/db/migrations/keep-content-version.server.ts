import { type Kysely, sql } from "kysely";

/**
 * Runs a migration step that rewrites rows without changing what the public sees (filling a new
 * column, say), then puts the content version back as it was: the update triggers of migration
 * 004 would otherwise move it, and every server's shared cache would be emptied for nothing.
 */
export async function keepingContentVersion(db: Kysely<unknown>, step: () => Promise<void>): Promise<void> {
  const { rows } = await sql<{ version: number | string }>`
    select version from content_version where id = 1`.execute(db);
  await step();
  const version = rows[0]?.version;
  if (version !== undefined)
    await sql`update content_version set version = ${Number(version)} where id = 1`.execute(db);
}
