/** A post's comments, written in the post's transaction. */
import type { DB } from "#app/server/db/db.server.ts";
import type { ImportedComment } from "../items.server.ts";
import { plainText } from "../titles-and-slugs.server.ts";
import { hashOf, type MapRow, type WriteContext } from "./context.server.ts";

/**
 * A post's comments, in its transaction: a comment the import map knows unchanged is left alone
 * (its moderation here stays as the admin left it), a changed one is rewritten, new ones are added
 * in one statement. Answers their import-map rows, for the post's own `rememberAll`. Statements
 * are few on purpose: on PostgreSQL, round trips are most of an import's time.
 */
export async function writeComments(
  trx: DB,
  ctx: WriteContext,
  blogId: number,
  comments: ImportedComment[],
): Promise<MapRow[]> {
  if (comments.length === 0) return [];
  const known = new Map<string, { local_id: number; content_hash: string }>();
  for (let i = 0; i < comments.length; i += 500) {
    const rows = await trx
      .selectFrom("import_map")
      .select(["source_id", "local_id", "content_hash"])
      .where("system", "=", ctx.system)
      .where("site", "=", ctx.site)
      .where("source_type", "=", "comment")
      .where(
        "source_id",
        "in",
        comments.slice(i, i + 500).map((c) => c.sourceId),
      )
      .execute();
    for (const row of rows) known.set(row.source_id, row);
  }
  const rows: MapRow[] = [];
  const fresh: { comment: ImportedComment; hash: string }[] = [];
  for (const comment of comments) {
    const hash = commentHash(comment);
    const key = { type: "comment", sourceId: comment.sourceId };
    const mapped = known.get(comment.sourceId);
    if (mapped?.content_hash === hash) {
      ctx.report.wrote("comments", "unchanged");
      continue;
    }
    const updated = mapped
      ? Number(
          (
            await trx
              .updateTable("comments")
              .set(commentColumns(comment, blogId))
              .where("id", "=", mapped.local_id)
              .executeTakeFirst()
          ).numUpdatedRows,
        )
      : 0;
    if (mapped && updated > 0) {
      ctx.report.wrote("comments", "updated");
      rows.push({ key, localId: mapped.local_id, hash });
    } else fresh.push({ comment, hash });
  }
  for (let i = 0; i < fresh.length; i += 200) {
    const batch = fresh.slice(i, i + 200);
    // RETURNING gives the ids in the order of the VALUES on both engines (what Django's
    // bulk_create relies on too), so each id is matched to its comment by position.
    const ids = await trx
      .insertInto("comments")
      .values(batch.map(({ comment }) => commentColumns(comment, blogId)))
      .returning("id")
      .execute();
    batch.forEach(({ comment, hash }, j) => {
      const id = ids[j]?.id;
      if (id === undefined) throw new Error("comments insert returned fewer ids than rows");
      rows.push({ key: { type: "comment", sourceId: comment.sourceId }, localId: Number(id), hash });
      ctx.report.wrote("comments", "added");
    });
  }
  return rows;
}

/**
 * A comment's hash, less its rating: the rating is a row of its own (ratings.server.ts), so a
 * comment imported before ratings were is still unchanged, and its moderation here stays.
 */
export function commentHash(comment: ImportedComment): string {
  const { rating: _rating, ...rest } = comment;
  return hashOf(rest, "");
}

function commentColumns(comment: ImportedComment, blogId: number) {
  return {
    blog_id: blogId,
    name: plainText(comment.name) || "Anonymous",
    email: comment.email,
    comment: comment.text,
    approved: comment.approved ? 1 : 0,
    created_at: comment.createdAt,
  };
}
