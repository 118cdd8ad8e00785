/**
 * /admin/activity through its loader, on both engines: newest first, 50 a page, narrowed by person
 * and kind from the query string; a value that names no one, no kind or no page is ignored (never
 * a 500); entries past their time are pruned, at most once an hour per process; no one but an
 * admin reads it, and nothing answers a post to it.
 */
import { afterEach, beforeAll, expect, it, vi } from "vitest";
import type { Actor } from "#app/server/models/activity.server.ts";
import { answerOf, describeRoutesEachEngine } from "#tests/support/route-harness.ts";

const ANA: Actor = { accountId: 1, name: "ana@example.com", address: "198.51.100.1" };
const BEN: Actor = { accountId: 2, name: "ben@example.com", address: "198.51.100.2" };
const DAY = 24 * 3600;

interface Entry {
  id: number;
  at: number;
  actor: string;
  kind: string;
  kindLabel: string;
  itemLabel: string;
  detail: string;
  address: string;
}
interface ScreenData {
  entries: { items: Entry[]; page: number; pageCount: number; total: number };
  actors: string[];
  actor: string;
  kind: string;
}

afterEach(() => {
  vi.useRealTimers();
});

describeRoutesEachEngine("/admin/activity", (h) => {
  let screen: typeof import("#app/routes/admin/activity.tsx");
  let model: typeof import("#app/server/models/activity.server.ts");
  let pruning: typeof import("#app/server/models/activity.server.ts");
  let base = 0;

  beforeAll(async () => {
    screen = await import("#app/routes/admin/activity.tsx");
    model = await import("#app/server/models/activity.server.ts");
    pruning = await import("#app/server/models/activity.server.ts");
    base = Math.floor(Date.now() / 1000) - 30 * DAY;
    // From an empty log: the harness's own sign-in may have been recorded.
    await h.db().deleteFrom("activity_log").execute();
    // 120 entries, one a minute: Ana's backups on even minutes, Ben's exports on odd ones, the
    // last two at the same second (the later id first).
    for (let i = 0; i < 120; i++) {
      await model.recordActivity(h.db(), i % 2 === 0 ? ANA : BEN, i % 2 === 0 ? "backup" : "export", {
        item: { type: "file", label: `file-${i}.tar.gz` },
        detail: `entry ${i}`,
        now: base + Math.min(i, 118) * 60,
      });
    }
  });

  const view = async (query = "") => {
    const answer = await answerOf(h.loader(screen, `/admin/activity${query}`));
    return answer as ScreenData;
  };
  const details = (data: ScreenData) => data.entries.items.map((e) => e.detail);

  it("shows 50 entries a page, newest first (the later of two at one second first), with who, what, which item and from where", async () => {
    const first = await view();
    expect(first.entries).toMatchObject({ page: 1, pageCount: 3, total: 120 });
    expect(details(first).slice(0, 4)).toEqual(["entry 119", "entry 118", "entry 117", "entry 116"]);
    expect(first.entries.items).toHaveLength(50);
    expect(first.entries.items[0]).toMatchObject({
      at: base + 118 * 60,
      actor: "ben@example.com",
      kind: "export",
      kindLabel: "Export",
      itemLabel: "file-119.tar.gz",
      address: "198.51.100.2",
    });
    expect(details(await view("?page=2"))[0]).toBe("entry 69");
    const last = await view("?page=3");
    expect(details(last)).toHaveLength(20);
    expect(details(last).at(-1)).toBe("entry 0");
  });

  it("narrows by person, by kind, and by both, keeping the other filter on every page", async () => {
    const ana = await view("?actor=ana%40example.com");
    expect(ana.actor).toBe("ana@example.com");
    expect(ana.entries.total).toBe(60);
    expect(new Set(ana.entries.items.map((e) => e.actor))).toEqual(new Set(["ana@example.com"]));
    expect(details(ana)[0]).toBe("entry 118");

    const exports = await view("?kind=export&page=2");
    expect(exports).toMatchObject({ kind: "export", entries: { total: 60, page: 2, pageCount: 2 } });
    expect(details(exports)).toHaveLength(10);
    expect(details(exports).at(-1)).toBe("entry 1");

    const none = await view("?actor=ana%40example.com&kind=export");
    expect(none.entries.total).toBe(0);
    expect(none.entries.items).toEqual([]);
    expect(none.actors).toEqual(expect.arrayContaining(["ana@example.com", "ben@example.com"]));
  });

  it("ignores a person, kind or page it does not know, never failing", async () => {
    for (const query of [
      "?actor=nobody%40example.com",
      "?actor=",
      `?actor=${"x".repeat(5000)}`,
      "?kind=drop%20table%20activity_log",
      "?kind=toString",
      "?kind=__proto__",
      "?page=abc",
      "?page=-3",
      "?page=0",
      "?page=1e400",
      "?actor=ana%40example.com&actor=ben%40example.com",
    ]) {
      const data = await view(query);
      expect(data.entries, query).toBeTruthy();
      expect(data.entries.items.length, query).toBeGreaterThan(0);
    }
    expect(await view("?kind=toString")).toMatchObject({ kind: "", entries: { total: 120 } });
    expect(await view("?actor=nobody%40example.com")).toMatchObject({ actor: "", entries: { total: 120 } });
    expect((await view("?page=abc")).entries.page).toBe(1);
    expect((await view("?page=1e400")).entries.page).toBe(3);
    expect((await view("?page=99&kind=backup")).entries).toMatchObject({ page: 2, pageCount: 2 });
  });

  it("answers a visitor with the login page and has no action: nothing edits or deletes an entry", async () => {
    const answer = await answerOf(h.loader(screen, "/admin/activity", ""));
    expect(answer).toBeInstanceOf(Response);
    expect((answer as Response).headers.get("location")).toBe("/admin/login");
    expect("action" in screen).toBe(false);
  });

  it("prunes entries past ACTIVITY_KEEP_DAYS when the screen is viewed, at most once an hour", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    // Past any prune the earlier views made.
    const start = Date.now() + 2 * 3600 * 1000;
    vi.setSystemTime(start);
    const now = Math.floor(start / 1000);
    const old = (label: string, age: number) =>
      model.recordActivity(h.db(), ANA, "restore", { item: { type: "file", label }, now: now - age });
    const labels = async () =>
      (await h.db().selectFrom("activity_log").select("item_label").where("kind", "=", "restore").execute())
        .map((r) => r.item_label)
        .sort();
    await old("too-old.tar.gz", 366 * DAY);
    await old("kept.tar.gz", 364 * DAY);

    await view();
    expect(await labels()).toEqual(["kept.tar.gz"]);

    // Within the hour: no second prune.
    await old("later.tar.gz", 400 * DAY);
    vi.setSystemTime(start + 59 * 60 * 1000);
    await view();
    expect(await labels()).toEqual(["kept.tar.gz", "later.tar.gz"]);

    vi.setSystemTime(start + 61 * 60 * 1000);
    await view();
    expect(await labels()).toEqual(["kept.tar.gz"]);
    // The gate itself: not yet time answers null, and nothing is read.
    expect(await pruning.pruneActivityHourly(h.db(), start + 62 * 60 * 1000)).toBeNull();
  });
});
