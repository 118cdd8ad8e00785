/**
 * A database that goes away while page views are counted (app/server/analytics/recorder.server.ts):
 * the batch being written is lost and logged, the request path keeps counting into a bounded
 * list, and once the database is back the next batch is written. Never an exception out of the
 * timer, never a pile kept for later (the list's bound is page-views.server.test.ts's).
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countPageView, pendingCount, takePendingViews } from "#app/server/analytics/page-views.server.ts";
import { flushAnalytics, startAnalytics, stopAnalytics } from "#app/server/analytics/recorder.server.ts";
import { type DatabaseHandle, openDatabase } from "#app/server/db/db.server.ts";
import { ENGINES, emptyDatabaseUrl } from "#tests/support/engines.ts";

const CHROME =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";
const read = () =>
  countPageView(
    {
      method: "GET",
      url: "/blogs",
      headers: { host: "site.example", "user-agent": CHROME },
      socket: { remoteAddress: "10.0.0.7" },
    } as unknown as IncomingMessage,
    { statusCode: 200 } as ServerResponse,
    "/blogs",
  );

for (const engine of ENGINES)
  describe(`analytics through an outage [${engine}]`, () => {
    let url = "";
    let cleanup: () => Promise<void>;
    beforeAll(async () => {
      ({ url, cleanup } = await emptyDatabaseUrl(engine));
    });
    afterAll(async () => {
      stopAnalytics();
      takePendingViews();
      await cleanup();
    });

    it("a batch written into a closed database is dropped; the next, once it is back, is written", async () => {
      const gone: DatabaseHandle = await openDatabase(url);
      startAnalytics(gone.db, { rawHours: 48, sessionCookies: [] });
      await gone.destroy();
      for (let i = 0; i < 3; i++) read();
      await expect(flushAnalytics()).resolves.toBeUndefined();
      // Lost, not kept for later: the list is empty again.
      expect(pendingCount()).toBe(0);

      const back = await openDatabase(url);
      try {
        startAnalytics(back.db, { rawHours: 48, sessionCookies: [] });
        for (let i = 0; i < 2; i++) read();
        await flushAnalytics();
        // Two views by one reader (one row counting both, unless a second ended between them).
        const rows = await back.db.selectFrom("analytics_hits").select(["path", "views"]).execute();
        expect(new Set(rows.map((r) => r.path))).toEqual(new Set(["/blogs"]));
        expect(rows.reduce((n, r) => n + Number(r.views), 0)).toBe(2);
      } finally {
        stopAnalytics();
        await back.destroy();
      }
    });
  });
