/**
 * The site's pages (migration 024, models/pages.server.ts), on both engines: a new database holds
 * the four built-in pages with the texts the site shipped with; owners add, edit and delete pages
 * of their own under the page slug rule; built-in pages keep their paths and cannot be deleted;
 * drafts and scheduled pages stay hidden; every change moves the content version (so every
 * server's cached pages go stale at once) and publications land in the activity log.
 */
import { expect, it } from "vitest";
import { staticPages } from "#app/content/pages.ts";
import { readContentVersion } from "#app/server/cache/content-version.server.ts";
import type { DB } from "#app/server/db/db.server.ts";
import {
  createPage,
  deletePage,
  findPageById,
  findPublishedPage,
  listAdminPages,
  PageInputError,
  publishedPagePaths,
  updatePage,
} from "#app/server/models/pages.server.ts";
import { findPathRedirect } from "#app/server/models/redirects.server.ts";
import { TEST_ACTOR } from "#tests/support/content.ts";
import { describeEachEngine } from "#tests/support/engines.ts";

const page = (title: string, extra: Record<string, unknown> = {}) => ({
  title,
  content: "<p>Hello <strong>there</strong></p><script>alert(1)</script>",
  intro: "A few words.",
  ...extra,
});

async function refusal(pending: Promise<unknown>): Promise<{ field: string; message: string }> {
  try {
    await pending;
  } catch (error) {
    if (error instanceof PageInputError) return { field: error.field, message: error.message };
    throw error;
  }
  throw new Error("the save was not refused");
}

const activityKinds = async (db: DB, id: number) =>
  (
    await db
      .selectFrom("activity_log")
      .select("kind")
      .where("item_type", "=", "page")
      .where("item_id", "=", String(id))
      .orderBy("id")
      .execute()
  ).map((r) => r.kind);

