import { existsSync } from "node:fs";
import { expect, it } from "vitest";
import { storeImage } from "#app/server/media/storage.server.ts";
import { blogSitemapFile, blogSitemapFileCount } from "#app/server/models/blog-sitemaps.server.ts";
import {
  countBlogs,
  createBlog,
  deleteBlog,
  findBlogBySlug,
  latestBlogs,
  listBlogs,
  updateBlog,
} from "#app/server/models/blogs.server.ts";
import { TEST_ACTOR } from "#tests/support/content.ts";
import { describeEachEngine } from "#tests/support/engines.ts";
import { temporaryUploadsDir } from "#tests/support/uploads.ts";

const blog = (title: string, content = "<p>Body</p>") => ({
  title,
  content,
  author: "Ana",
  date: "2025-03-05",
});

const { uploadFiles, png } = temporaryUploadsDir("blog");

describeEachEngine("blogs model", (db) => {
  // Uploads belong to the media library: only the library deletes them (media-library.test.ts).
  it("keeps a replaced upload's files, and a deleted blog's, in the media library", async () => {
    const oldId = await storeImage(await png());
    const created = await createBlog(db(), TEST_ACTOR, { ...blog("Upload Swap Blog"), imageId: oldId });
    const newId = await storeImage(await png());
    const updated = await updateBlog(db(), TEST_ACTOR, created.id, {
      ...blog("Upload Swap Blog"),
      imageId: newId,
    });
    expect(updated?.image).toEqual({ kind: "upload", id: newId });
    expect(uploadFiles(oldId).every((f) => existsSync(f))).toBe(true);
    expect(uploadFiles(newId).every((f) => existsSync(f))).toBe(true);

    const kept = await updateBlog(db(), TEST_ACTOR, created.id, {
      ...blog("Upload Swap Blog"),
      keepImage: true,
    });
    expect(kept?.image).toEqual({ kind: "upload", id: newId });
    expect(uploadFiles(newId).every((f) => existsSync(f))).toBe(true);

    expect(await deleteBlog(db(), TEST_ACTOR, created.id)).toBe(true);
    expect(uploadFiles(newId).every((f) => existsSync(f))).toBe(true);
    expect(await deleteBlog(db(), TEST_ACTOR, created.id)).toBe(false);
    expect(await updateBlog(db(), TEST_ACTOR, created.id, blog("Gone"))).toBeNull();
  });

  it("stores a blog with its slug, excerpt and normalised keywords", async () => {
    const created = await createBlog(db(), TEST_ACTOR, {
      ...blog(
        "A Week in Lisbon!",
        "<h2>Day one</h2><p>Tram 28 rattled up to Graça before the crowds, and we drank a bica at the miradouro while the river turned from grey to silver.</p><p>Lunch was bifanas in Mouraria; dinner, grilled sardines in Alfama with a jug of vinho verde and far too much bread.</p>",
      ),
      seoKeywords: " lisbon,  food ,",
      imageUrl: "https://example.com/a.jpg",
    });
    expect(created.slug).toBe("a-week-in-lisbon");
    expect(created.excerpt).toBe(
      "Day one Tram 28 rattled up to Graça before the crowds, and we drank a bica at the miradouro while the river turned from grey to silver. Lunch was bifanas in Mouraria; dinner, grilled sardines in Alfam",
    );
    expect(created.hasMore).toBe(true);
    expect(created.seoKeywords).toBe("lisbon, food");
    expect(created.image).toEqual({ kind: "url", url: "https://example.com/a.jpg" });
  });

  it("gives clashing titles unique slugs (-2, -3)", async () => {
    const a = await createBlog(db(), TEST_ACTOR, blog("Same Title"));
    const b = await createBlog(db(), TEST_ACTOR, blog("Same title"));
    const c = await createBlog(db(), TEST_ACTOR, blog("same  TITLE"));
    expect([a.slug, b.slug, c.slug]).toEqual(["same-title", "same-title-2", "same-title-3"]);
  });

  it("sanitizes stored HTML: no script, no event handlers, no javascript: URLs", async () => {
    const created = await createBlog(
      db(),
      TEST_ACTOR,
      blog(
        "Unsafe",
        `<p onclick="steal()">Hi<script>alert(1)</script><a href="javascript:alert(1)">x</a><img src=x onerror="alert(1)"></p>`,
      ),
    );
    const found = await findBlogBySlug(db(), created.slug);
    if (!found || !("blog" in found)) throw new Error("not found");
    expect(found.blog.content).toBe('<p>Hi<a>x</a><img src="x" loading="lazy" decoding="async" /></p>');
  });

  it("keeps the blog count in the database, whoever inserts or deletes (no count of every row)", async () => {
    const counted = async () =>
      Number(
        (
          await db()
            .selectFrom("blogs")
            .select((eb) => eb.fn.countAll().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await countBlogs(db());
    expect(before).toBe(await counted());
    const a = await createBlog(db(), TEST_ACTOR, blog("Counted A"));
    await createBlog(db(), TEST_ACTOR, blog("Counted B"));
    // A bulk insert that bypasses the model (an import or seed script) is counted too.
    await db()
      .insertInto("blogs")
      .values(
        ["Bulk 1", "Bulk 2", "Bulk 3"].map((title, i) => ({
          slug: `counted-bulk-${i}`,
          title,
          content: "<p>Body</p>",
          excerpt: "Body",
          text_length: 4,
          author: "Ana",
          date: "2025-03-05",
          category: "",
          seo_title: "",
          seo_description: "",
          seo_keywords: "",
          created_at: 1_700_000_000,
          updated_at: 1_700_000_000,
        })),
      )
      .execute();
    expect(await countBlogs(db())).toBe(before + 5);
    await deleteBlog(db(), TEST_ACTOR, a.id);
    await db().deleteFrom("blogs").where("slug", "like", "counted-bulk-%").execute();
    expect(await countBlogs(db())).toBe(before + 1);
    expect(await countBlogs(db())).toBe(await counted());
    expect((await listBlogs(db(), 1, 2)).total).toBe(before + 1);
  });

  it("clamps page numbers into range", async () => {
    const page = await listBlogs(db(), 999, 2);
    expect(page.page).toBe(page.pageCount);
    expect((await listBlogs(db(), -3, 2)).page).toBe(1);
  });

  it("answers an unknown slug with null and an old slug with a redirect", async () => {
    expect(await findBlogBySlug(db(), "no-such-blog")).toBeNull();
    const created = await createBlog(db(), TEST_ACTOR, blog("Renamed Later"));
    await db().insertInto("blog_slug_redirects").values({ slug: "old-name", blog_id: created.id }).execute();
    expect(await findBlogBySlug(db(), "old-name")).toEqual({ redirectTo: "renamed-later" });
  });
});

// A database of its own: the order and the id ranges below are exact, whatever other tests add.
describeEachEngine("blog list order and sitemap files", (db) => {
  it("lists blogs newest first by creation time, not by id; a tie goes to the later one", async () => {
    const created: [string, number][] = [
      ["Lisbon Trams", 1_700_000_300],
      ["Porto Tiles", 1_700_000_100],
      ["Seville Oranges", 1_700_000_500],
      ["Madrid Markets", 1_700_000_200],
      ["Bilbao Pintxos", 1_700_000_300],
    ];
    for (const [title, at] of created) await createBlog(db(), TEST_ACTOR, blog(title), at);
    const first = await listBlogs(db(), 1, 2);
    const second = await listBlogs(db(), 2, 2);
    const third = await listBlogs(db(), 3, 2);
    expect([first, second, third].map((p) => p.items.map((b) => b.title))).toEqual([
      ["Seville Oranges", "Bilbao Pintxos"],
      ["Lisbon Trams", "Madrid Markets"],
      ["Porto Tiles"],
    ]);
    expect(first.items.map((b) => b.createdAt)).toEqual([1_700_000_500, 1_700_000_300]);
    expect({ page: third.page, pageCount: third.pageCount, total: third.total }).toEqual({
      page: 3,
      pageCount: 3,
      total: 5,
    });
    expect((await latestBlogs(db(), 3)).map((b) => b.title)).toEqual([
      "Seville Oranges",
      "Bilbao Pintxos",
      "Lisbon Trams",
    ]);
  });
});

// A database of its own, so the ids are known: 1 to 5.
describeEachEngine("blog sitemap files", (db) => {
  it("spreads blogs over sitemap files by id range, so deleting one moves no other", async () => {
    const ids: number[] = [];
    for (let i = 1; i <= 5; i++) ids.push((await createBlog(db(), TEST_ACTOR, blog(`Mapped ${i}`))).id);
    expect(ids).toEqual([1, 2, 3, 4, 5]);
    // Files of two: ids 1-2, 3-4 and 5.
    const slugsOf = async (file: number) => (await blogSitemapFile(db(), file, 2)).map((b) => b.slug);
    expect(await blogSitemapFileCount(db(), 2)).toBe(3);
    expect([await slugsOf(1), await slugsOf(2), await slugsOf(3)]).toEqual([
      ["mapped-1", "mapped-2"],
      ["mapped-3", "mapped-4"],
      ["mapped-5"],
    ]);
    const later = [await blogSitemapFile(db(), 2, 2), await blogSitemapFile(db(), 3, 2)];

    await deleteBlog(db(), TEST_ACTOR, 1);
    expect(await slugsOf(1)).toEqual(["mapped-2"]);
    // The later files are exactly as they were.
    expect([await blogSitemapFile(db(), 2, 2), await blogSitemapFile(db(), 3, 2)]).toEqual(later);
    expect(await blogSitemapFileCount(db(), 2)).toBe(3);

    // The count follows the highest id, not the number of blogs.
    await deleteBlog(db(), TEST_ACTOR, 5);
    expect(await blogSitemapFileCount(db(), 2)).toBe(2);
    expect(await slugsOf(3)).toEqual([]);
  });
});
