import { type DB, nowSeconds } from "#app/server/db/db.server.ts";
import { type Actor, recordActivity } from "./activity.server.ts";

export interface PublicComment {
  id: number;
  name: string;
  comment: string;
  createdAt: number;
}

const COMMENTS_SHOWN_PER_BLOG = 100;

/** A visitor's comment starts pending: approved is false until an admin approves it. */
export async function addComment(
  db: DB,
  blogId: number,
  input: { name: string; email: string; comment: string },
) {
  return db
    .insertInto("comments")
    .values({ blog_id: blogId, ...input, approved: 0, created_at: nowSeconds() })
    .returning(["id"])
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

export async function countPendingComments(db: DB): Promise<number> {
  const { n } = await db
    .selectFrom("comments")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("approved", "=", 0)
    .executeTakeFirstOrThrow();
  return Number(n);
}

/** How many comments the admin screen loads at most (the newest, pending first). */
export const ADMIN_COMMENTS_LIMIT = 200;

const COMMENT_STATUSES = ["all", "pending", "approved"] as const;
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
}

export interface AdminCommentGroup {
  blogId: number;
  blogTitle: string;
  blogSlug: string;
  comments: AdminComment[];
}

/**
 * Comments grouped by blog for the admin: at most `limit` comments, pending before approved and
 * newest first within each; groups come in the order of their first comment.
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
      "blogs.title as blog_title",
      "blogs.slug as blog_slug",
    ]);
  if (status !== "all") query = query.where("comments.approved", "=", status === "approved" ? 1 : 0);
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
    });
  }
  return [...groups.values()];
}

/** How many comments await approval and how many are approved (the admin filter's counts). */
export async function countCommentsByStatus(db: DB): Promise<{ pending: number; approved: number }> {
  const rows = await db
    .selectFrom("comments")
    .select((eb) => ["approved", eb.fn.countAll<number>().as("n")])
    .groupBy("approved")
    .execute();
  let pending = 0;
  let approved = 0;
  for (const r of rows) {
    if (Number(r.approved) === 1) approved += Number(r.n);
    else pending += Number(r.n);
  }
  return { pending, approved };
}
