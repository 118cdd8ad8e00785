/**
 * /admin/import's background runs, through the route modules on both engines: who may use them,
 * the upload limit, a bad file, a good file from upload to done (checking → checked → running →
 * done), one running import at a time, Discard, a stale run taken over, and other requests
 * answered while a large import runs.
 *
 * The pipeline is the real one; only its start can be held back (`gate`), so that a test can see
 * a run in `checking` or `running` before it moves on.
 */
import { mkdtemp, readdir, rm, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import {
  answered,
  answerOf,
  describeRoutesEachEngine,
  formOf,
  ORIGIN,
} from "#tests/support/route-harness.ts";

const gate = vi.hoisted(() => ({
  hold: null as Promise<void> | null,
  /** Runs once the pipeline has finished, before the run records its end (then it is cleared). */
  afterRun: null as (() => Promise<void>) | null,
}));
vi.mock("#app/server/transfer/import/run.server.ts", async (importOriginal) => {
  const actual = await importOriginal<typeof import("#app/server/transfer/import/run.server.ts")>();
  return {
    ...actual,
    runImport: async (...args: Parameters<typeof actual.runImport>) => {
      await gate.hold;
      const report = await actual.runImport(...args);
      const after = gate.afterRun;
      gate.afterRun = null;
      await after?.();
      return report;
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

let root = "";
let imports = "";
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), "wanderplate-import-jobs-"));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

/** A WordPress export (WXR 1.2) of `posts` published posts, titled "<prefix> 1", "<prefix> 2", … */
function wxr(prefix: string, posts: number): string {
  const items = Array.from(
    { length: posts },
    (_, i) => `<item>
  <title><![CDATA[${prefix} ${i + 1}]]></title>
  <link>https://old.example/${prefix.toLowerCase()}-${i + 1}/</link>
  <dc:creator><![CDATA[ana]]></dc:creator>
  <content:encoded><![CDATA[<p>Day ${i + 1} on the road.</p>]]></content:encoded>
  <excerpt:encoded><![CDATA[]]></excerpt:encoded>
  <wp:post_id>${i + 1}</wp:post_id>
  <wp:post_date><![CDATA[2024-03-0${(i % 9) + 1} 10:00:00]]></wp:post_date>
  <wp:post_date_gmt><![CDATA[2024-03-0${(i % 9) + 1} 10:00:00]]></wp:post_date_gmt>
  <wp:post_name><![CDATA[${prefix.toLowerCase()}-${i + 1}]]></wp:post_name>
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
  <link>https://old.example</link>
  <wp:wxr_version>1.2</wp:wxr_version>
  <wp:base_site_url>https://old.example</wp:base_site_url>
  <wp:base_blog_url>https://old.example</wp:base_blog_url>
  <wp:author><wp:author_id>1</wp:author_id><wp:author_login><![CDATA[ana]]></wp:author_login><wp:author_email><![CDATA[ana@old.example]]></wp:author_email><wp:author_display_name><![CDATA[Ana Costa]]></wp:author_display_name></wp:author>
${items}
</channel>
</rss>
`;
}

type RouteFn = (args: never) => unknown;

/** The run id of the action's redirect to /admin/import?run=ID. */
function runIdOf(answer: unknown): number {
  expect(answer).toBeInstanceOf(Response);
  const response = answer as Response;
  expect(response.status).toBe(302);
  const id = Number(new URL(response.headers.get("location") ?? "", ORIGIN).searchParams.get("run"));
  expect(id).toBeGreaterThan(0);
  return id;
}

/** A refusal from adminFail: its status and message. */
function refusal(answer: unknown): { status: number; message: string } {
  const { init, data } = answer as { init: { status: number }; data: { toast: { message: string } } };
  return { status: init.status, message: data.toast.message };
}

describeRoutesEachEngine("/admin/import runs", (h, engine) => {
  beforeAll(() => {
    // Uploads in <root>/<engine>/uploads, so the import files go to <root>/<engine>/imports.
    process.env.UPLOADS_DIR = join(root, engine, "uploads");
    imports = join(root, engine, "imports");
  });
  const routes = async () => ({
    screen: await import("#app/routes/admin/import/index.tsx"),
    // Each form of the screen posts to its own address (issue 40).
    uploadRoute: await import("#app/routes/admin/import/upload.tsx"),
    startRoute: await import("#app/routes/admin/import/start.tsx"),
    discardRoute: await import("#app/routes/admin/import/discard.tsx"),
    screenView: await import("#app/routes/admin/import/screen.tsx"),
    progress: await import("#app/routes/admin/import/progress.ts"),
    exportRoute: await import("#app/routes/admin/export.ts"),
    jobs: await import("#app/server/transfer/import/jobs.server.ts"),
  });
  const statusOf = async (id: number) =>
    (await h.db().selectFrom("import_runs").select("status").where("id", "=", id).executeTakeFirstOrThrow())
      .status;
  const file = (name: string, text: string) => new File([text], name, { type: "text/xml" });
  // The calls below answer a thrown redirect or refusal as a returned one.
  const get = (route: { loader: RouteFn }, cookie: string, path: string) =>
    answerOf(h.loader(route, path, cookie));
  /** The import form: `file` (null: none chosen) and `extra` fields, as `cookie`. */
  const upload = (
    route: { action: RouteFn },
    cookie: string,
    file: File | null,
    extra: Record<string, string> = {},
  ) =>
    answerOf(
      h.action(route, "/admin/import/upload", formOf({ ...(file ? { file } : {}), ...extra }), cookie),
    );
  /** A plain (urlencoded) form of `fields` posted to `path`, as `cookie`. */
  const postForm = (
    route: { action: RouteFn },
    cookie: string,
    path: string,
    fields: Record<string, string>,
  ) =>
    answerOf(
      h.action(route, path, new URLSearchParams(fields), {
        cookie,
        headers: { "content-type": "application/x-www-form-urlencoded" },
      }),
    );

  it("refuses anonymous visitors (to the login) and editors (403) on every loader and action", async () => {
    const { screen, uploadRoute, startRoute, progress, exportRoute } = await routes();
    const editorCookie = await h.signIn(`editor-${engine}@example.com`, "editor");
    expect(editorCookie).toMatch(/^wanderplate_session=./);

    for (const cookie of ["", editorCookie]) {
      // An editor's refusal is thrown as React Router takes it: `data()` with its status.
      const settled = (pending: Promise<unknown>) => pending.catch((e: unknown) => e);
      const answers = [
        await settled(get(screen, cookie, "/admin/import")),
        await settled(upload(uploadRoute, cookie, file("site.xml", wxr("Post", 1)))),
        await settled(postForm(startRoute, cookie, "/admin/import/start", { id: "1" })),
        await settled(get(progress, cookie, "/admin/import/progress?run=1")),
        await settled(get(exportRoute, cookie, "/admin/export")),
        await settled(postForm(exportRoute, cookie, "/admin/export", { includePii: "on" })),
      ];
      for (const answer of answers) {
        if (cookie === editorCookie) {
          // An editor is staff, but import and export are the administrator's: 403 (lib/roles.ts).
          expect(answered(answer).status).toBe(403);
          continue;
        }
        expect(answer).toBeInstanceOf(Response);
        expect((answer as Response).status).toBe(302);
        expect((answer as Response).headers.get("location")).toBe("/admin/login");
      }
    }
    // Nothing was uploaded, no run was made.
    expect(await h.db().selectFrom("import_runs").select("id").execute()).toEqual([]);
    expect(await readdir(imports).catch(() => [])).toEqual([]);
  });

  it("refuses a file over the limit with 413 and leaves nothing on disk", async () => {
    const { uploadRoute, screenView } = await routes();
    const answer = refusal(
      await answerOf(
        h.action(uploadRoute, "/admin/import/upload", "--x\r\n", {
          headers: {
            "content-type": "multipart/form-data; boundary=x",
            "content-length": String(2 * 1024 ** 3),
          },
        }),
      ),
    );
    expect(answer.status).toBe(413);
    expect(answer.message).toBe(screenView.TOO_LARGE);
    expect(await readdir(imports).catch(() => [])).toEqual([]);
    expect(await h.db().selectFrom("import_runs").select("id").execute()).toEqual([]);
  });

  it("asks for a file when none was chosen", async () => {
    const { uploadRoute } = await routes();
    const answer = refusal(await upload(uploadRoute, h.adminCookie(), null, { images: "keep" }));
    expect(answer).toEqual({ status: 400, message: "Choose a file to import." });
    expect(await readdir(imports).catch(() => [])).toEqual([]);
  });

  it("ends a bad file failed, with the file's own plain message, and removes it", async () => {
    const { uploadRoute, progress, jobs } = await routes();
    const truncated = wxr("Cut", 3).slice(0, -40);
    const id = runIdOf(await upload(uploadRoute, h.adminCookie(), file("cut.xml", truncated)));
    await jobs.importRunSettled(id);
    const run = await jobs.getImportRun(h.db(), id);
    expect(run?.status).toBe("failed");
    expect(run?.error).toMatch(/cut short|not complete|ends before|truncated/i);
    expect(run?.error).not.toMatch(/\n\s+at /);
    expect(await readdir(imports)).toEqual([]);
    const answer = (await get(progress, h.adminCookie(), `/admin/import/progress?run=${id}`)) as Response;
    expect(await answer.json()).toMatchObject({ id, status: "failed", error: run?.error });
  });

  it("takes a good file from checking to checked to running to done, one running import at a time", async () => {
    const { screen, uploadRoute, startRoute, progress, jobs } = await routes();
    const cookie = h.adminCookie();
    let open = closeGate();
    const first = runIdOf(
      await upload(uploadRoute, cookie, file("old-roads.xml", wxr("Road", 3)), { images: "keep" }),
    );
    expect(await statusOf(first)).toBe("checking");
    const polled = (await get(progress, cookie, `/admin/import/progress?run=${first}`)) as Response;
    expect(await polled.json()).toMatchObject({ id: first, status: "checking" });
    const second = runIdOf(await upload(uploadRoute, cookie, file("more.xml", wxr("More", 2))));
    open();
    await Promise.all([jobs.importRunSettled(first), jobs.importRunSettled(second)]);

    const checked = await jobs.getImportRun(h.db(), first);
    expect(checked).toMatchObject({
      status: "checked",
      fileName: "old-roads.xml",
      options: { images: "keep" },
    });
    expect(checked?.report?.dryRun).toBe(true);
    expect(checked?.report?.counts.blogs?.total).toBe(3);
    // The dry run wrote nothing; the file waits for Import.
    expect(await h.db().selectFrom("blogs").select("id").where("title", "like", "Road %").execute()).toEqual(
      [],
    );
    expect(await readdir(imports)).toHaveLength(2);
    const page = (await get(screen, cookie, `/admin/import?run=${first}`)) as {
      data: { run: { id: number; status: string }; runs: { id: number }[] };
    };
    expect(page.data.run).toMatchObject({ id: first, status: "checked" });
    expect(page.data.runs.map((r) => r.id).slice(0, 2)).toEqual([second, first]);

    open = closeGate();
    expect(runIdOf(await postForm(startRoute, cookie, "/admin/import/start", { id: String(first) }))).toBe(
      first,
    );
    expect(await statusOf(first)).toBe("running");
    // A second Import while one runs: a plain 409.
    const busy = refusal(await postForm(startRoute, cookie, "/admin/import/start", { id: String(second) }));
    expect(busy.status).toBe(409);
    expect(busy.message).toMatch(/Another import is running/);
    expect(await statusOf(second)).toBe("checked");
    open();
    await jobs.importRunSettled(first);

    const done = await jobs.getImportRun(h.db(), first);
    expect(done?.status).toBe("done");
    expect(done?.report?.dryRun).toBe(false);
    expect(done?.report?.counts.blogs?.added).toBe(3);
    expect(done).toMatchObject({ done: 3, total: 3 });
    const titles = await h
      .db()
      .selectFrom("blogs")
      .select("title")
      .where("title", "like", "Road %")
      .execute();
    expect(titles.map((t) => t.title).sort()).toEqual(["Road 1", "Road 2", "Road 3"]);
    expect(await readdir(imports)).toHaveLength(1);

    // Once the first is done, the second may run.
    runIdOf(await postForm(startRoute, cookie, "/admin/import/start", { id: String(second) }));
    await jobs.importRunSettled(second);
    expect(await statusOf(second)).toBe("done");
    expect(await readdir(imports)).toEqual([]);
    // A finished run cannot run again.
    const again = refusal(await postForm(startRoute, cookie, "/admin/import/start", { id: String(first) }));
    expect(again).toEqual({ status: 409, message: "This import has already run." });
  });

  it("discards a checked run with its file", async () => {
    const { uploadRoute, startRoute, discardRoute, jobs } = await routes();
    const cookie = h.adminCookie();
    const id = runIdOf(await upload(uploadRoute, cookie, file("drop.xml", wxr("Drop", 1))));
    await jobs.importRunSettled(id);
    expect(await statusOf(id)).toBe("checked");
    const answer = (await postForm(discardRoute, cookie, "/admin/import/discard", {
      id: String(id),
    })) as Response;
    expect(answer.status).toBe(302);
    expect(await statusOf(id)).toBe("cancelled");
    expect(await readdir(imports)).toEqual([]);
    // And it can no longer be imported.
    const refused = refusal(await postForm(startRoute, cookie, "/admin/import/start", { id: String(id) }));
    expect(refused.status).toBe(409);
  });

  it("takes over a run whose claim has lapsed, and leaves one whose claim holds", async () => {
    const { progress, jobs } = await routes();
    const { nowSeconds } = await import("#app/server/db/db.server.ts");
    const now = nowSeconds();
    const insert = async (name: string, claimedUntil: number) => {
      const path = join(imports, `${name}.upload`);
      await writeFile(path, wxr(name, 2));
      const { id } = await h
        .db()
        .insertInto("import_runs")
        .values({
          account_id: null,
          file_name: `${name}.xml`,
          file_path: path,
          options: JSON.stringify({ images: "keep", sourceUrl: null }),
          status: "running",
          created_at: now - 600,
          updated_at: now - 120,
          claimed_until: claimedUntil,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      return id;
    };
    const held = await insert("Held", now + 600);
    const stale = await insert("Stale", now - 5);

    expect(await jobs.resumeStaleImportRuns(h.db())).toEqual([stale]);
    await jobs.importRunSettled(stale);
    expect(await statusOf(stale)).toBe("done");
    expect(
      await h.db().selectFrom("blogs").select("id").where("title", "like", "Stale %").execute(),
    ).toHaveLength(2);
    // Another server still holds this one: it is not touched here.
    expect(await statusOf(held)).toBe("running");
    expect(await jobs.resumeStaleImportRuns(h.db())).toEqual([]);

    // A poll of a stale run (the tab of a restarted server) takes it over too.
    await h
      .db()
      .updateTable("import_runs")
      .set({ claimed_until: now - 1 })
      .where("id", "=", held)
      .execute();
    await get(progress, h.adminCookie(), `/admin/import/progress?run=${held}`);
    await vi.waitUntil(() => statusOf(held).then((s) => s !== "running"), { timeout: 20_000 });
    await jobs.importRunSettled(held);
    expect(await statusOf(held)).toBe("done");
    expect(await readdir(imports)).toEqual([]);
  });

  it("answers other requests while a large import runs", async () => {
    const { uploadRoute, startRoute, jobs } = await routes();
    const media = await import("#app/routes/admin/media.tsx");
    const cookie = h.adminCookie();
    const id = runIdOf(
      await upload(uploadRoute, cookie, file("big.xml", wxr("Big", 400)), { images: "keep" }),
    );
    await jobs.importRunSettled(id);
    expect(await statusOf(id)).toBe("checked");

    runIdOf(await postForm(startRoute, cookie, "/admin/import/start", { id: String(id) }));
    let finished = false;
    const settled = jobs.importRunSettled(id).then(() => {
      finished = true;
    });
    // A turn of the event loop (as a new connection needs), then another route's whole answer.
    await new Promise((resolve) => setImmediate(resolve));
    const answer = (await get(media, cookie, "/admin/media")) as { uploads: { items: unknown[] } };
    expect(Array.isArray(answer.uploads.items)).toBe(true);
    expect(finished).toBe(false);
    await settled;
    expect(await statusOf(id)).toBe("done");
  });

  it("records nothing for a run whose claim another server took: no activity entry, not marked done", async () => {
    const { uploadRoute, startRoute, jobs } = await routes();
    const { nowSeconds } = await import("#app/server/db/db.server.ts");
    const cookie = h.adminCookie();
    const id = runIdOf(
      await upload(uploadRoute, cookie, file("lost.xml", wxr("Lost", 2)), { images: "keep" }),
    );
    await jobs.importRunSettled(id);
    expect(await statusOf(id)).toBe("checked");

    const importEntries = async () =>
      (await h.db().selectFrom("activity_log").select("id").where("kind", "=", "import").execute()).length;
    const entriesBefore = await importEntries();
    // Another server takes the run over once this one has written every post, just before this one
    // records the run's end: the claim is the other's token now, a value this server never wrote.
    const theirs = nowSeconds() - 5;
    gate.afterRun = async () => {
      await h.db().updateTable("import_runs").set({ claimed_until: theirs }).where("id", "=", id).execute();
    };
    runIdOf(await postForm(startRoute, cookie, "/admin/import/start", { id: String(id) }));
    await jobs.importRunSettled(id);
    expect(gate.afterRun).toBeNull();

    const row = await h
      .db()
      .selectFrom("import_runs")
      .select(["status", "claimed_until", "report", "file_path"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe("running");
    expect(Number(row.claimed_until)).toBe(theirs);
    // Still the dry run's report: the final one was not recorded.
    expect(JSON.parse(row.report).dryRun).toBe(true);
    expect(await importEntries()).toBe(entriesBefore);
    // Nor is the file removed: the server that holds the run now reads it.
    expect(await readdir(imports)).toContain(basename(row.file_path));
    // The posts were written (a re-run skips them); the other server finishes the run. Leave the
    // site as the other tests expect it: no running import, no file of this run.
    expect(
      await h.db().selectFrom("blogs").select("id").where("title", "like", "Lost %").execute(),
    ).toHaveLength(2);
    await h
      .db()
      .updateTable("import_runs")
      .set({ status: "failed", claimed_until: 0 })
      .where("id", "=", id)
      .execute();
    await rm(row.file_path, { force: true });
  });

  it("holds a new run's claim for a while from the start: no other server takes over a run just begun", async () => {
    const { uploadRoute, startRoute, jobs } = await routes();
    const { nowSeconds } = await import("#app/server/db/db.server.ts");
    const cookie = h.adminCookie();
    const claimOf = async (id: number) =>
      Number(
        (
          await h
            .db()
            .selectFrom("import_runs")
            .select("claimed_until")
            .where("id", "=", id)
            .executeTakeFirstOrThrow()
        ).claimed_until,
      );
    let open = closeGate();
    const id = runIdOf(
      await upload(uploadRoute, cookie, file("held.xml", wxr("Held claim", 1)), { images: "keep" }),
    );
    // Checking, held back: its claim runs a minute ahead, so a look for lapsed runs leaves it.
    expect(await claimOf(id)).toBeGreaterThanOrEqual(nowSeconds() + 55);
    expect(await jobs.resumeStaleImportRuns(h.db())).toEqual([]);
    open();
    await jobs.importRunSettled(id);
    open = closeGate();
    runIdOf(await postForm(startRoute, cookie, "/admin/import/start", { id: String(id) }));
    expect(await statusOf(id)).toBe("running");
    expect(await claimOf(id)).toBeGreaterThanOrEqual(nowSeconds() + 55);
    expect(await jobs.resumeStaleImportRuns(h.db())).toEqual([]);
    open();
    await jobs.importRunSettled(id);
    expect(await statusOf(id)).toBe("done");
  });

  it("leaves a lapsed run whose file is elsewhere to its server for an hour, then fails it", async () => {
    const { jobs } = await routes();
    const { nowSeconds } = await import("#app/server/db/db.server.ts");
    const now = nowSeconds();
    const insert = async (name: string, claimedUntil: number) => {
      const { id } = await h
        .db()
        .insertInto("import_runs")
        .values({
          account_id: null,
          file_name: `${name}.xml`,
          file_path: join(imports, `${name}-on-another-server.upload`),
          status: "running",
          created_at: now - 7200,
          updated_at: now - 7200,
          claimed_until: claimedUntil,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      return id;
    };
    const recent = await insert("Recent", now - 60);
    const old = await insert("Old", now - 3601);
    expect(await jobs.resumeStaleImportRuns(h.db())).toEqual([]);
    const row = (id: number) =>
      h
        .db()
        .selectFrom("import_runs")
        .select(["status", "error", "claimed_until"])
        .where("id", "=", id)
        .executeTakeFirstOrThrow();
    expect(await row(recent)).toEqual({ status: "running", error: null, claimed_until: now - 60 });
    expect(await row(old)).toEqual({
      status: "failed",
      error: "The uploaded file is no longer on the server, so the import could not go on. Upload it again.",
      claimed_until: 0,
    });
    // Leave no running import behind for the other tests.
    await h.db().updateTable("import_runs").set({ status: "cancelled" }).where("id", "=", recent).execute();
  });

  it("answers Import and Discard plainly for a run that cannot take them, and reads a damaged row safely", async () => {
    const { startRoute, jobs } = await routes();
    const { nowSeconds } = await import("#app/server/db/db.server.ts");
    const cookie = h.adminCookie();
    const now = nowSeconds();
    const run = async (status: string, extra: { options?: string; report?: string } = {}) =>
      (
        await h
          .db()
          .insertInto("import_runs")
          .values({
            account_id: null,
            file_name: `${status}.xml`,
            file_path: join(imports, `${status}-none.upload`),
            status,
            created_at: now,
            updated_at: now,
            // Held by a server for a while: nobody takes it over here.
            claimed_until: now + 600,
            ...extra,
          })
          .returning("id")
          .executeTakeFirstOrThrow()
      ).id;
    const importAnswer = async (id: number) =>
      refusal(await postForm(startRoute, cookie, "/admin/import/start", { id: String(id) }));
    expect(await importAnswer(999_999)).toEqual({ status: 404, message: "This import no longer exists." });
    const checking = await run("checking");
    expect(await importAnswer(checking)).toEqual({
      status: 409,
      message: "The file is still being checked. Press Import once its report is shown.",
    });
    const failed = await run("failed");
    expect(await importAnswer(failed)).toEqual({
      status: 409,
      message: "This import can no longer run. Upload the file again.",
    });
    expect(await jobs.discardImportRun(h.db(), 999_999)).toBe(false);
    expect(await jobs.discardImportRun(h.db(), failed)).toBe(false);
    expect(await statusOf(failed)).toBe("failed");

    const damaged = await run("done", { options: "{not json", report: '{"dryRun": false}' });
    expect(await jobs.getImportRun(h.db(), damaged)).toMatchObject({
      status: "done",
      options: { images: "download", sourceUrl: null },
      report: null,
    });
    const odd = await run("done", { options: '{"images": "other", "sourceUrl": ""}', report: "[oops" });
    expect(await jobs.getImportRun(h.db(), odd)).toMatchObject({
      options: { images: "download", sourceUrl: null },
      report: null,
    });
    const kept = await run("done", { options: '{"images": "keep", "sourceUrl": "https://old.example"}' });
    expect((await jobs.getImportRun(h.db(), kept))?.options).toEqual({
      images: "keep",
      sourceUrl: "https://old.example",
    });
    expect(await jobs.getImportRun(h.db(), 999_999)).toBeNull();
    // The checking run is nobody's here: leave it as no test's.
    await h.db().updateTable("import_runs").set({ status: "cancelled" }).where("id", "=", checking).execute();
  });

  it("sweeps day-old upload files that no waiting run names, and keeps the rest", async () => {
    const { jobs } = await routes();
    const { nowSeconds } = await import("#app/server/db/db.server.ts");
    const old = new Date(Date.now() - 2 * 24 * 3600 * 1000);
    const orphan = join(imports, "0rphan.upload");
    const fresh = join(imports, "fresh.upload");
    const waiting = join(imports, "waiting.upload");
    for (const path of [orphan, fresh, waiting]) await writeFile(path, "x");
    await utimes(orphan, old, old);
    await utimes(waiting, old, old);
    const now = nowSeconds();
    await h
      .db()
      .insertInto("import_runs")
      .values({
        account_id: null,
        file_name: "waiting.xml",
        file_path: waiting,
        status: "checked",
        created_at: now,
        updated_at: now,
      })
      .execute();
    expect(await jobs.sweepImportFiles(h.db(), imports)).toBe(1);
    expect((await readdir(imports)).sort()).toEqual(["fresh.upload", "waiting.upload"]);
  });
});
