import { type Kysely, sql } from "kysely";
import type { Migration } from "kysely/migration";
import { SANITIZER_VERSION, sanitizeBlogHtml } from "#app/lib/sanitize.server.ts";
import { keepingContentVersion } from "./keep-content-version.server.ts";

const PAGE = 500;

/**
 * A blog's HTML was sanitized on write and again on every render. `content_sanitizer` records the
 * allow-list version a row's HTML was written under (0: unknown): a page renders the stored HTML
 * as it is when that is the current version, and sanitizes it again otherwise, so a row written
 * before this column, restored from an old backup, or written under an older allow-list is still
 * cleaned on its way out. Rows already there are marked when sanitizing leaves them as they are
 * (every row written through the app); any other row stays 0 and is still sanitized when read.
 */
export const sanitizedContentMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable("blogs")
      .addColumn("content_sanitizer", "integer", (c) => c.notNull().defaultTo(0))
      .execute();
    // What the public sees does not change: the content version stays (no cache is emptied).
    await keepingContentVersion(db, async () => {
      for (let after = 0; ; ) {
        const { rows } = await sql<{ id: number; content: string }>`
          select id, content from blogs where id > ${after} order by id limit ${PAGE}`.execute(db);
        const clean = rows.filter((r) => sanitizeBlogHtml(r.content) === r.content).map((r) => Number(r.id));
        if (clean.length > 0) {
          await sql`update blogs set content_sanitizer = ${SANITIZER_VERSION} where id in (${sql.join(clean)})`.execute(
            db,
          );
        }
        const last = rows.at(-1);
        if (!last || rows.length < PAGE) break;
        after = Number(last.id);
      }
    });
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable("blogs").dropColumn("content_sanitizer").execute();
  },
};
