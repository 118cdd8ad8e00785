/**
 * What a background import run (transfer/import/jobs.server.ts) does as time passes and when
 * something goes wrong, on both engines: its claim renewed every 15 s and never moved backwards,
 * progress written at most once a second without touching the claim, a run stopped by a database
 * fault (the first line of its message shown, the claim released, the file removed), a run
 * discarded while its file is checked, the server's start (`startImportJobs`: take-over, sweep,
 * a look every minute), the edges of taking over and Import's plain answers.
 *
 * Every write of a run's row is recorded by a trigger into `run_writes`, so a test reads the
 * writes a run made, in order, not only the row it ended with. The clock is Vitest's fake one
 * where a test says so (never `vi.waitUntil` then: it moves fake clocks; `settle` polls with the
 * real setTimeout). The pipeline is the real one; only its start can be held back (`gate`), and
 * a test may act just before each progress report (`gate.onProgress`).
 */
import { mkdir, mkdtemp, readdir, rm, stat, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PostgresAdapter, sql } from "kysely";
import { afterAll, afterEach, beforeAll, expect, it, vi } from "vitest";
import { type DB, nowSeconds } from "#app/server/db/db.server.ts";
import { log } from "#app/server/telemetry/log.server.ts";
import * as jobs from "#app/server/transfer/import/jobs.server.ts";
import type { ImportProgress } from "#app/server/transfer/import/report.server.ts";
import { TEST_ACTOR } from "#tests/support/content.ts";
import { describeEachEngine } from "#tests/support/engines.ts";

const gate = vi.hoisted(() => ({
  hold: null as Promise<void> | null,
  /** Called with each progress report of the pipeline, before the run sees it. */
  onProgress: null as ((p: ImportProgress) => void) | null,
}));
vi.mock("#app/server/transfer/import/run.server.ts", async (importOriginal) => {
  const actual = await importOriginal<typeof import("#app/server/transfer/import/run.server.ts")>();
  return {
    ...actual,
    runImport: async (...[db, files, options, onProgress]: Parameters<typeof actual.runImport>) => {
      await gate.hold;
      return actual.runImport(
        db,
        files,
        options,
        onProgress &&
          ((p) => {
            gate.onProgress?.(p);
            onProgress(p);
          }),
      );
    },
  };
});

/** Holds every run's start until the returned function is called. */
function closeGate(): () => void {
  let open = () => {};
  gate.hold = new Promise<void>((resolve) => {
    open = () => {
      gate.hold = null;
      resolve();
    };
  });
  return open;
}

/** Polls `check` with the real setTimeout (fake timers may be on) until it holds, for at most ~10 s. */
async function settle(check: () => Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; i < 500; i++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`never happened: ${what}`);
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let root = "";
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), "wanderplate-import-lifecycle-"));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  gate.hold = null;
  gate.onProgress = null;
});

/** A WordPress export (WXR 1.2) of `posts` published posts titled "<prefix> 1", "<prefix> 2", … */
function wxr(prefix: string, posts: number): string {
  const items = Array.from(
    { length: posts },
    (_, i) => `<item>
  <title><![CDATA[${prefix} ${i + 1}]]></title>
  <link>https://old.example/${prefix.toLowerCase()}-${i + 1}/</link>
  <dc:creator><![CDATA[ana]]></dc:creator>
  <content:encoded><![CDATA[<p>Day ${i + 1} on the road.</p>]]></content:encoded>
  <wp:post_id>${i + 1}</wp:post_id>
  <wp:post_date_gmt><![CDATA[2024-03-0${(i % 9) + 1} 10:00:00]]></wp:post_date_gmt>
  <wp:post_name><![CDATA[${prefix.toLowerCase().replaceAll(" ", "-")}-${i + 1}]]></wp:post_name>
  <wp:status><![CDATA[publish]]></wp:status>
  <wp:post_type><![CDATA[post]]></wp:post_type>
</item>`,
  ).join("\n");
  return `<?xml version="1.0" encoding="UTF-8" ?>
<rss version="2.0" xmlns:excerpt="http://wordpress.org/export/1.2/excerpt/"
  xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/"
  xmlns:wp="http://wordpress.org/export/1.2/">
<channel>
  <title>Old Roads</title>
  <link>https://old.example/${prefix.toLowerCase().replaceAll(" ", "-")}</link>
  <wp:wxr_version>1.2</wp:wxr_version>
  <wp:base_site_url>https://old.example/${prefix.toLowerCase().replaceAll(" ", "-")}</wp:base_site_url>
${items}
</channel>
</rss>
`;
}

