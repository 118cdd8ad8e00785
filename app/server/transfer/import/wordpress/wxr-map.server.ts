/**
 * One WXR item → import events: a post (with its comments), a page, an attachment, a WP Recipe
 * Maker recipe, or a skipped item saying why. Pure: the reader streams, this decides.
 */
import { htmlToPlainText } from "../clean-text.server.ts";
import type {
  ImportEvent,
  ImportedAttachment,
  ImportedComment,
  ImportedPage,
  ImportedPost,
  ImportedState,
  SkippedItem,
} from "../items.server.ts";
import { recipeFromWprm, wprmCommentRating } from "./wprm.server.ts";
import {
  field,
  idOrNull,
  itemTimes,
  mapStatus,
  metaValue,
  metaValues,
  oldPathOf,
  parseWpDate,
  type WxrComment,
  type WxrContext,
  type WxrItem,
} from "./wxr-fields.server.ts";

/** Why each kind of WordPress content that is not a post, page, attachment or recipe stays behind. */
const SKIPPED_TYPES: Record<string, string> = {
  nav_menu_item: "menus are not imported: Wanderplate's navigation is built in",
  revision: "revisions are not imported: only the current version of each post is",
  wp_block: "reusable blocks are not imported: their content is already in the posts that use them",
  wp_navigation: "menus are not imported: Wanderplate's navigation is built in",
  wp_template: "theme templates are not imported: Wanderplate has its own design",
  wp_template_part: "theme templates are not imported: Wanderplate has its own design",
  wp_global_styles: "theme styles are not imported: Wanderplate has its own design",
  custom_css: "theme styles are not imported: Wanderplate has its own design",
  customize_changeset: "theme settings are not imported: Wanderplate has its own design",
  oembed_cache: "cached embeds are not imported: they are made again when shown",
  user_request: "privacy requests are not imported",
};

export function mapWxrItem(item: WxrItem, ctx: WxrContext): ImportEvent[] {
  const type = field(item, "wp:post_type") || "post";
  const sourceId = idOrNull(field(item, "wp:post_id"));
  const title = item.fields.title ?? "";
  if (sourceId === null) {
    return [
      skipped(type, "", title, "it has no post id in the file, so it cannot be matched on a later import"),
    ];
  }
  if (type === "attachment") return [attachmentOf(item, sourceId, title)];
  if (type !== "post" && type !== "page" && type !== "wprm_recipe") {
    const reason = SKIPPED_TYPES[type] ?? `items of type "${type}" are not imported`;
    return [skipped(type, sourceId, title, reason)];
  }
  const status = mapStatus(field(item, "wp:status"), field(item, "wp:post_password"));
  if (status.kind === "skip")
    return [skipped(type === "wprm_recipe" ? "recipe" : type, sourceId, title, status.reason)];
  if (type === "wprm_recipe") return recipeFromWprm(item, sourceId, status.state);
  if (type === "page") return pageOf(item, sourceId, title, status);

  const times = itemTimes(item, status.state);
  const login = field(item, "dc:creator");
  const author = ctx.authors.get(login);
  const { comments, events } = commentsOf(item.comments, title);
  const post: ImportedPost = {
    type: "post",
    sourceId,
    title,
    slug: field(item, "wp:post_name"),
    content: item.fields["content:encoded"] ?? "",
    contentFormat: "wordpress",
    excerpt: item.fields["excerpt:encoded"] ?? "",
    state: status.state,
    publishAt: times.publishAt,
    date: times.date,
    createdAt: times.createdAt,
    authorName: author?.name || login,
    authorEmail: author?.email ?? null,
    category: firstCategory(item),
    featuredImage: null,
    featuredAttachmentId: idOrNull(metaValue(item, "_thumbnail_id")),
    seoTitle: yoastText(metaValue(item, "_yoast_wpseo_title")),
    seoDescription: yoastText(metaValue(item, "_yoast_wpseo_metadesc")),
    oldPaths: oldPathOf(field(item, "link")),
    oldSlugs: [...new Set(metaValues(item, "_wp_old_slug").map((s) => s.trim()))].filter((s) => s !== ""),
    comments,
    draftReason: status.draftReason,
  };
  return [post, ...events];
}

