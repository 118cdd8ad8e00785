import { type Kysely, sql } from "kysely";
import type { Migration } from "kysely/migration";
import { blogDocument, recipeDocument, type SearchDocument } from "#app/lib/search.ts";
import type { Dialect } from "#app/server/config.server.ts";

/**
 * Site search (docs/decisions/014-search.md). `search_docs` holds one row per blog and recipe:
 * its title and plain text as written (for snippets), and their folded words (accents and case
 * removed by the app, so both engines match alike). The blog and recipe models write it in the
 * same transaction as the item. Each engine indexes the folded words its own way:
 *
 * - SQLite: an FTS5 table over `search_docs` (external content, so the text is stored once),
 *   kept by triggers on `search_docs`;
 * - PostgreSQL: a GIN index over the weighted tsvector expression (title A, text B); an expression
 *   rather than a column, so the table has the same columns on both engines and a backup moves
 *   between them.
 *
 * Publication is not indexed: a search joins the item and compares `publish_at` with the clock,
 * so a scheduled item is found at its time with no write. No content-version trigger watches
 * the table: the item's own write moves the version.
 */
const PAGE = 500;

/**
 * A document's weighted tsvector: title words weight A, text words weight B. Migration 012 indexed
 * this expression; since 017 it is stored in `search_vector` (computed by PostgreSQL on each write).
 */
export const PG_SEARCH_VECTOR =
  "(setweight(to_tsvector('simple'::regconfig, title_terms), 'A') || setweight(to_tsvector('simple'::regconfig, body_terms), 'B'))";

export function searchMigration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("search_docs")
        .addColumn("id", dialect === "postgres" ? "serial" : "integer", (c) =>
          dialect === "postgres" ? c.primaryKey() : c.primaryKey().autoIncrement(),
        )
        .addColumn("kind", "text", (c) => c.notNull())
        .addColumn("item_id", "integer", (c) => c.notNull())
        .addColumn("title", "text", (c) => c.notNull())
        .addColumn("body", "text", (c) => c.notNull())
        .addColumn("title_terms", "text", (c) => c.notNull())
        .addColumn("body_terms", "text", (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex("search_docs_item_idx")
        .on("search_docs")
        .columns(["kind", "item_id"])
        .unique()
        .execute();
      if (dialect === "postgres") {
        await sql
          .raw(`create index search_docs_vector_idx on search_docs using gin (${PG_SEARCH_VECTOR})`)
          .execute(db);
      } else {
        await sql`create virtual table search_fts using fts5(
          title_terms, body_terms,
          content = 'search_docs', content_rowid = 'id',
          tokenize = 'unicode61 remove_diacritics 2'
        )`.execute(db);
        await sql`create trigger search_docs_ai after insert on search_docs begin
          insert into search_fts (rowid, title_terms, body_terms)
            values (new.id, new.title_terms, new.body_terms);
        end`.execute(db);
        await sql`create trigger search_docs_ad after delete on search_docs begin
          insert into search_fts (search_fts, rowid, title_terms, body_terms)
            values ('delete', old.id, old.title_terms, old.body_terms);
        end`.execute(db);
        await sql`create trigger search_docs_au after update on search_docs begin
          insert into search_fts (search_fts, rowid, title_terms, body_terms)
            values ('delete', old.id, old.title_terms, old.body_terms);
          insert into search_fts (rowid, title_terms, body_terms)
            values (new.id, new.title_terms, new.body_terms);
        end`.execute(db);
      }
      await indexExisting(db);
    },
    async down(db: Kysely<unknown>) {
      if (dialect !== "postgres") {
        for (const t of ["search_docs_ai", "search_docs_ad", "search_docs_au"])
          await sql`drop trigger ${sql.id(t)}`.execute(db);
        await sql`drop table search_fts`.execute(db);
      }
      await db.schema.dropTable("search_docs").execute();
    },
  };
}

/** Indexes the blogs and recipes already there, a page at a time, in id order. */
async function indexExisting(db: Kysely<unknown>): Promise<void> {
  const insert = async (kind: string, docs: { id: number; doc: SearchDocument }[]) => {
    if (docs.length === 0) return;
    await sql`insert into search_docs (kind, item_id, title, body, title_terms, body_terms) values ${sql.join(
      docs.map(
        ({ id, doc }) =>
          sql`(${kind}, ${id}, ${doc.title}, ${doc.body}, ${doc.title_terms}, ${doc.body_terms})`,
      ),
    )}`.execute(db);
  };
  for (let after = 0; ; ) {
    const { rows } = await sql<{ id: number; title: string; content: string }>`
      select id, title, content from blogs where id > ${after} order by id limit ${PAGE}`.execute(db);
    await insert(
      "blog",
      rows.map((r) => ({ id: Number(r.id), doc: blogDocument(r.title, r.content) })),
    );
    const last = rows.at(-1);
    if (!last || rows.length < PAGE) break;
    after = Number(last.id);
  }
  for (let after = 0; ; ) {
    const { rows } = await sql<{
      id: number;
      title: string;
      short: string;
      ingredients: string;
      steps: string;
    }>`
      select id, title, short, ingredients, steps from recipes where id > ${after} order by id limit ${PAGE}`.execute(
      db,
    );
    await insert(
      "recipe",
      rows.map((r) => ({
        id: Number(r.id),
        doc: recipeDocument({
          title: r.title,
          short: r.short,
          ingredients: jsonList(r.ingredients),
          steps: jsonList(r.steps),
        }),
      })),
    );
    const last = rows.at(-1);
    if (!last || rows.length < PAGE) break;
    after = Number(last.id);
  }
}

/** A stored JSON list of strings; anything else reads as empty (a search must not stop a migration). */
function jsonList(value: string): string[] {
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) ? parsed.filter((v): v is string => typeof v === "string") : [];
  } catch {
    return [];
  }
}
