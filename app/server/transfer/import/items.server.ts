/**
 * What every reader of an import file produces and the writer consumes: the source's items in one
 * shape, whatever the file was (WordPress WXR, a Ghost JSON export, a Ghost members CSV, our own
 * export). A reader streams its file and yields `ImportEvent`s; it never touches the database.
 *
 * Readers map the source's own states and fields to ours (see DESIGN §2 "import mapping"), but
 * leave everything that needs the whole file or the site to the writer: which attachment a
 * featured image id names, which recipe an embed names, the local slug, image downloads, sanitizing.
 */

/** The systems an import comes from: the first part of every import-map key. */
export type SourceSystem = "wordpress" | "ghost" | "wanderplate";

/** Our state of a blog, recipe or page, already mapped from the source's. */
export type ImportedState = "published" | "scheduled" | "draft";

/**
 * A reference to an image the writer fetches (or keeps, with `--images=keep`): an absolute URL
 * when the reader could make one, else as written (relative, `__GHOST_URL__/…`), for `--source-url`.
 */
export interface ImportedImage {
  url: string;
  alt: string;
}

export interface ImportedComment {
  sourceId: string;
  /** The comment it answers, when the source threads them (kept for ordering; we show them flat). */
  parentSourceId: string | null;
  name: string;
  email: string;
  /** Plain text as written by the commenter (markup stripped by the reader). */
  text: string;
  approved: boolean;
  /** Seconds since 1970 (UTC). */
  createdAt: number;
  /**
   * The stars (1 to 5) the commenter gave the recipe the post features (WP Recipe Maker's comment
   * rating); absent when none. The writer makes it a rating of that recipe (write/ratings.server.ts).
   */
  rating?: number;
}

export interface ImportedPost {
  type: "post";
  sourceId: string;
  /** As the source has it: may hold markup or entities; the writer makes it plain text. */
  title: string;
  /** The source's slug (may be empty, percent-encoded or non-Latin); the writer derives ours. */
  slug: string;
  /**
   * The body as the source has it (`contentFormat` says which): WordPress `post_content` as
   * written (the writer adds paragraphs, turns shortcodes and WPRM embeds into HTML:
   * wordpress-content.server.ts), or HTML (Ghost's `html`, or its lexical/mobiledoc rendered by
   * the reader). Not yet sanitized: the writer sends it through the editor's sanitizer.
   */
  content: string;
  contentFormat: "wordpress" | "html";
  /** The source's excerpt, if it has one (ours is derived from the text; kept for SEO description). */
  excerpt: string;
  state: ImportedState;
  /** When it was or will be published (seconds); null for a draft that never was. */
  publishAt: number | null;
  /** The source's publication date as YYYY-MM-DD (the blog's Date field); "" when unknown. */
  date: string;
  /** Seconds: when the source created it (our created_at). */
  createdAt: number;
  authorName: string;
  authorEmail: string | null;
  /** The first (WordPress) or primary (Ghost) category or tag; null for none. */
  category: string | null;
  /** The featured image as an URL when the reader knows it (Ghost), or null. */
  featuredImage: ImportedImage | null;
  /** WordPress `_thumbnail_id`: the attachment's source id, resolved by the writer. */
  featuredAttachmentId: string | null;
  seoTitle: string;
  seoDescription: string;
  /** Paths (with a leading slash, no origin) this post answered at on the old site: each 301s here. */
  oldPaths: string[];
  /** Earlier slugs (`_wp_old_slug`): each `/blogs/{old}` 301s here. */
  oldSlugs: string[];
  comments: ImportedComment[];
  /** Why it is a draft when the source had it public (a post password, private, non-public visibility). */
  draftReason: string | null;
}

/**
 * A page of the old site (a WordPress `page`, a Ghost page): one of the site's pages, at `/{slug}`.
 * Its body and states are read as a post's are.
 */
export interface ImportedPage {
  type: "page";
  sourceId: string;
  title: string;
  slug: string;
  /** As ImportedPost's `content`: WordPress `post_content` as written, or HTML. */
  content: string;
  contentFormat: "wordpress" | "html";
  excerpt: string;
  state: ImportedState;
  publishAt: number | null;
  createdAt: number;
  seoTitle: string;
  seoDescription: string;
  oldPaths: string[];
  /** The page it was under on the old site (WordPress `post_parent`); ours are flat. Null for none. */
  parentSourceId: string | null;
  draftReason: string | null;
}

