/**
 * What the spam judgement reads of the database (spam.server.ts), on both engines: a commenter's
 * approved comments and those a moderator vouched for, and the same text sent before, each counted
 * up to HISTORY_COUNT_LIMIT, so a flood of one text from one address costs each next submission no
 * more than the limit's worth of index.
 */
import { expect, it } from "vitest";
import { nowSeconds } from "#app/server/db/db.server.ts";
import { createBlog } from "#app/server/models/blogs.server.ts";
import { judgeSubmission } from "#app/server/models/spam.server.ts";
import { HISTORY_COUNT_LIMIT, textFingerprint } from "#app/server/models/spam-score.server.ts";
import { blogInput, TEST_ACTOR } from "#tests/support/content.ts";
import { describeEachEngine } from "#tests/support/engines.ts";

const TEXT =
  "Lovely write-up of Kyoto in autumn. We went in November and the maples were just as you describe.";
const EMAIL = "flood@example.com";

describeEachEngine("a commenter's history, counted", (db) => {
  const judge = () =>
    judgeSubmission(db(), {
      kind: "comment",
      text: TEXT,
      name: "Flo",
      email: ` ${EMAIL.toUpperCase()} `,
      elapsedMs: null,
    });

  it("counts the same text sent before up to the limit, and says so", async () => {
    const blog = await createBlog(db(), TEST_ACTOR, blogInput("Flooded Post"));
    const row = {
      blog_id: blog.id,
      name: "Flo",
      email: EMAIL,
      comment: TEXT,
      approved: 0,
      created_at: nowSeconds(),
    };
    await db()
      .insertInto("comments")
      .values([{ ...row, fingerprint: textFingerprint(TEXT) }])
      .execute();
    expect((await judge()).reasons).toContain("same text sent 1 time before");
    await db()
      .insertInto("comments")
      .values(
        Array.from({ length: HISTORY_COUNT_LIMIT + 20 }, () => ({
          ...row,
          fingerprint: textFingerprint(TEXT),
        })),
      )
      .execute();
    const flooded = await judge();
    expect(flooded.reasons).toContain(`same text sent ${HISTORY_COUNT_LIMIT} or more times before`);
    expect(flooded.approvedBefore).toBe(0);
    expect(flooded.reasons.filter((r) => r.includes("approved"))).toEqual([]);
  });

  it("counts comments vouched for as approved history, but only approved ones for auto-approval", async () => {
    const ids = await db()
      .selectFrom("comments")
      .select("id")
      .where("email", "=", EMAIL)
      .orderBy("id")
      .execute();
    await db()
      .updateTable("comments")
      .set({ not_spam: 1 })
      .where("id", "=", ids[0]?.id ?? 0)
      .execute();
    const vouched = await judge();
    expect(vouched.reasons).toContain("1 earlier comment approved");
    expect(vouched.approvedBefore).toBe(0);
    await db()
      .updateTable("comments")
      .set({ approved: 1 })
      .where(
        "id",
        "in",
        ids.slice(1, 3).map((r) => r.id),
      )
      .execute();
    const known = await judge();
    expect(known.reasons).toContain("3 earlier comments approved");
    expect(known.approvedBefore).toBe(2);
    await db().updateTable("comments").set({ approved: 1 }).where("email", "=", EMAIL).execute();
    const everyOne = await judge();
    expect(everyOne.reasons).toContain(`${HISTORY_COUNT_LIMIT} or more earlier comments approved`);
    expect(everyOne.approvedBefore).toBe(HISTORY_COUNT_LIMIT);
  });
});