/** A page: its body and states as a post's; no author, category or comments (pages have none). */
function pageOf(
  item: WxrItem,
  sourceId: string,
  title: string,
  status: { state: ImportedState; draftReason: string | null },
): ImportEvent[] {
  const times = itemTimes(item, status.state);
  const page: ImportedPage = {
    type: "page",
    sourceId,
    title,
    slug: field(item, "wp:post_name"),
    content: item.fields["content:encoded"] ?? "",
    contentFormat: "wordpress",
    excerpt: item.fields["excerpt:encoded"] ?? "",
    state: status.state,
    publishAt: times.publishAt,
    createdAt: times.createdAt,
    seoTitle: yoastText(metaValue(item, "_yoast_wpseo_title")),
    seoDescription: yoastText(metaValue(item, "_yoast_wpseo_metadesc")),
    oldPaths: oldPathOf(field(item, "link")),
    parentSourceId: idOrNull(field(item, "wp:post_parent") || null),
    draftReason: status.draftReason,
  };
  const comments = item.comments.map(({ fields }) =>
    skipped(
      "comment",
      idOrNull(fields.comment_id ?? null) ?? "",
      `Comment by ${(fields.comment_author ?? "").trim() || "someone"} on "${title}"`,
      "comments on pages are not imported: pages take no comments",
    ),
  );
  return [page, ...comments];
}

function skipped(kind: string, sourceId: string, title: string, reason: string): SkippedItem {
  return { type: "skipped", kind, sourceId, title, reason };
}

function attachmentOf(item: WxrItem, sourceId: string, title: string): ImportEvent {
  const url = field(item, "wp:attachment_url") || field(item, "guid");
  if (url === "")
    return skipped("attachment", sourceId, title, "the file does not say where the media file is");
  const attachment: ImportedAttachment = {
    type: "attachment",
    sourceId,
    url,
    alt: (metaValue(item, "_wp_attachment_image_alt") ?? "").trim(),
    title,
    parentSourceId: idOrNull(field(item, "wp:post_parent") || null),
  };
  return attachment;
}

/** The first real category: WordPress files every post without one under "Uncategorized". */
function firstCategory(item: WxrItem): string | null {
  const found = item.categories.find(
    (c) => c.domain === "category" && c.nicename !== "uncategorized" && c.name.trim() !== "",
  );
  return found ? found.name.trim() : null;
}

/** Yoast's own text; a template with variables (%%title%% %%sep%%) means "the default": none. */
function yoastText(value: string | null): string {
  const text = (value ?? "").trim();
  return /%%[a-z0-9_]+%%/i.test(text) ? "" : text;
}

const SKIPPED_COMMENT_STATES: Record<string, string> = {
  spam: "it was marked as spam",
  trash: "it was in the trash",
  "post-trashed": "it was in the trash",
};

function commentsOf(
  raw: WxrComment[],
  postTitle: string,
): { comments: ImportedComment[]; events: SkippedItem[] } {
  const comments: ImportedComment[] = [];
  const events: SkippedItem[] = [];
  for (const { fields, meta } of raw) {
    const id = idOrNull(fields.comment_id ?? null);
    const name = (fields.comment_author ?? "").trim();
    const title = `Comment by ${name || "someone"} on "${postTitle}"`;
    const type = (fields.comment_type ?? "").trim();
    const approved = (fields.comment_approved ?? "").trim();
    const reason =
      id === null
        ? "it has no comment id in the file"
        : type === "pingback" || type === "trackback"
          ? `${type}s are not imported`
          : type !== "" && type !== "comment"
            ? `comments of type "${type}" are not imported`
            : (SKIPPED_COMMENT_STATES[approved] ??
              (approved === "1" || approved === "0" ? null : `its state "${approved}" is unknown`));
    if (reason !== null || id === null) {
      events.push(skipped("comment", id ?? "", title, reason ?? ""));
      continue;
    }
    const createdAt =
      parseWpDate(fields.comment_date_gmt ?? "") ?? parseWpDate(fields.comment_date ?? "") ?? 0;
    const rating = wprmCommentRating(meta);
    comments.push({
      sourceId: id,
      parentSourceId: idOrNull(fields.comment_parent ?? null),
      name,
      email: (fields.comment_author_email ?? "").trim(),
      text: htmlToPlainText(fields.comment_content ?? ""),
      approved: approved === "1",
      createdAt,
      // Only when there is one: a comment without stars hashes as it did before ratings came in.
      ...(rating === null ? {} : { rating }),
    });
  }
  return { comments, events };
}
