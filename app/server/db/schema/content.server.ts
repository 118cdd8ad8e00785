/**
 * The site's content tables: blogs, recipes, pages and destinations, the old slugs that redirect to
 * them, readers' comments on blogs, and the search index over blogs and recipes.
 */
import type { Generated } from "kysely";

export interface BlogsTable {
  id: Generated<number>;
  slug: string;
  title: string;
  /** Sanitized HTML. */
  content: string;
  /**
   * The allow-list version `content` was sanitized under (`SANITIZER_VERSION`); 0: unknown, so it
   * is sanitized again when read (migration 023).
   */
  content_sanitizer: Generated<number>;
  /** Plain-text excerpt (≤ 200 characters), kept at write time so lists never read content. */
  excerpt: string;
  /** Length of the content's plain text: "Read More" shows when it is over 200. */
  text_length: number;
  author: string;
  /** Id of an uploaded image in the file store (see storage.server.ts), or null. */
  image_id: string | null;
  /** An http(s) image URL given instead of an upload, or null. */
  image_url: string | null;
  /** The image's alt text (migration 007; the title for rows that had an image before it). */
  image_alt: Generated<string>;
  /** The value of the form's date input, YYYY-MM-DD. */
  date: string;
  category: string;
  /** The category's slug (the category slug rule; migration 013), "" for none. */
  category_slug: Generated<string>;
  seo_title: string;
  seo_description: string;
  seo_keywords: string;
  created_at: number;
  updated_at: number;
  /** When it became or becomes public (seconds); null: a draft (migration 006). */
  publish_at: number | null;
  /** The recipe whose card the blog ends with; null: none (migration 014). */
  featured_recipe_id: Generated<number | null>;
  /** The destination the blog is about; null: none (migration 025). */
  destination_id: Generated<number | null>;
  /** 1: the site's affiliate disclosure shows above the body (migration 027). */
  show_disclosure: Generated<number>;
  /** The blog's own header and footer code, JSON (models/code-injection.server.ts); "": none (migration 028). */
  code_injection: Generated<string>;
}

/** Old slugs of renamed blogs: they answer with a permanent redirect to the blog's slug. */
export interface BlogSlugRedirectsTable {
  slug: string;
  blog_id: number;
}

/** A renamed recipe's old slug and the recipe it now answers with a redirect to (migration 026). */
export interface RecipeSlugRedirectsTable {
  slug: string;
  recipe_id: number;
}

/** A renamed category's old slug and the slug its page moved to (migration 016). */
export interface CategorySlugRedirectsTable {
  slug: string;
  to_slug: string;
}

export interface CommentsTable {
  id: Generated<number>;
  blog_id: number;
  name: string;
  email: string;
  comment: string;
  approved: number;
  created_at: number;
  /** Spam score (migration 021): in the Spam tab, vouched for by a moderator, the score and why. */
  spam: Generated<number>;
  not_spam: Generated<number>;
  spam_score: Generated<number>;
  spam_reasons: Generated<string>;
  /** The normalised text's hash: "the same text sent before". */
  fingerprint: Generated<string>;
}

/**
 * A reader's rating of a recipe (migration 029): one per email per recipe (the latest replaces the
 * earlier), moderated like a comment, with the same spam columns.
 */
export interface RecipeRatingsTable {
  id: Generated<number>;
  recipe_id: number;
  /** Trimmed and lower-cased: the key that makes a reader's later rating replace the earlier. */
  email: string;
  name: string;
  /** 1 to 5 (a check constraint holds it). */
  stars: number;
  comment: Generated<string>;
  approved: Generated<number>;
  spam: Generated<number>;
  not_spam: Generated<number>;
  spam_score: Generated<number>;
  spam_reasons: Generated<string>;
  fingerprint: Generated<string>;
  created_at: number;
  /** When the reader last rated (a replaced rating keeps its first `created_at`). */
  updated_at: number;
}

