/**
 * The activity log's writers (/admin/activity), on both engines: each change an admin makes through
 * its screen writes exactly one entry naming them (email and account), the item and the address the
 * request came from; a change that is refused or rolled back writes none; the database refuses to
 * edit an entry. The work of the command line and of the server's schedule (backups, restores,
 * exports, imports) is recorded as theirs.
 */
import { spawnSync } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ActivityKind } from "#app/lib/activity-kinds.ts";
import { COMMAND_LINE, recordActivity } from "#app/server/models/activity.server.ts";
import { createBlog } from "#app/server/models/blogs.server.ts";
import { ArchiveWriter, FORMAT, FORMAT_VERSION } from "#app/server/transfer/backup/archive.server.ts";
import { writeBackup } from "#app/server/transfer/backup/backup.server.ts";
import { restoreBackup } from "#app/server/transfer/backup/restore.server.ts";
import { backupScheduler } from "#app/server/transfer/backup/schedule.server.ts";
import { writeExportFile } from "#app/server/transfer/export/export.server.ts";
import { blogFields, blogInput, TEST_ACTOR } from "#tests/support/content.ts";
import { describeEachEngine, ENGINES } from "#tests/support/engines.ts";
import { answerOf, describeRoutesEachEngine, formOf, ORIGIN } from "#tests/support/route-harness.ts";
import { fillSite, newSite, type Site } from "../backup/site.ts";

let root = "";
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), "wanderplate-activity-writers-"));
  // Uploads in <root>/uploads, so the import screen's files go to <root>/imports.
  process.env.UPLOADS_DIR = join(root, "uploads");
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

/** The address the admin's requests come from in these tests. */
const IP = "203.0.113.7";
const OWNER = "owner@example.com";

/** A WordPress export (WXR 1.2) of two published posts, "Road 1" and "Road 2". */
const WXR = `<?xml version="1.0" encoding="UTF-8" ?>
<rss version="2.0" xmlns:excerpt="http://wordpress.org/export/1.2/excerpt/"
  xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/"
  xmlns:wp="http://wordpress.org/export/1.2/">
<channel>
  <title>Old Roads</title>
  <link>https://old.example</link>
  <wp:wxr_version>1.2</wp:wxr_version>
  <wp:base_site_url>https://old.example</wp:base_site_url>
  <wp:base_blog_url>https://old.example</wp:base_blog_url>
${[1, 2]
  .map(
    (n) => `<item>
  <title><![CDATA[Road ${n}]]></title>
  <link>https://old.example/road-${n}/</link>
  <dc:creator><![CDATA[ana]]></dc:creator>
  <content:encoded><![CDATA[<p>Day ${n} on the road.</p>]]></content:encoded>
  <excerpt:encoded><![CDATA[]]></excerpt:encoded>
  <wp:post_id>${n}</wp:post_id>
  <wp:post_date><![CDATA[2024-03-0${n} 10:00:00]]></wp:post_date>
  <wp:post_date_gmt><![CDATA[2024-03-0${n} 10:00:00]]></wp:post_date_gmt>
  <wp:post_name><![CDATA[road-${n}]]></wp:post_name>
  <wp:status><![CDATA[publish]]></wp:status>
  <wp:post_type><![CDATA[post]]></wp:post_type>
</item>`,
  )
  .join("\n")}
</channel>
</rss>
`;

type Row = Record<string, unknown>;
type RouteFn = (args: never) => unknown;

