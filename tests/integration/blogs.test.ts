import { existsSync } from "node:fs";
import { expect, it } from "vitest";
import {
  blogSitemapFile,
  blogSitemapFileCount,
  countBlogs,
  createBlog,
  deleteBlog,
  findBlogBySlug,
  latestBlogs,
  listBlogs,
  updateBlog,
} from "../../app/server/blogs.server.ts";
import { storeImage } from "../../app/server/storage.server.ts";
import { describeEachEngine } from "../support/engines.ts";
import { temporaryUploadsDir } from "../support/uploads.ts";

const blog = (title: string, content = "<p>Body</p>") => ({
  title,
  content,
  author: "Ana",
  date: "2025-03-05",
});

const { uploadFiles, png } = temporaryUploadsDir("blog");

describeEachEngine("blogs model", (db) => {
  it("removes a replaced upload's files once the update is saved, and a deleted blog's", async () => {
    const oldId = await storeImage(await png());
    const created = await createBlog(db(), { ...blog("Upload Swap Blog"), imageId: oldId });
    const newId = await storeImage(await png());
    const updated = await updateBlog(db(), created.id, { ...blog("Upload Swap Blog"), imageId: newId });
    expect(updated?.image).toEqual({ kind: "upload", id: newId });
    expect(uploadFiles(oldId).some((f) => existsSync(f))).toBe(false);
    expect(uploadFiles(newId).every((f) => existsSync(f))).toBe(true);

    const kept = await updateBlog(db(), created.id, { ...blog("Upload Swap Blog"), keepImage: true });
    expect(kept?.image).toEqual({ kind: "upload", id: newId });
    expect(uploadFiles(newId).every((f) => existsSync(f))).toBe(true);

    expect(await deleteBlog(db(), created.id)).toBe(true);
    expect(uploadFiles(newId).some((f) => existsSync(f))).toBe(false);
    expect(await deleteBlog(db(), created.id)).toBe(false);
    expect(await updateBlog(db(), created.id, blog("Gone"))).toBeNull();
  });

  it("stores a blog with its slug, excerpt and normalised keywords", async () => {
    const created = await createBlog(db(), {
      ...blog("A Week in Lisbon!", `<p>${"x".repeat(300)}</p>`),
      seoKeywords: " lisbon,  food ,",
      imageUrl: "https://example.com/a.jpg",
    });
    expect(created.slug).toBe("a-week-in-lisbon");
    expect(created.excerpt).toHaveLength(200);
    expect(created.hasMore).toBe(true);
    expect(created.seoKeywords).toBe("lisbon, food");
    expect(created.image).toEqual({ kind: "url", url: "https://example.com/a.jpg" });
  });

  it("gives clashing titles unique slugs (-2, -3)", async () => {
    const a = await createBlog(db(), blog("Same Title"));
    const b = await createBlog(db(), blog("Same title"));
    const c = await createBlog(db(), blog("same  TITLE"));
    expect([a.slug, b.slug, c.slug]).toEqual(["same-title", "same-title-2", "same-title-3"]);
  });

  it("sanitizes stored HTML: no script, no event handlers, no javascript: URLs", async () => {
    const created = await createBlog(
      db(),
      blog(
        "Unsafe",
        `<p onclick="steal()">Hi<script>alert(1)</script><a href="javascript:alert(1)">x</a><img src=x onerror="alert(1)"></p>`,
      ),
    );
    const found = await findBlogBySlug(db(), created.slug);
    if (!found || !("blog" in found)) throw new Error("not found");
    expect(found.blog.content).not.toMatch(/script|onclick|onerror|javascript:/i);
    expect(found.blog.content).toContain("Hi");
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
    const a = await createBlog(db(), blog("Counted A"));
    await createBlog(db(), blog("Counted B"));
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
    await deleteBlog(db(), a.id);
    await db().deleteFrom("blogs").where("slug", "like", "counted-bulk-%").execute();
    expect(await countBlogs(db())).toBe(before + 1);
    expect(await countBlogs(db())).toBe(await counted());
    expect((await listBlogs(db(), 1, 2)).total).toBe(before + 1);
  });

  it("pages newest first without overlap", async () => {
    for (let i = 1; i <= 5; i++) await createBlog(db(), blog(`Paged ${i}`), 1_700_000_000 + i);
    const first = await listBlogs(db(), 1, 2);
    const second = await listBlogs(db(), 2, 2);
    expect(first.items).toHaveLength(2);
    expect(first.total).toBeGreaterThanOrEqual(5);
    expect(new Set([...first.items, ...second.items].map((b) => b.id)).size).toBe(4);
    const latest = await latestBlogs(db(), 1);
    expect(latest[0]?.createdAt).toBe(Math.max(...[...first.items].map((b) => b.createdAt)));
  });

  it("clamps page numbers into range", async () => {
    const page = await listBlogs(db(), 999, 2);
    expect(page.page).toBe(page.pageCount);
    expect((await listBlogs(db(), -3, 2)).page).toBe(1);
  });

  it("answers an unknown slug with null and an old slug with a redirect", async () => {
    expect(await findBlogBySlug(db(), "no-such-blog")).toBeNull();
    const created = await createBlog(db(), blog("Renamed Later"));
    await db().insertInto("blog_slug_redirects").values({ slug: "old-name", blog_id: created.id }).execute();
    expect(await findBlogBySlug(db(), "old-name")).toEqual({ redirectTo: "renamed-later" });
  });

  it("spreads blogs over sitemap files by id range, so deleting one moves no other", async () => {
    const ids: number[] = [];
    for (let i = 1; i <= 5; i++) ids.push((await createBlog(db(), blog(`Mapped ${i}`))).id);
    const size = 2;
    const fileOf = (id: number) => Math.ceil(id / size);
    const last = ids.at(-1) ?? 0;
    expect(await blogSitemapFileCount(db(), size)).toBe(fileOf(last));
    const before = await blogSitemapFile(db(), fileOf(last), size);
    expect(before.map((b) => b.slug)).toContain("mapped-5");

    await deleteBlog(db(), ids[0] ?? 0);
    const firstFile = (await blogSitemapFile(db(), fileOf(ids[0] ?? 0), size)).map((b) => b.slug);
    expect(firstFile).not.toContain("mapped-1");
    // The later files are exactly as they were.
    expect(await blogSitemapFile(db(), fileOf(last), size)).toEqual(before);
    expect(await blogSitemapFileCount(db(), size)).toBe(fileOf(last));
  });
});
