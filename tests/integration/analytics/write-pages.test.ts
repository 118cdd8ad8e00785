/**
 * What a batch of page views costs the database to write (SQLite; migration 039). node:sqlite
 * writes on the server's event loop, so a batch's write is a pause for every request of that
 * moment; its size is the pages it puts in the write-ahead log, counted here (not timed). Raw
 * views come in time order: the table and its `at` index grow at their ends, a few pages a batch.
 * An index in another order (migration 038's `(day, visitor, views)`) put every row at a random
 * place: one rewritten page per row, some 560 pages a batch at 200,000 views a day.
 */
import { statSync } from "node:fs";
import { DatabaseSync } from "node:sqlite";
import { afterAll, beforeAll, expect, it } from "vitest";
import { dayOf } from "#app/server/analytics/fold.server.ts";
import type { PendingView } from "#app/server/analytics/page-views.server.ts";
import { writeViews } from "#app/server/analytics/recorder.server.ts";
import { sqlitePathOf } from "#app/server/config.server.ts";
import { type DatabaseHandle, openDatabase } from "#app/server/db/db.server.ts";
import { emptyDatabaseUrl } from "#tests/support/engines.ts";
import { seededRandom } from "#tests/support/seeded-random.ts";

const NOW = Date.UTC(2026, 10, 28, 12, 0, 0) / 1000;
const BATCH = 500;
/** Views already written that day: enough that an index in random order spans hundreds of pages. */
const EARLIER = 30_000;

let handle: DatabaseHandle;
let path: string;
let cleanup: () => Promise<void>;

beforeAll(async () => {
  const fresh = await emptyDatabaseUrl("sqlite");
  cleanup = fresh.cleanup;
  path = sqlitePathOf(fresh.url);
  handle = await openDatabase(fresh.url);
});
afterAll(async () => {
  await handle.destroy();
  await cleanup();
});

it("writes a batch of 500 views in a few pages, not a page per view", async () => {
  const random = seededRandom(39);
  // Sixteen hex digits spread as the day's hashes are (a reader's id is one of them).
  const visitor = () =>
    Array.from({ length: 2 }, () =>
      Math.floor(random() * 2 ** 32)
        .toString(16)
        .padStart(8, "0"),
    ).join("");
  const page = () => `/blogs/post-${Math.floor(1500 * random() ** 3)}`;
  const day = dayOf(NOW);
  for (let i = 0; i < EARLIER; i += 500)
    await handle.db
      .insertInto("analytics_hits")
      .values(
        Array.from({ length: 500 }, (_, j) => ({
          at: NOW - 3600 + Math.floor((i + j) / 10),
          day,
          path: page(),
          visitor: visitor(),
        })),
      )
      .execute();

  const log = new DatabaseSync(path);
  try {
    log.exec("PRAGMA wal_checkpoint(TRUNCATE)");
    expect(statSync(`${path}-wal`).size).toBe(0);
    // Readers each from an address of their own, a second apart (none merged into another's row).
    const views: PendingView[] = Array.from({ length: BATCH }, (_, i) => ({
      at: (NOW + i) * 1000,
      host: "site.example",
      url: page(),
      userAgent: "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0",
      referer: "",
      remote: `10.${i % 200}.${Math.floor(i / 200)}.${1 + Math.floor(random() * 250)}`,
      forwardedFor: "",
    }));
    expect(await writeViews(handle.db, views, { trust: () => false })).toBe(BATCH);

    const { page_size: pageSize } = log.prepare("PRAGMA page_size").get() as { page_size: number };
    const pages = statSync(`${path}-wal`).size / pageSize;
    // The rows themselves fill about a dozen pages; the rest is the `at` index's end and the salt.
    expect(pages).toBeGreaterThan(5);
    expect(pages).toBeLessThan(60);
  } finally {
    log.close();
  }
});