describeRoutesEachEngine("activity log writers, through the admin screens", (h) => {
  let ownerId = 0;
  let routes: {
    blogs: typeof import("#app/routes/admin/blog/index.tsx");
    editBlog: typeof import("#app/routes/admin/blog/edit.tsx");
    recipes: typeof import("#app/routes/admin/manage-recipe/index.tsx");
    editRecipe: typeof import("#app/routes/admin/manage-recipe/edit.tsx");
    comments: typeof import("#app/routes/admin/manage-comments.tsx");
    users: typeof import("#app/routes/admin/manage-users.tsx");
    settings: typeof import("#app/routes/admin/settings.tsx");
    newsletterSettings: typeof import("#app/routes/admin/newsletter/settings.tsx");
    importUpload: typeof import("#app/routes/admin/import/upload.tsx");
    importStart: typeof import("#app/routes/admin/import/start.tsx");
    exportRoute: typeof import("#app/routes/admin/export.ts");
  };

  beforeAll(async () => {
    routes = {
      blogs: await import("#app/routes/admin/blog/index.tsx"),
      editBlog: await import("#app/routes/admin/blog/edit.tsx"),
      recipes: await import("#app/routes/admin/manage-recipe/index.tsx"),
      editRecipe: await import("#app/routes/admin/manage-recipe/edit.tsx"),
      comments: await import("#app/routes/admin/manage-comments.tsx"),
      users: await import("#app/routes/admin/manage-users.tsx"),
      settings: await import("#app/routes/admin/settings.tsx"),
      newsletterSettings: await import("#app/routes/admin/newsletter/settings.tsx"),
      importUpload: await import("#app/routes/admin/import/upload.tsx"),
      importStart: await import("#app/routes/admin/import/start.tsx"),
      exportRoute: await import("#app/routes/admin/export.ts"),
    };
    const account = await h
      .db()
      .selectFrom("accounts")
      .select("id")
      .where("email", "=", OWNER)
      .executeTakeFirstOrThrow();
    ownerId = account.id;
  });

  /** The newest entry's id: what a step writes comes after it. */
  const mark = async () =>
    Number(
      (
        await h
          .db()
          .selectFrom("activity_log")
          .select((eb) => eb.fn.max("id").as("id"))
          .executeTakeFirst()
      )?.id ?? 0,
    );
  const entriesAfter = async (since: number): Promise<Row[]> =>
    h.db().selectFrom("activity_log").selectAll().where("id", ">", since).orderBy("id").execute();
  /** Exactly one entry was written since `since`, the admin's, from IP, and it is `expected`. */
  const expectOneEntry = async (since: number, expected: Row) => {
    const entries = await entriesAfter(since);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ account_id: ownerId, actor: OWNER, address: IP, ...expected });
    return entries[0] as Row;
  };

  const post = (route: { action: RouteFn }, path: string, fields: Record<string, string>) =>
    answerOf(h.action(route, path, formOf(fields), { ip: IP }));
  /** An action's status: a returned result's, or a Response's (a redirect). */
  const statusOf = (answer: unknown) =>
    answer instanceof Response
      ? answer.status
      : ((answer as { init?: ResponseInit | null }).init?.status ?? 200);
  const idOfTitle = async (table: "blogs" | "recipes", title: string) =>
    (await h.db().selectFrom(table).select("id").where("title", "=", title).executeTakeFirstOrThrow()).id;

  it("records a blog published, scheduled, published again and unpublished, and deleted; a draft added or a live blog edited is not", async () => {
    let since = await mark();
    expect(
      statusOf(
        await post(routes.blogs, "/admin/blog", { intent: "create", ...blogFields("Kyoto in autumn") }),
      ),
    ).toBe(200);
    const id = await idOfTitle("blogs", "Kyoto in autumn");
    await expectOneEntry(since, {
      kind: "blog_published",
      item_type: "blog",
      item_id: String(id),
      item_label: "Kyoto in autumn",
      detail: "",
    });

    since = await mark();
    await post(routes.blogs, "/admin/blog", {
      intent: "create",
      ...blogFields("Still a draft"),
      publication: "draft",
    });
    await idOfTitle("blogs", "Still a draft");
    expect(await entriesAfter(since)).toEqual([]);

    const edit = (fields: Record<string, string>) =>
      post(routes.editBlog, `/admin/blog/edit?id=${id}`, blogFields("Kyoto in autumn", fields));
    since = await mark();
    expect(statusOf(await edit({ publishAt: "2099-01-01T10:00", publishZone: "UTC" }))).toBe(302);
    await expectOneEntry(since, {
      kind: "blog_scheduled",
      item_id: String(id),
      item_label: "Kyoto in autumn",
      detail: "For Jan 1, 2099, 10:00 AM UTC",
    });

    since = await mark();
    expect(statusOf(await edit({}))).toBe(302);
    await expectOneEntry(since, { kind: "blog_published", item_id: String(id) });

    since = await mark();
    expect(statusOf(await edit({ content: "<p>Edited, still live.</p>" }))).toBe(302);
    expect(await entriesAfter(since)).toEqual([]);

    since = await mark();
    expect(statusOf(await edit({ publication: "draft" }))).toBe(302);
    await expectOneEntry(since, { kind: "blog_unpublished", item_id: String(id) });

    since = await mark();
    expect(statusOf(await post(routes.blogs, "/admin/blog", { intent: "delete", id: String(id) }))).toBe(200);
    await expectOneEntry(since, {
      kind: "blog_deleted",
      item_type: "blog",
      item_id: String(id),
      item_label: "Kyoto in autumn",
    });
  });

  it("records a recipe published, unpublished, scheduled and deleted", async () => {
    const recipe = {
      title: "Khao soi",
      short: "Curry noodles",
      steps: "Simmer",
      ingredients: "Noodles",
      imageUrl: "https://example.com/soup.jpg",
    };
    let since = await mark();
    expect(
      statusOf(await post(routes.recipes, "/admin/manage-recipe", { intent: "create", ...recipe })),
    ).toBe(200);
    const id = await idOfTitle("recipes", "Khao soi");
    await expectOneEntry(since, {
      kind: "recipe_published",
      item_type: "recipe",
      item_id: String(id),
      item_label: "Khao soi",
    });

    const edit = (fields: Record<string, string>) =>
      post(routes.editRecipe, "/admin/manage-recipe/edit", {
        intent: "update",
        id: String(id),
        ...recipe,
        ...fields,
      });
    since = await mark();
    expect(statusOf(await edit({ publication: "draft" }))).toBe(302);
    await expectOneEntry(since, { kind: "recipe_unpublished", item_id: String(id) });

    since = await mark();
    expect(statusOf(await edit({ publishAt: "2099-06-01T08:30", publishZone: "UTC" }))).toBe(302);
    await expectOneEntry(since, { kind: "recipe_scheduled", detail: "For Jun 1, 2099, 8:30 AM UTC" });

    since = await mark();
    expect(
      statusOf(await post(routes.recipes, "/admin/manage-recipe", { intent: "delete", id: String(id) })),
    ).toBe(200);
    await expectOneEntry(since, { kind: "recipe_deleted", item_id: String(id), item_label: "Khao soi" });
  });

  it("records a comment approved and unapproved, by the commenter's name and the blog's title", async () => {
    const { addComment } = await import("#app/server/models/comments.server.ts");
    const models = await import("#app/server/models/blogs.server.ts");
    const blog = await models.createBlog(h.db(), TEST_ACTOR, blogInput("Lisbon by tram"));
    const comment = await addComment(h.db(), blog.id, {
      name: "Ana",
      email: "ana@example.com",
      comment: "Lovely!",
    });
    const toggle = () =>
      post(routes.comments, "/admin/manage-comments", { intent: "toggle", id: String(comment.id) });

    let since = await mark();
    expect(statusOf(await toggle())).toBe(200);
    const approved = await expectOneEntry(since, {
      kind: "comment_approved",
      item_type: "comment",
      item_id: String(comment.id),
      item_label: "Ana on Lisbon by tram",
    });
    expect(JSON.stringify(approved)).not.toContain("ana@example.com");

    since = await mark();
    expect(statusOf(await toggle())).toBe(200);
    await expectOneEntry(since, { kind: "comment_unapproved", item_label: "Ana on Lisbon by tram" });
  });

  it("records a user deleted by their full name, never their email", async () => {
    const { addUser } = await import("#app/server/models/users.server.ts");
    const { id } = await addUser(h.db(), {
      fullName: "Dora Reader",
      email: "dora.reader@example.com",
      phone: "555 0100",
    });
    const since = await mark();
    expect(
      statusOf(await post(routes.users, "/admin/manage-users", { intent: "delete", id: String(id) })),
    ).toBe(200);
    const entry = await expectOneEntry(since, {
      kind: "user_deleted",
      item_type: "user",
      item_id: String(id),
      item_label: "Dora Reader",
    });
    expect(JSON.stringify(entry)).not.toContain("dora.reader@example.com");
  });

  it("records each settings change with what changed", async () => {
    const siteInfo = {
      intent: "site-info",
      name: "Noodle Roads",
      email: "hello@example.com",
      phone: "",
      phonecall: "",
      address: "",
      addressCity: "",
      domain: "",
    };
    const steps: [unknown, string][] = [
      [() => post(routes.settings, "/admin/settings", siteInfo), "Site info"],
      [
        () =>
          post(routes.settings, "/admin/settings", {
            intent: "site-numbers",
            domain: "Example.com",
            numberIntl: "+351 1",
            numberLocal: "1",
          }),
        "Phone numbers for example.com",
      ],
      [
        () => post(routes.settings, "/admin/settings", { intent: "delete-numbers", domain: "example.com" }),
        "Phone numbers for example.com removed",
      ],
      [() => post(routes.blogs, "/admin/dashboard", { intent: "popup", enabled: "true" }), "Popup turned on"],
      [
        () => post(routes.blogs, "/admin/dashboard", { intent: "popup", enabled: "false" }),
        "Popup turned off",
      ],
      [
        () => post(routes.newsletterSettings, "/admin/newsletter/settings", {}),
        "Newsletter settings: mails carry the excerpt and a link",
      ],
      [
        () => post(routes.newsletterSettings, "/admin/newsletter/settings", { fullText: "on" }),
        "Newsletter settings: mails carry the whole blog",
      ],
    ];
    for (const [step, detail] of steps) {
      const since = await mark();
      expect(statusOf(await (step as () => Promise<unknown>)()), detail).toBe(200);
      await expectOneEntry(since, { kind: "settings_changed", item_type: "settings", detail });
    }
    // Numbers no domain has: refused, nothing recorded.
    const since = await mark();
    expect(
      statusOf(
        await post(routes.settings, "/admin/settings", {
          intent: "delete-numbers",
          domain: "nowhere.example",
        }),
      ),
    ).toBe(404);
    expect(await entriesAfter(since)).toEqual([]);
  });

  it("records an export once its file is whole, naming the file", async () => {
    const since = await mark();
    const answer = await post(routes.exportRoute, "/admin/export", {});
    expect(answer).toBeInstanceOf(Response);
    const response = answer as Response;
    const name = /filename="([^"]+)"/.exec(response.headers.get("content-disposition") ?? "")?.[1];
    expect(name).toMatch(/^wanderplate-export-\d{4}-\d{2}-\d{2}\.tar\.gz$/);
    expect((await response.arrayBuffer()).byteLength).toBeGreaterThan(0);
    await expectOneEntry(since, {
      kind: "export",
      item_type: "file",
      item_label: name,
      detail: expect.stringMatching(/^\d+ rows, \d+ files; without personal data$/),
    });
  });

  it("records an import once, when the run is done, as the admin who pressed Import (the check writes none)", async () => {
    const jobs = await import("#app/server/transfer/import/jobs.server.ts");
    const since = await mark();
    const uploaded = await answerOf(
      h.action(
        routes.importUpload,
        "/admin/import/upload",
        formOf({ file: new File([WXR], "old-roads.xml", { type: "text/xml" }), images: "keep" }),
        { ip: IP },
      ),
    );
    expect(uploaded).toBeInstanceOf(Response);
    const id = Number(
      new URL((uploaded as Response).headers.get("location") ?? "", ORIGIN).searchParams.get("run"),
    );
    await jobs.importRunSettled(id);
    expect((await jobs.getImportRun(h.db(), id))?.status).toBe("checked");
    expect(await entriesAfter(since)).toEqual([]);

    expect(
      statusOf(
        await answerOf(
          // The Import button posts a plain form to its own address.
          h.action(routes.importStart, "/admin/import/start", new URLSearchParams({ id: String(id) }), {
            ip: IP,
            headers: { "content-type": "application/x-www-form-urlencoded" },
          }),
        ),
      ),
    ).toBe(302);
    await jobs.importRunSettled(id);
    expect((await jobs.getImportRun(h.db(), id))?.status).toBe("done");
    await expectOneEntry(since, {
      kind: "import",
      item_type: "file",
      item_label: "old-roads.xml",
      detail: "Blogs 2 (2 added, 0 updated, 0 unchanged)",
    });
  });

  it("records a run taken over from a stopped server as the admin who started it", async () => {
    const jobs = await import("#app/server/transfer/import/jobs.server.ts");
    const { nowSeconds } = await import("#app/server/db/db.server.ts");
    const path = join(root, "stale.upload");
    await writeFile(path, WXR.replaceAll("Road", "Track").replaceAll("road-", "track-"));
    {
      const now = nowSeconds();
      const { id } = await h
        .db()
        .insertInto("import_runs")
        .values({
          account_id: null,
          file_name: "tracks.xml",
          file_path: path,
          options: JSON.stringify({ images: "keep", sourceUrl: "https://tracks.example" }),
          status: "running",
          created_at: now - 600,
          updated_at: now - 120,
          claimed_until: now - 5,
          started_by_account_id: 4242,
          started_by: "ana@example.com",
          started_from: "198.51.100.2",
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      const since = await mark();
      expect(await jobs.resumeStaleImportRuns(h.db())).toEqual([id]);
      await jobs.importRunSettled(id);
      const entries = await entriesAfter(since);
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({
        kind: "import",
        account_id: 4242,
        actor: "ana@example.com",
        address: "198.51.100.2",
        item_label: "tracks.xml",
      });
    }
  });

  it("records nothing for a change that is refused or finds nothing", async () => {
    const since = await mark();
    const answers = [
      await post(routes.blogs, "/admin/blog", { intent: "delete", id: "987654" }),
      await post(routes.recipes, "/admin/manage-recipe", { intent: "delete", id: "987654" }),
      await post(routes.comments, "/admin/manage-comments", { intent: "toggle", id: "987654" }),
      await post(routes.users, "/admin/manage-users", { intent: "delete", id: "987654" }),
      await post(routes.editBlog, "/admin/blog/edit?id=987654", blogFields("Nowhere")),
      // A draft without an image cannot be published.
      await post(routes.blogs, "/admin/blog", {
        intent: "create",
        ...blogFields("No picture", { imageUrl: "" }),
      }),
    ];
    expect(answers.map(statusOf)).toEqual([404, 404, 404, 404, 404, 400]);
    expect(await entriesAfter(since)).toEqual([]);
  });
});

