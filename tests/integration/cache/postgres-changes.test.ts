/**
 * PostgreSQL tells each server when the content version moves (migration 034's trigger, LISTEN in
 * db/postgres-changes.server.ts), so a cache hit's version check (`publicVersionReader().now()`)
 * answers without a round trip, and stops answering the moment the database says the version
 * moved, a write of this process ends or is under way, the listener drops, or the bound passes.
 * Two handles on one database stand for two servers.
 */
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type PublicVersionReader, publicVersionReader } from "#app/server/cache/public-version.server.ts";
import { type DatabaseHandle, openDatabase } from "#app/server/db/db.server.ts";
import { CONTENT_CHANNEL, createChangeWatch, mayWrite } from "#app/server/db/postgres-changes.server.ts";
import { createBlog } from "#app/server/models/blogs.server.ts";
import { blogInput, TEST_ACTOR } from "#tests/support/content.ts";
import { createPostgresDatabase } from "#tests/support/engines.ts";

/** Long enough that only a notification (or a write here) can stop `now()` within a test. */
const PUSHED_FOR_MS = 60_000;

let url = "";
let drop: () => Promise<void> = async () => {};
let here: DatabaseHandle;
let other: DatabaseHandle;

beforeAll(async () => {
  ({ url, drop } = await createPostgresDatabase());
  here = await openDatabase(url);
  other = await openDatabase(url, { migrate: false });
});

afterAll(async () => {
  await here?.destroy();
  await other?.destroy();
  await drop();
});

/** Reads until the reader may answer at once (the listener connects and checks its first notice). */
async function readUntilPushed(read: PublicVersionReader): Promise<string> {
  await vi.waitFor(
    async () => {
      await read();
      expect(read.now()).toBeDefined();
    },
    { timeout: 5000, interval: 20 },
  );
  return read.now() as string;
}

describe("the content version pushed by PostgreSQL", () => {
  it("answers at once, until another server's write is notified; then the next read has it", async () => {
    const read = publicVersionReader(async () => here.db, undefined, { pushedForMs: PUSHED_FOR_MS });
    expect(read.now()).toBeUndefined();
    const first = await readUntilPushed(read);
    expect(read.now()).toBe(first);
    await createBlog(other.db, TEST_ACTOR, blogInput("Written Elsewhere"));
    await vi.waitFor(() => expect(read.now()).toBeUndefined(), { timeout: 5000, interval: 5 });
    const second = await read();
    expect(second).not.toBe(first);
    expect(read.now()).toBe(second);
  });

  it("stops answering at once when a write of this process ends, whatever it wrote", async () => {
    const read = publicVersionReader(async () => here.db, undefined, { pushedForMs: PUSHED_FOR_MS });
    const version = await readUntilPushed(read);
    // A table no public page shows: no notification comes, so only the write's own end can say.
    await sql`update login_throttle set failures = 0 where key = 'nobody'`.execute(here.db);
    expect(read.now()).toBeUndefined();
    expect(await read()).toBe(version);
    expect(read.now()).toBe(version);
  });

  it("does not answer while a write of this process is under way", async () => {
    const read = publicVersionReader(async () => here.db, undefined, { pushedForMs: PUSHED_FOR_MS });
    const version = await readUntilPushed(read);
    // Another server holds the content version's row, so this process's write waits for it.
    let waiting: Promise<unknown> | undefined;
    let ended = false;
    await other.db.connection().execute(async (connection) => {
      await sql`begin`.execute(connection);
      try {
        await sql`select version from content_version where id = 1 for update`.execute(connection);
        waiting = sql`update content_version set version = version where id = 1`
          .execute(here.db)
          .finally(() => {
            ended = true;
          });
        await vi.waitFor(() => expect(read.now()).toBeUndefined(), { timeout: 2000, interval: 5 });
        // The write has not ended (it cannot, while the row is held): it is under way.
        await new Promise((resolve) => setTimeout(resolve, 100));
        expect(ended).toBe(false);
        expect(read.now()).toBeUndefined();
      } finally {
        await sql`rollback`.execute(connection);
      }
    });
    await waiting;
    expect(read.now()).toBeUndefined();
    // The write touched the version's row, so its notice may still come after the next read began.
    expect(await readUntilPushed(read)).toBe(version);
  });

  it("does not answer once the listening connection is gone, and answers again once it is back", async () => {
    const read = publicVersionReader(async () => here.db, undefined, { pushedForMs: PUSHED_FOR_MS });
    const version = await readUntilPushed(read);
    const { rows } = await sql<{ ended: boolean }>`
      select pg_terminate_backend(pid) as ended from pg_stat_activity
      where datname = current_database() and query = ${`listen ${CONTENT_CHANNEL}`}`.execute(other.db);
    expect(rows).toEqual([{ ended: true }]);
    await vi.waitFor(() => expect(read.now()).toBeUndefined(), { timeout: 2000, interval: 5 });
    expect(await read()).toBe(version);
    expect(read.now()).toBeUndefined();
    // The listener connects again (a second later) and checks its notices before it is trusted.
    expect(await readUntilPushed(read)).toBe(version);
  });

  it("reads again once the bound has passed, notification or not", async () => {
    let ms = 0;
    const read = publicVersionReader(async () => here.db, undefined, { pushedForMs: 1000, millis: () => ms });
    const version = await readUntilPushed(read);
    ms += 1000;
    expect(read.now()).toBe(version);
    ms += 1;
    expect(read.now()).toBeUndefined();
    await read();
    expect(read.now()).toBe(version);
  });
});

describe("the listener checks that notifications arrive", () => {
  it("is trusted only once a notice sent through another connection has come back", async () => {
    const sent: string[] = [];
    const options = { connectionString: url, connectMs: 300, statementMs: 300, unverifiedRetryMs: 60_000 };
    const lost = createChangeWatch({
      ...options,
      notifyThroughPool: async (payload) => void sent.push(payload),
    });
    const delivered = createChangeWatch({
      ...options,
      notifyThroughPool: async (payload) => {
        await sql`select pg_notify(${CONTENT_CHANNEL}, ${payload})`.execute(other.db);
      },
    });
    try {
      lost.start();
      delivered.start();
      await vi.waitFor(() => expect(delivered.trusted()).toBe(true), { timeout: 5000, interval: 10 });
      // The lost one's notice had the same 600 ms to come back as the delivered one's.
      await vi.waitFor(() => expect(sent).toHaveLength(1));
      await new Promise((resolve) => setTimeout(resolve, 700));
      expect(lost.trusted()).toBe(false);
      expect(sent).toHaveLength(1);
    } finally {
      await lost.stop();
      await delivered.stop();
    }
  });
});

describe("mayWrite", () => {
  it("takes a select for a read and anything else for a possible write", () => {
    expect(mayWrite('select "version" from "content_version"')).toBe(false);
    expect(mayWrite("  SELECT 1")).toBe(false);
    expect(mayWrite("commit")).toBe(true);
    expect(mayWrite('update "blogs" set "title" = $1')).toBe(true);
    expect(mayWrite("with moved as (delete from x returning *) select * from moved")).toBe(true);
    expect(mayWrite("selection")).toBe(true);
  });
});
