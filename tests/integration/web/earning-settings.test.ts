/**
 * The Earning form of /admin/settings (posted to /admin/settings/earning) and what it serves, on
 * both engines: /ads.txt answers 404 until the owner saves one, then the saved text as text/plain;
 * a line broken in pasting, or too much text, is refused with a 400 naming it and nothing is
 * written; an account without role `all` cannot save; every save is in the activity log. A blog
 * shows the disclosure when its Show disclosure switch is on, and an export carries the switch.
 */
import { beforeAll, expect, it } from "vitest";
import { answered, answerOf, describeRoutesEachEngine, formOf } from "#tests/support/route-harness.ts";

/** What a loader throws for a 404: `data(null, { status: 404 })`. */
type Thrown = { type?: string; init?: { status?: number } };

const ADS_TXT = "# Old Kitchen\r\ngoogle.com, pub-1234567890123456, DIRECT, f08c47fec0942fa0  \r\n\r\n";

describeRoutesEachEngine("the earning settings and /ads.txt", (h) => {
  let earning: typeof import("#app/routes/admin/settings/earning.tsx");
  let settings: typeof import("#app/routes/admin/settings.tsx");
  let adsTxt: typeof import("#app/routes/ads.txt.ts");
  beforeAll(async () => {
    earning = await import("#app/routes/admin/settings/earning.tsx");
    settings = await import("#app/routes/admin/settings.tsx");
    adsTxt = await import("#app/routes/ads.txt.ts");
  });

  const served = () => answerOf(h.loader(adsTxt as never, "/ads.txt", { cookie: "" }));
  const save = (fields: Record<string, string>, as?: string) =>
    answerOf(h.action(earning, "/admin/settings/earning", formOf({ intent: "earning", ...fields }), as));
  const stored = () => h.db().selectFrom("settings").select("value").where("key", "=", "earning").execute();

  it("answers 404 at /ads.txt while none is saved", async () => {
    const thrown = (await answerOf(
      h.loader(adsTxt as never, "/ads.txt", { cookie: "" }).catch((e: unknown) => e),
    )) as Thrown;
    expect(thrown.type).toBe("DataWithResponseInit");
    expect(thrown.init?.status).toBe(404);
  });

  it("saves ads.txt and the disclosure; /ads.txt serves the text, tidied, as text/plain", async () => {
    const saved = answered(await save({ adsTxt: ADS_TXT, disclosure: "  This post has affiliate links.  " }));
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ ok: true, toast: { type: "success", message: "Settings saved" } });
    const response = (await served()) as Response;
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
    expect(await response.text()).toBe(
      "# Old Kitchen\ngoogle.com, pub-1234567890123456, DIRECT, f08c47fec0942fa0\n",
    );
    const screen = (await h.loader(settings, "/admin/settings")) as { earning: unknown };
    expect(screen.earning).toEqual({
      adsTxt: "# Old Kitchen\ngoogle.com, pub-1234567890123456, DIRECT, f08c47fec0942fa0\n",
      disclosure: "This post has affiliate links.",
    });
    const logged = await h
      .db()
      .selectFrom("activity_log")
      .select("detail")
      .where("kind", "=", "settings_changed")
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(logged.detail).toBe("Earning: ads.txt changed, affiliate disclosure changed");
  });

  it("refuses a broken line, naming it, and keeps what was saved", async () => {
    const before = await stored();
    const refused = answered(
      await save({ adsTxt: "google.com, pub-1, DIRECT\ngoogle.com pub-2", disclosure: "" }),
    );
    expect(refused.status).toBe(400);
    expect((refused.body.fieldErrors as Record<string, string>).adsTxt).toBe(
      'Line 2 of ads.txt is not a record: "google.com pub-2" is not an ad system\'s domain (such as google.com). A record reads "domain, publisher ID, DIRECT" (or RESELLER).',
    );
    expect(await stored()).toEqual(before);
  });

  it("refuses too much text with a 4xx and writes nothing", async () => {
    const before = await stored();
    const line = "google.com, pub-1234567890123456, DIRECT\n";
    const long = answered(
      await save({ adsTxt: line.repeat(Math.ceil(70_000 / line.length)), disclosure: "" }),
    );
    expect(long.status).toBe(400);
    expect((long.body.fieldErrors as Record<string, string>).adsTxt).toBe(
      "ads.txt must be at most 65536 characters.",
    );
    const huge = answered(await save({ adsTxt: "x".repeat(600_000), disclosure: "" }));
    expect(huge.status).toBe(413);
    expect(await stored()).toEqual(before);
  });

  it("lets only role all save", async () => {
    const before = await stored();
    const editor = await h.signIn("editor@example.com", "editor");
    // Thrown, as React Router takes it: `data()` with its status.
    const refused = await save({ adsTxt: "", disclosure: "" }, editor).catch((e: unknown) => e);
    // An editor is staff, but this is the administrator's: 403 "For the administrator" (lib/roles.ts).
    expect(refused instanceof Response ? refused.status : answered(refused).status).toBe(403);
    expect(await stored()).toEqual(before);
  });

  it("empties ads.txt: /ads.txt is 404 again", async () => {
    expect(answered(await save({ adsTxt: "  \n", disclosure: "" })).status).toBe(200);
    const thrown = (await h
      .loader(adsTxt as never, "/ads.txt", { cookie: "" })
      .catch((e: unknown) => e)) as Thrown;
    expect(thrown.init?.status).toBe(404);
  });
});

