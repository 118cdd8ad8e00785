/**
 * SQLite's long reads on a thread of their own (app/server/db/sqlite-read-thread.server.ts):
 * node:sqlite runs a statement on the thread that asks, so the analytics of a busy day (seconds of
 * grouped passes over raw page views) stopped every request while they ran. These tests check
 * that those reads leave the server's thread (a probe of node:sqlite's `all` on this thread,
 * which the thread's own connection does not pass through), that they answer what the server's
 * connection answers, and how the thread fails: SQLite's errors as SQLite said them, no writes, a
 * thread that stops when idle and starts again, and a closed database.
 */
import { readdirSync } from "node:fs";
import { StatementSync } from "node:sqlite";
import { Kysely, sql } from "kysely";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { aggregateDay, dayOf, foldFinishedDays } from "#app/server/analytics/fold.server.ts";
import { analyticsCsv, analyticsReport, visitorsSummary } from "#app/server/analytics/report.server.ts";
import { sqlitePathOf } from "#app/server/config.server.ts";
import { type DatabaseHandle, longReads, openDatabase } from "#app/server/db/db.server.ts";
import type { Database } from "#app/server/db/schema.server.ts";
import { SqliteReadThreadDialect } from "#app/server/db/sqlite-read-thread.server.ts";
import { emptyDatabaseUrl } from "#tests/support/engines.ts";
import { seededRandom } from "#tests/support/seeded-random.ts";

/** Saturday 28 November 2026, noon UTC. */
const NOW = Date.UTC(2026, 10, 28, 12, 0, 0) / 1000;
const TODAY = dayOf(NOW);
const YESTERDAY = dayOf(NOW - 86_400);

let handle: DatabaseHandle;
let url: string;
let cleanup: () => Promise<void>;

/** The SQL of every statement node:sqlite runs on this thread while `run` runs. */
async function runHere(run: () => Promise<unknown>): Promise<string[]> {
  const all = StatementSync.prototype.all;
  const seen: string[] = [];
  StatementSync.prototype.all = function (this: StatementSync, ...parameters: unknown[]) {
    seen.push(this.sourceSQL);
    return all.apply(this, parameters as Parameters<typeof all>);
  } as typeof all;
  try {
    await run();
  } finally {
    StatementSync.prototype.all = all;
  }
  return seen;
}

