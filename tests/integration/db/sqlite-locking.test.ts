/**
 * The SQLite driver (app/server/db/sqlite-driver.server.ts) when another process holds the write
 * lock: nothing blocks the event loop, reads go on, writes wait (asynchronously) and then either
 * go through or give up with DatabaseUnavailableError; transactions never fail halfway.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "#app/server/db/db.server.ts";
import { DatabaseUnavailableError } from "#app/server/db/health.server.ts";

const LOCK_WAIT_MS = 800;
let dir: string;
let file: string;
let handle: DatabaseHandle;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "wanderplate-sqlite-locking-"));
  file = join(dir, "site.db");
  process.env.DATABASE_CONNECT_TIMEOUT_MS = String(LOCK_WAIT_MS);
  try {
    handle = await openDatabase(`file:${file}`);
  } finally {
    delete process.env.DATABASE_CONNECT_TIMEOUT_MS;
  }
});

afterAll(async () => {
  await handle?.destroy();
  await rm(dir, { recursive: true, force: true });
});

/** Another process's connection holding the write lock (BEGIN IMMEDIATE). */
function otherWriter() {
  const other = new DatabaseSync(file);
  other.exec("BEGIN IMMEDIATE");
  return {
    write: (key: string) =>
      other.prepare("insert into settings (key, value, updated_at) values (?, '1', 0)").run(key),
    commit: () => {
      other.exec("COMMIT");
      other.close();
    },
    rollback: () => {
      other.exec("ROLLBACK");
      other.close();
    },
  };
}

const setting = (key: string) =>
  handle.db.insertInto("settings").values({ key, value: "x", updated_at: 0 }).execute();

describe("SQLite under another process's write lock", () => {
  it("reads answer at once and the event loop keeps turning while a write waits", async () => {
    const other = otherWriter();
    let ticks = 0;
    const ticker = setInterval(() => ticks++, 10);
    try {
      const write = setting("waiting-write");
      const rows = await handle.db.selectFrom("settings").select("key").execute();
      expect(Array.isArray(rows)).toBe(true);
      await new Promise((r) => setTimeout(r, 200));
      expect(ticks).toBeGreaterThan(5);
      other.rollback();
      await write;
    } finally {
      clearInterval(ticker);
    }
    const row = await handle.db
      .selectFrom("settings")
      .select("key")
      .where("key", "=", "waiting-write")
      .executeTakeFirst();
    expect(row?.key).toBe("waiting-write");
  });

  it("a write gives up with DatabaseUnavailableError once the lock is held past the bound", async () => {
    const other = otherWriter();
    try {
      const started = Date.now();
      await expect(setting("never")).rejects.toBeInstanceOf(DatabaseUnavailableError);
      expect(Date.now() - started).toBeGreaterThanOrEqual(LOCK_WAIT_MS - 50);
    } finally {
      other.rollback();
    }
  });

  it("a transaction that reads then writes completes although another process committed meanwhile", async () => {
    // With a deferred BEGIN the transaction would read an old snapshot, and its write would then
    // fail with SQLITE_BUSY_SNAPSHOT, which no retry can repair. BEGIN IMMEDIATE waits instead.
    const other = otherWriter();
    const transaction = handle.db.transaction().execute(async (trx) => {
      const before = await trx.selectFrom("settings").select("key").where("key", "=", "from-other").execute();
      await trx
        .insertInto("settings")
        .values({ key: "from-transaction", value: String(before.length), updated_at: 0 })
        .execute();
    });
    await new Promise((r) => setTimeout(r, 100));
    other.write("from-other");
    other.commit();
    await transaction;
    const row = await handle.db
      .selectFrom("settings")
      .select("value")
      .where("key", "=", "from-transaction")
      .executeTakeFirstOrThrow();
    // The transaction began after the other commit, so it saw the other's row.
    expect(row.value).toBe("1");
  });

  it("this process's own transactions and writes take turns without deadlock", async () => {
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        i % 2
          ? setting(`own-${i}`)
          : handle.db.transaction().execute(async (trx) => {
              await trx
                .insertInto("settings")
                .values({ key: `own-${i}`, value: "t", updated_at: 0 })
                .execute();
              await trx.selectFrom("settings").select("key").execute();
            }),
      ),
    );
    const rows = await handle.db.selectFrom("settings").select("key").where("key", "like", "own-%").execute();
    expect(rows).toHaveLength(20);
  });
});