describeRoutesEachEngine("a blog's Show disclosure switch", (h) => {
  const DISCLOSURE = "We earn from qualifying purchases.\n\nThe prices are the shops'.";
  let add: typeof import("#app/routes/admin/blog/index.tsx");
  let edit: typeof import("#app/routes/admin/blog/edit.tsx");
  let page: typeof import("#app/routes/blogs/$slug.tsx");
  beforeAll(async () => {
    add = await import("#app/routes/admin/blog/index.tsx");
    edit = await import("#app/routes/admin/blog/edit.tsx");
    page = await import("#app/routes/blogs/$slug.tsx");
    const earning = await import("#app/routes/admin/settings/earning.tsx");
    await h.action(earning, "/admin/settings/earning", formOf({ adsTxt: "", disclosure: DISCLOSURE }));
  });

  const blogForm = (extra: Record<string, string>) =>
    formOf({
      title: "Knives We Cook With",
      content: "<p>The three knives in our kitchen, and where to buy them.</p>",
      imageUrl: "https://example.com/knives.jpg",
      imageAlt: "Three knives",
      date: "2026-02-01",
      author: "Ana",
      ...extra,
    });
  const shown = async () =>
    (await h.loader(page, "/blogs/knives-we-cook-with", {
      cookie: "",
      params: { slug: "knives-we-cook-with" },
    })) as {
      blog: { showDisclosure: boolean };
      disclosure: string;
    };
  const idOf = async () =>
    (
      await h
        .db()
        .selectFrom("blogs")
        .select("id")
        .where("slug", "=", "knives-we-cook-with")
        .executeTakeFirstOrThrow()
    ).id;

  it("is off unless ticked; ticked, the page carries the site's disclosure", async () => {
    await h.action(add, "/admin/blog", blogForm({ intent: "create", showDisclosure: "on" }));
    expect(await shown()).toMatchObject({ blog: { showDisclosure: true }, disclosure: DISCLOSURE });
  });

  it("an edit without the box ticked turns it off", async () => {
    const id = await idOf();
    const saved = await answerOf(h.action(edit, `/admin/blog/edit?id=${id}`, blogForm({})));
    expect(saved instanceof Response ? saved.status : 0).toBe(302);
    expect(await shown()).toMatchObject({ blog: { showDisclosure: false }, disclosure: "" });
    await answerOf(h.action(edit, `/admin/blog/edit?id=${id}`, blogForm({ showDisclosure: "on" })));
    expect((await shown()).blog.showDisclosure).toBe(true);
  });

  it("an export carries the switch, and an older export without it imports switched off", async () => {
    const { blogColumns } = await import("#app/server/transfer/import/wanderplate/columns.server.ts");
    const row = await h
      .db()
      .selectFrom("blogs")
      .selectAll()
      .where("id", "=", await idOf())
      .executeTakeFirstOrThrow();
    expect(blogColumns(row, (html) => html).show_disclosure).toBe(1);
    const { show_disclosure: _, ...older } = row;
    expect(blogColumns(older, (html) => html).show_disclosure).toBe(0);
  });
});
