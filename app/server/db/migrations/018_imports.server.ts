import { type Kysely, sql } from "kysely";
import type { Migration } from "kysely/migration";
import type { Dialect } from "#app/server/config.server.ts";

/**
 * Moving in (app/server/transfer/import):
 *
 * - `import_map`: every item an import wrote, keyed by where it came from (system, site, type,
 *   source id), with the local row and a hash of what the source said. Re-running a file adds
 *   nothing, a changed source item updates its row, an interrupted run resumes.
 * - `import_media`: every image URL an import met, fetched once across runs: the upload it became,
 *   or why it could not be fetched (then the page keeps the remote URL).
 * - `path_redirects`: an old site's paths (`/2019/05/kyoto/`, `/kyoto/`) and the blog or recipe
 *   they 301 to. The target is the row, not a path, so a later slug change never makes a chain;
 *   deleting the row deletes its redirects.
 * - `import_runs`: the admin screen's imports: the uploaded file, the dry-run report, progress
 *   and the final report, so any server (and a reloaded tab) can show them.
 */
export function importsMigration(dialect: Dialect): Migration {
  const timeType = dialect === "postgres" ? "bigint" : "integer";
  const serial = dialect === "postgres" ? "serial" : "integer";
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("import_map")
        .addColumn("system", "text", (c) => c.notNull())
        .addColumn("site", "text", (c) => c.notNull())
        .addColumn("source_type", "text", (c) => c.notNull())
        .addColumn("source_id", "text", (c) => c.notNull())
        .addColumn("local_id", "integer", (c) => c.notNull())
        .addColumn("content_hash", "text", (c) => c.notNull())
        .addColumn("updated_at", timeType, (c) => c.notNull())
        .addPrimaryKeyConstraint("import_map_pk", ["system", "site", "source_type", "source_id"])
        .execute();
      await db.schema
        .createIndex("import_map_local")
        .on("import_map")
        .columns(["source_type", "local_id"])
        .execute();
      await db.schema
        .createTable("import_media")
        .addColumn("url", "text", (c) => c.primaryKey())
        .addColumn("upload_id", "text")
        .addColumn("failure", "text")
        .addColumn("fetched_at", timeType, (c) => c.notNull())
        .execute();
      await db.schema
        .createTable("path_redirects")
        .addColumn("path", "text", (c) => c.primaryKey())
        .addColumn("blog_id", "integer", (c) => c.references("blogs.id").onDelete("cascade"))
        .addColumn("recipe_id", "integer", (c) => c.references("recipes.id").onDelete("cascade"))
        .addCheckConstraint("path_redirects_one_target", sql`(blog_id is null) <> (recipe_id is null)`)
        .execute();
      await db.schema.createIndex("path_redirects_blog").on("path_redirects").column("blog_id").execute();
      await db.schema.createIndex("path_redirects_recipe").on("path_redirects").column("recipe_id").execute();
      await db.schema
        .createTable("import_runs")
        .addColumn("id", serial, (c) => c.primaryKey())
        .addColumn("account_id", "integer")
        .addColumn("file_name", "text", (c) => c.notNull())
        /** Where the uploaded file waits on disk until the run ends (then it is removed). */
        .addColumn("file_path", "text", (c) => c.notNull())
        .addColumn("options", "text", (c) => c.notNull().defaultTo("{}"))
        /** `checking`, `checked` (dry run done), `running`, `done`, `failed`, `cancelled`. */
        .addColumn("status", "text", (c) => c.notNull())
        .addColumn("report", "text", (c) => c.notNull().defaultTo("{}"))
        .addColumn("done_items", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("total_items", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("error", "text")
        .addColumn("created_at", timeType, (c) => c.notNull())
        .addColumn("updated_at", timeType, (c) => c.notNull())
        /** The server working on it holds it until then; past it, another may take it over. */
        .addColumn("claimed_until", timeType, (c) => c.notNull().defaultTo(0))
        .execute();
    },
    async down(db: Kysely<unknown>) {
      for (const table of ["import_runs", "path_redirects", "import_media", "import_map"])
        await db.schema.dropTable(table).execute();
    },
  };
}
