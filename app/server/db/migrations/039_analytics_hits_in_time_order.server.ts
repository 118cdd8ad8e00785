import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";

/**
 * Raw page views are written in the order they come (by `at`), and only that order is indexed.
 * Migration 038's `(day, visitor, views)`, like 030's `(day, path)` before it, put each new row at
 * a random place of an index: a batch of 500 views rewrote some 560 pages of the index where the
 * table and `at` take about 20, 27 times the write-ahead log (SQLite, 200,000 rows of the day;
 * 16.6 ms a batch against 1.3 on this host, synchronous, on the server's event loop). Every read of
 * a day's rows goes through all of them anyway (the dashboard's visitors, the breakdowns of a day
 * not folded yet, the fold): without the index they read the table in the order it is stored,
 * where the index had SQLite fetch each row out of order (the breakdowns of such a day, 40,000
 * visitors: 6.4–7.4 s → 2.5–2.9 s); only the dashboard's count of the day's visitors, which read the
 * index alone, reads more (74–100 → 300–390 ms). docs/performance.md, session 45.
 */
export const analyticsHitsInTimeOrderMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.dropIndex("analytics_hits_day_visitor_idx").execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema
      .createIndex("analytics_hits_day_visitor_idx")
      .on("analytics_hits")
      .columns(["day", "visitor", "views"])
      .execute();
  },
};
