import { type DB, nowSeconds } from "#app/server/db/db.server.ts";
import { type Actor, recordActivity } from "./activity.server.ts";
import { type SpamJudgement, spamColumns } from "./spam.server.ts";

export interface PublicComment {
  id: number;
  name: string;
  comment: string;
  createdAt: number;
}

const COMMENTS_SHOWN_PER_BLOG = 100;

/**
 * A visitor's comment starts pending: approved is false until an admin approves it. With its spam
 * judgement (spam.server.ts) it is stored with its score, in the Spam tab when it scored high;
 * `approve` publishes it at once (a known commenter, when the site says so).
 */
export async function addComment(
  db: DB,
  blogId: number,
  input: { name: string; email: string; comment: string },
  { judgement, approve = false }: { judgement?: SpamJudgement; approve?: boolean } = {},
) {
  const spam = judgement ? spamColumns(judgement) : {};
  return db
    .insertInto("comments")
    .values({
      blog_id: blogId,
      ...input,
      ...spam,
      approved: approve && !judgement?.spam ? 1 : 0,
      created_at: nowSeconds(),
    })
    .returning(["id", "approved"])
    .executeTakeFirstOrThrow();
}

/** The approved comments of a blog, oldest first as a conversation reads; emails are never exposed. */
export async function approvedComments(
  db: DB,
  blogId: number,
  limit = COMMENTS_SHOWN_PER_BLOG,
): Promise<PublicComment[]> {
  const rows = await db
    .selectFrom("comments")
    .select(["id", "name", "comment", "created_at"])
    .where("blog_id", "=", blogId)
    .where("approved", "=", 1)
    .orderBy("created_at", "asc")
    .orderBy("id", "asc")
    .limit(limit)
    .execute();
  return rows.map((r) => ({ id: r.id, name: r.name, comment: r.comment, createdAt: r.created_at }));
}

/**
 * Approve / Disapprove: approved becomes the opposite of its current value, recorded in the
 * activity log as `actor`'s ("Ana on Kyoto in autumn": the commenter and the blog, never their
 * email) in the same transaction. Returns the new value, or null if no such comment.
 */
export async function toggleApproved(db: DB, actor: Actor, commentId: number): Promise<boolean | null> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable("comments")
      .set((eb) => ({ approved: eb(eb.val(1), "-", eb.ref("approved")) }))
      .where("id", "=", commentId)
      // A comment in the Spam tab is first marked "Not spam" (markCommentSpam).
      .where("spam", "=", 0)
      .returning(["approved", "name", "blog_id"])
      .executeTakeFirst();
    if (!row) return null;
    const approved = Number(row.approved) === 1;
    // A comment goes with its blog (a cascading key): the blog is there.
    const blog = await trx
      .selectFrom("blogs")
      .select("title")
      .where("id", "=", row.blog_id)
      .executeTakeFirstOrThrow();
    await recordActivity(trx, actor, approved ? "comment_approved" : "comment_unapproved", {
      item: { type: "comment", id: commentId, label: `${row.name} on ${blog.title}` },
    });
    return approved;
  });
}

/**
 * Moves a comment into the Spam tab (`spam`: true; it stops being public if it was) or out of it
 * ("Not spam": back to Pending, and the commenter's later comments count it as vouched for, see
 * spam.server.ts). Recorded in the activity log in the same transaction. Null if no such comment.
 */
export async function markCommentSpam(
  db: DB,
  actor: Actor,
  commentId: number,
  spam: boolean,
): Promise<boolean | null> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable("comments")
      .set(spam ? { spam: 1, not_spam: 0, approved: 0 } : { spam: 0, not_spam: 1 })
      .where("id", "=", commentId)
      .returning(["name", "blog_id"])
      .executeTakeFirst();
    if (!row) return null;
    const blog = await trx
      .selectFrom("blogs")
      .select("title")
      .where("id", "=", row.blog_id)
      .executeTakeFirstOrThrow();
    await recordActivity(trx, actor, spam ? "comment_spam" : "comment_not_spam", {
      item: { type: "comment", id: commentId, label: `${row.name} on ${blog.title}` },
    });
    return spam;
  });
}

