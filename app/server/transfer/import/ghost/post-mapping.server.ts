/**
 * Ghost's rows mapped to import items (DESIGN §2 "import mapping"), as pure functions: the reader
 * streams the file and calls these. Ghost's tables reference each other by id, so the small ones
 * (tags, users, the post↔tag and post↔author links, posts_meta) are gathered first into
 * `GhostLookups`, then each post is mapped as it is read.
 *
 * Rows come from an untrusted file: every field is read through `text`/`optionalText`, so a number
 * or an object where a string belongs is treated as missing, never a crash.
 */
import type { ImportEvent, ImportedAuthor, ImportedPage, ImportedState } from "../items.server.ts";
import { renderLexical } from "./lexical.server.ts";
import { renderMobiledoc } from "./mobiledoc.server.ts";

type Row = Record<string, unknown>;

interface Link {
  targetId: string;
  order: number;
}

export interface GhostLookups {
  tags: Map<string, { name: string; isPublic: boolean }>;
  users: Map<string, { name: string; email: string | null }>;
  postTags: Map<string, Link[]>;
  postAuthors: Map<string, Link[]>;
  postMeta: Map<string, { metaTitle: string; metaDescription: string; featureImageAlt: string }>;
  /** The settings' `title`, "" when absent. */
  siteTitle: string;
}

/** The tables the first pass gathers. */
export const LOOKUP_TABLES = new Set([
  "tags",
  "users",
  "posts_tags",
  "posts_authors",
  "posts_meta",
  "settings",
]);

export function emptyLookups(): GhostLookups {
  return {
    tags: new Map(),
    users: new Map(),
    postTags: new Map(),
    postAuthors: new Map(),
    postMeta: new Map(),
    siteTitle: "",
  };
}

