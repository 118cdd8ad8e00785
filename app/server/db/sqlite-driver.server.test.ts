import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { Kysely, sql } from "kysely";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { DatabaseUnavailableError } from "./health.server.ts";
import { NodeSqliteDialect } from "./sqlite-driver.server.ts";
import { WalIndexWatch } from "./wal-index.server.ts";

interface Tables {
  items: { id: number; name: string };
}

let db: Kysely<Tables>;

/** Resolves in the event loop's next turn (after its check phase). */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

beforeAll(async () => {
  db = new Kysely<Tables>({ dialect: new NodeSqliteDialect({ path: ":memory:", lockWaitMs: 100 }) });
  await sql`create table items (id integer primary key, name text not null)`.execute(db);
  for (let id = 1; id <= 30; id++)
    await db
      .insertInto("items")
      .values({ id, name: `item ${id}` })
      .execute();
});

afterAll(() => db.destroy());

// A bound LIMIT makes SQLite compile the statement again each time it runs (sqlite-driver.server.ts).
describe("LIMIT on SQLite", () => {
  it("writes an integer limit into the SQL and keeps the offset bound", () => {
    const query = db.selectFrom("items").select("id").orderBy("id").limit(9).offset(18).compile();
    expect(query.sql).toBe('select "id" from "items" order by "id" limit 9 offset ?');
    expect(query.parameters).toEqual([18]);
  });

  it("binds anything that is not a safe integer, as before", () => {
    for (const limit of [2.5, Number.MAX_SAFE_INTEGER + 2]) {
      const query = db.selectFrom("items").select("id").limit(limit).compile();
      expect(query.sql).toBe('select "id" from "items" limit ?');
      expect(query.parameters).toEqual([limit]);
    }
    const expression = db.selectFrom("items").select("id").limit(sql<number>`${3} + 1`).compile();
    expect(expression.sql).toBe('select "id" from "items" limit ? + 1');
  });

  it("pages through rows the same way", async () => {
    const page = (n: number) =>
      db
        .selectFrom("items")
        .select("id")
        .orderBy("id")
        .limit(9)
        .offset((n - 1) * 9)
        .execute();
    expect((await page(1)).map((row) => row.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect((await page(4)).map((row) => row.id)).toEqual([28, 29, 30]);
    expect(await db.selectFrom("items").select("id").limit(0).execute()).toEqual([]);
  });
});

describe("firstValueSync", () => {
  it("reads the first column of the first row at once, sees each write, and refuses a closed database", async () => {
    const dialect = new NodeSqliteDialect({ path: ":memory:", lockWaitMs: 100 });
    const own = new Kysely<Tables>({ dialect });
    // Kysely opens the connections on its first query.
    expect(() => dialect.firstValueSync("select 1")).toThrow(/not open/);
    await sql`create table items (id integer primary key, name text not null)`.execute(own);
    const query = "select name from items order by id";
    expect(dialect.firstValueSync(query)).toBeUndefined();
    await own.insertInto("items").values({ id: 1, name: "first" }).execute();
    expect(dialect.firstValueSync(query)).toBe("first");
    await own.updateTable("items").set({ name: "changed" }).where("id", "=", 1).execute();
    expect(dialect.firstValueSync(query)).toBe("changed");
    await own.destroy();
    expect(() => dialect.firstValueSync(query)).toThrow(/not open/);
  });
});

// On a file in WAL mode, firstValueSync answers from SQLite's WAL-index header while nothing has
// been committed since its last read (wal-index.server.ts). Another connection stands for another
// process: the CLI, a backup, a second server on the same file.
describe("firstValueSync on a database file", () => {
  let dir: string;
  let dialect: NodeSqliteDialect;
  let own: Kysely<Tables>;
  let other: DatabaseSync;
  const query = "select name from items where id = 1";

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), "first-value-"));
    dialect = new NodeSqliteDialect({ path: join(dir, "site.db"), lockWaitMs: 100 });
    own = new Kysely<Tables>({ dialect });
    await sql`create table items (id integer primary key, name text not null)`.execute(own);
    await own.insertInto("items").values({ id: 1, name: "first" }).execute();
    other = new DatabaseSync(join(dir, "site.db"), { timeout: 1000 });
  });

  afterEach(async () => {
    other.close();
    await own.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  it("reads once and then answers from the header while nothing is committed", () => {
    for (let i = 0; i < 5; i++) expect(dialect.firstValueSync(query)).toBe("first");
    // The first read opens the watch; the second keeps a header; the rest are answered from it.
    expect(dialect.firstValueReads).toBe(2);
    expect(dialect.firstValueSync("select count(*) from items")).toBe(1);
    expect(dialect.firstValueReads).toBe(3);
    expect(dialect.firstValueSync(query)).toBe("first");
    expect(dialect.firstValueReads).toBe(3);
  });

  it("sees this process's writes at once, another's from the next turn of the event loop, and a restarted WAL", async () => {
    const names = ["second", "third", "fourth", "fifth"] as const;
    expect(dialect.firstValueSync(query)).toBe("first");
    expect(dialect.firstValueSync(query)).toBe("first");
    other.prepare("update items set name = ? where id = 1").run(names[0]);
    // The reads of one turn share one look at the header: as if answered at the same instant.
    expect(dialect.firstValueSync(query)).toBe("first");
    await nextTurn();
    expect(dialect.firstValueSync(query)).toBe(names[0]);
    // A write of this process ends the sharing: the next read looks again, in the same turn.
    await own.updateTable("items").set({ name: names[1] }).where("id", "=", 1).execute();
    expect(dialect.firstValueSync(query)).toBe(names[1]);
    // A checkpoint that empties the WAL, then as many commits as before: the frame count comes
    // back to where it was, and the WAL's salt tells the headers apart.
    other.exec("PRAGMA wal_checkpoint(TRUNCATE)");
    await nextTurn();
    expect(dialect.firstValueSync(query)).toBe(names[1]);
    other.prepare("update items set name = ? where id = 1").run(names[2]);
    await nextTurn();
    expect(dialect.firstValueSync(query)).toBe(names[2]);
    other.exec("PRAGMA wal_checkpoint(TRUNCATE)");
    other.prepare("update items set name = ? where id = 1").run(names[3]);
    await nextTurn();
    expect(dialect.firstValueSync(query)).toBe(names[3]);
    const counted = dialect.firstValueSync("select count(*) from items");
    other.prepare("insert into items (id, name) values (2, 'another')").run();
    await nextTurn();
    expect([counted, dialect.firstValueSync("select count(*) from items")]).toEqual([1, 2]);
  });

  it("looks at the header once per turn of the event loop, however many reads it answers", async () => {
    const opened = dialect.firstValueSync(query);
    await nextTurn();
    const headerReads = vi.spyOn(WalIndexWatch.prototype, "read");
    try {
      for (let i = 0; i < 20; i++) expect(dialect.firstValueSync(query)).toBe(opened);
      expect(headerReads).toHaveBeenCalledTimes(1);
      await nextTurn();
      dialect.firstValueSync(query);
      expect(headerReads).toHaveBeenCalledTimes(2);
    } finally {
      headerReads.mockRestore();
    }
  });
});

