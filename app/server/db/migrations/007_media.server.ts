import { type Kysely, sql } from "kysely";
import type { Migration } from "kysely/migration";
import type { Dialect } from "#app/server/config.server.ts";
import { keepingContentVersion } from "./keep-content-version.server.ts";

/**
 * The media library: alt text on every blog and recipe image, and one row per uploaded image
 * (its stored size, pixel size and upload time) so the back office can list, reuse and delete
 * uploads. Existing images take their row's title as alt text. Existing uploads get a row from
 * the blogs and recipes that reference them, dated by the oldest of those rows; their sizes are
 * unknown here (the files live in the upload store, not the database) and are measured from the
 * store the first time the library shows them.
 */
export function mediaMigration(dialect: Dialect): Migration {
  const timeType = dialect === "postgres" ? "bigint" : "integer";
  return {
    async up(db: Kysely<unknown>) {
      // The pages already used the title as alt text, so filling image_alt from it changes nothing
      // the public sees.
      await keepingContentVersion(db, async () => {
        for (const table of ["blogs", "recipes"]) {
          await db.schema
            .alterTable(table)
            .addColumn("image_alt", "text", (c) => c.notNull().defaultTo(""))
            .execute();
          await sql`update ${sql.table(table)} set image_alt = title`.execute(db);
          // The library asks "which rows use this upload?" for every image it lists or deletes.
          await db.schema.createIndex(`${table}_image_idx`).on(table).column("image_id").execute();
        }
      });

      await db.schema
        .createTable("uploads")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("bytes", "integer")
        .addColumn("width", "integer")
        .addColumn("height", "integer")
        .addColumn("created_at", timeType, (c) => c.notNull())
        .execute();
      // The library lists newest first; the id breaks ties so pages never overlap.
      await db.schema
        .createIndex("uploads_created_at_idx")
        .on("uploads")
        .columns(["created_at", "id"])
        .execute();

      await sql`
        insert into uploads (id, created_at)
        select image_id, min(created_at) from (
          select image_id, created_at from blogs where image_id is not null
          union all
          select image_id, created_at from recipes where image_id is not null
        ) used
        group by image_id`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("uploads").execute();
      for (const table of ["blogs", "recipes"]) {
        await db.schema.dropIndex(`${table}_image_idx`).execute();
        await db.schema.alterTable(table).dropColumn("image_alt").execute();
      }
    },
  };
}
