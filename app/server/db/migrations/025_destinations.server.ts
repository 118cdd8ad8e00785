import { type Kysely, sql } from "kysely";
import type { Migration } from "kysely/migration";
import { destinations } from "#app/content/destinations.ts";
import type { Dialect } from "#app/server/config.server.ts";
import { addContentVersionTriggers, dropContentVersionTriggers } from "./content-version-triggers.server.ts";
import { keepingContentVersion } from "./keep-content-version.server.ts";

/**
 * Destinations become rows the owner edits (/admin/destinations). Every database, new or upgraded,
 * gets the four built-in destinations written here, whatever SAMPLE_CONTENT says, with the ids
 * they always had (1 to 4: favourites kept on visitors' devices hold those ids), their texts and
 * their self-hosted pictures (`image_path`, a base path under /images/destinations/, drawn as
 * -640/-1280.webp exactly as before), and coordinates for the map. `builtin` names a built-in
 * destination (a restore into a new database replaces those rows with the archive's); the owner may
 * edit and delete them like any other.
 *
 * Destinations are on public pages, so they move the content version like blogs (migration 004).
 * A blog may name its destination (`blogs.destination_id`); a deleted destination leaves its blogs
 * with none: a foreign key on PostgreSQL, a trigger on SQLite, which cannot drop a column a foreign
 * key names (as migration 014 did for a blog's featured recipe).
 */
export function destinationsMigration(dialect: Dialect): Migration {
  const serial = dialect === "postgres" ? "serial" : "integer";
  const timeType = dialect === "postgres" ? "bigint" : "integer";
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("destinations")
        .addColumn("id", serial, (c) =>
          dialect === "postgres" ? c.primaryKey() : c.primaryKey().autoIncrement(),
        )
        .addColumn("builtin", "text", (c) => c.unique())
        .addColumn("slug", "text", (c) => c.notNull().unique())
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("image_id", "text")
        .addColumn("image_url", "text")
        .addColumn("image_path", "text")
        .addColumn("image_alt", "text", (c) => c.notNull().defaultTo(""))
        .addColumn("short", "text", (c) => c.notNull().defaultTo(""))
        .addColumn("description", "text", (c) => c.notNull().defaultTo(""))
        .addColumn("highlights", "text", (c) => c.notNull().defaultTo("[]"))
        .addColumn("location", "text", (c) => c.notNull().defaultTo(""))
        .addColumn("best_time", "text", (c) => c.notNull().defaultTo(""))
        .addColumn("theme", "text", (c) => c.notNull().defaultTo(""))
        .addColumn("tag", "text")
        .addColumn("latitude", "double precision")
        .addColumn("longitude", "double precision")
        .addColumn("position", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("created_at", timeType, (c) => c.notNull())
        .addColumn("updated_at", timeType, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex("destinations_position_idx")
        .on("destinations")
        .columns(["position", "id"])
        .execute();

      await addContentVersionTriggers(db, dialect, "destinations");

      // The four destinations the site already showed from its source: the public sees nothing new,
      // so the content version stays (no cache is emptied for them).
      await keepingContentVersion(db, async () => {
        const now = Math.floor(Date.now() / 1000);
        for (const [index, d] of destinations.entries()) {
          await db
            .insertInto("destinations" as never)
            .values({
              id: d.id,
              builtin: d.key,
              slug: d.key,
              name: d.name,
              image_path: d.image,
              image_alt: d.name,
              short: d.short,
              description: d.description,
              highlights: JSON.stringify(d.highlights),
              location: d.location,
              best_time: d.bestTime,
              theme: d.theme,
              tag: d.tag ?? null,
              latitude: d.latitude,
              longitude: d.longitude,
              position: index + 1,
              created_at: now,
              updated_at: now,
            } as never)
            .execute();
        }
      });
      if (dialect === "postgres") {
        // Explicit ids leave the sequence behind: the owner's first destination gets 5.
        await sql`select setval(pg_get_serial_sequence('destinations', 'id'), (select max(id) from destinations))`.execute(
          db,
        );
      }

      if (dialect === "postgres") {
        await db.schema
          .alterTable("blogs")
          .addColumn("destination_id", "integer", (c) => c.references("destinations.id").onDelete("set null"))
          .execute();
      } else {
        await db.schema.alterTable("blogs").addColumn("destination_id", "integer").execute();
        await sql`
          create trigger destinations_unlink_blogs after delete on destinations begin
            update blogs set destination_id = null where destination_id = old.id;
          end`.execute(db);
      }
      // A destination's page lists its published blogs, newest first.
      await db.schema
        .createIndex("blogs_destination")
        .on("blogs")
        .columns(["destination_id", "publish_at", "id"])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex("blogs_destination").execute();
      if (dialect === "sqlite") await sql`drop trigger destinations_unlink_blogs`.execute(db);
      await db.schema.alterTable("blogs").dropColumn("destination_id").execute();
      await dropContentVersionTriggers(db, dialect, "destinations");
      await db.schema.dropTable("destinations").execute();
    },
  };
}
