import { type Kysely, sql } from "kysely";
import type { Migration } from "kysely/migration";
import type { Dialect } from "#app/server/config.server.ts";

/**
 * The blog list shows how many pages there are, and counting rows reads every one of them: 10 ms
 * per request at 100,000 blogs on PostgreSQL, growing with the corpus. The database keeps the
 * number itself instead: triggers add and subtract one as rows come and go, in the same
 * transaction, whoever writes them (the admin, an import, a seed script, another app server).
 */
export function blogCountMigration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("row_counts")
        .addColumn("name", "text", (c) => c.primaryKey())
        .addColumn("n", "bigint", (c) => c.notNull())
        .execute();
      await sql`insert into row_counts (name, n) select 'blogs', count(*) from blogs`.execute(db);
      if (dialect === "postgres") {
        await sql`
          create function count_blogs() returns trigger language plpgsql as $$
          begin
            update row_counts set n = n + (case when tg_op = 'INSERT' then 1 else -1 end) where name = 'blogs';
            return null;
          end $$`.execute(db);
        await sql`
          create trigger blogs_count after insert or delete on blogs
          for each row execute function count_blogs()`.execute(db);
      } else {
        await sql`
          create trigger blogs_count_insert after insert on blogs
          begin update row_counts set n = n + 1 where name = 'blogs'; end`.execute(db);
        await sql`
          create trigger blogs_count_delete after delete on blogs
          begin update row_counts set n = n - 1 where name = 'blogs'; end`.execute(db);
      }
    },
    async down(db: Kysely<unknown>) {
      if (dialect === "postgres") {
        await sql`drop trigger blogs_count on blogs`.execute(db);
        await sql`drop function count_blogs()`.execute(db);
      } else {
        await sql`drop trigger blogs_count_insert`.execute(db);
        await sql`drop trigger blogs_count_delete`.execute(db);
      }
      await db.schema.dropTable("row_counts").execute();
    },
  };
}
