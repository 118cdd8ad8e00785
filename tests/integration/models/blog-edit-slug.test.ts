/**
 * An edit that keeps a blog's title keeps its address (docs: a changed title regenerates the slug
 * and the old one redirects; an unchanged one changes nothing): the slug stays as it was, even a
 * suffixed one, and no redirect row is written. Through the model and through the Edit Blog
 * screen's action, on both engines.
 */
import { expect, it } from "vitest";
import type { DB } from "#app/server/db/db.server.ts";
import { createBlog, updateBlog } from "#app/server/models/blogs.server.ts";
import { TEST_ACTOR } from "#tests/support/content.ts";
import { describeEachEngine } from "#tests/support/engines.ts";
import { describeRoutesEachEngine } from "#tests/support/route-harness.ts";

const blog = (title: string, content: string) => ({
  title,
  content,
  author: "Ana",
  date: "2025-03-05",
  imageUrl: "https://example.com/a.jpg",
});

/** The redirect rows pointing at these blogs (each test has its own blogs). */
const redirectRows = (db: DB, ...blogIds: number[]) =>
  db.selectFrom("blog_slug_redirects").selectAll().where("blog_id", "in", blogIds).orderBy("slug").execute();
const slugOf = async (db: DB, id: number) =>
  (await db.selectFrom("blogs").select("slug").where("id", "=", id).executeTakeFirstOrThrow()).slug;

describeEachEngine("editing a blog under the same title (model)", (db) => {
  it("keeps the slug and writes no redirect, for a plain slug and a suffixed one", async () => {
    const first = await createBlog(db(), TEST_ACTOR, blog("Night Market in Taipei", "<p>Stinky tofu.</p>"));
    const second = await createBlog(db(), TEST_ACTOR, blog("Night Market in Taipei", "<p>Pepper buns.</p>"));
    expect(first.slug).toBe("night-market-in-taipei");
    expect(second.slug).toBe("night-market-in-taipei-2");
    expect(await redirectRows(db(), first.id, second.id)).toEqual([]);

    const editedFirst = await updateBlog(
      db(),
      TEST_ACTOR,
      first.id,
      blog("Night Market in Taipei", "<p>Oyster omelette.</p>"),
    );
    const editedSecond = await updateBlog(
      db(),
      TEST_ACTOR,
      second.id,
      blog("Night Market in Taipei", "<p>Bubble tea.</p>"),
    );
    expect(editedFirst?.content).toBe("<p>Oyster omelette.</p>");
    expect(editedFirst?.slug).toBe("night-market-in-taipei");
    expect(editedSecond?.slug).toBe("night-market-in-taipei-2");
    expect(await slugOf(db(), first.id)).toBe("night-market-in-taipei");
    expect(await slugOf(db(), second.id)).toBe("night-market-in-taipei-2");
    expect(await redirectRows(db(), first.id, second.id)).toEqual([]);

    // Saved again and again: still nothing moves.
    await updateBlog(
      db(),
      TEST_ACTOR,
      second.id,
      blog("Night Market in Taipei", "<p>Bubble tea, less ice.</p>"),
    );
    expect(await slugOf(db(), second.id)).toBe("night-market-in-taipei-2");
    expect(await redirectRows(db(), first.id, second.id)).toEqual([]);
  });

  it("a changed title, by contrast, moves the slug and leaves one redirect (the check above can see a write)", async () => {
    const created = await createBlog(db(), TEST_ACTOR, blog("Ferry to Kinmen", "<p>Grey sea.</p>"));
    await updateBlog(db(), TEST_ACTOR, created.id, blog("Slow Ferry to Kinmen", "<p>Grey sea.</p>"));
    expect(await slugOf(db(), created.id)).toBe("slow-ferry-to-kinmen");
    expect(await redirectRows(db(), created.id)).toEqual([{ slug: "ferry-to-kinmen", blog_id: created.id }]);
  });
});

describeRoutesEachEngine("editing a blog under the same title (Edit Blog action)", (h) => {
  it("saves the edit with the slug unchanged and no redirect row", async () => {
    const route = await import("#app/routes/admin/blog/edit.tsx");
    const created = await createBlog(h.db(), TEST_ACTOR, blog("Tea Houses of Jiufen", "<p>Lanterns.</p>"));
    expect(created.slug).toBe("tea-houses-of-jiufen");

    const form = new FormData();
    form.set("title", "Tea Houses of Jiufen");
    form.set("content", "<p>Lanterns, and rain on the steps.</p>");
    form.set("author", "Ana");
    form.set("date", "2025-03-05");
    const answer = await h.action(route, `/admin/blog/edit?id=${created.id}`, form);
    expect(answer).toBeInstanceOf(Response);
    expect((answer as Response).status).toBe(302);
    expect((answer as Response).headers.get("location")).toBe("/admin/blog");

    const row = await h
      .db()
      .selectFrom("blogs")
      .select(["slug", "content"])
      .where("id", "=", created.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ slug: "tea-houses-of-jiufen", content: "<p>Lanterns, and rain on the steps.</p>" });
    expect(await redirectRows(h.db(), created.id)).toEqual([]);
  });
});
