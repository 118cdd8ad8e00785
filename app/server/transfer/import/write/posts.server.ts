/**
 * Imported posts become blogs, each with its comments (comments.server.ts) and its redirects, in
 * one transaction; on PostgreSQL a few are written side by side.
 */
import { setImmediate as nextTurn } from "node:timers/promises";
import { nowSeconds } from "#app/server/db/db.server.ts";
import { isUniqueViolation } from "#app/server/db/unique-violation.server.ts";
import { saveImportedBlog } from "#app/server/models/blogs.server.ts";
import { imageUrlsIn } from "../images.server.ts";
import type { ImportedPost } from "../items.server.ts";
import { liveRouteOwning } from "../live-paths.server.ts";
import { importSlug, plainText, plainTitle } from "../titles-and-slugs.server.ts";
import { bodyHtml, featuredImage, withImages } from "./bodies.server.ts";
import { commentHash, writeComments } from "./comments.server.ts";
import {
  absoluteUrl,
  hashOf,
  importTransaction,
  mappedRow,
  outcomeOf,
  publishAtOf,
  RETRY,
  rememberAll,
  tick,
  type WriteContext,
  writeLanes,
} from "./context.server.ts";
import { ratedComments, ratingState, reportRatingsDryRun, writeRatings } from "./ratings.server.ts";
import { localRecipeId, recipesByParent } from "./recipes.server.ts";
import { writeRedirects } from "./redirects.server.ts";

/** A post read, counted and converted, ready to be written (or to be written again). */
interface PreparedPost {
  post: ImportedPost;
  title: string;
  html: string;
  /**
   * The recipe the blog features (its first recipe embed, else the recipe whose parent post it
   * is): its comments' ratings rate it. Undefined for none: its comments then rate nothing.
   */
  recipeSourceId: string | undefined;
}

/** Counts a post for the report, converts its body and resolves its placeholders. */
async function preparePost(
  ctx: WriteContext,
  post: ImportedPost,
  parentOf: Map<string, string>,
): Promise<PreparedPost> {
  ctx.report.counted("blogs", post.state);
  if (post.draftReason) ctx.report.notice("made-draft", `"${plainTitle(post.title)}": ${post.draftReason}`);
  for (const comment of post.comments)
    ctx.report.counted("comments", comment.approved ? "approved" : "pending");
  const title = plainTitle(post.title);
  if (!title)
    ctx.report.notice(
      "no-title",
      `A post without a title (source id ${post.sourceId}) is imported as "(no title)".`,
    );
  const placed = await bodyHtml(ctx, post, title);
  const recipeSourceId = placed.recipeSourceIds[0] ?? parentOf.get(post.sourceId);
  if (recipeSourceId !== undefined)
    for (const comment of ratedComments(post.comments)) ctx.report.counted("ratings", ratingState(comment));
  return { post, title, html: placed.html, recipeSourceId };
}

/** What a real run would do with a post: the import map says whether it is new or changed. */
async function reportPostDryRun(
  ctx: WriteContext,
  { post, html, recipeSourceId }: PreparedPost,
): Promise<void> {
  const outcome = outcomeOf(
    await mappedRow(ctx, { type: "post", sourceId: post.sourceId }),
    hashOf(post, ctx.imageMode),
  );
  ctx.report.wrote("blogs", outcome);
  // A changed post's comments are each new, changed or unchanged, as writeComments finds them.
  for (const comment of post.comments)
    ctx.report.wrote(
      "comments",
      outcome === "unchanged"
        ? "unchanged"
        : outcomeOf(
            await mappedRow(ctx, { type: "comment", sourceId: comment.sourceId }),
            commentHash(comment),
          ),
    );
  if (recipeSourceId !== undefined) await reportRatingsDryRun(ctx, recipeSourceId, post.comments, outcome);
  for (const url of imageUrlsIn(html)) ctx.report.imageHost(absoluteUrl(url, ctx.baseUrl));
  if (post.featuredImage?.url) ctx.report.imageHost(absoluteUrl(post.featuredImage.url, ctx.baseUrl));
  for (const path of post.oldPaths) {
    const owner = liveRouteOwning(path);
    if (owner && !/^\/blogs\/[^/]+\/?$/.test(path)) ctx.report.redirectRefused(path, owner);
    else ctx.report.redirectMade();
  }
  for (const _ of post.oldSlugs) ctx.report.redirectMade();
}

