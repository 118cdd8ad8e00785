import { expect, it } from "vitest";
import { createBlog } from "#app/server/models/blogs.server.ts";
import {
  addComment,
  approvedComments,
  countPendingComments,
  toggleApproved,
} from "#app/server/models/comments.server.ts";
import { TEST_ACTOR } from "#tests/support/content.ts";
import { describeEachEngine } from "#tests/support/engines.ts";

describeEachEngine("comments model", (db) => {
  it("stores a pending comment that is shown only once approved, and hidden again when disapproved", async () => {
    const blog = await createBlog(db(), TEST_ACTOR, {
      title: "Commented",
      content: "<p>x</p>",
      author: "A",
      date: "2025-01-01",
    });
    const before = await countPendingComments(db());
    const { id } = await addComment(db(), blog.id, {
      name: "Bo",
      email: "bo@example.com",
      comment: "Great read",
    });
    expect(await approvedComments(db(), blog.id)).toEqual([]);
    expect(await countPendingComments(db())).toBe(before + 1);

    expect(await toggleApproved(db(), TEST_ACTOR, id)).toBe(true);
    const shown = await approvedComments(db(), blog.id);
    expect(shown.map((c) => c.comment)).toEqual(["Great read"]);
    expect(shown[0]).not.toHaveProperty("email");

    expect(await toggleApproved(db(), TEST_ACTOR, id)).toBe(false);
    expect(await approvedComments(db(), blog.id)).toEqual([]);
  });

  it("answers null when toggling a comment that does not exist", async () => {
    expect(await toggleApproved(db(), TEST_ACTOR, 987654)).toBeNull();
  });

  it("deletes a blog's comments with the blog", async () => {
    const blog = await createBlog(db(), TEST_ACTOR, {
      title: "Doomed",
      content: "<p>x</p>",
      author: "A",
      date: "2025-01-01",
    });
    await addComment(db(), blog.id, { name: "C", email: "c@example.com", comment: "bye" });
    await db().deleteFrom("blogs").where("id", "=", blog.id).execute();
    const left = await db().selectFrom("comments").select("id").where("blog_id", "=", blog.id).execute();
    expect(left).toEqual([]);
  });
});