/** A read of a whole day's raw views: a distinct count of visitors by day (what a busy day makes long). */
const isBreakdown = (text: string) => /count\(distinct.*"day"/is.test(text);

beforeAll(async () => {
  const fresh = await emptyDatabaseUrl("sqlite");
  cleanup = fresh.cleanup;
  url = fresh.url;
  handle = await openDatabase(fresh.url);
  const random = seededRandom(46);
  const pick = <T>(xs: T[]) => xs[Math.floor(random() * xs.length)] as T;
  for (const day of [YESTERDAY, TODAY])
    for (let i = 0; i < 3000; i += 500)
      await handle.db
        .insertInto("analytics_hits")
        .values(
          Array.from({ length: 500 }, (_, j) => ({
            at: Date.parse(`${day}T08:00:00Z`) / 1000 + i + j,
            day,
            // More pages than a day keeps (KEYS_PER_DAY), so the rest is summed too.
            path: `/blogs/post-${Math.floor(400 * random() ** 2)}`,
            visitor: `v${Math.floor(random() * 900)}`,
            referrer: pick(["", "news.example", "search.example"]),
            country: pick(["FR", "JP", "US", ""]),
            browser: pick(["Firefox", "Chrome", "Safari"]),
            device: pick(["desktop", "phone"]),
          })),
        )
        .execute();
});
afterAll(async () => {
  await handle.destroy();
  await cleanup();
});

describe("long reads on SQLite", () => {
  it("reads a day's breakdowns on another thread, and finds what the server's connection finds", async () => {
    let here: Awaited<ReturnType<typeof aggregateDay>> = [];
    const probeWorks = await runHere(async () => {
      here = await aggregateDay(handle.db, TODAY);
    });
    // The probe sees the server's own connection run them.
    expect(probeWorks.filter(isBreakdown).length).toBeGreaterThan(0);

    let there: Awaited<ReturnType<typeof aggregateDay>> = [];
    const ranHere = await runHere(async () => {
      there = await aggregateDay(longReads(handle.db), TODAY);
    });
    expect(ranHere.filter(isBreakdown)).toEqual([]);
    expect(there).toEqual(here);
    expect(there.find((r) => r.kind === "page" && r.key === "(other)")).toBeDefined();
  });

  it("runs every read of the analytics screen, its CSV and the dashboard's card there", async () => {
    const ranHere = await runHere(async () => {
      const report = await analyticsReport(handle.db, { days: 7, now: NOW });
      expect(report.totals.views).toBe(6000);
      expect((await analyticsCsv(handle.db, { days: 7, now: NOW })).split("\n").length).toBeGreaterThan(400);
      expect((await visitorsSummary(handle.db, NOW)).today).toBeGreaterThan(800);
    });
    expect(ranHere).toEqual([]);
  });

  it("folds a finished day from there, and writes its totals here", async () => {
    const ranHere = await runHere(async () => {
      expect(await foldFinishedDays(handle.db, NOW)).toEqual([YESTERDAY]);
    });
    expect(ranHere.filter(isBreakdown)).toEqual([]);
    const total = await handle.db
      .selectFrom("analytics_daily")
      .select(["visitors", "views"])
      .where("day", "=", YESTERDAY)
      .where("kind", "=", "total")
      .executeTakeFirstOrThrow();
    expect(Number(total.views)).toBe(3000);
  });
});

describe("the read thread's failures", () => {
  afterEach(async () => {
    // Whatever a test broke, the next read is answered.
    const one = await longReads(handle.db).selectNoFrom(sql<number>`1`.as("one")).executeTakeFirstOrThrow();
    expect(one.one).toBe(1);
  });

  it("answers SQLite's own error, with its code", async () => {
    const failure = await longReads(handle.db)
      .selectFrom(sql<{ id: number }>`no_such_table`.as("t"))
      .select("id")
      .execute()
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(Error);
    expect((failure as Error).message).toMatch(/no such table: no_such_table/);
    expect((failure as { code?: unknown }).code).toBe("ERR_SQLITE_ERROR");
  });

  it("writes nothing, and starts no transaction", async () => {
    const write = longReads(handle.db).deleteFrom("analytics_hits").execute();
    await expect(write).rejects.toThrow(/readonly database/);
    await expect(
      longReads(handle.db)
        .transaction()
        .execute(async () => 1),
    ).rejects.toThrow(/only reads/);
    const left = await handle.db
      .selectFrom("analytics_hits")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(left.n)).toBe(6000);
  });
});

it("stops its thread when idle, and starts one again for the next read", async () => {
  const dialect = new SqliteReadThreadDialect({ path: sqlitePathOf(url), lockWaitMs: 1000, idleMs: 50 });
  const reads = new Kysely<Database>({ dialect });
  const threads = () => readdirSync("/proc/self/task").length;
  const before = threads();
  try {
    for (let round = 0; round < 2; round++) {
      const n = await reads
        .selectFrom("analytics_hits")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow();
      expect(Number(n.n)).toBe(6000);
      expect(threads()).toBeGreaterThan(before);
      await expect.poll(threads, { timeout: 5000 }).toBe(before);
    }
  } finally {
    await reads.destroy();
  }
});

it("refuses reads once the database is closed", async () => {
  const fresh = await emptyDatabaseUrl("sqlite");
  const own = await openDatabase(fresh.url);
  try {
    await longReads(own.db).selectNoFrom(sql<number>`1`.as("one")).execute();
    await own.destroy();
    await expect(longReads(own.db).selectNoFrom(sql<number>`1`.as("one")).execute()).rejects.toThrow(
      /destroyed/,
    );
  } finally {
    await fresh.cleanup();
  }
});
