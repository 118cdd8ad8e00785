/**
 * Page views written, folded and forgotten (app/server/analytics/), on both engines, with two
 * "servers" (two connections to one database, each with its own memory): the day's salt is shared
 * while the day lasts and deleted after it; a reader is one visitor a day and a stranger the next;
 * a finished day is folded exactly once, however many servers try at once; raw views go after
 * ANALYTICS_RAW_HOURS, daily totals stay; a day boundary in a burst loses nothing.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { dayOf, foldFinishedDays, KEYS_PER_DAY, OTHER } from "#app/server/analytics/fold.server.ts";
import type { PendingView } from "#app/server/analytics/page-views.server.ts";
import { forgetOldSalts, pruneRawViews, saltFor, writeViews } from "#app/server/analytics/recorder.server.ts";
import { type DatabaseHandle, openDatabase } from "#app/server/db/db.server.ts";
import { ENGINES, emptyDatabaseUrl } from "#tests/support/engines.ts";
import { compiled, planOf, recordingQueries } from "#tests/support/query-plans.ts";

const CHROME =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";
const FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0";
const trust = () => false;

/** 2026-11-27T00:00:00Z in seconds, and times of that day and the next. */
const DAY1 = Date.UTC(2026, 10, 27) / 1000;
const DAY2 = DAY1 + 86_400;

const view = (seconds: number, extra: Partial<PendingView> = {}): PendingView => ({
  at: seconds * 1000,
  host: "site.example",
  url: "/blogs/kyoto",
  userAgent: CHROME,
  referer: "",
  // A private address: no country (8.8.8.8 below has one).
  remote: "10.0.0.5",
  forwardedFor: "",
  ...extra,
});