describeEachEngine("activity log: what the database and the models guarantee", (db, engine) => {
  const count = async () =>
    Number(
      (
        await db()
          .selectFrom("activity_log")
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it("refuses to update an entry", async () => {
    await recordActivity(db(), TEST_ACTOR, "backup", { detail: "as it was" });
    await expect(db().updateTable("activity_log").set({ detail: "rewritten" }).execute()).rejects.toThrow(
      /append-only/,
    );
    expect(
      await db().selectFrom("activity_log").select("detail").where("detail", "=", "rewritten").execute(),
    ).toEqual([]);
  });

  it("writes no entry when the change's transaction rolls back after recording it", async () => {
    const before = await count();
    await expect(
      db()
        .transaction()
        .execute(async (trx) => {
          await recordActivity(trx, TEST_ACTOR, "settings_changed", { detail: "Site info" });
          throw new Error("the change failed");
        }),
    ).rejects.toThrow("the change failed");
    // A blog whose save fails after its publication was recorded: neither the blog nor the entry.
    await expect(
      createBlog(db(), TEST_ACTOR, blogInput(`Rolled back ${engine}`), undefined, async () => {
        throw new Error("the send choice could not be saved");
      }),
    ).rejects.toThrow("the send choice could not be saved");
    expect(
      await db().selectFrom("blogs").select("id").where("title", "=", `Rolled back ${engine}`).execute(),
    ).toEqual([]);
    expect(await count()).toBe(before);
  });
});

for (const engine of ENGINES) {
  describe(`activity log: backups, restores and exports [${engine}]`, () => {
    let source: Site;
    let dir = "";
    const sites: Site[] = [];
    beforeAll(async () => {
      source = await newSite(engine);
      await fillSite(source);
      dir = await mkdtemp(join(tmpdir(), "wanderplate-activity-files-"));
    });
    afterAll(async () => {
      await source?.close();
      for (const site of sites.splice(0)) await site.close();
      await rm(dir, { recursive: true, force: true });
    });
    const emptySite = async () => {
      const site = await newSite(engine, { migrate: false });
      sites.push(site);
      return site;
    };
    const entriesOf = (site: Site, kind: ActivityKind) =>
      site.db.selectFrom("activity_log").selectAll().where("kind", "=", kind).orderBy("id").execute();
    const sourceOf = (site: Site) => ({ db: site.db, dialect: site.handle.dialect, databaseUrl: site.url });

    it("records a scheduled backup as the server's, once; writing an archive alone records nothing", async () => {
      await writeBackup(sourceOf(source), source.store, join(dir, "unrecorded.tar.gz"));
      expect(await entriesOf(source, "backup")).toEqual([]);
      const file = await backupScheduler({
        source: sourceOf(source),
        store: source.store,
        dir: join(dir, "scheduled"),
        keep: 2,
        intervalSeconds: 3600,
      }).check();
      expect(file).toMatch(/wanderplate-backup-\d{8}-\d{6}Z\.tar\.gz$/);
      const entries = await entriesOf(source, "backup");
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({
        actor: "server",
        account_id: null,
        address: "",
        item_type: "file",
        item_label: basename(file ?? ""),
        detail: expect.stringMatching(/^\d+ rows, \d+ uploads$/),
      });
    });

    it("records a restore in the restored site, in the restore's transaction, after the entries it brought back", async () => {
      const file = join(dir, "to-restore.tar.gz");
      const summary = await writeBackup(sourceOf(source), source.store, file);
      const target = await emptySite();
      await restoreBackup(
        file,
        { db: target.db, dialect: target.handle.dialect },
        target.store,
        COMMAND_LINE,
      );
      const restored = await target.db.selectFrom("activity_log").selectAll().orderBy("id").execute();
      expect(restored).toHaveLength((summary.tables.activity_log ?? 0) + 1);
      expect(restored.at(-1)).toMatchObject({
        kind: "restore",
        actor: "command line",
        item_label: "to-restore.tar.gz",
        detail: expect.stringMatching(new RegExp(`^Taken \\S+ from ${engine}: \\d+ rows, \\d+ uploads$`)),
      });
      // The entry took the id after every restored one (the counter was set first).
      const ids = restored.map((row) => Number(row.id));
      expect(ids.at(-1)).toBe(Math.max(...ids.slice(0, -1)) + 1);
    });

    it("records the restore of a backup older than the log once the site is migrated", async () => {
      // A backup of an empty site taken before migration 020 (no activity log yet).
      const file = join(dir, "before-the-log.tar.gz");
      const writer = await ArchiveWriter.create(file);
      await writer.finish({
        format: FORMAT,
        formatVersion: FORMAT_VERSION,
        appVersion: "0.0.9",
        migration: "019_newsletter",
        createdAt: "2026-01-02T03:04:05.000Z",
        engine,
        tables: {},
        nextIds: {},
        uploads: 0,
        missingUploads: [],
      });
      const target = await emptySite();
      await restoreBackup(
        file,
        { db: target.db, dialect: target.handle.dialect },
        target.store,
        COMMAND_LINE,
      );
      const entries = await target.db.selectFrom("activity_log").selectAll().execute();
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({
        kind: "restore",
        actor: "command line",
        item_label: "before-the-log.tar.gz",
        detail: `Taken 2026-01-02T03:04:05.000Z from ${engine}: 0 rows, 0 uploads`,
      });
    });

    it("records an export from the command line, saying whether personal data went with it", async () => {
      await writeExportFile(source.db, join(dir, "plain.tar.gz"), {
        includePii: false,
        store: source.store,
        actor: COMMAND_LINE,
      });
      await writeExportFile(source.db, join(dir, "with-pii.tar.gz"), {
        includePii: true,
        store: source.store,
        actor: COMMAND_LINE,
      });
      const entries = await entriesOf(source, "export");
      expect(
        entries.map((e) => [e.actor, e.item_label, e.detail.replace(/^\d+ rows, \d+ files; /, "")]),
      ).toEqual([
        ["command line", "plain.tar.gz", "without personal data"],
        ["command line", "with-pii.tar.gz", "with subscribers, contact messages and commenters' emails"],
      ]);
    });
  });
}

for (const engine of ENGINES) {
  describe(`activity log: the command-line tools record their work as the command line's [${engine}]`, () => {
    let source: Site;
    let target: Site;
    let dir = "";
    beforeAll(async () => {
      source = await newSite(engine);
      await fillSite(source);
      target = await newSite(engine, { migrate: false });
      dir = await mkdtemp(join(tmpdir(), "wanderplate-activity-cli-"));
    });
    afterAll(async () => {
      await source?.close();
      await target?.close();
      await rm(dir, { recursive: true, force: true });
    });
    const cli = (site: Site, tool: string, args: string[]) => {
      const result = spawnSync(process.execPath, [`cli/${tool}.ts`, ...args], {
        env: { ...process.env, DATABASE_URL: site.url, UPLOADS_DIR: site.uploadsDir, LOG_LEVEL: "warn" },
        encoding: "utf8",
      });
      expect(result.stderr, tool).toBe("");
      expect(result.status, tool).toBe(0);
    };
    const kindsAfter = async (site: Site, since: number) =>
      (
        await site.db
          .selectFrom("activity_log")
          .select(["kind", "actor", "account_id", "address", "item_label"])
          .where("id", ">", since)
          .orderBy("id")
          .execute()
      ).map((row) => ({ ...row }));
    const last = async (site: Site) =>
      Number(
        (
          await site.db
            .selectFrom("activity_log")
            .select((eb) => eb.fn.max("id").as("id"))
            .executeTakeFirst()
        )?.id ?? 0,
      );
    const byCommandLine = { actor: "command line", account_id: null, address: "" };

    it("backup, export and import (a dry run records nothing), then restore into an empty site", async () => {
      const since = await last(source);
      const wxr = join(dir, "old-roads.xml");
      await writeFile(wxr, WXR);
      cli(source, "backup", ["--out", join(dir, "site.tar.gz")]);
      cli(source, "export", ["--out", join(dir, "export.tar.gz")]);
      cli(source, "import", [wxr, "--images=keep", "--dry-run"]);
      cli(source, "import", [wxr, "--images=keep"]);
      expect(await kindsAfter(source, since)).toEqual([
        { kind: "backup", ...byCommandLine, item_label: "site.tar.gz" },
        { kind: "export", ...byCommandLine, item_label: "export.tar.gz" },
        { kind: "import", ...byCommandLine, item_label: "old-roads.xml" },
      ]);

      cli(target, "restore", [join(dir, "site.tar.gz")]);
      const restored = await kindsAfter(target, 0);
      expect(restored.at(-1)).toEqual({ kind: "restore", ...byCommandLine, item_label: "site.tar.gz" });
      expect(restored.filter((row) => row.kind === "restore")).toHaveLength(1);
    });
  });
}
