import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";
import type { Dialect } from "#app/server/config.server.ts";

/**
 * Readers' numbers, counted on the server (DESIGN §2, "analytics"; app/server/analytics/):
 * - `analytics_hits`: one row per counted page view, written in batches, kept `ANALYTICS_RAW_HOURS`
 *   (48) for the live view and today's numbers. No address and no user agent: only the day's
 *   visitor id (a hash with the day's salt), the browser and device families and the country.
 * - `analytics_salts`: the day's random salt, shared by every server of the site (so a visitor is
 *   one visitor whichever server answered), deleted once its day is over.
 * - `analytics_daily`: the totals of each day, folded from the raw hits once the day is over: the
 *   day's own total (`kind` "total", `key` ""), and per page, referrer, source, medium, campaign,
 *   country, browser and device. Kept for good.
 * - `analytics_folds`: which days are folded; its key makes the fold happen once, whichever server
 *   gets there first.
 * None of them is on a public page: no content-version triggers.
 */
export function analyticsMigration(dialect: Dialect): Migration {
  const serial = dialect === "postgres" ? "bigserial" : "integer";
  const timeType = dialect === "postgres" ? "bigint" : "integer";
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("analytics_hits")
        .addColumn("id", serial, (c) =>
          dialect === "postgres" ? c.primaryKey() : c.primaryKey().autoIncrement(),
        )
        .addColumn("at", timeType, (c) => c.notNull())
        .addColumn("day", "text", (c) => c.notNull())
        .addColumn("path", "text", (c) => c.notNull())
        .addColumn("visitor", "text", (c) => c.notNull())
        .addColumn("referrer", "text", (c) => c.notNull().defaultTo(""))
        .addColumn("source", "text", (c) => c.notNull().defaultTo(""))
        .addColumn("medium", "text", (c) => c.notNull().defaultTo(""))
        .addColumn("campaign", "text", (c) => c.notNull().defaultTo(""))
        .addColumn("country", "text", (c) => c.notNull().defaultTo(""))
        .addColumn("browser", "text", (c) => c.notNull().defaultTo(""))
        .addColumn("device", "text", (c) => c.notNull().defaultTo(""))
        .execute();
      await db.schema
        .createIndex("analytics_hits_day_idx")
        .on("analytics_hits")
        .columns(["day", "path"])
        .execute();
      await db.schema.createIndex("analytics_hits_at_idx").on("analytics_hits").column("at").execute();

      await db.schema
        .createTable("analytics_salts")
        .addColumn("day", "text", (c) => c.primaryKey())
        .addColumn("salt", "text", (c) => c.notNull())
        .execute();

      await db.schema
        .createTable("analytics_daily")
        .addColumn("day", "text", (c) => c.notNull())
        .addColumn("kind", "text", (c) => c.notNull())
        .addColumn("key", "text", (c) => c.notNull())
        .addColumn("visitors", "integer", (c) => c.notNull())
        .addColumn("views", "integer", (c) => c.notNull())
        .addPrimaryKeyConstraint("analytics_daily_pk", ["day", "kind", "key"])
        .execute();
      await db.schema
        .createIndex("analytics_daily_kind_idx")
        .on("analytics_daily")
        .columns(["kind", "day"])
        .execute();

      await db.schema
        .createTable("analytics_folds")
        .addColumn("day", "text", (c) => c.primaryKey())
        .addColumn("folded_at", timeType, (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      for (const table of ["analytics_folds", "analytics_daily", "analytics_salts", "analytics_hits"])
        await db.schema.dropTable(table).execute();
    },
  };
}
