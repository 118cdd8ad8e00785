import { type Kysely, sql } from "kysely";
import type { Migration } from "kysely/migration";
import type { Dialect } from "#app/server/config.server.ts";

/**
 * The content version (response-cache.server.ts) is moved by the database itself: triggers on the
 * tables public pages show add one, in the same transaction as the write, whoever makes it (an
 * admin action, another app server, a seed script, a hand-written SQL fix). Writes no visitor can
 * see (a pending comment, a contact message, a sign-up, sessions, rate limits) move nothing, so
 * posting forms cannot empty every server's cache, and a rolled-back write moves nothing either.
 *
 * Comments count only when an approved one appears, changes or goes. On PostgreSQL every trigger
 * is statement-level and looks at the changed rows (a bulk import or a moderation of many comments
 * bumps once; a statement that changed nothing bumps nothing).
 */
const PUBLIC_TABLES = ["blogs", "blog_slug_redirects", "recipes", "settings", "site_numbers"] as const;
const OPERATIONS = ["insert", "update", "delete"] as const;

export function contentVersionMigration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("content_version")
        .addColumn("id", "integer", (c) => c.primaryKey().check(sql`id = 1`))
        .addColumn("version", "bigint", (c) => c.notNull())
        .execute();
      // Carry the old counter on (plus one), so no server keeps serving a page from before.
      await sql`
        insert into content_version (id, version)
        select 1, coalesce(max(cast(value as bigint)), 0) + 1 from settings where key = 'contentVersion'`.execute(
        db,
      );
      await sql`delete from settings where key = 'contentVersion'`.execute(db);

      if (dialect === "postgres") {
        await sql`
          create function bump_content_version() returns trigger language plpgsql as $$
          begin
            if tg_op = 'DELETE' then
              if exists (select 1 from changed_old) then
                update content_version set version = version + 1 where id = 1;
              end if;
            elsif exists (select 1 from changed_new) then
              update content_version set version = version + 1 where id = 1;
            end if;
            return null;
          end $$`.execute(db);
        for (const table of PUBLIC_TABLES) {
          for (const op of OPERATIONS) {
            const referencing = op === "delete" ? "old table as changed_old" : "new table as changed_new";
            await sql
              .raw(
                `create trigger ${table}_content_version_${op} after ${op} on ${table}
                 referencing ${referencing} for each statement execute function bump_content_version()`,
              )
              .execute(db);
          }
        }
        // Comments: only approved ones are on public pages.
        await sql`
          create function bump_content_version_comments() returns trigger language plpgsql as $$
          begin
            if tg_op = 'INSERT' then
              if exists (select 1 from changed_new where approved = 1) then
                update content_version set version = version + 1 where id = 1;
              end if;
            elsif tg_op = 'DELETE' then
              if exists (select 1 from changed_old where approved = 1) then
                update content_version set version = version + 1 where id = 1;
              end if;
            elsif exists (select 1 from changed_new where approved = 1)
               or exists (select 1 from changed_old where approved = 1) then
              update content_version set version = version + 1 where id = 1;
            end if;
            return null;
          end $$`.execute(db);
        for (const op of OPERATIONS) {
          const referencing =
            op === "delete"
              ? "old table as changed_old"
              : op === "insert"
                ? "new table as changed_new"
                : "old table as changed_old new table as changed_new";
          await sql
            .raw(
              `create trigger comments_content_version_${op} after ${op} on comments
               referencing ${referencing} for each statement execute function bump_content_version_comments()`,
            )
            .execute(db);
        }
      } else {
        const bump = "update content_version set version = version + 1 where id = 1;";
        for (const table of PUBLIC_TABLES) {
          for (const op of OPERATIONS) {
            await sql
              .raw(`create trigger ${table}_content_version_${op} after ${op} on ${table} begin ${bump} end`)
              .execute(db);
          }
        }
        await sql
          .raw(
            `create trigger comments_content_version_insert after insert on comments when new.approved = 1 begin ${bump} end`,
          )
          .execute(db);
        await sql
          .raw(
            `create trigger comments_content_version_update after update on comments when old.approved = 1 or new.approved = 1 begin ${bump} end`,
          )
          .execute(db);
        await sql
          .raw(
            `create trigger comments_content_version_delete after delete on comments when old.approved = 1 begin ${bump} end`,
          )
          .execute(db);
      }
    },
    async down(db: Kysely<unknown>) {
      const triggers = [
        ...PUBLIC_TABLES.flatMap((t) => OPERATIONS.map((op) => [t, `${t}_content_version_${op}`] as const)),
        ...OPERATIONS.map((op) => ["comments", `comments_content_version_${op}`] as const),
      ];
      for (const [table, name] of triggers) {
        await sql
          .raw(dialect === "postgres" ? `drop trigger ${name} on ${table}` : `drop trigger ${name}`)
          .execute(db);
      }
      if (dialect === "postgres") {
        await sql`drop function bump_content_version()`.execute(db);
        await sql`drop function bump_content_version_comments()`.execute(db);
      }
      await db.schema.dropTable("content_version").execute();
    },
  };
}