/** Comments awaiting a moderator: not approved, and not in the Spam tab. */
export async function countPendingComments(db: DB): Promise<number> {
  const { n } = await db
    .selectFrom("comments")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("approved", "=", 0)
    .where("spam", "=", 0)
    .executeTakeFirstOrThrow();
  return Number(n);
}

/** How many comments the admin screen loads at most (the newest, pending first). */
export const ADMIN_COMMENTS_LIMIT = 200;

const COMMENT_STATUSES = ["all", "pending", "approved", "spam"] as const;
export type CommentStatusFilter = (typeof COMMENT_STATUSES)[number];

export function parseCommentStatus(value: string | null | undefined): CommentStatusFilter {
  return COMMENT_STATUSES.find((s) => s === value) ?? "all";
}

/** A comment as the admin sees it (Manage Comments): with the email and its status. */
export interface AdminComment {
  id: number;
  name: string;
  email: string;
  comment: string;
  createdAt: number;
  approved: boolean;
  spam: boolean;
  /** Why the spam score put it where it is (one reason a line), and the score. */
  spamReasons: string[];
  spamScore: number;
}

export interface AdminCommentGroup {
  blogId: number;
  blogTitle: string;
  blogSlug: string;
  comments: AdminComment[];
}

/**
 * Comments grouped by blog for the admin: at most `limit` comments, pending before approved and
 * newest first within each; groups come in the order of their first comment. "All" is every
 * comment but spam, which only the Spam tab shows.
 */
export async function listCommentsByBlog(
  db: DB,
  opts: { status?: CommentStatusFilter; limit?: number } = {},
): Promise<AdminCommentGroup[]> {
  const status = opts.status ?? "all";
  const limit = Math.max(1, Math.min(Math.floor(opts.limit ?? ADMIN_COMMENTS_LIMIT), ADMIN_COMMENTS_LIMIT));
  let query = db
    .selectFrom("comments")
    .innerJoin("blogs", "blogs.id", "comments.blog_id")
    .select([
      "comments.id",
      "comments.blog_id",
      "comments.name",
      "comments.email",
      "comments.comment",
      "comments.approved",
      "comments.created_at",
      "comments.spam",
      "comments.spam_reasons",
      "comments.spam_score",
      "blogs.title as blog_title",
      "blogs.slug as blog_slug",
    ]);
  query = query.where("comments.spam", "=", status === "spam" ? 1 : 0);
  if (status === "pending" || status === "approved")
    query = query.where("comments.approved", "=", status === "approved" ? 1 : 0);
  const rows = await query
    .orderBy("comments.approved", "asc")
    .orderBy("comments.created_at", "desc")
    .orderBy("comments.id", "desc")
    .limit(limit)
    .execute();
  const groups = new Map<number, AdminCommentGroup>();
  for (const r of rows) {
    let group = groups.get(r.blog_id);
    if (!group) {
      group = { blogId: r.blog_id, blogTitle: r.blog_title, blogSlug: r.blog_slug, comments: [] };
      groups.set(r.blog_id, group);
    }
    group.comments.push({
      id: r.id,
      name: r.name,
      email: r.email,
      comment: r.comment,
      createdAt: r.created_at,
      approved: Number(r.approved) === 1,
      spam: Number(r.spam) === 1,
      spamReasons: r.spam_reasons ? r.spam_reasons.split("\n") : [],
      spamScore: Number(r.spam_score),
    });
  }
  return [...groups.values()];
}

/** How many comments await approval, are approved, and are in the Spam tab (the admin filter's counts). */
export async function countCommentsByStatus(
  db: DB,
): Promise<{ pending: number; approved: number; spam: number }> {
  const rows = await db
    .selectFrom("comments")
    .select((eb) => ["approved", "spam", eb.fn.countAll<number>().as("n")])
    .groupBy(["approved", "spam"])
    .execute();
  const counts = { pending: 0, approved: 0, spam: 0 };
  for (const r of rows) {
    if (Number(r.spam) === 1) counts.spam += Number(r.n);
    else if (Number(r.approved) === 1) counts.approved += Number(r.n);
    else counts.pending += Number(r.n);
  }
  return counts;
}