function isRow(value: unknown): value is Row {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/** A string field; "" for anything else (missing, null, a number or an object). */
function text(row: Row, name: string): string {
  const value = row[name];
  return typeof value === "string" ? value : "";
}

/** Ids were numbers in Ghost 0.x/1.x, strings since: both become strings. */
function id(row: Row, name: string): string {
  const value = row[name];
  return typeof value === "string" || (typeof value === "number" && Number.isFinite(value))
    ? String(value)
    : "";
}

function order(row: Row): number {
  const value = row.sort_order;
  return typeof value === "number" && Number.isFinite(value) ? value : 0;
}

function addLink(map: Map<string, Link[]>, postId: string, link: Link): void {
  if (!postId || !link.targetId) return;
  const links = map.get(postId);
  if (links) links.push(link);
  else map.set(postId, [link]);
}

/** Adds one row of a lookup table (see LOOKUP_TABLES); rows that are not objects are ignored. */
export function addLookupRow(lookups: GhostLookups, table: string, row: unknown): void {
  if (!isRow(row)) return;
  switch (table) {
    case "tags": {
      const name = text(row, "name");
      // Internal tags ("#hashtags") organise Ghost themes; they are never a visible category.
      const isPublic = text(row, "visibility") !== "internal" && !name.startsWith("#");
      lookups.tags.set(id(row, "id"), { name, isPublic });
      break;
    }
    case "users":
      lookups.users.set(id(row, "id"), { name: text(row, "name"), email: text(row, "email") || null });
      break;
    case "posts_tags":
      addLink(lookups.postTags, id(row, "post_id"), { targetId: id(row, "tag_id"), order: order(row) });
      break;
    case "posts_authors":
      addLink(lookups.postAuthors, id(row, "post_id"), { targetId: id(row, "author_id"), order: order(row) });
      break;
    case "posts_meta":
      lookups.postMeta.set(id(row, "post_id"), {
        metaTitle: text(row, "meta_title"),
        metaDescription: text(row, "meta_description"),
        featureImageAlt: text(row, "feature_image_alt"),
      });
      break;
    case "settings":
      if (text(row, "key") === "title") lookups.siteTitle = text(row, "value");
      break;
  }
}

/**
 * Seconds since 1970 from Ghost's times: ISO strings ("2021-03-24T05:57:56.000Z"), MySQL-style
 * strings without a zone (UTC, as Ghost stores them), or epoch milliseconds (Ghost 0.x/1.x).
 */
export function parseGhostTime(value: unknown): number | null {
  let ms: number;
  if (typeof value === "number") ms = value;
  else if (typeof value === "string" && /^\d{4}-\d\d-\d\d/.test(value)) {
    const iso = /^\d{4}-\d\d-\d\d[ T]\d\d:\d\d(:\d\d(\.\d+)?)?$/.test(value)
      ? `${value.replace(" ", "T")}Z`
      : value;
    ms = Date.parse(iso);
  } else if (typeof value === "string" && /^\d{10,13}$/.test(value)) ms = Number(value);
  else return null;
  if (!Number.isFinite(ms)) return null;
  const seconds = Math.floor(ms / 1000);
  // Outside years 1970–9999 is not a date a blog had.
  return seconds >= 0 && seconds < 253402300800 ? seconds : null;
}

function dateOf(seconds: number | null): string {
  return seconds === null ? "" : new Date(seconds * 1000).toISOString().slice(0, 10);
}

/** True for Ghost 1.x's `page: true` (also 1 or "1", as some exports wrote it) and `type: "page"`. */
function isGhostPage(row: Row): boolean {
  if (typeof row.type === "string") return row.type === "page";
  return row.page === true || row.page === 1 || row.page === "1" || row.page === "true";
}

function stateOf(row: Row, publishAt: number | null): { state: ImportedState; draftReason: string | null } {
  const status = text(row, "status");
  let state: ImportedState;
  let draftReason: string | null = null;
  if (status === "published") state = "published";
  else if (status === "scheduled" && publishAt !== null) state = "scheduled";
  else if (status === "draft") state = "draft";
  else {
    state = "draft";
    draftReason =
      status === "sent"
        ? "it was sent as an email newsletter only, never published on the Ghost site"
        : status === "scheduled"
          ? "it was scheduled on Ghost without a publication time"
          : `its Ghost status "${status || "(none)"}" is not one we know`;
  }
  const visibility = text(row, "visibility") || "public";
  if (state !== "draft" && visibility !== "public") {
    return { state: "draft", draftReason: `it was visible only to members ("${visibility}") on Ghost` };
  }
  return { state, draftReason };
}

function firstByOrder(links: Link[] | undefined, accept: (targetId: string) => boolean): string | null {
  if (!links) return null;
  const sorted = [...links].sort((a, b) => a.order - b.order);
  return sorted.find((link) => accept(link.targetId))?.targetId ?? null;
}

/** The post's body as HTML: Ghost's own `html` when it has it, else rendered from the editor's document. */
function bodyOf(row: Row): { html: string; unknown: string[] } {
  const html = text(row, "html");
  if (html.trim()) return { html, unknown: [] };
  if (text(row, "lexical")) return renderLexical(text(row, "lexical"));
  if (text(row, "mobiledoc")) return renderMobiledoc(text(row, "mobiledoc"));
  return { html: "", unknown: [] };
}

/**
 * One row of Ghost's `posts`: a post item, or a page item for a page (with notices for parts of its
 * body we could not render). `fallbackTime` (the export's date) stands in for a missing created_at.
 */
export function mapGhostPost(row: unknown, lookups: GhostLookups, fallbackTime: number): ImportEvent[] {
  if (!isRow(row)) {
    return [
      {
        type: "notice",
        code: "ghost-bad-row",
        message: "A post in the export is not an object and was left out.",
      },
    ];
  }
  const sourceId = id(row, "id");
  const title = text(row, "title");
  if (!sourceId) {
    return [
      { type: "skipped", kind: "post", sourceId: "", title, reason: "it has no id in the Ghost export" },
    ];
  }
  const publishAt = parseGhostTime(row.published_at);
  const { state, draftReason } = stateOf(row, publishAt);
  const meta = lookups.postMeta.get(sourceId);
  const seo = {
    seoTitle: meta?.metaTitle || text(row, "meta_title"),
    seoDescription: meta?.metaDescription || text(row, "meta_description"),
  };
  if (isGhostPage(row)) {
    const page = {
      state,
      draftReason,
      publishAt,
      createdAt: parseGhostTime(row.created_at) ?? publishAt ?? fallbackTime,
    };
    return pageOf(row, sourceId, title, { ...page, ...seo });
  }
  const tagId = firstByOrder(
    lookups.postTags.get(sourceId),
    (tag) => lookups.tags.get(tag)?.isPublic === true,
  );
  const authorId =
    firstByOrder(lookups.postAuthors.get(sourceId), (user) => lookups.users.has(user)) ??
    (lookups.users.has(id(row, "author_id")) ? id(row, "author_id") : null);
  const author = authorId === null ? undefined : lookups.users.get(authorId);
  const featureImage = text(row, "feature_image");
  const slug = text(row, "slug");
  const body = bodyOf(row);

  const events: ImportEvent[] = [
    {
      type: "post",
      sourceId,
      title,
      slug,
      content: body.html,
      contentFormat: "html",
      excerpt: text(row, "custom_excerpt"),
      state,
      publishAt,
      date: dateOf(publishAt),
      createdAt: parseGhostTime(row.created_at) ?? publishAt ?? fallbackTime,
      authorName: author?.name ?? "",
      authorEmail: author?.email ?? null,
      category: tagId === null ? null : (lookups.tags.get(tagId)?.name ?? null),
      featuredImage: featureImage ? { url: featureImage, alt: meta?.featureImageAlt ?? "" } : null,
      featuredAttachmentId: null,
      ...seo,
      oldPaths: slug ? [`/${slug}/`] : [],
      oldSlugs: [],
      comments: [],
      draftReason,
    },
  ];
  return [...events, ...unknownParts(body.unknown, title || sourceId, sourceId)];
}

/** A page: its body, states and old address (`/{slug}/`) read as a post's; no author or tag. */
function pageOf(
  row: Row,
  sourceId: string,
  title: string,
  read: Pick<
    ImportedPage,
    "state" | "draftReason" | "publishAt" | "createdAt" | "seoTitle" | "seoDescription"
  >,
): ImportEvent[] {
  const slug = text(row, "slug");
  const body = bodyOf(row);
  const page: ImportedPage = {
    type: "page",
    sourceId,
    title,
    slug,
    content: body.html,
    contentFormat: "html",
    excerpt: text(row, "custom_excerpt"),
    state: read.state,
    publishAt: read.publishAt,
    createdAt: read.createdAt,
    seoTitle: read.seoTitle,
    seoDescription: read.seoDescription,
    oldPaths: slug ? [`/${slug}/`] : [],
    parentSourceId: null,
    draftReason: read.draftReason,
  };
  return [page, ...unknownParts(body.unknown, title || sourceId, sourceId)];
}

/** A notice for each part of a body Ghost has and we do not render. */
function unknownParts(parts: string[], name: string, sourceId: string): ImportEvent[] {
  return parts.map(
    (part): ImportEvent => ({
      type: "notice",
      code: "ghost-unknown-card",
      message: `"${name}": a part of its body Ghost calls "${part}" is not one we know; its text was kept.`,
      sourceId,
    }),
  );
}

/** One row of Ghost's `users`: an author (matched by email by the writer, never given a password). */
export function mapGhostUser(row: unknown): ImportedAuthor | null {
  if (!isRow(row) || !id(row, "id")) return null;
  return {
    type: "author",
    sourceId: id(row, "id"),
    email: text(row, "email") || null,
    name: text(row, "name"),
  };
}