for (const engine of ENGINES) {
  describe(`analytics recording [${engine}]`, () => {
    let one: DatabaseHandle;
    let two: DatabaseHandle;
    let cleanup: () => Promise<void>;

    beforeAll(async () => {
      const fresh = await emptyDatabaseUrl(engine);
      cleanup = fresh.cleanup;
      one = await openDatabase(fresh.url);
      two = await openDatabase(fresh.url);
    });
    afterAll(async () => {
      await one.destroy();
      await two.destroy();
      await cleanup();
    });
    beforeEach(async () => {
      for (const table of [
        "analytics_hits",
        "analytics_salts",
        "analytics_daily",
        "analytics_folds",
      ] as const)
        await one.db.deleteFrom(table).execute();
    });

    const hits = () => one.db.selectFrom("analytics_hits").selectAll().orderBy("at").orderBy("id").execute();

    it("two servers share the day's salt: one reader is one visitor whichever server counts them", async () => {
      const [saltOne, saltTwo] = await Promise.all([
        saltFor(one.db, "2026-11-27"),
        saltFor(two.db, "2026-11-27"),
      ]);
      expect(saltOne).toMatch(/^[0-9a-f]{32}$/);
      expect(saltTwo).toBe(saltOne);
      await writeViews(one.db, [view(DAY1 + 100)], { trust, salts: new Map() });
      await writeViews(two.db, [view(DAY1 + 200, { url: "/" })], { trust, salts: new Map() });
      const rows = await hits();
      expect(rows.map((r) => r.path)).toEqual(["/blogs/kyoto", "/"]);
      expect(rows[0]?.visitor).toBe(rows[1]?.visitor);
      // No address and no user agent is stored, in any column.
      expect(JSON.stringify(rows)).not.toMatch(/10\.0\.0|Mozilla|Chrome\/131/);
    });

    it("the same reader tomorrow is a new visitor, and yesterday's salt is gone", async () => {
      await writeViews(one.db, [view(DAY1 + 3600), view(DAY2 + 3600)], { trust });
      const [first, second] = await hits();
      expect(first?.day).toBe("2026-11-27");
      expect(second?.day).toBe("2026-11-28");
      expect(first?.visitor).not.toBe(second?.visitor);
      const memory = new Map([
        ["2026-11-27", "x"],
        ["2026-11-28", "y"],
      ]);
      // Ten minutes into the next day the late views of the day before are still written...
      await forgetOldSalts(one.db, DAY2 + 300, memory);
      expect(
        (await one.db.selectFrom("analytics_salts").select("day").orderBy("day").execute()).map((r) => r.day),
      ).toEqual(["2026-11-27", "2026-11-28"]);
      // ...then the day's salt goes, from the database and from memory.
      await forgetOldSalts(one.db, DAY2 + 601, memory);
      expect((await one.db.selectFrom("analytics_salts").select("day").execute()).map((r) => r.day)).toEqual([
        "2026-11-28",
      ]);
      expect([...memory.keys()]).toEqual(["2026-11-28"]);
    });

    it("a burst across midnight: every view counted, each in its own day", async () => {
      const burst = Array.from({ length: 40 }, (_, i) => view(DAY2 - 20 + i, { remote: `198.51.100.${i}` }));
      expect(await writeViews(one.db, burst, { trust })).toBe(40);
      const rows = await hits();
      expect(rows.filter((r) => r.day === "2026-11-27")).toHaveLength(20);
      expect(rows.filter((r) => r.day === "2026-11-28")).toHaveLength(20);
    });

    it("bots are not written", async () => {
      const written = await writeViews(
        one.db,
        [
          view(DAY1),
          view(DAY1, {
            userAgent: "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)",
          }),
        ],
        { trust },
      );
      expect(written).toBe(1);
      expect(await hits()).toHaveLength(1);
    });

    it("identical views of one second are one row with their count; the fold counts every view", async () => {
      const reloads = Array.from({ length: 25 }, () => view(DAY1 + 10));
      const batch = [
        ...reloads,
        // One detail apart, each its own row: another second, page, reader, referrer.
        view(DAY1 + 11),
        view(DAY1 + 10, { url: "/" }),
        view(DAY1 + 10, { remote: "10.0.0.6" }),
        view(DAY1 + 10, { referer: "https://www.google.com/" }),
        ...reloads,
      ];
      expect(await writeViews(one.db, batch, { trust })).toBe(54);
      const rows = await hits();
      expect(rows).toHaveLength(5);
      expect(rows.map((r) => Number(r.views)).sort((a, b) => b - a)).toEqual([50, 1, 1, 1, 1]);
      await foldFinishedDays(one.db, DAY2 + 700);
      const total = await one.db
        .selectFrom("analytics_daily")
        .select(["visitors", "views"])
        .where("day", "=", "2026-11-27")
        .where("kind", "=", "total")
        .executeTakeFirstOrThrow();
      expect([Number(total.visitors), Number(total.views)]).toEqual([2, 54]);
    });

    it("batches of one size share one statement text, each row's fields in their own columns", async () => {
      // The first batch of three compiles the insert; the second reuses its text with new values.
      const first = [
        view(DAY1 + 1, { url: "/?utm_source=newsletter&utm_medium=email&utm_campaign=kyoto" }),
        view(DAY1 + 2, { userAgent: FIREFOX, referer: "https://www.google.com/" }),
        view(DAY1 + 3, { remote: "8.8.8.8" }),
      ];
      const second = [
        view(DAY1 + 4, { url: "/blogs/lisbon?utm_source=mastodon&utm_medium=social&utm_campaign=lisbon" }),
        view(DAY1 + 5, { userAgent: FIREFOX, referer: "https://duckduckgo.com/?q=x" }),
        view(DAY1 + 5, { userAgent: FIREFOX, referer: "https://duckduckgo.com/?q=x" }),
        view(DAY1 + 6, { remote: "1.1.1.1", url: "/about" }),
      ];
      await writeViews(one.db, first, { trust });
      await writeViews(one.db, second, { trust });
      const rows = await hits();
      const fields = rows.map((r) => [
        Number(r.at) - DAY1,
        r.day,
        r.path,
        r.referrer,
        r.source,
        r.medium,
        r.campaign,
        r.country,
        r.browser,
        r.device,
        Number(r.views),
      ]);
      expect(fields).toEqual([
        [1, "2026-11-27", "/", "", "newsletter", "email", "kyoto", "", "Chrome", "desktop", 1],
        [2, "2026-11-27", "/blogs/kyoto", "google.com", "", "", "", "", "Firefox", "desktop", 1],
        [3, "2026-11-27", "/blogs/kyoto", "", "", "", "", "US", "Chrome", "desktop", 1],
        [4, "2026-11-27", "/blogs/lisbon", "", "mastodon", "social", "lisbon", "", "Chrome", "desktop", 1],
        [5, "2026-11-27", "/blogs/kyoto", "duckduckgo.com", "", "", "", "", "Firefox", "desktop", 2],
        [6, "2026-11-27", "/about", "", "", "", "", "AU", "Chrome", "desktop", 1],
      ]);
      expect(new Set(rows.map((r) => r.visitor)).size).toBe(4);
    });

    it("a finished day is folded once, even with two servers folding at the same moment", async () => {
      await writeViews(
        one.db,
        [
          view(DAY1 + 10),
          view(DAY1 + 20, { url: "/?utm_source=newsletter&utm_campaign=kyoto" }),
          view(DAY1 + 30, { userAgent: FIREFOX, referer: "https://www.google.com/" }),
          view(DAY1 + 40, { remote: "8.8.8.8", url: "/blogs/kyoto.data" }),
          view(DAY2 + 50),
        ],
        { trust },
      );
      // Not before the day is over and its grace has passed.
      expect(await foldFinishedDays(one.db, DAY2 + 100)).toEqual([]);
      const [a, b] = await Promise.all([
        foldFinishedDays(one.db, DAY2 + 700),
        foldFinishedDays(two.db, DAY2 + 700),
      ]);
      expect([...a, ...b]).toEqual(["2026-11-27"]);
      const daily = await one.db
        .selectFrom("analytics_daily")
        .select(["kind", "key", "visitors", "views"])
        .where("day", "=", "2026-11-27")
        .orderBy("kind")
        .orderBy("key")
        .execute();
      const of = (kind: string) =>
        daily.filter((r) => r.kind === kind).map((r) => [r.key, Number(r.visitors), Number(r.views)]);
      expect(of("total")).toEqual([["", 3, 4]]);
      expect(of("page")).toEqual([
        ["/", 1, 1],
        ["/blogs/kyoto", 3, 3],
      ]);
      expect(of("referrer")).toEqual([
        ["", 2, 3],
        ["google.com", 1, 1],
      ]);
      expect(of("source")).toEqual([
        ["", 3, 3],
        ["newsletter", 1, 1],
      ]);
      expect(of("browser")).toEqual([
        ["Chrome", 2, 3],
        ["Firefox", 1, 1],
      ]);
      expect(of("country")).toEqual([
        ["", 2, 3],
        ["US", 1, 1],
      ]);
      // Folding again later adds nothing.
      expect(await foldFinishedDays(two.db, DAY2 + 86_400 + 700)).toEqual(["2026-11-28"]);
      expect(
        await one.db.selectFrom("analytics_daily").select("kind").where("day", "=", "2026-11-27").execute(),
      ).toHaveLength(daily.length);
    });

    it("lets the site write while it reads a day to fold (no write lock held for the breakdowns)", async () => {
      await writeViews(one.db, [view(DAY1 + 10), view(DAY1 + 20, { url: "/" })], { trust });
      // While the fold reads the day's breakdowns, the other server writes (a comment, a save, its
      // views would do the same). On SQLite a transaction around the reads held the write lock:
      // this write waited for it, and gave up while the fold waited for the write.
      let wrote: Promise<unknown> | undefined;
      const breakdowns = new Set<unknown>();
      const folding = one.db.withPlugin({
        transformQuery(args) {
          const text = one.db.getExecutor().compileQuery(args.node, args.queryId).sql;
          if (/count\(distinct "visitor"\)/.test(text)) breakdowns.add(args.queryId);
          return args.node;
        },
        async transformResult(args) {
          if (!breakdowns.has(args.queryId)) return args.result;
          wrote ??= two.db
            .insertInto("analytics_salts")
            .values({ day: "2026-12-25", salt: "written while the fold read" })
            .execute();
          await wrote;
          return args.result;
        },
      });
      expect(await foldFinishedDays(folding, DAY2 + 700)).toEqual(["2026-11-27"]);
      expect(breakdowns.size).toBeGreaterThan(1);
      expect(
        await one.db.selectFrom("analytics_salts").select("salt").where("day", "=", "2026-12-25").execute(),
      ).toEqual([{ salt: "written while the fold read" }]);
      expect(
        await one.db
          .selectFrom("analytics_daily")
          .select(["key", "visitors", "views"])
          .where("day", "=", "2026-11-27")
          .where("kind", "=", "page")
          .orderBy("key")
          .execute(),
      ).toEqual([
        { key: "/", visitors: 1, views: 1 },
        { key: "/blogs/kyoto", visitors: 1, views: 1 },
      ]);
    });

    it("finds the days to fold by the views' time: a short read per day, not a pass over every view", async () => {
      await writeViews(one.db, [view(DAY1 + 10), view(DAY1 + 20), view(DAY2 + 30), view(DAY2 + 40)], {
        trust,
      });
      const { db: recorded, nodes } = recordingQueries(one.db);
      // The tidy asks every minute; before the first day is over there is nothing to fold.
      expect(await foldFinishedDays(recorded, DAY1 + 600)).toEqual([]);
      expect(await foldFinishedDays(recorded, DAY2 + 86_400 + 700)).toEqual(["2026-11-27", "2026-11-28"]);
      const finding = nodes
        .map((node, i) => compiled(one.db, node, i))
        .filter((q) => /from "analytics_hits"/.test(q.sql) && !/count\(distinct/.test(q.sql));
      // A read per day with views, and one that finds none after them: 1 + 3.
      expect(finding).toHaveLength(4);
      if (engine !== "sqlite") return; // PostgreSQL reads a table of a few rows as it likes.
      for (const read of finding) {
        const plan = await planOf(one.db, engine, read);
        expect(plan, `${read.sql}\n${plan}`).toMatch(
          /SEARCH analytics_hits USING COVERING INDEX analytics_hits_at_idx/,
        );
      }
    });

    it("a clock set back into a folded day does not count that day twice", async () => {
      await writeViews(one.db, [view(DAY1 + 10), view(DAY1 + 20)], { trust });
      expect(await foldFinishedDays(one.db, DAY2 + 700)).toEqual(["2026-11-27"]);
      // The server's clock went back a day: views are written for a day already folded.
      await writeViews(one.db, [view(DAY1 + 30)], { trust });
      expect(await foldFinishedDays(two.db, DAY2 + 800)).toEqual([]);
      const totals = await one.db
        .selectFrom("analytics_daily")
        .select(["views"])
        .where("day", "=", "2026-11-27")
        .where("kind", "=", "total")
        .execute();
      expect(totals).toEqual([{ views: 2 }]);
    });

    it(`a flood of made-up referrers keeps ${KEYS_PER_DAY} a day, the rest as one row`, async () => {
      const flood = Array.from({ length: KEYS_PER_DAY + 50 }, (_, i) =>
        view(DAY1 + i, { referer: `https://spam-${i}.example/`, remote: `10.1.${i % 250}.${i % 7}` }),
      );
      await writeViews(one.db, flood, { trust });
      await foldFinishedDays(one.db, DAY2 + 700);
      const referrers = await one.db
        .selectFrom("analytics_daily")
        .select(["key", "views"])
        .where("day", "=", "2026-11-27")
        .where("kind", "=", "referrer")
        .execute();
      expect(referrers).toHaveLength(KEYS_PER_DAY + 1);
      expect(referrers.find((r) => r.key === OTHER)?.views).toBe(50);
      expect(referrers.reduce((n, r) => n + Number(r.views), 0)).toBe(KEYS_PER_DAY + 50);
    });

    it("raw views go after the hours kept, only once their day is folded; daily totals stay", async () => {
      await writeViews(one.db, [view(DAY1 + 10), view(DAY2 + 10)], { trust });
      // Day 1's view is 49 hours old, day 2's 25: both days are over and folded by then.
      const now = DAY1 + 10 + 49 * 3600;
      // Day 1 is not folded yet: its raw views stay, whatever their age.
      await pruneRawViews(one.db, 48, now);
      expect(await hits()).toHaveLength(2);
      await foldFinishedDays(one.db, now);
      await pruneRawViews(one.db, 48, now);
      expect((await hits()).map((r) => r.day)).toEqual(["2026-11-28"]);
      expect(
        await one.db
          .selectFrom("analytics_daily")
          .select("views")
          .where("day", "=", "2026-11-27")
          .where("kind", "=", "total")
          .execute(),
      ).toEqual([{ views: 1 }]);
      expect(dayOf(now)).toBe("2026-11-29");
    });
  });
}