/** Makes every UPDATE of an import run leave a row in `run_writes` (in order: `seq`). */
async function recordRunWrites(db: DB): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`create table run_writes (seq serial primary key, run_id integer, status text,
      done_items integer, total_items integer, claimed_until bigint, error text)`.execute(db);
    await sql`create function record_run_write() returns trigger language plpgsql as $$ begin
      insert into run_writes (run_id, status, done_items, total_items, claimed_until, error)
      values (new.id, new.status, new.done_items, new.total_items, new.claimed_until, new.error);
      return new; end $$`.execute(db);
    await sql`create trigger record_run_write after update on import_runs
      for each row execute function record_run_write()`.execute(db);
  } else {
    await sql`create table run_writes (seq integer primary key autoincrement, run_id integer, status text,
      done_items integer, total_items integer, claimed_until integer, error text)`.execute(db);
    await sql`create trigger record_run_write after update on import_runs begin
      insert into run_writes (run_id, status, done_items, total_items, claimed_until, error)
      values (new.id, new.status, new.done_items, new.total_items, new.claimed_until, new.error); end`.execute(
      db,
    );
  }
}

/**
 * A database fault on inserting a blog titled `title`: the insert is refused with `message` (a
 * trigger, so both engines refuse it with that exact message). Answers how to remove it.
 */
async function refuseBlogTitled(db: DB, title: string, message: string): Promise<() => Promise<void>> {
  const quoted = (text: string) => `'${text.replaceAll("'", "''")}'`;
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql
      .raw(`create function refuse_blog() returns trigger language plpgsql as $$ begin
        if new.title = ${quoted(title)} then raise exception ${quoted(message)}; end if; return new; end $$`)
      .execute(db);
    await sql`create trigger refuse_blog before insert on blogs for each row execute function refuse_blog()`.execute(
      db,
    );
    return async () => {
      await sql`drop trigger refuse_blog on blogs`.execute(db);
      await sql`drop function refuse_blog()`.execute(db);
    };
  }
  await sql
    .raw(`create trigger refuse_blog before insert on blogs when new.title = ${quoted(title)}
      begin select raise(abort, ${quoted(message)}); end`)
    .execute(db);
  return async () => {
    await sql`drop trigger refuse_blog`.execute(db);
  };
}

