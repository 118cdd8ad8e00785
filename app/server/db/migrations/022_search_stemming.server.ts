import { type Kysely, sql } from "kysely";
import type { Migration } from "kysely/migration";
import { searchDocument } from "#app/lib/search.ts";
import type { Dialect } from "#app/server/config.server.ts";

/**
 * Search that stems words (docs/decisions/024-search-stemming.md). The search documents hold their
 * words stemmed in the site's search language; `search_state` (one row, id 1) says which:
 *
 * - `language`: the language documents are written in now;
 * - `languages`: every language a document may be stemmed in, space-separated (the language, and
 *   while a re-index runs, the ones before it): a query looks for its words' stems in each;
 * - `reindex_after`: how far the re-index to `language` has come (documents up to this id are
 *   done); null when none is due;
 * - `claimed_until`: the server re-indexing holds the work until then (unix seconds).
 *
 * No row: every document is stemmed in English and nothing is due (a new site). A site that
 * already has documents holds them as whole folded words (the language `none`); they are stemmed
 * by the search model's re-index, in pages of 500, in the background (search works meanwhile: it
 * looks for both forms), rather than here, so a large site starts at once.
 */
const PAGE = 500;

export function searchStemmingMigration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("search_state")
        .addColumn("id", "integer", (c) => c.primaryKey().check(sql`id = 1`))
        .addColumn("language", "text", (c) => c.notNull())
        .addColumn("languages", "text", (c) => c.notNull())
        .addColumn("reindex_after", dialect === "postgres" ? "bigint" : "integer")
        .addColumn("claimed_until", dialect === "postgres" ? "bigint" : "integer", (c) =>
          c.notNull().defaultTo(0),
        )
        .execute();
      const { rows } = await sql<{ id: number }>`select id from search_docs limit 1`.execute(db);
      if (rows.length === 0) return;
      await sql`insert into search_state (id, language, languages, reindex_after, claimed_until)
        values (1, 'english', 'none english', 0, 0)`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      // Back to whole folded words, the only form the search before this migration reads.
      for (let after = 0; ; ) {
        const { rows } = await sql<{ id: number; title: string; body: string }>`
          select id, title, body from search_docs where id > ${after} order by id limit ${PAGE}`.execute(db);
        for (const r of rows) {
          const doc = searchDocument(r.title, r.body, "none");
          await sql`update search_docs set title_terms = ${doc.title_terms}, body_terms = ${doc.body_terms}
            where id = ${r.id}`.execute(db);
        }
        const last = rows.at(-1);
        if (!last || rows.length < PAGE) break;
        after = Number(last.id);
      }
      await db.schema.dropTable("search_state").execute();
    },
  };
}
