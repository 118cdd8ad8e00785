import { type Kysely, sql } from "kysely";
import type { Migration } from "kysely/migration";
import type { Dialect } from "#app/server/config.server.ts";

/**
 * How many blogs each category holds, kept by the database as migration 003 keeps the blog count:
 * a category's page counted its published blogs on every render, a range of the category's index
 * as long as the category (6.4 ms on SQLite for a category of 100,000 blogs). The page now takes
 * this count less the category's drafts and scheduled posts, two short ranges. Triggers add and
 * subtract as rows come and go or change category, in the same transaction, whoever writes them.
 * A blog with no category (an empty slug) is not counted; a category whose count reaches 0 keeps
 * its row.
 */
export function categoryCountsMigration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("category_counts")
        .addColumn("category_slug", "text", (c) => c.primaryKey())
        .addColumn("n", "bigint", (c) => c.notNull())
        .execute();
      await sql`
        insert into category_counts (category_slug, n)
        select category_slug, count(*) from blogs where category_slug <> '' group by category_slug`.execute(
        db,
      );
      if (dialect === "postgres") {
        await sql`
          create function count_blog_categories() returns trigger language plpgsql as $$
          begin
            if tg_op in ('DELETE', 'UPDATE') and old.category_slug <> '' then
              update category_counts set n = n - 1 where category_slug = old.category_slug;
            end if;
            if tg_op in ('INSERT', 'UPDATE') and new.category_slug <> '' then
              insert into category_counts (category_slug, n) values (new.category_slug, 1)
              on conflict (category_slug) do update set n = category_counts.n + 1;
            end if;
            return null;
          end $$`.execute(db);
        await sql`
          create trigger blogs_category_count after insert or delete on blogs
          for each row execute function count_blog_categories()`.execute(db);
        await sql`
          create trigger blogs_category_count_moved after update of category_slug on blogs
          for each row when (old.category_slug is distinct from new.category_slug)
          execute function count_blog_categories()`.execute(db);
      } else {
        const added = (row: "new") => sql`
          insert into category_counts (category_slug, n) values (${sql.raw(row)}.category_slug, 1)
          on conflict (category_slug) do update set n = n + 1;`;
        const removed = (row: "old") => sql`
          update category_counts set n = n - 1 where category_slug = ${sql.raw(row)}.category_slug;`;
        await sql`
          create trigger blogs_category_count_insert after insert on blogs
          when new.category_slug <> ''
          begin ${added("new")} end`.execute(db);
        await sql`
          create trigger blogs_category_count_delete after delete on blogs
          when old.category_slug <> ''
          begin ${removed("old")} end`.execute(db);
        await sql`
          create trigger blogs_category_count_moved_from after update of category_slug on blogs
          when old.category_slug is not new.category_slug and old.category_slug <> ''
          begin ${removed("old")} end`.execute(db);
        await sql`
          create trigger blogs_category_count_moved_to after update of category_slug on blogs
          when old.category_slug is not new.category_slug and new.category_slug <> ''
          begin ${added("new")} end`.execute(db);
      }
    },
    async down(db: Kysely<unknown>) {
      if (dialect === "postgres") {
        await sql`drop trigger blogs_category_count_moved on blogs`.execute(db);
        await sql`drop trigger blogs_category_count on blogs`.execute(db);
        await sql`drop function count_blog_categories()`.execute(db);
      } else {
        for (const name of ["insert", "delete", "moved_from", "moved_to"])
          await sql`drop trigger ${sql.raw(`blogs_category_count_${name}`)}`.execute(db);
      }
      await db.schema.dropTable("category_counts").execute();
    },
  };
}
