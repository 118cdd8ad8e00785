/**
 * Writes staged items into the site, one transaction per item, each recorded in the import map
 * (system, site, type, source id → local row, content hash): an item whose hash is unchanged since
 * the last run is left alone, a changed one rewrites its row, a new one adds a row. So re-running a
 * file adds nothing and an interrupted run resumes where it stopped.
 *
 * Order: recipes first (a post's or page's recipe embed must find its recipe), then posts with
 * their comments and redirects, pages with their redirects, then subscribers.
 */

import { createHash, randomBytes } from "node:crypto";
import { setImmediate as nextTurn } from "node:timers/promises";
import { PostgresAdapter, sql } from "kysely";
import { escapeHtml } from "#app/lib/escape-html.ts";
import { type DB, nowSeconds } from "#app/server/db/db.server.ts";
import { isUniqueViolation } from "#app/server/db/unique-violation.server.ts";
import { saveImportedBlog } from "#app/server/models/blogs.server.ts";
import { saveImportedPage } from "#app/server/models/pages.server.ts";
import { saveImportedRecipe } from "#app/server/models/recipes.server.ts";
import { putBlogSlugRedirect, putPathRedirect } from "#app/server/models/redirects.server.ts";
import { type ImageImporter, imageSrc, imageUrlsIn, rewriteImageUrls } from "./images.server.ts";
import { isImageFileUrl } from "./images-html.server.ts";
import type {
  ImportedAttachment,
  ImportedComment,
  ImportedImage,
  ImportedPage,
  ImportedPost,
  ImportedRecipe,
  ImportedState,
  ImportedSubscriber,
  SourceSystem,
} from "./items.server.ts";
import { liveRouteOwning } from "./live-paths.server.ts";
import type { ImportProgress } from "./report.server.ts";
import type { Outcome, ReportBuilder } from "./report-builder.server.ts";
import type { StagingStore } from "./staging.server.ts";
import { importSlug, plainText, plainTitle } from "./titles-and-slugs.server.ts";
import { ATTACHED_GALLERY_PLACEHOLDER, wordpressContentToHtml } from "./wordpress-content.server.ts";

export interface WriteContext {
  db: DB;
  system: SourceSystem;
  /** The old site's key in the import map (its address, or its title when the file has none). */
  site: string;
  /** Base for relative links and `__GHOST_URL__`; "" when unknown. */
  baseUrl: string;
  staging: StagingStore;
  report: ReportBuilder;
  /** Null in a dry run: nothing is fetched or written. */
  images: ImageImporter | null;
  /** `keep`: images stay where they are (only made absolute). */
  imageMode: "download" | "keep";
  dryRun: boolean;
  onProgress?: (p: ImportProgress) => void;
}

type MapKey = { type: string; sourceId: string };

/**
 * Moves on whenever the importer turns the same source into different rows (a better converter):
 * a re-run then rewrites what earlier versions imported, as if the source had changed.
 */
const IMPORTER_VERSION = "2";

const hashOf = (value: unknown, salt: string) =>
  createHash("sha256").update(IMPORTER_VERSION).update(salt).update(JSON.stringify(value)).digest("hex");

/**
 * One item's transaction. On PostgreSQL its commit does not wait for the disk
 * (`synchronous_commit = off`, this transaction only): a crash may lose the last few items written,
 * never half of one, and their import-map rows go with them, so the next run writes them again.
 * That wait was most of an import's time on PostgreSQL.
 */
function importTransaction<T>(ctx: WriteContext, work: (trx: DB) => Promise<T>): Promise<T> {
  return ctx.db.transaction().execute(async (trx) => {
    if (ctx.db.getExecutor().adapter instanceof PostgresAdapter)
      await sql`set local synchronous_commit = off`.execute(trx);
    return work(trx);
  });
}

/** What writing an item will do, from its import-map row (if any) and its hash now. */
const outcomeOf = (mapped: { content_hash: string } | undefined, hash: string): Outcome =>
  !mapped ? "added" : mapped.content_hash === hash ? "unchanged" : "updated";

/** A hash that never matches: the item is written again next run (an image failed this time). */
const RETRY = "retry";