/** Writes one prepared post with its comments and redirects, unless the import map has it unchanged. */
async function savePost(
  ctx: WriteContext,
  { post, title, html, recipeSourceId }: PreparedPost,
): Promise<void> {
  const key = { type: "post", sourceId: post.sourceId };
  const hash = hashOf(post, ctx.imageMode);
  const mapped = await mappedRow(ctx, key);
  if (mapped?.content_hash === hash) {
    ctx.report.wrote("blogs", "unchanged");
    for (const _ of post.comments) ctx.report.wrote("comments", "unchanged");
    if (recipeSourceId !== undefined)
      for (const _ of ratedComments(post.comments)) ctx.report.wrote("ratings", "unchanged");
    return;
  }
  const body = await withImages(ctx, html);
  const image = await featuredImage(ctx, post.featuredImage, post.featuredAttachmentId);
  const featuredRecipe = await localRecipeId(ctx, recipeSourceId);
  const createdAt = post.createdAt || nowSeconds();
  const publishAt = publishAtOf(post.state, post.publishAt, createdAt);
  const date = post.date || new Date((publishAt ?? createdAt) * 1000).toISOString().slice(0, 10);
  await importTransaction(ctx, async (trx) => {
    const saved = await saveImportedBlog(
      trx,
      {
        title: title || "(no title)",
        slug: importSlug(post.slug, title),
        content: body.html,
        author: post.authorName,
        date,
        category: post.category ?? "",
        imageId: image.imageId,
        imageUrl: image.imageUrl,
        imageAlt: image.imageAlt,
        seoTitle: post.seoTitle,
        seoDescription: post.seoDescription || plainText(post.excerpt),
        createdAt,
        publishAt,
        featuredRecipe,
      },
      mapped?.local_id ?? null,
    );
    const commentRows = await writeComments(trx, ctx, saved.id, post.comments);
    const ratingRows =
      featuredRecipe === null || recipeSourceId === undefined
        ? []
        : await writeRatings(trx, ctx, { id: featuredRecipe, sourceId: recipeSourceId }, post.comments);
    await writeRedirects(trx, ctx, { blogId: saved.id }, post.oldPaths, post.oldSlugs);
    await rememberAll(trx, ctx, [
      ...commentRows,
      ...ratingRows,
      { key, localId: saved.id, hash: body.failed || image.failed ? RETRY : hash },
    ]);
  });
  ctx.report.wrote("blogs", mapped ? "updated" : "added");
}

export async function writePosts(ctx: WriteContext, done: number, total: number): Promise<number> {
  const parentOf = recipesByParent(ctx.staging);
  const lanes = writeLanes(ctx);
  const running = new Set<Promise<void>>();
  // Two posts written at once may both take a free slug: the later one is written again alone.
  const again: PreparedPost[] = [];
  let failure: { error: unknown } | undefined;
  const finished = async () => {
    ctx.onProgress?.({ phase: "writing", done: ++done, total });
  };
  for (const post of ctx.staging.each<ImportedPost>("post")) {
    if (failure) break;
    const prepared = await preparePost(ctx, post, parentOf);
    if (ctx.dryRun) {
      await reportPostDryRun(ctx, prepared);
      await tick(ctx, ++done, total);
      continue;
    }
    const job: Promise<void> = savePost(ctx, prepared)
      .then(finished, (error: unknown) => {
        if (lanes > 1 && isUniqueViolation(error)) again.push(prepared);
        else failure ??= { error };
      })
      .finally(() => running.delete(job));
    running.add(job);
    if (running.size >= lanes) await Promise.race(running);
    // Let the server answer other requests between items.
    await nextTurn();
  }
  await Promise.all(running);
  if (failure) throw failure.error;
  for (const prepared of again) {
    await savePost(ctx, prepared);
    await tick(ctx, ++done, total);
  }
  return done;
}
