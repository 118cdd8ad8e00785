/**
 * Database faults (docs/decisions/008-database-faults.md): a PostgreSQL connection killed, the
 * server stopped or frozen, a SQLite database locked by another process, the app killed
 * mid-write. The built production server runs as a child process, as a site owner runs it.
 * PostgreSQL here is an instance of this file's own: stopping or freezing the shared test server
 * would break the files running beside this one.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { blogFields } from "#tests/support/content.ts";
import {
  createDatabaseOn,
  type EmbeddedPostgresServer,
  startEmbeddedPostgres,
} from "#tests/support/embedded-postgres.ts";
import {
  ensureBuilt,
  type RunningServer,
  signIn,
  siteEnv,
  startServer,
} from "#tests/support/server-process.ts";

const ADMIN = { email: "owner@wanderplate.test", password: "faults are facts of life" };
/** Short on purpose, so a frozen database shows within seconds. */
const CONNECT_TIMEOUT_MS = 1000;
const STATEMENT_TIMEOUT_MS = 2000;
/** Longest any request may take while the database is unreachable: both timeouts plus slack. */
const BOUND_MS = CONNECT_TIMEOUT_MS + STATEMENT_TIMEOUT_MS + 3000;
/** How long the site may take to notice the database is back. */
const RECOVERY_MS = 15_000;

beforeAll(() => {
  ensureBuilt();
}, 120_000);

const get = (url: string, headers: Record<string, string> = {}) =>
  fetch(url, { headers, redirect: "manual", signal: AbortSignal.timeout(BOUND_MS) });

const post = (url: string, body: Record<string, string>, headers: Record<string, string> = {}) =>
  fetch(url, {
    method: "POST",
    body: new URLSearchParams(body),
    headers,
    redirect: "manual",
    signal: AbortSignal.timeout(BOUND_MS),
  });

async function addBlog(server: RunningServer, cookie: string, title: string): Promise<string> {
  const added = await post(
    `${server.url}/admin/blog`,
    blogFields(title, { intent: "create", content: "<p>Written before the storm.</p>" }),
    { cookie },
  );
  expect(added.status).toBe(200);
  return `/blogs/${title.toLowerCase().replaceAll(" ", "-")}`;
}

const comment = (n: number | string) => ({
  name: "Visitor",
  email: "visitor@example.com",
  comment: `Comment ${n}`,
});