async function mappedRow(ctx: WriteContext, key: MapKey) {
  return ctx.db
    .selectFrom("import_map")
    .select(["local_id", "content_hash"])
    .where("system", "=", ctx.system)
    .where("site", "=", ctx.site)
    .where("source_type", "=", key.type)
    .where("source_id", "=", key.sourceId)
    .executeTakeFirst();
}

/** An address made absolute against the old site's (relative links, Ghost's `__GHOST_URL__`). */
function absoluteUrl(url: string, baseUrl: string): string {
  const trimmed = url.trim().replace(/^__GHOST_URL__/, baseUrl);
  if (!baseUrl) return trimmed;
  try {
    return new URL(trimmed, `${baseUrl.replace(/\/+$/, "")}/`).href;
  } catch {
    return trimmed;
  }
}

/** Publication time for our columns: drafts have none; a published item without a date is "now". */
function publishAtOf(state: ImportedState, publishAt: number | null, createdAt: number): number | null {
  if (state === "draft") return null;
  return publishAt ?? createdAt;
}

/**
 * What an image reference becomes: an upload (fetched now or in an earlier run), or the remote
 * address kept (by choice, or because fetching failed: then it is listed in the report).
 */
async function resolveImage(
  ctx: WriteContext,
  url: string,
): Promise<{ uploadId: string } | { url: string; failed: boolean }> {
  const absolute = absoluteUrl(url, ctx.baseUrl);
  if (!ctx.images) {
    // A dry run: only where the images would come from.
    ctx.report.imageHost(absolute);
    return { url: absolute, failed: false };
  }
  // The importer counts hosts, fetches, reuses and failures for the report itself.
  const result = await ctx.images.resolve(absolute);
  if ("uploadId" in result) return { uploadId: result.uploadId };
  return { url: result.keptUrl, failed: Boolean(result.failure) };
}

/** The HTML with every image fetched and rewritten; `failed` when any image kept its remote URL. */
async function withImages(ctx: WriteContext, html: string): Promise<{ html: string; failed: boolean }> {
  const urls = [...new Set(imageUrlsIn(html))];
  const resolved = await Promise.all(urls.map(async (url) => [url, await resolveImage(ctx, url)] as const));
  const replacements = new Map<string, string>();
  let failed = false;
  for (const [url, result] of resolved) {
    if ("uploadId" in result) replacements.set(url, imageSrc(result));
    else {
      failed ||= result.failed;
      // Rewritten even when the address stays the same: it becomes the image's `src`, where a
      // lazy-loaded image had it in `data-src`, which the sanitizer drops with the address in it.
      replacements.set(url, result.url);
    }
  }
  return {
    html: replacements.size ? rewriteImageUrls(html, (u) => replacements.get(u) ?? null) : html,
    failed,
  };
}

async function featuredImage(
  ctx: WriteContext,
  image: ImportedImage | null,
  attachmentId: string | null,
): Promise<{ imageId: string | null; imageUrl: string | null; imageAlt: string; failed: boolean }> {
  let chosen = image;
  if (!chosen && attachmentId) {
    const attachment = ctx.staging.get<ImportedAttachment>("attachment", attachmentId);
    if (attachment) chosen = { url: attachment.url, alt: attachment.alt };
  }
  if (!chosen?.url) return { imageId: null, imageUrl: null, imageAlt: "", failed: false };
  const result = await resolveImage(ctx, chosen.url);
  if ("uploadId" in result)
    return { imageId: result.uploadId, imageUrl: null, imageAlt: chosen.alt, failed: false };
  const usable = /^https?:\/\//i.test(result.url);
  return { imageId: null, imageUrl: usable ? result.url : null, imageAlt: chosen.alt, failed: result.failed };
}

const RECIPE_PLACEHOLDER = /<a data-import-recipe="([^"]*)"><\/a>/g;
const ATTACHMENT_PLACEHOLDER = /<img data-import-attachment="([^"]*)"[^>]*>/g;

/**
 * Replaces the converter's placeholders: a recipe embed becomes a link to the imported recipe (the
 * first one also becomes the blog's recipe card), a gallery's attachment ids become images.
 */
