import { type Kysely, sql } from "kysely";
import type { Migration } from "kysely/migration";
import type { Dialect } from "#app/server/config.server.ts";
import { PG_SEARCH_VECTOR } from "./012_search.server.ts";

/**
 * PostgreSQL keeps each search document's weighted tsvector in a stored generated column, indexed
 * by GIN, instead of indexing the expression alone. Building the vector of a long post costs about
 * 0.4 ms; with only the expression indexed, ranking (`ts_rank`) and any filter the index cannot
 * answer rebuilt it for every candidate, so a common word took 370 ms at 10,000 blogs. Stored, it
 * is built once per write, and a search reads it. A second GIN index holds the title words alone,
 * so the search's "a query word in the title" read is an index read too.
 *
 * The column is PostgreSQL's alone (SQLite's FTS5 table already stores its index): backups leave
 * it out (`COMPUTED_COLUMNS` in app/server/transfer/backup/tables.server.ts) and the database fills it again
 * as rows are restored. Adding it rewrites the table once: about a second per 1,000 documents.
 */
export const PG_SEARCH_VECTOR_COLUMN = "search_vector";

/** The title words' vector, indexed on its own so "a query word in the title" is an index read. */
export const PG_TITLE_VECTOR = "to_tsvector('simple'::regconfig, title_terms)";

export function searchVectorMigration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect !== "postgres") return;
      await sql
        .raw(
          `alter table search_docs add column ${PG_SEARCH_VECTOR_COLUMN} tsvector generated always as ${PG_SEARCH_VECTOR} stored`,
        )
        .execute(db);
      await sql
        .raw(
          `create index search_docs_search_vector_idx on search_docs using gin (${PG_SEARCH_VECTOR_COLUMN})`,
        )
        .execute(db);
      await db.schema.dropIndex("search_docs_vector_idx").execute();
      await sql
        .raw(`create index search_docs_title_vector_idx on search_docs using gin (${PG_TITLE_VECTOR})`)
        .execute(db);
    },
    async down(db: Kysely<unknown>) {
      if (dialect !== "postgres") return;
      await db.schema.dropIndex("search_docs_title_vector_idx").execute();
      await sql
        .raw(`create index search_docs_vector_idx on search_docs using gin (${PG_SEARCH_VECTOR})`)
        .execute(db);
      await db.schema.dropIndex("search_docs_search_vector_idx").execute();
      await db.schema.alterTable("search_docs").dropColumn(PG_SEARCH_VECTOR_COLUMN).execute();
    },
  };
}