describeEachEngine("the site's pages", (db) => {
  it("holds the four built-in pages on a new database, published, with the texts the site shipped with", async () => {
    const list = await listAdminPages(db());
    expect(list.items.filter((p) => p.builtin).map((p) => [p.builtin, p.slug, p.state])).toEqual([
      ["about", "about", "published"],
      ["disclaimer", "disclaimer", "published"],
      ["privacy-policy", "privacy-policy", "published"],
      ["terms-and-condition", "terms-and-condition", "published"],
    ]);
    const about = await findPublishedPage(db(), { builtin: "about" });
    expect(about?.title).toBe("About Us");
    expect(about?.intro).toBe(staticPages.about.intro);
    // Every heading and paragraph of the shipped text, in order.
    for (const section of staticPages.about.sections) {
      expect(about?.content).toContain(`<h2>${section.heading}</h2>`);
    }
    expect(about?.content).toContain("We are a handful of friends");
    const privacy = await findPublishedPage(db(), { builtin: "privacy-policy" });
    expect(privacy?.title).toBe("Privacy Policy");
    expect(privacy?.seoDescription).toBe(staticPages["privacy-policy"].description);
  });

  it("adds an owner's page at the slug of its title, sanitized, and finds it only by that slug", async () => {
    const before = await readContentVersion(db());
    const added = await createPage(db(), TEST_ACTOR, page("Work With Us"));
    expect(added.slug).toBe("work-with-us");
    expect(added.builtin).toBeNull();
    expect(added.content).toBe("<p>Hello <strong>there</strong></p>");
    expect(await readContentVersion(db())).not.toBe(before);
    expect((await findPublishedPage(db(), { slug: "work-with-us" }))?.id).toBe(added.id);
    // A built-in page is never found as an owner's page, nor an owner's page by a built-in's name.
    expect(await findPublishedPage(db(), { slug: "about" })).toBeNull();
    expect(await findPublishedPage(db(), { builtin: "work-with-us" })).toBeNull();
    expect(await activityKinds(db(), added.id)).toEqual(["page_published"]);
    expect((await publishedPagePaths(db())).map((p) => p.path)).toContain("/work-with-us");
  });

  it("refuses a slug a route of ours owns, naming it, from the Slug field or the title", async () => {
    expect(await refusal(createPage(db(), TEST_ACTOR, page("Anything", { slug: "Blogs" })))).toEqual({
      field: "slug",
      message: "The address /blogs belongs to a page of this site already; choose another slug.",
    });
    expect(await refusal(createPage(db(), TEST_ACTOR, page("Admin")))).toMatchObject({ field: "slug" });
    expect(await refusal(createPage(db(), TEST_ACTOR, page("Privacy Policy")))).toMatchObject({
      message: expect.stringContaining("/privacy-policy"),
    });
    expect(await refusal(createPage(db(), TEST_ACTOR, page("x", { slug: "%%%" })))).toEqual({
      field: "slug",
      message: "Slug needs at least one letter or digit.",
    });
    expect((await listAdminPages(db())).items.map((p) => p.slug)).not.toContain("blogs");
  });

  it("numbers a title's slug that another page has, and refuses a typed slug that another page has", async () => {
    const first = await createPage(db(), TEST_ACTOR, page("Press Kit"));
    const second = await createPage(db(), TEST_ACTOR, page("Press Kit"));
    expect([first.slug, second.slug]).toEqual(["press-kit", "press-kit-2"]);
    expect(await refusal(createPage(db(), TEST_ACTOR, page("Other", { slug: "press-kit" })))).toEqual({
      field: "slug",
      message: "Another page already lives at /press-kit; choose another slug.",
    });
    // Its own slug is no clash.
    const same = await updatePage(
      db(),
      TEST_ACTOR,
      first.id,
      page("Press kit (2026)", { slug: "press-kit" }),
    );
    expect(same?.slug).toBe("press-kit");
  });

  it("moves an owner's page to a new slug and leaves the old address redirecting to it", async () => {
    const added = await createPage(db(), TEST_ACTOR, page("Our Gear"));
    const moved = await updatePage(db(), TEST_ACTOR, added.id, page("Our Gear", { slug: "what-we-pack" }));
    expect(moved?.slug).toBe("what-we-pack");
    expect(await findPathRedirect(db(), "/our-gear")).toBe("/what-we-pack");
    expect(await findPathRedirect(db(), "/Our-Gear/")).toBe("/what-we-pack");
    // A new page taking the old address takes it over from the redirect.
    await createPage(db(), TEST_ACTOR, page("Our Gear"));
    expect(await findPathRedirect(db(), "/our-gear")).toBeNull();
  });

  it("edits a built-in page in place: its path stays whatever the form asks", async () => {
    const about = await findPublishedPage(db(), { builtin: "about" });
    if (!about) throw new Error("no about page");
    const edited = await updatePage(db(), TEST_ACTOR, about.id, {
      title: "About Ana",
      content: "<p>I travel alone, slowly.</p>",
      slug: "somewhere-else",
    });
    expect(edited?.slug).toBe("about");
    expect((await findPublishedPage(db(), { builtin: "about" }))?.title).toBe("About Ana");
    expect(await findPublishedPage(db(), { slug: "somewhere-else" })).toBeNull();
  });

  it("keeps built-in pages from deletion and deletes an owner's page with its redirects", async () => {
    const terms = await findPublishedPage(db(), { builtin: "terms-and-condition" });
    if (!terms) throw new Error("no terms page");
    expect(await deletePage(db(), TEST_ACTOR, terms.id)).toBe("builtin");
    expect(await findPageById(db(), terms.id)).not.toBeNull();

    const added = await createPage(db(), TEST_ACTOR, page("Short Lived"));
    await updatePage(db(), TEST_ACTOR, added.id, page("Short Lived", { slug: "gone-soon" }));
    expect(await deletePage(db(), TEST_ACTOR, added.id)).toBe("deleted");
    expect(await findPageById(db(), added.id)).toBeNull();
    expect(await findPathRedirect(db(), "/short-lived")).toBeNull();
    expect(await deletePage(db(), TEST_ACTOR, added.id)).toBe("missing");
    expect(await activityKinds(db(), added.id)).toEqual(["page_published", "page_deleted"]);
  });

  it("hides drafts and scheduled pages from readers until their time, and logs each move", async () => {
    const draft = await createPage(db(), TEST_ACTOR, page("Coming Soon", { publishAt: null }));
    expect(await findPublishedPage(db(), { slug: "coming-soon" })).toBeNull();
    expect(await activityKinds(db(), draft.id)).toEqual([]);

    const later = Math.floor(Date.now() / 1000) + 3600;
    await updatePage(db(), TEST_ACTOR, draft.id, page("Coming Soon", { publishAt: later }));
    expect(await findPublishedPage(db(), { slug: "coming-soon" })).toBeNull();
    expect(await findPublishedPage(db(), { slug: "coming-soon" }, later)).not.toBeNull();
    expect((await publishedPagePaths(db())).map((p) => p.path)).not.toContain("/coming-soon");

    await updatePage(db(), TEST_ACTOR, draft.id, page("Coming Soon", { publishAt: "now" }));
    expect(await findPublishedPage(db(), { slug: "coming-soon" })).not.toBeNull();
    // A built-in page turned back into a draft is hidden too: the owner's choice.
    const disclaimer = await findPublishedPage(db(), { builtin: "disclaimer" });
    if (!disclaimer) throw new Error("no disclaimer");
    await updatePage(db(), TEST_ACTOR, disclaimer.id, { ...disclaimer, publishAt: null });
    expect(await findPublishedPage(db(), { builtin: "disclaimer" })).toBeNull();
    expect(await activityKinds(db(), draft.id)).toEqual(["page_scheduled", "page_published"]);
    expect(await activityKinds(db(), disclaimer.id)).toEqual(["page_unpublished"]);
  });
});