async function resolvePlaceholders(
  ctx: WriteContext,
  post: ImportedPost | ImportedPage,
  html: string,
): Promise<{ html: string; recipeSourceIds: string[] }> {
  const recipeSourceIds: string[] = [];
  const recipeLinks = new Map<string, string>();
  for (const [, id] of html.matchAll(RECIPE_PLACEHOLDER)) {
    if (id === undefined || recipeLinks.has(id)) continue;
    const staged = ctx.staging.get<ImportedRecipe>("recipe", id);
    const mapped = ctx.dryRun ? undefined : await mappedRow(ctx, { type: "recipe", sourceId: id });
    const local = mapped
      ? await ctx.db
          .selectFrom("recipes")
          .select(["slug", "title"])
          .where("id", "=", mapped.local_id)
          .executeTakeFirst()
      : undefined;
    if (local) {
      recipeSourceIds.push(id);
      recipeLinks.set(
        id,
        `<a href="/recipes/${encodeURIComponent(local.slug)}">Get the recipe: ${escapeHtml(local.title)}</a>`,
      );
    } else if (staged) {
      recipeSourceIds.push(id);
      recipeLinks.set(id, "");
    } else {
      ctx.report.notice(
        "missing-recipe",
        `"${plainTitle(post.title)}" embeds recipe ${id}, which the file does not hold: the embed was removed.`,
      );
      recipeLinks.set(id, "");
    }
  }
  const withRecipes = html.replace(RECIPE_PLACEHOLDER, (_, id: string) => recipeLinks.get(id) ?? "");
  const image = (attachment: ImportedAttachment) =>
    `<img src="${escapeHtml(attachment.url)}" alt="${escapeHtml(attachment.alt)}">`;
  const withGalleries = withRecipes
    .replace(ATTACHMENT_PLACEHOLDER, (_, id: string) => {
      const attachment = ctx.staging.get<ImportedAttachment>("attachment", id);
      return attachment ? image(attachment) : "";
    })
    .replace(ATTACHED_GALLERY_PLACEHOLDER, () => {
      const attached = ctx.staging.attachmentsOf(post.sourceId).filter((a) => isImageFileUrl(a.url));
      if (attached.length === 0)
        ctx.report.notice(
          "gallery-without-images",
          `"${plainTitle(post.title)}": a [gallery] of the post's own images was removed: the file holds none.`,
        );
      return attached.length ? `<figure>${attached.map(image).join("")}</figure>` : "";
    });
  // A removed embed leaves the paragraph the converter gave it empty.
  return { html: withGalleries.replace(/<p>\s*<\/p>/g, ""), recipeSourceIds };
}

/** Old addresses of an item: each one that no live route owns answers 301 to it. */
async function writeRedirects(
  trx: DB,
  ctx: WriteContext,
  target: { blogId: number } | { recipeId: number } | { pageId: number },
  oldPaths: string[],
  oldSlugs: string[],
) {
  for (const path of oldPaths) {
    const owner = liveRouteOwning(path);
    if (owner) {
      // An old WordPress /blogs/x permalink is our own blog path: keep it through the slug redirects.
      const blogSlug = /^\/blogs\/([^/]+)\/?$/.exec(path)?.[1];
      if (blogSlug && "blogId" in target && (await putBlogSlugRedirect(trx, blogSlug, target.blogId))) {
        ctx.report.redirectMade();
        continue;
      }
      ctx.report.redirectRefused(path, owner);
      continue;
    }
    if (await putPathRedirect(trx, path, target)) ctx.report.redirectMade();
  }
  if ("blogId" in target)
    for (const slug of oldSlugs) {
      const ours = importSlug(slug, "");
      if (ours && (await putBlogSlugRedirect(trx, ours, target.blogId))) ctx.report.redirectMade();
    }
}

const tick = async (ctx: WriteContext, done: number, total: number) => {
  ctx.onProgress?.({ phase: "writing", done, total });
  // Let the server answer other requests between items.
  await nextTurn();
};