describe("WalIndexWatch", () => {
  const header = (change: number) => {
    const copy = Buffer.alloc(48);
    copy.writeUInt32LE(3007000, 0);
    copy.writeUInt32LE(change, 8);
    copy[12] = 1;
    return copy;
  };

  it("trusts a header whose two copies agree, and compares it with the one kept", () => {
    const dir = mkdtempSync(join(tmpdir(), "wal-index-"));
    const shm = join(dir, "site.db-shm");
    try {
      writeFileSync(shm, Buffer.concat([header(1), header(1), Buffer.alloc(40)]));
      const watch = WalIndexWatch.open(join(dir, "site.db"));
      if (!watch) throw new Error("no watch");
      expect([watch.read(), watch.unchanged()]).toEqual([true, false]);
      watch.keep();
      expect([watch.read(), watch.unchanged()]).toEqual([true, true]);
      writeFileSync(shm, Buffer.concat([header(2), header(2), Buffer.alloc(40)]));
      expect([watch.read(), watch.unchanged()]).toEqual([true, false]);
      // A write caught halfway: the second copy is written first.
      writeFileSync(shm, Buffer.concat([header(2), header(3)]));
      expect(watch.read()).toBe(false);
      // Not yet built, and too short.
      writeFileSync(shm, Buffer.concat([Buffer.alloc(48), Buffer.alloc(48)]));
      expect(watch.read()).toBe(false);
      writeFileSync(shm, header(3));
      expect(watch.read()).toBe(false);
      writeFileSync(shm, Buffer.concat([header(1), header(1)]));
      expect([watch.read(), watch.unchanged()]).toEqual([true, true]);
      watch.forget();
      expect([watch.read(), watch.unchanged()]).toEqual([true, false]);
      watch.close();
      expect(watch.read()).toBe(false);
      expect(WalIndexWatch.open(join(dir, "missing.db"))).toBeUndefined();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("opening a database another process holds", () => {
  let dir: string;
  let path: string;
  let holder: DatabaseSync | undefined;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "held-"));
    path = join(dir, "site.db");
    const setup = new DatabaseSync(path);
    setup.exec("PRAGMA journal_mode = WAL; CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT NOT NULL)");
    setup.exec("INSERT INTO items VALUES (1, 'first')");
    setup.close();
    // As a process with the database to itself holds it (a restore, another server's recovery):
    // opening it sets the journal mode, which must read it, and finds it busy.
    holder = new DatabaseSync(path, { timeout: 0 });
    holder.exec("PRAGMA locking_mode = EXCLUSIVE; BEGIN EXCLUSIVE; INSERT INTO items VALUES (2, 'held')");
  });

  const release = () => {
    holder?.exec("ROLLBACK");
    holder?.close();
    holder = undefined;
  };

  afterEach(() => {
    release();
    rmSync(dir, { recursive: true, force: true });
  });

  const names = (db: Kysely<Tables>) => db.selectFrom("items").select("name").orderBy("id").execute();

  it("waits for it, as a write waits for the lock, and opens once it is free", async () => {
    const db = new Kysely<Tables>({ dialect: new NodeSqliteDialect({ path, lockWaitMs: 5000 }) });
    try {
      const read = names(db);
      await new Promise((resolve) => setTimeout(resolve, 150));
      release();
      expect(await read).toEqual([{ name: "first" }]);
    } finally {
      await db.destroy();
    }
  });

  it("gives up after the lock wait with the outage error, and opens on a later query", async () => {
    const report = vi.fn();
    const health = { isDown: () => false, report, settled: async () => {} };
    const db = new Kysely<Tables>({ dialect: new NodeSqliteDialect({ path, lockWaitMs: 100, health }) });
    try {
      const started = Date.now();
      const error = await names(db).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(DatabaseUnavailableError);
      expect(Date.now() - started).toBeGreaterThanOrEqual(100);
      expect(report).toHaveBeenCalledWith(error);
      release();
      expect(await names(db)).toEqual([{ name: "first" }]);
    } finally {
      await db.destroy();
    }
  });
});
