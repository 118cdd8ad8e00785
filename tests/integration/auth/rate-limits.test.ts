/**
 * The database's fixed-window rate limit (app/server/auth/rate-limits.server.ts) on both engines:
 * windows start at multiples of their length, a hit at the last second of a window still counts
 * in it, and the sweep runs at most once a minute (or at once when the clock went back), deleting
 * only windows over a day old.
 */
import { expect, it } from "vitest";
import { allowHit, SWEEP_INTERVAL_SECONDS, sweepExpiredLimits } from "#app/server/auth/rate-limits.server.ts";
import { describeEachEngine } from "#tests/support/engines.ts";

describeEachEngine("rate limits", (db) => {
  it("counts hits in windows that start at multiples of the window's length", async () => {
    const key = "form:203.0.113.7";
    expect(await allowHit(db(), key, 1, 60, 1_000_020)).toBe(true);
    // Same window (1,000,020 – 1,000,079): over the limit, to its last second.
    expect(await allowHit(db(), key, 1, 60, 1_000_021)).toBe(false);
    expect(await allowHit(db(), key, 1, 60, 1_000_079)).toBe(false);
    // The next window starts afresh.
    expect(await allowHit(db(), key, 1, 60, 1_000_080)).toBe(true);
    expect(await allowHit(db(), key, 1, 60, 1_000_081)).toBe(false);
    const row = await db()
      .selectFrom("rate_limits")
      .selectAll()
      .where("key", "=", key)
      .executeTakeFirstOrThrow();
    expect({ start: Number(row.window_start), count: row.count }).toEqual({ start: 1_000_080, count: 2 });
  });

  it("sweeps at most once a minute, at once when the clock went back, and only windows over a day old", async () => {
    const now = 2_000_000;
    await db()
      .insertInto("rate_limits")
      .values([
        { key: "old", window_start: now - 86_401, count: 1 },
        { key: "recent", window_start: now - 3600, count: 1 },
      ])
      .execute();
    expect(await sweepExpiredLimits(db(), now)).toBe(true);
    const left = await db()
      .selectFrom("rate_limits")
      .select("key")
      .where("key", "in", ["old", "recent"])
      .execute();
    expect(left.map((r) => r.key)).toEqual(["recent"]);

    expect(await sweepExpiredLimits(db(), now + SWEEP_INTERVAL_SECONDS - 1)).toBe(false);
    expect(await sweepExpiredLimits(db(), now + SWEEP_INTERVAL_SECONDS)).toBe(true);
    // A clock set back: the last sweep's time means nothing, so it sweeps.
    expect(await sweepExpiredLimits(db(), now - 10)).toBe(true);
    expect(await sweepExpiredLimits(db(), now - 10)).toBe(false);
  });
});