export interface ImportedRecipe {
  type: "recipe";
  sourceId: string;
  title: string;
  slug: string;
  /**
   * Slugs an earlier version of the importer gave this recipe (WP Recipe Maker's `wprm-` post name,
   * before the prefix was dropped): a recipe of ours still at one moves to `slug`, the old
   * address redirecting to it.
   */
  earlierSlugs?: string[];
  /** One or two sentences: the recipe's summary (plain text). */
  summary: string;
  /**
   * One line per ingredient ("2 cups rice, rinsed"); a group's name is its own line ending in ":"
   * ("For the sauce:"), followed by the group's ingredients.
   */
  ingredients: string[];
  /** One step per line, groups as for ingredients. Plain text. */
  steps: string[];
  servings: number | null;
  prepMinutes: number | null;
  cookMinutes: number | null;
  totalMinutes: number | null;
  calories: number | null;
  /** Course (WPRM `wprm_course`), our recipe type; null for none. */
  course: string | null;
  notes: string;
  equipment: string[];
  image: ImportedImage | null;
  /** WPRM `_thumbnail_id`-style image attachment id, resolved by the writer; null for none. */
  imageAttachmentId: string | null;
  state: ImportedState;
  publishAt: number | null;
  createdAt: number;
  /** The post the recipe belongs to (WPRM `wprm_parent_post_id`), or null. */
  parentPostSourceId: string | null;
  oldPaths: string[];
}

/** A WordPress attachment: a media library item the writer fetches when something uses it. */
export interface ImportedAttachment {
  type: "attachment";
  sourceId: string;
  url: string;
  alt: string;
  title: string;
  /** The post it was uploaded to (WordPress `post_parent`): a `[gallery]` without ids shows these. */
  parentSourceId: string | null;
}

/** An account of the old site (an author): matched by email, never given a password. */
export interface ImportedAuthor {
  type: "author";
  sourceId: string;
  email: string | null;
  name: string;
}

/** A reader of the old site's newsletter (Ghost members CSV, our export with --include-pii). */
export interface ImportedSubscriber {
  type: "subscriber";
  sourceId: string;
  email: string;
  name: string;
  /** True only when the file says they opted in (Ghost `subscribed_to_emails` true). */
  subscribed: boolean;
  createdAt: number;
}

export type ImportedItem =
  | ImportedPost
  | ImportedPage
  | ImportedRecipe
  | ImportedAttachment
  | ImportedAuthor
  | ImportedSubscriber;

/** Something the reader left out on purpose (a menu, a pingback, a trashed post), and why. */
export interface SkippedItem {
  type: "skipped";
  /** What it was in the source: "post", "comment", "nav_menu_item", … */
  kind: string;
  sourceId: string;
  title: string;
  reason: string;
}

/**
 * Something worth telling the blogger that does not stop the import: control characters removed,
 * an unknown shortcode unwrapped, a page-builder wrapper dropped. `code` groups them in the report.
 */
export interface ImportNotice {
  type: "notice";
  code: string;
  message: string;
  /** The item it concerns, when there is one. */
  sourceId?: string;
}

/** Read once, before any item: what the file says about the site it came from. */
export interface SourceSite {
  type: "site";
  system: SourceSystem;
  /** The old site's base URL ("https://example.com"), "" when the file does not say. */
  url: string;
  title: string;
}

export type ImportEvent = SourceSite | ImportedItem | SkippedItem | ImportNotice;

/**
 * A file that cannot be imported: not well-formed, cut short, empty, of an unknown format, or
 * declaring entities. Its message is one paragraph a blogger understands (file, line, what is
 * wrong); no stack trace is ever shown for it.
 */
export class ImportFileError extends Error {
  override name = "ImportFileError";
  readonly file: string;
  readonly line: number | undefined;
  constructor(file: string, message: string, line?: number) {
    super(message);
    this.file = file;
    this.line = line;
  }
}

/** A reader: streams one file and yields its events. Throws ImportFileError for a bad file. */
export type ImportReader = (file: string) => AsyncIterable<ImportEvent>;