export async function writeRecipes(ctx: WriteContext, done: number, total: number): Promise<number> {
  for (const recipe of ctx.staging.each<ImportedRecipe>("recipe")) {
    ctx.report.counted("recipes", recipe.state);
    const key = { type: "recipe", sourceId: recipe.sourceId };
    const hash = hashOf(recipe, ctx.imageMode);
    if (ctx.dryRun) {
      if (recipe.image?.url) ctx.report.imageHost(absoluteUrl(recipe.image.url, ctx.baseUrl));
      ctx.report.wrote("recipes", outcomeOf(await mappedRow(ctx, key), hash));
      // As a run's writeRedirects would: a recipe's old path that a live route owns is refused.
      for (const path of recipe.oldPaths) {
        const owner = liveRouteOwning(path);
        if (owner) ctx.report.redirectRefused(path, owner);
        else ctx.report.redirectMade();
      }
    } else {
      const mapped = await mappedRow(ctx, key);
      if (mapped?.content_hash === hash) ctx.report.wrote("recipes", "unchanged");
      else {
        const image = await featuredImage(ctx, recipe.image, recipe.imageAttachmentId);
        const title = plainTitle(recipe.title) || "Untitled recipe";
        await importTransaction(ctx, async (trx) => {
          const saved = await saveImportedRecipe(
            trx,
            {
              title,
              slug: importSlug(recipe.slug, title),
              short: recipe.summary || title,
              imageId: image.imageId,
              imageUrl: image.imageUrl,
              imageAlt: image.imageAlt,
              steps: recipe.steps,
              ingredients: recipe.ingredients,
              nutritionalValues: {
                calories: Math.round(recipe.calories ?? 0),
                protein: 0,
                fats: 0,
                carbs: 0,
              },
              type: recipe.course,
              servings: recipe.servings,
              prepMinutes: recipe.prepMinutes,
              cookMinutes: recipe.cookMinutes,
              totalMinutes: recipe.totalMinutes,
              notes: recipe.notes,
              equipment: recipe.equipment,
              createdAt: recipe.createdAt,
              publishAt: publishAtOf(recipe.state, recipe.publishAt, recipe.createdAt),
            },
            mapped?.local_id ?? null,
          );
          await writeRedirects(trx, ctx, { recipeId: saved.id }, recipe.oldPaths, []);
          await rememberAll(trx, ctx, [{ key, localId: saved.id, hash: image.failed ? RETRY : hash }]);
        });
        ctx.report.wrote("recipes", mapped ? "updated" : "added");
      }
    }
    await tick(ctx, ++done, total);
  }
  return done;
}

/** The recipe each post is the parent of (WPRM's parent post), when the post does not embed one. */
function recipesByParent(staging: StagingStore): Map<string, string> {
  const byParent = new Map<string, string>();
  for (const recipe of staging.each<ImportedRecipe>("recipe"))
    if (recipe.parentPostSourceId && !byParent.has(recipe.parentPostSourceId))
      byParent.set(recipe.parentPostSourceId, recipe.sourceId);
  return byParent;
}

async function localRecipeId(ctx: WriteContext, sourceId: string | undefined): Promise<number | null> {
  if (!sourceId) return null;
  return (await mappedRow(ctx, { type: "recipe", sourceId }))?.local_id ?? null;
}

/** A post read, counted and converted, ready to be written (or to be written again). */
interface PreparedPost {
  post: ImportedPost;
  title: string;
  html: string;
  recipeSourceIds: string[];
}

/** Counts a post for the report, converts its body and resolves its placeholders. */
async function preparePost(ctx: WriteContext, post: ImportedPost): Promise<PreparedPost> {
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
  return { post, title, html: placed.html, recipeSourceIds: placed.recipeSourceIds };
}

/** A post's or page's body as HTML: WordPress text converted, the converter's placeholders resolved. */
async function bodyHtml(ctx: WriteContext, item: ImportedPost | ImportedPage, title: string) {
  const converted =
    item.contentFormat === "wordpress"
      ? wordpressContentToHtml(item.content, (code, message) =>
          ctx.report.notice(code, `"${title}": ${message}`),
        )
      : item.content;
  if (!converted.trim()) ctx.report.notice("no-content", `"${title || "(no title)"}" has no content.`);
  return resolvePlaceholders(ctx, item, converted);
}