async function waitUntilHealthy(server: RunningServer): Promise<void> {
  const deadline = Date.now() + RECOVERY_MS;
  for (;;) {
    try {
      if ((await get(`${server.url}/healthz`)).status === 200) return;
    } catch {
      // Keep asking until the deadline.
    }
    if (Date.now() > deadline) throw new Error(`not healthy again within ${RECOVERY_MS} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

const alive = (server: RunningServer) =>
  server.process.exitCode === null && server.process.signalCode === null;

/** Fails with how the server ended (exit code or signal, and its standard error) if it has. */
function expectAlive(server: RunningServer, name = "the"): void {
  if (alive(server)) return;
  const { exitCode, signalCode } = server.process;
  expect.fail(
    `${name} server died (exit code ${exitCode}, signal ${signalCode}); its standard error:\n${server.stderr()}`,
  );
}

/** The designed "be right back" page, whichever boundary renders it. */
async function expectOutagePage(res: Response): Promise<void> {
  expect(res.status).toBe(503);
  expect(res.headers.get("retry-after")).toMatch(/^\d+$/);
  const html = await res.text();
  expect(html).toContain("be right back");
  expect(html).toMatch(/<meta name="robots" content="noindex"/);
  expect(html).not.toContain("Unexpected Server Error");
}

async function expectAdminOutageMessage(res: Response): Promise<void> {
  expect(res.status).toBe(503);
  const html = await res.text();
  expect(html).toContain("database is not answering");
  expect(html).not.toContain("Unexpected Server Error");
  expect(html).not.toMatch(/\bat .+\.(js|ts):\d+/);
}

describe("PostgreSQL faults", () => {
  let postgres: EmbeddedPostgresServer;
  let databaseUrl: string;
  /** One server with the response cache, one without: both must ride out every fault. */
  let servers: { cached: RunningServer; uncached: RunningServer };
  let cookie: string;
  let blogPath: string;
  let cleanup: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    postgres = await startEmbeddedPostgres();
    const database = await createDatabaseOn(postgres.url);
    databaseUrl = database.url;
    const uploads = await mkdtemp(join(tmpdir(), "wanderplate-faults-uploads-"));
    const env = siteEnv(
      { database: database.url, uploads, admin: ADMIN },
      {
        FORM_RATE_LIMIT: "100000",
        // Errors are written as in production (tests are silent otherwise): writing the line of a
        // failed render is part of answering it.
        LOG_LEVEL: "error",
        DATABASE_CONNECT_TIMEOUT_MS: String(CONNECT_TIMEOUT_MS),
        DATABASE_STATEMENT_TIMEOUT_MS: String(STATEMENT_TIMEOUT_MS),
      },
    );
    const cached = await startServer({ ...env, RESPONSE_CACHE: "true" });
    const uncached = await startServer({ ...env, RESPONSE_CACHE: "false" });
    servers = { cached, uncached };
    cleanup = async () => {
      postgres.thaw();
      await Promise.all([cached.stop(), uncached.stop()]);
      await postgres.stop();
      await rm(uploads, { recursive: true, force: true });
    };
    cookie = await signIn(cached.url, ADMIN);
    blogPath = await addBlog(cached, cookie, "Storm Watch");
  }, 120_000);

  afterAll(async () => {
    await cleanup?.();
  }, 60_000);

  const each = () => Object.entries(servers) as [string, RunningServer][];

  /**
   * A page visitors opened before the outage: the server with the response cache keeps serving its
   * last good copy (also to a query string it ignores); the one without renders, so it cannot.
   */
  async function expectCachedCopy(name: string, server: RunningServer) {
    for (const path of [blogPath, `${blogPath}?utm_source=outage`]) {
      const res = await get(`${server.url}${path}`);
      if (name === "cached") {
        expect(res.status, `${path} from the cache`).toBe(200);
        expect(res.headers.get("x-cache")).toBe("STALE");
        expect(await res.text()).toContain("Storm Watch");
      } else {
        await expectOutagePage(res);
      }
    }
  }

  it("a terminated backend connection does not end the server", async () => {
    // Several requests at once leave several idle connections in each server's pool.
    for (const [, server] of each()) {
      await Promise.all(
        [blogPath, "/blogs", "/healthz", `${blogPath}?warm=1`].map((path) => get(`${server.url}${path}`)),
      );
    }
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    try {
      const { rows } = await admin.query(
        "select pg_terminate_backend(pid) as ok from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()",
      );
      expect(rows.length).toBeGreaterThan(0);
    } finally {
      await admin.end();
    }
    await new Promise((r) => setTimeout(r, 500));
    for (const [name, server] of each()) {
      expectAlive(server, name);
      expect((await get(`${server.url}/healthz`)).status).toBe(200);
      expect((await get(`${server.url}${blogPath}?after=terminate`)).status).toBe(200);
      expect((await post(`${server.url}${blogPath}`, comment(`after terminate ${name}`))).status).toBe(303);
    }
  });

  for (const mode of ["fast", "immediate"] as const) {
    it(`PostgreSQL stopped (${mode}) and started again: 503s meanwhile, recovery without a restart`, async () => {
      for (const [, server] of each()) expect((await get(`${server.url}${blogPath}`)).status).toBe(200);
      await postgres.halt(mode);
      try {
        await new Promise((r) => setTimeout(r, 300));
        for (const [name, server] of each()) {
          expectAlive(server, name);
          const health = await get(`${server.url}/healthz`);
          expect(health.status).toBe(503);
          expect(await health.json()).toEqual({ status: "unavailable" });
          // A page no one has opened yet must be rendered, and cannot be.
          await expectOutagePage(await get(`${server.url}/blogs/never-opened-${mode}`));
          await expectOutagePage(await post(`${server.url}${blogPath}`, comment(`during ${mode}`)));
          await expectAdminOutageMessage(await get(`${server.url}/admin/manage-comments`, { cookie }));
          await expectCachedCopy(name, server);
          expectAlive(server, name);
        }
      } finally {
        await postgres.start();
      }
      for (const [, server] of each()) {
        await waitUntilHealthy(server);
        expect((await get(`${server.url}${blogPath}?after=${mode}`)).status).toBe(200);
        expect((await post(`${server.url}${blogPath}`, comment(`after ${mode}`))).status).toBe(303);
        expect((await get(`${server.url}/admin/manage-comments`, { cookie })).status).toBe(200);
      }
    }, 60_000);
  }

  it("PostgreSQL frozen: every request answers within the timeouts, and the site recovers when it thaws", async () => {
    for (const [, server] of each()) expect((await get(`${server.url}${blogPath}`)).status).toBe(200);
    postgres.freeze();
    try {
      for (const [name, server] of each()) {
        // The first request finds out (within connect + statement timeout); later ones know already.
        const results = await Promise.all([
          get(`${server.url}/healthz`),
          get(`${server.url}/blogs/never-opened-while-frozen`),
          post(`${server.url}${blogPath}`, comment("while frozen")),
        ]);
        expect(results.map((r) => r.status)).toEqual([503, 503, 503]);
        const health = await get(`${server.url}/healthz`);
        expect(health.status).toBe(503);
        await expectOutagePage(await get(`${server.url}/recipes/never-opened-while-frozen`));
        await expectAdminOutageMessage(await get(`${server.url}/admin/dashboard`, { cookie }));
        await expectCachedCopy(name, server);
        expectAlive(server, name);
      }
    } finally {
      postgres.thaw();
    }
    for (const [, server] of each()) {
      await waitUntilHealthy(server);
      expect((await get(`${server.url}${blogPath}?after=thaw`)).status).toBe(200);
      expect((await post(`${server.url}${blogPath}`, comment("after thaw"))).status).toBe(303);
    }
  }, 60_000);

  it("PostgreSQL frozen: a blog being rendered when the database stops answering gets the outage page", async () => {
    // Every request renders on this server, so the page's own queries are the ones that time out.
    // The 503 is then thrown as a Response from the document's handler; it used to go to the error
    // log, whose redaction threw on a Response's headers, and the page became a 500.
    const { uncached } = servers;
    postgres.freeze();
    try {
      const pages = await Promise.all([get(`${uncached.url}${blogPath}`), get(`${uncached.url}/`)]);
      for (const page of pages) await expectOutagePage(page);
    } finally {
      postgres.thaw();
    }
    await waitUntilHealthy(uncached);
    expect((await get(`${uncached.url}${blogPath}`)).status).toBe(200);
  }, 60_000);

  it("a start refused by PostgreSQL (password, database name) exits with a line that says which", async () => {
    const url = new URL(databaseUrl);
    const wrongPassword = Object.assign(new URL(url.href), { password: "not-the-password" }).href;
    const noSuchDatabase = Object.assign(new URL(url.href), { pathname: "/no_such_database" }).href;
    for (const [refusedUrl, said, named] of [
      [
        wrongPassword,
        "PostgreSQL refused the user name or password in DATABASE_URL",
        "password authentication failed",
      ],
      [
        noSuchDatabase,
        "the database DATABASE_URL names is not on that PostgreSQL server",
        '\\"no_such_database\\"',
      ],
    ]) {
      let output = "";
      // It was pg-pool's error and its stack, from an unhandled rejection.
      const start = startServer(
        siteEnv({ database: String(refusedUrl), uploads: join(tmpdir(), "wanderplate-refused-uploads") }),
        { stdout: (chunk) => (output += chunk) },
      );
      await expect(start).rejects.toThrow(/exited \(1\)/);
      const fatal = output.split("\n").filter((line) => line.includes('"level":60'));
      expect(fatal).toHaveLength(1);
      expect(fatal[0]).toContain(`Cannot start: ${said}`);
      expect(fatal[0]).toContain(named);
      expect(output).not.toContain("not-the-password");
    }
  }, 60_000);
});

describe("SQLite faults", () => {
  let dir: string;
  let databaseFile: string;
  let server: RunningServer;
  let env: Record<string, string>;
  let blogPath: string;
  /** How long a write may wait for another process's lock (the connect timeout, on SQLite). */
  const LOCK_WAIT_MS = 3000;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "wanderplate-faults-sqlite-"));
    databaseFile = join(dir, "site.db");
    env = siteEnv(
      { database: `file:${databaseFile}`, uploads: join(dir, "uploads"), admin: ADMIN },
      { FORM_RATE_LIMIT: "100000", DATABASE_CONNECT_TIMEOUT_MS: String(LOCK_WAIT_MS) },
    );
    server = await startServer(env);
    blogPath = await addBlog(server, await signIn(server.url, ADMIN), "Quiet Harbour");
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  /** Another process's write lock, as `npm run create-admin` or a backup would hold it. */
  function holdWriteLock(): () => void {
    const other = new DatabaseSync(databaseFile);
    other.exec("BEGIN IMMEDIATE");
    return () => {
      other.exec("ROLLBACK");
      other.close();
    };
  }

  it("a write waiting for another process's lock does not stop the server answering reads", async () => {
    const release = holdWriteLock();
    let released = false;
    let writeDone = false;
    try {
      const write = post(`${server.url}${blogPath}`, comment("waits for the lock")).then((res) => {
        writeDone = true;
        return res;
      });
      await new Promise((r) => setTimeout(r, 300));
      // Answered while the write still waits: the event loop is free.
      const health = await get(`${server.url}/healthz`);
      const page = await get(`${server.url}${blogPath}?while=locked`);
      expect(health.status).toBe(200);
      expect(page.status).toBe(200);
      expect(writeDone, "the write was still waiting when the reads were answered").toBe(false);
      expect(released).toBe(false);
      await new Promise((r) => setTimeout(r, 500));
      release();
      released = true;
      // Once the lock is free, the waiting write goes through.
      expect((await write).status).toBe(303);
    } finally {
      if (!released) release();
    }
    expectAlive(server);
  }, 30_000);

  it("a write that cannot get the lock in time answers 503, never 500 and never hangs", async () => {
    const release = holdWriteLock();
    try {
      const started = Date.now();
      // Refused as a form is (session 41): the page, its message, and the comment still in the form.
      const refused = await post(`${server.url}${blogPath}`, comment("gives up"));
      expect(refused.status).toBe(503);
      expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
      const html = await refused.text();
      expect(html).toContain("Not sent: the site cannot save anything just now.");
      expect(html).toContain(">Comment gives up</textarea>");
      expect(html).not.toContain("Unexpected Server Error");
      expect(Date.now() - started).toBeGreaterThanOrEqual(LOCK_WAIT_MS - 100);
      expect((await get(`${server.url}/healthz`)).status).toBe(200);
      expectAlive(server);
    } finally {
      release();
    }
    expect((await post(`${server.url}${blogPath}`, comment("after the lock"))).status).toBe(303);
  }, 30_000);

  it("a server started while another process holds the database waits for it, then starts", async () => {
    // A database file held whole by another process (a restore writing it, a second server's
    // first open): opening it finds it busy. The start used to end there, with SQLite's error.
    const heldFile = join(dir, "held.db");
    const holder = new DatabaseSync(heldFile, { timeout: 0 });
    holder.exec("PRAGMA locking_mode = EXCLUSIVE; BEGIN EXCLUSIVE; CREATE TABLE held (x)");
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      holder.exec("ROLLBACK");
      holder.close();
    };
    const releasing = setTimeout(release, 1000);
    let second: RunningServer | undefined;
    try {
      second = await startServer({ ...env, DATABASE_URL: `file:${heldFile}` });
      expect(released, "the server answered only once the database was free").toBe(true);
      expect((await get(`${second.url}/`)).status).toBe(200);
    } finally {
      clearTimeout(releasing);
      release();
      await second?.stop();
    }
  }, 60_000);

  it("a server whose database stays held past the connect timeout exits with a line that says so", async () => {
    const heldFile = join(dir, "held-long.db");
    const holder = new DatabaseSync(heldFile, { timeout: 0 });
    holder.exec("PRAGMA locking_mode = EXCLUSIVE; BEGIN EXCLUSIVE; CREATE TABLE held (x)");
    let output = "";
    try {
      const start = startServer(
        { ...env, DATABASE_URL: `file:${heldFile}`, DATABASE_CONNECT_TIMEOUT_MS: "500" },
        { stdout: (chunk) => (output += chunk) },
      );
      await expect(start).rejects.toThrow(/exited \(1\)/);
      // The log's one fatal line names the cause; SQLite's own error is its cause, not a crash.
      const fatal = output.split("\n").filter((line) => line.includes('"level":60'));
      expect(fatal).toHaveLength(1);
      expect(fatal[0]).toContain("Cannot start: the database is unavailable.");
      expect(fatal[0]).toContain("the database stayed locked for 500 ms");
    } finally {
      holder.exec("ROLLBACK");
      holder.close();
    }
  }, 60_000);

  it("a start whose DATABASE_URL names a folder exits with a line that says so", async () => {
    let output = "";
    // It was node:sqlite's "unable to open database file" and its stack.
    const start = startServer(
      { ...env, DATABASE_URL: `file:${dir}` },
      { stdout: (chunk) => (output += chunk) },
    );
    await expect(start).rejects.toThrow(/exited \(1\)/);
    const fatal = output.split("\n").filter((line) => line.includes('"level":60'));
    expect(fatal).toHaveLength(1);
    expect(fatal[0]).toContain("Cannot start: SQLite cannot open the file DATABASE_URL names");
  }, 60_000);

  it("kill -9 during a stream of writes loses no acknowledged write", async () => {
    const countComments = () => {
      const db = new DatabaseSync(databaseFile, { readOnly: true });
      try {
        return Number((db.prepare("select count(*) as n from comments").get() as { n: number }).n);
      } finally {
        db.close();
      }
    };
    const before = countComments();
    let acknowledged = 0;
    let stop = false;
    const writer = async (id: number) => {
      for (let n = 0; !stop; n++) {
        try {
          const res = await post(`${server.url}${blogPath}`, comment(`stream ${id}.${n}`));
          if (res.status === 303) acknowledged++;
        } catch {
          return; // The server is gone.
        }
      }
    };
    const writers = [1, 2, 3, 4].map(writer);
    await new Promise((r) => setTimeout(r, 1500));
    server.process.kill("SIGKILL");
    stop = true;
    await Promise.all(writers);
    expect(acknowledged).toBeGreaterThan(0);

    server = await startServer(env);
    expect(countComments() - before).toBeGreaterThanOrEqual(acknowledged);
    const db = new DatabaseSync(databaseFile, { readOnly: true });
    try {
      expect(db.prepare("pragma integrity_check").get()).toEqual({ integrity_check: "ok" });
    } finally {
      db.close();
    }
    expect((await get(`${server.url}${blogPath}`)).status).toBe(200);
  }, 60_000);
});
