import { type DB, nowSeconds } from "./db/db.server.ts";

export interface PublicComment {
  id: number;
  name: string;
  comment: string;
  createdAt: number;
}

export const COMMENTS_SHOWN_PER_BLOG = 100;

/** A visitor's comment starts pending (spec §4): approved is false until an admin approves it. */
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

/** Spec §4: approved becomes the opposite of its current value. Returns the new value, or null if no such comment. */
export async function toggleApproved(db: DB, commentId: number): Promise<boolean | null> {
  const row = await db
    .updateTable("comments")
    .set((eb) => ({ approved: eb(eb.val(1), "-", eb.ref("approved")) }))
    .where("id", "=", commentId)
    .returning("approved")
    .executeTakeFirst();
  return row ? row.approved === 1 : null;
}

export async function countPendingComments(db: DB): Promise<number> {
  const { n } = await db
    .selectFrom("comments")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("approved", "=", 0)
    .executeTakeFirstOrThrow();
  return Number(n);
}