/** What a real run would do with a post: the import map says whether it is new or changed. */
async function reportPostDryRun(ctx: WriteContext, { post, html }: PreparedPost): Promise<void> {
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
            hashOf(comment, ""),
          ),
    );
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
  { post, title, html, recipeSourceIds }: PreparedPost,
  parentOf: Map<string, string>,
): Promise<void> {
  const key = { type: "post", sourceId: post.sourceId };
  const hash = hashOf(post, ctx.imageMode);
  const mapped = await mappedRow(ctx, key);
  if (mapped?.content_hash === hash) {
    ctx.report.wrote("blogs", "unchanged");
    for (const _ of post.comments) ctx.report.wrote("comments", "unchanged");
    return;
  }
  const body = await withImages(ctx, html);
  const image = await featuredImage(ctx, post.featuredImage, post.featuredAttachmentId);
  const featuredRecipe = await localRecipeId(ctx, recipeSourceIds[0] ?? parentOf.get(post.sourceId));
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
    await writeRedirects(trx, ctx, { blogId: saved.id }, post.oldPaths, post.oldSlugs);
    await rememberAll(trx, ctx, [
      ...commentRows,
      { key, localId: saved.id, hash: body.failed || image.failed ? RETRY : hash },
    ]);
  });
  ctx.report.wrote("blogs", mapped ? "updated" : "added");
}

/**
 * Posts written side by side on PostgreSQL, where each waits mostly on round trips to the server;
 * one at a time on SQLite, which has one writer anyway.
 */
function writeLanes(ctx: WriteContext): number {
  return !ctx.dryRun && ctx.db.getExecutor().adapter instanceof PostgresAdapter ? 3 : 1;
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
    const prepared = await preparePost(ctx, post);
    if (ctx.dryRun) {
      await reportPostDryRun(ctx, prepared);
      await tick(ctx, ++done, total);
      continue;
    }
    const job: Promise<void> = savePost(ctx, prepared, parentOf)
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
    await savePost(ctx, prepared, parentOf);
    await tick(ctx, ++done, total);
  }
  return done;
}

/**
 * The old site's pages become pages of ours at `/{slug}`, their bodies converted as posts' are.
 * A child page becomes a page of its own: ours are flat.
 */
export async function writePages(ctx: WriteContext, done: number, total: number): Promise<number> {
  for (const page of ctx.staging.each<ImportedPage>("page")) {
    ctx.report.counted("pages", page.state);
    const title = plainTitle(page.title);
    if (page.draftReason) ctx.report.notice("made-draft", `"${title}": ${page.draftReason}`);
    if (!title)
      ctx.report.notice(
        "no-title",
        `A page without a title (source id ${page.sourceId}) is imported as "(no title)".`,
      );
    const parent = page.parentSourceId ? ctx.staging.get<ImportedPage>("page", page.parentSourceId) : null;
    if (parent)
      ctx.report.notice(
        "child-page",
        `"${title}" was under "${plainTitle(parent.title)}" on the old site: here it is a page of its own.`,
      );
    const { html } = await bodyHtml(ctx, page, title);
    const key = { type: "page", sourceId: page.sourceId };
    const hash = hashOf(page, ctx.imageMode);
    const mapped = await mappedRow(ctx, key);
    if (ctx.dryRun) {
      ctx.report.wrote("pages", outcomeOf(mapped, hash));
      for (const url of imageUrlsIn(html)) ctx.report.imageHost(absoluteUrl(url, ctx.baseUrl));
      for (const path of page.oldPaths) {
        const owner = liveRouteOwning(path);
        if (owner) ctx.report.redirectRefused(path, owner);
        else ctx.report.redirectMade();
      }
    } else if (mapped?.content_hash === hash) ctx.report.wrote("pages", "unchanged");
    else {
      const body = await withImages(ctx, html);
      const createdAt = page.createdAt || nowSeconds();
      await importTransaction(ctx, async (trx) => {
        const saved = await saveImportedPage(
          trx,
          {
            title: title || "(no title)",
            slug: importSlug(page.slug, title),
            content: body.html,
            seoTitle: page.seoTitle,
            seoDescription: page.seoDescription || plainText(page.excerpt),
            createdAt,
            publishAt: publishAtOf(page.state, page.publishAt, createdAt),
          },
          mapped?.local_id ?? null,
        );
        await writeRedirects(trx, ctx, { pageId: saved.id }, page.oldPaths, []);
        await rememberAll(trx, ctx, [{ key, localId: saved.id, hash: body.failed ? RETRY : hash }]);
      });
      ctx.report.wrote("pages", mapped ? "updated" : "added");
    }
    await tick(ctx, ++done, total);
  }
  return done;
}

/** An import-map row, as written by `rememberAll`. */
interface MapRow {
  key: MapKey;
  localId: number;
  hash: string;
}

