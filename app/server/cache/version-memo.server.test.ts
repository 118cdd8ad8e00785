import { describe, expect, it } from "vitest";
import type { DB } from "#app/server/db/db.server.ts";
import type { PublicVersionReader } from "./public-version.server.ts";
import { memoUnderVersion } from "./version-memo.server.ts";

const db = {} as DB;

/** A reader whose version the test sets; `atOnce: false` makes now() unable to answer. */
function fakeReader(initial: string) {
  const state = { version: initial, atOnce: true, reads: 0, nows: 0 };
  const read = async () => {
    state.reads++;
    return state.version;
  };
  const reader: PublicVersionReader = Object.assign(read, {
    now: () => {
      state.nows++;
      return state.atOnce ? state.version : undefined;
    },
  });
  return { reader, state };
}

/** A load that counts its calls and answers `key@n`. */
function countingLoad() {
  const calls: string[] = [];
  const load = async (_db: DB, key: string) => {
    calls.push(key);
    return `${key}@${calls.length}`;
  };
  return { load, calls };
}

describe("memoUnderVersion", () => {
  it("loads a key once while the version stays, and again once it moves", async () => {
    const { reader, state } = fakeReader("1");
    const { load, calls } = countingLoad();
    const memo = memoUnderVersion(reader, load);
    expect(await memo(db, "a.example")).toBe("a.example@1");
    expect(await memo(db, "a.example")).toBe("a.example@1");
    expect(await memo(db, "b.example")).toBe("b.example@2");
    state.version = "2";
    expect(await memo(db, "a.example")).toBe("a.example@3");
    expect(calls).toEqual(["a.example", "b.example", "a.example"]);
  });

  it("takes the version before loading: a write during the load makes the next call load again", async () => {
    const { reader, state } = fakeReader("1");
    let loads = 0;
    const memo = memoUnderVersion(reader, async () => {
      loads++;
      // A write commits while this load runs: what it read may be before or after it.
      state.version = "2";
      return loads;
    });
    expect(await memo(db, "k")).toBe(1);
    expect(await memo(db, "k")).toBe(2);
    expect(await memo(db, "k")).toBe(2);
  });

  it("shares one load between calls that come together", async () => {
    const { reader } = fakeReader("1");
    const { load, calls } = countingLoad();
    const memo = memoUnderVersion(reader, load);
    const answers = await Promise.all([memo(db, "k"), memo(db, "k"), memo(db, "k")]);
    expect(answers).toEqual(["k@1", "k@1", "k@1"]);
    expect(calls).toHaveLength(1);
  });

  it("does not keep a load that failed", async () => {
    const { reader } = fakeReader("1");
    let fail = true;
    const memo = memoUnderVersion(reader, async () => {
      if (fail) throw new Error("database gone");
      return "ok";
    });
    await expect(memo(db, "k")).rejects.toThrow("database gone");
    fail = false;
    expect(await memo(db, "k")).toBe("ok");
  });

  it("keeps at most maxKeys keys a version, and loads the others every time", async () => {
    const { reader } = fakeReader("1");
    const { load, calls } = countingLoad();
    const memo = memoUnderVersion(reader, load, 2);
    await memo(db, "a");
    await memo(db, "b");
    await memo(db, "c");
    await memo(db, "c");
    await memo(db, "a");
    expect(calls).toEqual(["a", "b", "c", "c"]);
  });

  it("reads the version when it cannot be had at once", async () => {
    const { reader, state } = fakeReader("1");
    const { load, calls } = countingLoad();
    const memo = memoUnderVersion(reader, load);
    await memo(db, "k");
    expect(state.reads).toBe(0);
    state.atOnce = false;
    state.version = "2";
    expect(await memo(db, "k")).toBe("k@2");
    expect(state.reads).toBe(1);
    expect(calls).toHaveLength(2);
  });
});
