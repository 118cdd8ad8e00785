/**
 * The pages screens (/admin/pages, Add Page, edit page) and the public pages they make, through the
 * route modules on both engines: a save answers "Page saved" and shows at once; a slug the site
 * owns is refused with a 400 naming it and writes nothing; a built-in page cannot be deleted; an
 * owner's page lives at `/{slug}` and its old address redirects; the site's name fills
 * `{siteName}`, escaped inside the HTML.
 */
import { beforeAll, expect, it } from "vitest";
import { answerOf, describeRoutesEachEngine, formOf } from "#tests/support/route-harness.ts";

type Data = { type?: string; data?: Record<string, unknown>; init?: { status?: number } };

/** A `data()` answer's status and body (a plain return is a 200). */
function answer(value: unknown): { status: number; body: Record<string, unknown> } {
  const v = value as Data;
  if (v?.type === "DataWithResponseInit") return { status: v.init?.status ?? 200, body: v.data ?? {} };
  return { status: 200, body: value as Record<string, unknown> };
}

const pageForm = (fields: Record<string, string>) =>
  formOf({ publication: "publish", publishAt: "", publishZone: "UTC", content: "", ...fields });

describeRoutesEachEngine("the pages screens", (h) => {
  let routes: {
    list: typeof import("#app/routes/admin/pages/index.tsx");
    add: typeof import("#app/routes/admin/pages/new.tsx");
    edit: typeof import("#app/routes/admin/pages/edit.tsx");
    owners: typeof import("#app/routes/$slug.tsx");
    builtin: typeof import("#app/routes/static-page.tsx");
  };
  let pages: typeof import("#app/server/models/pages.server.ts");
  beforeAll(async () => {
    routes = {
      list: await import("#app/routes/admin/pages/index.tsx"),
      add: await import("#app/routes/admin/pages/new.tsx"),
      edit: await import("#app/routes/admin/pages/edit.tsx"),
      owners: await import("#app/routes/$slug.tsx"),
      builtin: await import("#app/routes/static-page.tsx"),
    };
    pages = await import("#app/server/models/pages.server.ts");
  });

  /** The public `/{slug}` route's answer for `slug`, as a visitor. */
  const visit = (slug: string) =>
    answerOf(h.loader(routes.owners as never, `/${slug}`, { cookie: "", params: { slug } }));

  it("adds a page with Page saved, and a visitor reads it at its slug", async () => {
    const saved = (await answerOf(
      h.action(
        routes.add,
        "/admin/pages/new",
        pageForm({ title: "Work With Us", content: "<p>Say hello.</p>" }),
      ),
    )) as Response;
    expect(saved.status).toBe(302);
    const location = saved.headers.get("location") ?? "";
    expect(location).toMatch(/^\/admin\/pages\/edit\?id=\d+$/);
    const toast = decodeURIComponent(saved.headers.get("set-cookie") ?? "");
    expect(Buffer.from(toast.split("=")[1]?.split(";")[0] ?? "", "base64url").toString()).toContain(
      '"Page saved"',
    );

    const shown = answer(await visit("work-with-us"));
    expect(shown.status).toBe(200);
    expect(shown.body.page).toMatchObject({ title: "Work With Us", content: "<p>Say hello.</p>" });
  });

  it("refuses a slug one of our routes owns with a 400 naming it, and writes nothing", async () => {
    const before = (await pages.listAdminPages(h.db())).total;
    for (const slug of ["blogs", "ADMIN", "privacy-policy"]) {
      const refused = answer(
        await answerOf(h.action(routes.add, "/admin/pages/new", pageForm({ title: "Sneaky", slug }))),
      );
      expect(refused.status).toBe(400);
      expect((refused.body.fieldErrors as Record<string, string>).slug).toBe(
        `The address /${slug.toLowerCase()} belongs to a page of this site already; choose another slug.`,
      );
      expect(refused.body.values).toMatchObject({ title: "Sneaky", slug });
    }
    expect((await pages.listAdminPages(h.db())).total).toBe(before);
  });

  it("refuses a role without admin rights and a missing title, writing nothing", async () => {
    const before = (await pages.listAdminPages(h.db())).total;
    const editor = await h.signIn("editor@example.com", "editor");
    // Thrown, as React Router takes it: `data()` with its status.
    const stranger = await answerOf(
      h.action(routes.add, "/admin/pages/new", pageForm({ title: "X" }), editor),
    ).catch((e: unknown) => e);
    // An editor is staff, but pages are the administrator's: 403 (lib/roles.ts).
    expect(stranger instanceof Response ? stranger.status : answer(stranger).status).toBe(403);
    const untitled = answer(
      await answerOf(h.action(routes.add, "/admin/pages/new", pageForm({ title: "  " }))),
    );
    expect(untitled.status).toBe(400);
    expect((untitled.body.fieldErrors as Record<string, string>).title).toBe("Title is required.");
    // Only invisible characters (a right-to-left override, a zero-width space) are no title either.
    const invisible = answer(
      await answerOf(
        h.action(routes.add, "/admin/pages/new", pageForm({ title: "\u202e\u200b", slug: "x-page" })),
      ),
    );
    expect(invisible.status).toBe(400);
    expect((invisible.body.fieldErrors as Record<string, string>).title).toBe("Title is required.");
    expect((await pages.listAdminPages(h.db())).total).toBe(before);
  });

  it("edits the About page in place and the public /about shows it, with the site's name escaped", async () => {
    const about = await pages.findPublishedPage(h.db(), { builtin: "about" });
    if (!about) throw new Error("no about page");
    const settings = await import("#app/server/models/settings.server.ts");
    const { TEST_ACTOR } = await import("#tests/support/content.ts");
    await settings.saveSiteInfo(h.db(), TEST_ACTOR, {
      ...(await settings.getSiteInfo(h.db())),
      name: "Ana <b>&</b> Co",
    });
    const saved = (await answerOf(
      h.action(
        routes.edit,
        `/admin/pages/edit?id=${about.id}`,
        pageForm({ title: "About {siteName}", slug: "elsewhere", content: "<p>{siteName} travels.</p>" }),
      ),
    )) as Response;
    expect(saved.status).toBe(302);
    // The route reads which page from the matched pattern: call it the way React Router does.
    const direct = answer(
      await routes.builtin.loader({
        request: new Request("http://127.0.0.1/about"),
        pattern: "/about",
        params: {},
        context: undefined as never,
      } as never),
    );
    expect(direct.body.page).toMatchObject({
      title: "About Ana <b>&</b> Co",
      content: "<p>Ana &lt;b&gt;&amp;&lt;/b&gt; Co travels.</p>",
    });
    // The path stayed: nothing answers at the slug the form asked for.
    expect(answer(await visit("elsewhere")).status).toBe(404);
  });

  it("keeps built-in pages from deletion and deletes an owner's page", async () => {
    const terms = await pages.findPublishedPage(h.db(), { builtin: "terms-and-condition" });
    if (!terms) throw new Error("no terms page");
    const kept = answer(
      await answerOf(
        h.action(routes.list, "/admin/pages", formOf({ intent: "delete", id: String(terms.id) })),
      ),
    );
    expect(kept.status).toBe(400);
    expect(kept.body.toast).toMatchObject({
      message: "This page is part of the site: it can be edited, not deleted.",
    });
    const added = await pages.findPublishedPage(h.db(), { slug: "work-with-us" });
    if (!added) throw new Error("no page added");
    const deleted = answer(
      await answerOf(
        h.action(routes.list, "/admin/pages", formOf({ intent: "delete", id: String(added.id) })),
      ),
    );
    expect(deleted.status).toBe(200);
    expect(deleted.body.toast).toMatchObject({ message: "Page deleted" });
    expect(answer(await visit("work-with-us")).status).toBe(404);
  });

  it("answers a draft's address with 404 and an old address with a permanent redirect", async () => {
    const draft = (await answerOf(
      h.action(routes.add, "/admin/pages/new", pageForm({ title: "Secret Plans", publication: "draft" })),
    )) as Response;
    expect(draft.status).toBe(302);
    expect(answer(await visit("secret-plans")).status).toBe(404);

    const live = await answerOf(
      h.action(routes.add, "/admin/pages/new", pageForm({ title: "Packing List" })),
    );
    const id = Number(
      new URL((live as Response).headers.get("location") ?? "", "http://x").searchParams.get("id"),
    );
    await answerOf(
      h.action(
        routes.edit,
        `/admin/pages/edit?id=${id}`,
        pageForm({ title: "Packing List", slug: "what-to-pack" }),
      ),
    );
    const moved = (await visit("packing-list")) as Response;
    expect(moved.status).toBe(301);
    expect(moved.headers.get("location")).toBe("/what-to-pack");
  });
});