export interface RecipesTable {
  id: Generated<number>;
  slug: string;
  title: string;
  short: string;
  image_id: string | null;
  image_url: string | null;
  /** The image's alt text (migration 007). */
  image_alt: Generated<string>;
  /** JSON array of strings. */
  steps: string;
  /** JSON array of strings. */
  ingredients: string;
  calories: number;
  protein: number;
  fats: number;
  carbs: number;
  type: string | null;
  created_at: number;
  updated_at: number;
  /** When it became or becomes public (seconds); null: a draft (migration 006). */
  publish_at: number | null;
  /** The yield in servings; null: not given (migration 014, like the rest of the card). */
  servings: number | null;
  /** Whole minutes; null: not given. */
  prep_minutes: number | null;
  cook_minutes: number | null;
  /** Null: prep plus cook. */
  total_minutes: number | null;
  notes: Generated<string>;
  /** JSON array of strings. */
  equipment: Generated<string>;
}

/**
 * The search index's documents, one per blog and recipe (migration 012): the title and plain text
 * as written, and their folded words stemmed in the index's language (migration 022), which
 * SQLite's FTS5 table and PostgreSQL's GIN index hold.
 */
export interface SearchDocsTable {
  id: Generated<number>;
  /** `blog` or `recipe`. */
  kind: string;
  item_id: number;
  title: string;
  body: string;
  title_terms: string;
  body_terms: string;
}

/**
 * The search index's language and its re-index (migration 022; one row, id 1, or none: English,
 * nothing due). `languages`: space-separated, every language a document may be stemmed in.
 */
export interface SearchStateTable {
  id: number;
  language: string;
  languages: string;
  /** Documents up to this id are stemmed in `language`; null: no re-index due. */
  reindex_after: number | null;
  claimed_until: Generated<number>;
}

/**
 * The site's pages (migration 024): the four built-in ones (`builtin` names it; its path is fixed
 * and it cannot be deleted) and the owner's own, at `/{slug}`.
 */
export interface PagesTable {
  id: Generated<number>;
  /** `about`, `disclaimer`, `privacy-policy` or `terms-and-condition`; null: the owner's page. */
  builtin: string | null;
  slug: string;
  title: string;
  /** Plain text shown under the title, in the page's header. */
  intro: Generated<string>;
  /** Sanitized HTML, as a blog's. */
  content: string;
  /** The allow-list version `content` was sanitized under (as on blogs; migration 023). */
  content_sanitizer: Generated<number>;
  seo_title: Generated<string>;
  seo_description: Generated<string>;
  created_at: number;
  updated_at: number;
  /** When it became or becomes public (seconds); null: a draft. */
  publish_at: number | null;
}

/**
 * The destinations (migration 025): the four built-in ones (`builtin` names each; ids 1 to 4) and
 * the owner's own. The owner may edit and delete any of them.
 */
export interface DestinationsTable {
  id: Generated<number>;
  /** The built-in destination's key (`kyoto-japan`…); null: one the owner added. */
  builtin: string | null;
  /** Made from the name by the destination slug rule; unique. */
  slug: string;
  name: string;
  /** An upload of the media library, or null. */
  image_id: string | null;
  /** An http(s) image URL given instead of an upload, or null. */
  image_url: string | null;
  /** A picture shipped with the site: a base path under /images/destinations/ (built-in rows). */
  image_path: string | null;
  image_alt: Generated<string>;
  short: Generated<string>;
  description: Generated<string>;
  /** JSON list of {name, image}; image: an upload id, an http(s) URL or a built-in base path. */
  highlights: Generated<string>;
  location: Generated<string>;
  best_time: Generated<string>;
  theme: Generated<string>;
  /** "trending" or null. */
  tag: string | null;
  latitude: number | null;
  longitude: number | null;
  /** Lists order by it, then by id. */
  position: Generated<number>;
  created_at: number;
  updated_at: number;
}
