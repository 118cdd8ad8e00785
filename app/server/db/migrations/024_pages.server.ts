import { type Kysely, sql } from "kysely";
import type { Migration } from "kysely/migration";
import { builtinPageRow, staticPages } from "#app/content/pages.ts";
import { SANITIZER_VERSION, sanitizeBlogHtml } from "#app/lib/sanitize.server.ts";
import type { Dialect } from "#app/server/config.server.ts";
import { addContentVersionTriggers, dropContentVersionTriggers } from "./content-version-triggers.server.ts";
import { keepingContentVersion } from "./keep-content-version.server.ts";

/**
 * The site's pages become rows the owner edits (/admin/pages): the four built-in pages (About Us,
 * the disclaimer, the privacy policy and the terms) are written here with the texts they had in
 * the source, so every database, new or upgraded, holds them whatever SAMPLE_CONTENT says.
 * `builtin` names a built-in page: its path is fixed and it cannot be deleted. Every other page
 * lives at `/{slug}`. `publish_at` works as on blogs (null: a draft; a time ahead: scheduled).
 *
 * Pages are on public pages, so they move the content version like blogs (migration 004), and the
 * public version reads their publish times too. `path_redirects` may now lead to a page (an
 * imported WordPress or Ghost page's old address).
 */
export function pagesMigration(dialect: Dialect): Migration {
  const serial = dialect === "postgres" ? "serial" : "integer";
  const timeType = dialect === "postgres" ? "bigint" : "integer";
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("pages")
        .addColumn("id", serial, (c) =>
          dialect === "postgres" ? c.primaryKey() : c.primaryKey().autoIncrement(),
        )
        .addColumn("builtin", "text", (c) => c.unique())
        .addColumn("slug", "text", (c) => c.notNull().unique())
        .addColumn("title", "text", (c) => c.notNull())
        .addColumn("intro", "text", (c) => c.notNull().defaultTo(""))
        .addColumn("content", "text", (c) => c.notNull())
        .addColumn("content_sanitizer", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("seo_title", "text", (c) => c.notNull().defaultTo(""))
        .addColumn("seo_description", "text", (c) => c.notNull().defaultTo(""))
        .addColumn("created_at", timeType, (c) => c.notNull())
        .addColumn("updated_at", timeType, (c) => c.notNull())
        .addColumn("publish_at", timeType)
        .execute();
      await db.schema.createIndex("pages_publish_at_idx").on("pages").columns(["publish_at", "id"]).execute();

      await addContentVersionTriggers(db, dialect, "pages");

      // The pages the site already showed from its source: the public sees nothing new, so the
      // content version stays (no cache is emptied for them).
      await keepingContentVersion(db, async () => {
        // Each built-in page, published as of now.
        const now = Math.floor(Date.now() / 1000);
        for (const page of Object.values(staticPages)) {
          const row = builtinPageRow(page);
          await db
            .insertInto("pages" as never)
            .values({
              ...row,
              content: sanitizeBlogHtml(row.content),
              content_sanitizer: SANITIZER_VERSION,
              created_at: now,
              updated_at: now,
              publish_at: now,
            } as never)
            .execute();
        }
      });
      await pathRedirectsWithPages(db, dialect, true);
    },
    async down(db: Kysely<unknown>) {
      await pathRedirectsWithPages(db, dialect, false);
      await dropContentVersionTriggers(db, dialect, "pages");
      await db.schema.dropTable("pages").execute();
    },
  };
}

/**
 * `path_redirects` with (or, going down, without) a `page_id`, and its rule that a redirect has
 * exactly one target. PostgreSQL alters the table; SQLite cannot change a check constraint or drop
 * a referencing column, so there the table is rebuilt and its rows copied.
 */
async function pathRedirectsWithPages(db: Kysely<unknown>, dialect: Dialect, withPages: boolean) {
  if (dialect === "postgres") {
    await sql`alter table path_redirects drop constraint path_redirects_one_target`.execute(db);
    if (withPages) {
      await sql`alter table path_redirects add column page_id integer references pages(id) on delete cascade`.execute(
        db,
      );
      await sql`create index path_redirects_page on path_redirects (page_id)`.execute(db);
      await sql`alter table path_redirects add constraint path_redirects_one_target
        check (num_nonnulls(blog_id, recipe_id, page_id) = 1)`.execute(db);
    } else {
      await sql`delete from path_redirects where page_id is not null`.execute(db);
      await sql`alter table path_redirects drop column page_id`.execute(db);
      await sql`alter table path_redirects add constraint path_redirects_one_target
        check ((blog_id is null) <> (recipe_id is null))`.execute(db);
    }
    return;
  }
  const pageColumn = withPages ? ", page_id integer references pages(id) on delete cascade" : "";
  const oneTarget = withPages
    ? "(blog_id is not null) + (recipe_id is not null) + (page_id is not null) = 1"
    : "(blog_id is null) <> (recipe_id is null)";
  await sql
    .raw(`create table path_redirects_new (
      path text primary key,
      blog_id integer references blogs(id) on delete cascade,
      recipe_id integer references recipes(id) on delete cascade${pageColumn},
      constraint path_redirects_one_target check (${oneTarget}))`)
    .execute(db);
  await sql
    .raw(`insert into path_redirects_new (path, blog_id, recipe_id)
      select path, blog_id, recipe_id from path_redirects where blog_id is not null or recipe_id is not null`)
    .execute(db);
  await sql`drop table path_redirects`.execute(db);
  await sql`alter table path_redirects_new rename to path_redirects`.execute(db);
  await sql`create index path_redirects_blog on path_redirects (blog_id)`.execute(db);
  await sql`create index path_redirects_recipe on path_redirects (recipe_id)`.execute(db);
  if (withPages) await sql`create index path_redirects_page on path_redirects (page_id)`.execute(db);
}
