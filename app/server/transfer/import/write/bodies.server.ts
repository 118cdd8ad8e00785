/**
 * A post's or page's body and images on their way in: WordPress text converted
 * (wordpress/content.server.ts), the converter's placeholders resolved (recipe embeds, galleries),
 * and every image fetched into the media library or kept where it is.
 */
import { escapeHtml } from "#app/lib/escape-html.ts";
import { imageSrc, imageUrlsIn, rewriteImageUrls } from "../images.server.ts";
import { isImageFileUrl } from "../images-html.server.ts";
import type {
  ImportedAttachment,
  ImportedImage,
  ImportedPage,
  ImportedPost,
  ImportedRecipe,
} from "../items.server.ts";
import { plainTitle } from "../titles-and-slugs.server.ts";
import { ATTACHED_GALLERY_PLACEHOLDER, wordpressContentToHtml } from "../wordpress/content.server.ts";
import { absoluteUrl, mappedRow, type WriteContext } from "./context.server.ts";

/**
 * What an image reference becomes: an upload (fetched now or in an earlier run), or the remote
 * address kept (by choice, or because fetching failed: then it is listed in the report).
 */
export async function resolveImage(
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
export async function withImages(
  ctx: WriteContext,
  html: string,
): Promise<{ html: string; failed: boolean }> {
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

export async function featuredImage(
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

/** A post's or page's body as HTML: WordPress text converted, the converter's placeholders resolved. */
export async function bodyHtml(ctx: WriteContext, item: ImportedPost | ImportedPage, title: string) {
  const converted =
    item.contentFormat === "wordpress"
      ? wordpressContentToHtml(item.content, (code, message) =>
          ctx.report.notice(code, `"${title}": ${message}`),
        )
      : item.content;
  if (!converted.trim()) ctx.report.notice("no-content", `"${title || "(no title)"}" has no content.`);
  return resolvePlaceholders(ctx, item, converted);
}
