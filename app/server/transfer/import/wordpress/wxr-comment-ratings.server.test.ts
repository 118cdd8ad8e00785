import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { ImportEvent, ImportedPost } from "../items.server.ts";
import { readWxr } from "./wxr-reader.server.ts";

const FIXTURE = join(import.meta.dirname, "../../../../../tests/fixtures/import/ratings/wprm-ratings.xml");

describe("WP Recipe Maker's comment ratings in a WXR file", () => {
  it("gives each comment the stars of its wprm-comment-rating meta, and none for 0, a non-number or no meta", async () => {
    const events: ImportEvent[] = [];
    for await (const event of readWxr(FIXTURE)) events.push(event);
    const posts = events.filter((e): e is ImportedPost => e.type === "post");
    expect(posts.map((p) => p.sourceId)).toEqual(["11", "12", "13"]);
    const ratings = posts.flatMap((p) => p.comments.map((c) => [c.sourceId, c.approved, c.rating]));
    expect(ratings).toEqual([
      ["101", true, 5],
      ["102", true, 4],
      ["103", true, undefined],
      ["104", true, undefined],
      ["105", false, 3],
      ["107", true, 2],
      ["108", true, 1],
      ["109", true, undefined],
      ["110", true, 2],
      ["201", true, 5],
      ["301", true, 4],
    ]);
    // A comment without stars has no rating key at all (its hash is what it was before ratings),
    // and the meta's text does not leak into the comment.
    const plain = posts[0]?.comments.find((c) => c.sourceId === "103");
    expect(plain && Object.keys(plain).sort()).toEqual([
      "approved",
      "createdAt",
      "email",
      "name",
      "parentSourceId",
      "sourceId",
      "text",
    ]);
    expect(plain?.text).toBe("Question: can I use rye?");
    // The spam comment is skipped as before, its rating with it.
    const spam = events.find((e) => e.type === "skipped" && e.sourceId === "106");
    expect(spam).toMatchObject({ kind: "comment", reason: "it was marked as spam" });
  });
});