/** Records items in the import map, many in one statement. */
async function rememberAll(trx: DB, ctx: WriteContext, rows: MapRow[]) {
  const now = nowSeconds();
  for (let i = 0; i < rows.length; i += 200)
    await trx
      .insertInto("import_map")
      .values(
        rows.slice(i, i + 200).map((row) => ({
          system: ctx.system,
          site: ctx.site,
          source_type: row.key.type,
          source_id: row.key.sourceId,
          local_id: row.localId,
          content_hash: row.hash,
          updated_at: now,
        })),
      )
      .onConflict((oc) =>
        oc.columns(["system", "site", "source_type", "source_id"]).doUpdateSet((eb) => ({
          local_id: eb.ref("excluded.local_id"),
          content_hash: eb.ref("excluded.content_hash"),
          updated_at: eb.ref("excluded.updated_at"),
        })),
      )
      .execute();
}

/**
 * A post's comments, in its transaction: a comment the import map knows unchanged is left alone
 * (its moderation here stays as the admin left it), a changed one is rewritten, new ones are added
 * in one statement. Answers their import-map rows, for the post's own `rememberAll`. Statements
 * are few on purpose: on PostgreSQL, round trips are most of an import's time.
 */
async function writeComments(
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
    const hash = hashOf(comment, "");
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

/** Readers of the old site's newsletter: only those the file says opted in become subscribers. */
export async function writeSubscribers(ctx: WriteContext, done: number, total: number): Promise<number> {
  for (const reader of ctx.staging.each<ImportedSubscriber>("subscriber")) {
    const state = reader.subscribed ? "subscribed" : "not subscribed";
    ctx.report.counted("subscribers", state);
    const email = reader.email.trim().toLowerCase();
    const existing = await ctx.db
      .selectFrom("users")
      .select("id")
      .where((eb) => eb(eb.fn("lower", ["email"]), "=", email))
      .executeTakeFirst();
    // A reader already here keeps their own state: an import never re-subscribes anyone.
    if (existing) ctx.report.wrote("subscribers", "unchanged");
    else if (ctx.dryRun) ctx.report.wrote("subscribers", "added");
    else {
      await importTransaction(ctx, async (trx) => {
        const row = await trx
          .insertInto("users")
          .values({
            full_name: plainText(reader.name),
            email,
            phone: "",
            created_at: reader.createdAt || nowSeconds(),
            subscription: reader.subscribed ? "subscribed" : "unsubscribed",
            confirm_token_hash: null,
            unsubscribe_token: randomBytes(32).toString("base64url"),
          })
          .returning("id")
          .executeTakeFirstOrThrow();
        await rememberAll(trx, ctx, [
          {
            key: { type: "subscriber", sourceId: reader.sourceId },
            localId: row.id,
            hash: hashOf(reader, ""),
          },
        ]);
      });
      ctx.report.wrote("subscribers", "added");
    }
    await tick(ctx, ++done, total);
  }
  return done;
}

/**
 * WordPress's media library: every image attachment becomes an item of ours (fetched once, like an
 * upload), used or not, so the blogger's library comes across whole. With `--images=keep` the
 * library stays on the old site: nothing to store.
 */
export async function writeMedia(ctx: WriteContext, done: number, total: number): Promise<number> {
  for (const attachment of ctx.staging.each<ImportedAttachment>("attachment")) {
    if (!isImageFileUrl(attachment.url)) {
      ctx.report.skipped(
        "attachment",
        attachment.sourceId,
        attachment.title,
        "only images come into the media library",
      );
      // Counted in the run's total all the same: progress still reaches it.
      await tick(ctx, ++done, total);
      continue;
    }
    ctx.report.counted("media", "image");
    if (!ctx.images) ctx.report.imageHost(absoluteUrl(attachment.url, ctx.baseUrl));
    else if (ctx.imageMode === "download") {
      const result = await resolveImage(ctx, attachment.url);
      // Fetched by this run (here or for a post): added; by an earlier run: unchanged.
      if ("uploadId" in result)
        ctx.report.wrote("media", ctx.images.fetchedThisRun(result.uploadId) ? "added" : "unchanged");
    }
    await tick(ctx, ++done, total);
  }
  return done;
}