describeEachEngine("import runs over time and through faults", (db, engine) => {
  let imports = "";
  beforeAll(async () => {
    // Uploads in <root>/<engine>/uploads, so importsDir() is <root>/<engine>/imports.
    process.env.UPLOADS_DIR = join(root, engine, "uploads");
    imports = jobs.importsDir();
    expect(imports).toBe(join(root, engine, "imports"));
    await mkdir(imports, { recursive: true });
    await recordRunWrites(db());
  });

  /** Writes `text` as an upload and records it as a new run (its dry run starts at once). */
  const createRun = async (name: string, text: string) => {
    const filePath = join(imports, `${name}.upload`);
    await writeFile(filePath, text);
    const id = await jobs.createImportRun(db(), {
      accountId: null,
      fileName: `${name}.xml`,
      filePath,
      options: { images: "keep", sourceUrl: null },
    });
    return { id, filePath };
  };
  const row = (id: number) =>
    db()
      .selectFrom("import_runs")
      .select(["status", "error", "claimed_until", "done_items", "total_items", "report"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow()
      .then((r) => ({ ...r, claimed_until: Number(r.claimed_until) }));
  /** The writes of run `id`'s row, in order, as `run_writes` recorded them. */
  const writesOf = async (id: number) => {
    type Write = { status: string; done_items: number; total_items: number; claimed_until: number | string };
    const { rows } = await sql<Write>`select status, done_items, total_items, claimed_until
      from run_writes where run_id = ${id} order by seq`.execute(db());
    return rows.map((w) => ({
      status: w.status,
      done: Number(w.done_items),
      total: Number(w.total_items),
      claim: Number(w.claimed_until),
    }));
  };
  const exists = (path: string) =>
    stat(path).then(
      () => true,
      () => false,
    );
  /** A run row as another server left it: `status`, its claim until `claimedUntil`, its file at `filePath`. */
  const insertRun = async (status: string, claimedUntil: number, filePath: string, name = status) =>
    (
      await db()
        .insertInto("import_runs")
        .values({
          account_id: null,
          file_name: `${name}.xml`,
          file_path: filePath,
          options: JSON.stringify({ images: "keep", sourceUrl: null }),
          status,
          created_at: nowSeconds() - 7200,
          updated_at: nowSeconds() - 7200,
          claimed_until: claimedUntil,
        })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id;
  /** Ends a run no test works on any more, so that no running import is left for the next test. */
  const retire = (id: number) =>
    db()
      .updateTable("import_runs")
      .set({ status: "cancelled", claimed_until: 0 })
      .where("id", "=", id)
      .execute();

  it("renews a working run's claim every 15 s, and never moves it backwards when the clock does", async () => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval", "Date"], now: Date.now() });
    const t0 = nowSeconds();
    const open = closeGate();
    const { id } = await createRun("renewed", wxr("Renewed", 1));
    expect((await row(id)).claimed_until).toBe(t0 + 60);

    vi.advanceTimersByTime(14_999);
    await pause(100);
    expect(await writesOf(id)).toEqual([]);
    vi.advanceTimersByTime(1);
    await settle(async () => (await writesOf(id)).length === 1, "the first renewal");
    expect(await writesOf(id)).toEqual([{ status: "checking", done: 0, total: 0, claim: t0 + 15 + 60 }]);

    // The clock steps back 100 s (a correction): the claim still only moves on, by a second.
    vi.setSystemTime((t0 - 100) * 1000);
    vi.advanceTimersByTime(15_000);
    await settle(async () => (await writesOf(id)).length === 2, "the second renewal");
    expect((await writesOf(id))[1]).toEqual({ status: "checking", done: 0, total: 0, claim: t0 + 76 });

    open();
    await jobs.importRunSettled(id);
    expect(await row(id)).toMatchObject({ status: "checked", claimed_until: 0, error: null });
  });

  it("writes progress at most once a second, and a progress write leaves the claim where it was", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
    const t0 = Date.now();
    // Before each item's report, the clock reads: item 1 at +0, 2 at +999 ms, 3 at +1000 ms, 4 at +1500 ms.
    const after: Record<number, number> = { 1: 0, 2: 999, 3: 1000, 4: 1500 };
    let base = t0;
    gate.onProgress = (p) => {
      if (p.phase === "writing") vi.setSystemTime(base + (after[p.done] ?? 0));
    };
    const { id, filePath } = await createRun("progress", wxr("Progress", 4));
    const claim = Math.floor(t0 / 1000) + 60;
    await jobs.importRunSettled(id);
    expect(await writesOf(id)).toEqual([
      { status: "checking", done: 1, total: 4, claim },
      { status: "checking", done: 3, total: 4, claim },
      { status: "checked", done: 0, total: 4, claim: 0 },
    ]);

    base = t0 + 10_000;
    vi.setSystemTime(base);
    const started = Math.floor(base / 1000) + 60;
    expect(await jobs.startImportRun(db(), id, TEST_ACTOR)).toEqual({ ok: true });
    await jobs.importRunSettled(id);
    expect((await writesOf(id)).slice(3)).toEqual([
      { status: "running", done: 0, total: 4, claim: started },
      { status: "running", done: 1, total: 4, claim: started },
      { status: "running", done: 3, total: 4, claim: started },
      { status: "done", done: 4, total: 4, claim: 0 },
    ]);
    expect(await exists(filePath)).toBe(false);
  });

  it("stops a run at a database fault: the message's first line shown, the claim released, the file removed", async () => {
    const failed = vi.spyOn(log, "error").mockImplementation(() => {});
    const restore = await refuseBlogTitled(db(), "Fault 3", "the disk is full\n  at the writer, line 2");
    try {
      const { id, filePath } = await createRun("fault", wxr("Fault", 3));
      await jobs.importRunSettled(id);
      // The dry run writes nothing, so it meets no fault.
      expect((await row(id)).status).toBe("checked");
      expect(failed).not.toHaveBeenCalled();

      expect(await jobs.startImportRun(db(), id, TEST_ACTOR)).toEqual({ ok: true });
      await jobs.importRunSettled(id);
      expect(await row(id)).toMatchObject({
        status: "failed",
        claimed_until: 0,
        error:
          "The import stopped: the disk is full. What was imported before stays; upload the file again and import it to finish (nothing is added twice).",
      });
      expect((await writesOf(id)).at(-1)).toMatchObject({ status: "failed", claim: 0 });
      expect(await exists(filePath)).toBe(false);
      // What was written before the fault stays.
      const titles = await db()
        .selectFrom("blogs")
        .select("title")
        .where("title", "like", "Fault %")
        .execute();
      expect(titles.map((t) => t.title).sort()).toEqual(["Fault 1", "Fault 2"]);
      // The operator's log has it, with the run; the file's own faults are the blogger's (next test).
      expect(failed).toHaveBeenCalledTimes(1);
      expect(failed).toHaveBeenCalledWith(
        { err: expect.objectContaining({ message: "the disk is full\n  at the writer, line 2" }), run: id },
        "import: a run failed",
      );
    } finally {
      await restore();
    }
  });

  it("says 'unknown error' for a fault without words, and logs nothing for a bad file", async () => {
    const failed = vi.spyOn(log, "error").mockImplementation(() => {});
    const restore = await refuseBlogTitled(db(), "Wordless 1", " ");
    try {
      const { id } = await createRun("wordless", wxr("Wordless", 1));
      await jobs.importRunSettled(id);
      expect(await jobs.startImportRun(db(), id, TEST_ACTOR)).toEqual({ ok: true });
      await jobs.importRunSettled(id);
      expect((await row(id)).error).toBe(
        "The import stopped: unknown error. What was imported before stays; upload the file again and import it to finish (nothing is added twice).",
      );
      expect(failed).toHaveBeenCalledTimes(1);
    } finally {
      await restore();
    }
    failed.mockClear();
    const bad = await createRun("bad", wxr("Bad", 2).slice(0, -40));
    await jobs.importRunSettled(bad.id);
    const ended = await row(bad.id);
    expect(ended.status).toBe("failed");
    expect(ended.error).toMatch(/^bad\.xml is cut short: it ends at line \d+, before the end of the export /);
    expect(failed).not.toHaveBeenCalled();
  });

  it("names a bad file as it was uploaded, never as the server keeps it", async () => {
    const cut = await createRun("cut", wxr("Cut", 2).slice(0, -40));
    const other = await createRun("other", "name,email\nAna,ana@example.com\n");
    await Promise.all([jobs.importRunSettled(cut.id), jobs.importRunSettled(other.id)]);
    const cutError = (await row(cut.id)).error;
    expect(cutError).toMatch(/^cut\.xml is cut short: it ends at line \d+, /);
    expect(cutError).not.toContain(imports);
    expect(cutError).not.toContain(".upload");
    expect((await row(other.id)).error).toBe(
      "other.xml was not imported: it is not a file Wanderplate can import. Use a WordPress export (Tools → Export → All content, an .xml file), a Ghost export (Settings → Import/Export → Export, a .json file), a Ghost members CSV, or a Wanderplate export.",
    );
  });

  it("fails a dry run stopped by a database fault, saying the file could not be checked", async () => {
    vi.spyOn(log, "error").mockImplementation(() => {});
    const open = closeGate();
    const { id, filePath } = await createRun("unchecked", wxr("Unchecked", 2));
    await sql`alter table import_map rename to import_map_away`.execute(db());
    try {
      open();
      await jobs.importRunSettled(id);
    } finally {
      await sql`alter table import_map_away rename to import_map`.execute(db());
    }
    const cause = engine === "sqlite" ? "no such table: import_map" : 'relation "import_map" does not exist';
    expect(await row(id)).toMatchObject({
      status: "failed",
      claimed_until: 0,
      error: `The file could not be checked: ${cause}. Nothing was imported; upload it again to retry.`,
    });
    expect(await exists(filePath)).toBe(false);
  });

  it("writes nothing more once another server has its claim, and leaves the file to that server", async () => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    const { id, filePath } = await createRun("taken", wxr("Taken", 2));
    await jobs.importRunSettled(id);
    const open = closeGate();
    expect(await jobs.startImportRun(db(), id, TEST_ACTOR)).toEqual({ ok: true });
    // Another server takes the run over while this one waits; this one's renewal then finds it so.
    const theirs = nowSeconds() + 600;
    await db().updateTable("import_runs").set({ claimed_until: theirs }).where("id", "=", id).execute();
    const writes = (await writesOf(id)).length;
    vi.advanceTimersByTime(15_000);
    open();
    await jobs.importRunSettled(id);
    expect(await row(id)).toMatchObject({ status: "running", claimed_until: theirs, done_items: 0 });
    expect(await writesOf(id)).toHaveLength(writes);
    expect(await exists(filePath)).toBe(true);
    await retire(id);
    await rm(filePath);
  });

  it("drops a run discarded while its file is checked: the dry run then records nothing", async () => {
    const open = closeGate();
    const { id, filePath } = await createRun("dropped", wxr("Dropped", 2));
    expect(await jobs.discardImportRun(db(), id)).toBe(true);
    expect(await exists(filePath)).toBe(false);
    open();
    await jobs.importRunSettled(id);
    expect(await row(id)).toMatchObject({
      status: "cancelled",
      claimed_until: 0,
      report: "{}",
      done_items: 0,
    });
    expect((await writesOf(id)).map((w) => w.status)).toEqual(["cancelled"]);
  });

  it("answers Import on a running run plainly, and reads a run's options safely", async () => {
    const running = await insertRun("running", nowSeconds() + 600, join(imports, "elsewhere.upload"));
    try {
      expect(await jobs.startImportRun(db(), running, TEST_ACTOR)).toEqual({
        ok: false,
        status: 409,
        message: "This import is already running.",
      });
    } finally {
      await retire(running);
    }
    const odd = await insertRun("done", 0, join(imports, "odd.upload"));
    await db()
      .updateTable("import_runs")
      .set({ options: '{"images": "keep", "sourceUrl": 42}' })
      .where("id", "=", odd)
      .execute();
    expect((await jobs.getImportRun(db(), odd))?.options).toEqual({ images: "keep", sourceUrl: null });
  });

  it("takes over a lapsed run still being checked, from the start", async () => {
    const filePath = join(imports, "lapsed-check.upload");
    await writeFile(filePath, wxr("Lapsed check", 2));
    const id = await insertRun("checking", nowSeconds() - 5, filePath);
    expect(await jobs.resumeStaleImportRuns(db())).toEqual([id]);
    await jobs.importRunSettled(id);
    const run = await jobs.getImportRun(db(), id);
    expect(run?.status).toBe("checked");
    expect(run?.report?.counts.blogs?.total).toBe(2);
    await jobs.discardImportRun(db(), id);
  });

  it("takes a run over when its screen is read only once its claim has lapsed, and not for another run", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
    const now = nowSeconds();
    const filePath = join(imports, "watched.upload");
    await writeFile(filePath, wxr("Watched", 1));
    // Lapsed a minute ago: whoever reads it takes it over. Reading other runs must not.
    const stale = await insertRun("checking", now - 60, filePath, "stale");
    const held = await insertRun("checking", now + 600, join(imports, "held.upload"), "held");
    const finished = await insertRun("done", 0, join(imports, "finished.upload"), "finished");
    expect((await jobs.getImportRun(db(), held))?.status).toBe("checking");
    expect((await jobs.getImportRun(db(), finished))?.status).toBe("done");
    await pause(300);
    expect((await row(stale)).claimed_until).toBe(now - 60);
    await retire(held);

    // Its claim lapses this very second: a read now takes it over.
    await db().updateTable("import_runs").set({ claimed_until: now }).where("id", "=", stale).execute();
    expect((await jobs.getImportRun(db(), stale))?.status).toBe("checking");
    await settle(async () => (await row(stale)).status === "checked", "the take-over's dry run");
    await jobs.importRunSettled(stale);
    expect((await row(stale)).claimed_until).toBe(0);
    await jobs.discardImportRun(db(), stale);
  });

  it("fails a lapsed run whose file is elsewhere once exactly an hour has passed", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
    const now = nowSeconds();
    const hour = await insertRun("running", now - 3600, join(imports, "gone.upload"), "hour");
    const almost = await insertRun("running", now - 3599, join(imports, "gone-too.upload"), "almost");
    expect(await jobs.resumeStaleImportRuns(db())).toEqual([]);
    expect(await row(hour)).toMatchObject({
      status: "failed",
      error: "The uploaded file is no longer on the server, so the import could not go on. Upload it again.",
    });
    expect(await row(almost)).toMatchObject({ status: "running", claimed_until: now - 3599 });
    await retire(almost);
  });

  it("keeps an upload an hour old that no run names (it may still be arriving); removes it after a day", async () => {
    const hourOld = join(imports, "arriving.upload");
    await writeFile(hourOld, "x");
    const anHourAgo = new Date(Date.now() - 3600 * 1000);
    await utimes(hourOld, anHourAgo, anHourAgo);
    expect(await jobs.sweepImportFiles(db(), imports)).toBe(0);
    expect(await exists(hourOld)).toBe(true);
    const twoDaysAgo = new Date(Date.now() - 48 * 3600 * 1000);
    await utimes(hourOld, twoDaysAgo, twoDaysAgo);
    expect(await jobs.sweepImportFiles(db(), imports)).toBe(1);
    expect(await exists(hourOld)).toBe(false);
  });

  it("at the server's start, takes over lapsed runs and sweeps old uploads, then looks again every minute", async () => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    const now = nowSeconds();
    const first = join(imports, "left-by-a-crash.upload");
    await writeFile(first, wxr("Crashed", 1));
    const crashed = await insertRun("running", now - 5, first, "crashed");
    const orphan = join(imports, "orphan.upload");
    await writeFile(orphan, "x");
    const old = new Date(Date.now() - 48 * 3600 * 1000);
    await utimes(orphan, old, old);

    jobs.startImportJobs(db());
    await settle(async () => (await row(crashed)).status === "done", "the take-over at start");
    await settle(async () => !(await exists(orphan)), "the sweep at start");
    await jobs.importRunSettled(crashed);

    // A run whose server stops later is found by the next look, a minute after the first.
    const second = join(imports, "left-later.upload");
    await writeFile(second, wxr("Later", 1));
    const later = await insertRun("running", now - 5, second, "later");
    vi.advanceTimersByTime(59_999);
    await pause(300);
    expect(await row(later)).toMatchObject({ status: "running", claimed_until: now - 5 });
    vi.advanceTimersByTime(1);
    await settle(async () => (await row(later)).status === "done", "the look a minute later");
    await jobs.importRunSettled(later);
    expect(await readdir(imports)).not.toContain("left-later.upload");
  });

  if (engine === "postgres")
    it("starts one import at a time across servers: Import waits for another server's start to commit", async () => {
      const waiting = await createRun("waiting", wxr("Waiting", 1));
      await jobs.importRunSettled(waiting.id);
      const other = await insertRun("checked", 0, join(imports, "other.upload"), "other");
      // Another server holds the start lock while it marks its own run running.
      let release = () => {};
      let locked = () => {};
      const isLocked = new Promise<void>((resolve) => {
        locked = resolve;
      });
      const otherServer = db()
        .transaction()
        .execute(async (trx) => {
          await sql`select pg_advisory_xact_lock(7304218)`.execute(trx);
          locked();
          await new Promise<void>((resolve) => {
            release = resolve;
          });
          await trx
            .updateTable("import_runs")
            .set({ status: "running", claimed_until: nowSeconds() + 600 })
            .where("id", "=", other)
            .execute();
        });
      await isLocked;
      const start = jobs.startImportRun(db(), waiting.id, TEST_ACTOR);
      await pause(300);
      release();
      await otherServer;
      expect(await start).toEqual({
        ok: false,
        status: 409,
        message: "Another import is running. Wait for it to finish, then press Import again.",
      });
      expect((await row(waiting.id)).status).toBe("checked");
      await retire(other);
      await jobs.discardImportRun(db(), waiting.id);
    });
});
