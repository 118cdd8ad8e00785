/**
 * The whole database schema as TypeScript sees it. The migrations in ./migrations create
 * exactly these tables on SQLite and PostgreSQL. Timestamps are integer seconds and booleans
 * are stored as 0/1 integers, so both engines read them the same way.
 */
import type { ColumnType, Generated, Selectable } from "kysely";

interface BlogsTable {
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
}

/** Old slugs of renamed blogs: they answer with a permanent redirect to the blog's slug. */
interface BlogSlugRedirectsTable {
  slug: string;
  blog_id: number;
}

/** A renamed recipe's old slug and the recipe it now answers with a redirect to (migration 026). */
interface RecipeSlugRedirectsTable {
  slug: string;
  recipe_id: number;
}

/** A renamed category's old slug and the slug its page moved to (migration 016). */
interface CategorySlugRedirectsTable {
  slug: string;
  to_slug: string;
}

interface CommentsTable {
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

interface RecipesTable {
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

interface UsersTable {
  id: Generated<number>;
  full_name: string;
  email: string;
  phone: string;
  created_at: number;
  /**
   * `pending` (awaiting the confirm link), `subscribed` or `unsubscribed` (migration 009), or
   * `bounced` (their mail server refused MAIL_BOUNCE_LIMIT mails for good; migration 019).
   */
  subscription: Generated<string>;
  /** SHA-256 of the confirm link's token while pending; null otherwise. */
  confirm_token_hash: string | null;
  /** The token of this reader's unsubscribe link (it can only unsubscribe them). */
  unsubscribe_token: string | null;
  /** Mails their mail server refused for good (a 5xx answer; migration 019). */
  hard_bounces: Generated<number>;
}

interface ContactsTable {
  id: Generated<number>;
  first: string;
  last: string;
  email: string;
  phone: string;
  message: string;
  created_at: number;
  spam: Generated<number>;
  not_spam: Generated<number>;
  spam_score: Generated<number>;
  spam_reasons: Generated<string>;
  fingerprint: Generated<string>;
}

interface AccountsTable {
  id: Generated<number>;
  email: string;
  password_hash: string;
  role: string;
  created_at: number;
  /** Shown in the top bar and the activity log; empty until the owner sets it (migration 020). */
  name: Generated<string>;
  /** The TOTP secret (base32) once two-step sign-in is on; never sent to a browser after setup. */
  totp_secret: string | null;
  /** The secret being set up: it becomes totp_secret once a code from it is entered. */
  totp_pending_secret: string | null;
  totp_enabled_at: number | null;
  /** The time step of the last code accepted: an older or equal step is refused (no replay). */
  totp_last_step: number | null;
}

/** Two-step sign-in's one-time recovery codes, hashed (migration 020). */
interface RecoveryCodesTable {
  code_hash: string;
  account_id: number;
  created_at: number;
  used_at: number | null;
}

/** A right password waiting for its second step; the id is the SHA-256 of the cookie's token. */
interface SignInChallengesTable {
  id: string;
  account_id: number;
  created_at: number;
  expires_at: number;
  failures: Generated<number>;
}

/** Who did what, when, from where (migration 020). Append-only: the database refuses an update. */
interface ActivityLogTable {
  id: Generated<number>;
  at: number;
  account_id: number | null;
  /** Who: the account's email at the time, or "command line" / "site" for the server itself. */
  actor: string;
  kind: string;
  item_type: Generated<string>;
  item_id: Generated<string>;
  item_label: Generated<string>;
  detail: Generated<string>;
  address: Generated<string>;
}

interface SessionsTable {
  /** SHA-256 of the session token; the token itself only lives in the cookie. */
  id: string;
  account_id: number;
  created_at: number;
  expires_at: number;
  /** The browser's User-Agent at sign-in, and the client's address (migration 020). */
  user_agent: Generated<string>;
  address: Generated<string>;
  /** Moved at most once a minute as the session is used. */
  last_seen_at: Generated<number>;
}

interface SiteNumbersTable {
  domain: string;
  number_intl: string;
  number_local: string;
}

/** Small key/value settings: "popup" ({enabled}) and "siteInfo". Values are JSON. */
interface SettingsTable {
  key: string;
  value: string;
  updated_at: number;
}

interface RateLimitsTable {
  key: string;
  window_start: number;
  count: number;
}

/** Login throttling: one row per client, account or known browser (migration 005). */
interface LoginThrottleTable {
  /** `client:<address or IPv6 /64>`, `account:<email>` or `device:<id>`. */
  key: string;
  /** Attempts counted since the key was last quiet, or reset by a successful login. */
  failures: number;
  last_attempt_at: number;
  /** No attempt of this key is checked before this time (0: none pending). */
  locked_until: number;
  /** 1 when the latest attempt was refused (lets one atomic statement answer both ways). */
  refused: number;
}

/** Row counts the database keeps up to date itself (triggers; migration 003). */
interface RowCountsTable {
  name: "blogs";
  n: ColumnType<number | string, never, never>;
}

/** One row (id 1): moved by triggers on every write a public page shows (migration 004). */
interface ContentVersionTable {
  id: number;
  version: number;
}

/**
 * One row per uploaded image (migration 007): the media library. `bytes` is what its stored
 * widths take together, `width`/`height` the pixel size of its largest stored width; null until
 * measured for an upload made before the library existed.
 */
interface UploadsTable {
  id: string;
  bytes: number | null;
  width: number | null;
  height: number | null;
  created_at: number;
}

/** Autosaved drafts of the blog form, per admin account and blog (migrations 008, 011). */
interface AutosavesTable {
  account_id: number;
  /** `blog:new` (the Add Blog form) or `blog:<id>`. */
  draft_key: string;
  /** JSON object: the form's text fields by name; empty once the draft was ended (saved or discarded). */
  fields: string;
  saved_at: number;
  /** Moves on each time the draft is ended; a save must name the generation it was written against. */
  generation: Generated<number>;
}

/**
 * One row (id 1): which server holds the scheduled-backup lease, until when, and when the next
 * scheduled backup is due, in seconds (migration 010).
 */
interface BackupLeaseTable {
  id: number;
  holder: string;
  lease_until: number;
  due_at: number;
}

/** Mail waiting to be sent, sent, or given up on (migration 009; app/server/mail/outbox.server.ts). */
interface MailOutboxTable {
  id: Generated<number>;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  /** JSON object of extra headers (List-Unsubscribe…). */
  headers: Generated<string>;
  /** `pending`, `sent` or `failed`. */
  status: Generated<string>;
  attempts: Generated<number>;
  next_attempt_at: number;
  /** A sender holds the row until then; past it, another sender may take it. */
  claimed_until: Generated<number>;
  claim_id: string | null;
  last_error: string | null;
  created_at: number;
  sent_at: number | null;
  /** The newsletter delivery this mail carries; null for every other mail (migration 019). */
  newsletter_delivery_id: number | null;
}

/** One send of a blog to its readers (migration 019; app/server/newsletter). */
interface NewsletterSendsTable {
  id: Generated<number>;
  blog_id: number;
  /** 1: the send on publishing; 2, 3…: deliberate re-sends. Unique per blog. */
  round: number;
  /**
   * `waiting` (until the blog is live), `sending`, `done`, or `cancelled` (its blog went live more
   * than a day before any sender could start it).
   */
  status: string;
  /** The email of the admin who asked for it. */
  requested_by: Generated<string>;
  requested_at: number;
  started_at: number | null;
  finished_at: number | null;
  /** Readers it was started for. */
  recipients: Generated<number>;
  /** The mail as rendered when the send started, with a placeholder for each reader's link. */
  subject: Generated<string>;
  text_body: Generated<string>;
  html_body: Generated<string>;
}

/** One reader's copy of a send (migration 019). */
interface NewsletterDeliveriesTable {
  id: Generated<number>;
  send_id: number;
  user_id: number;
  /** `pending`, `queued` (in the outbox), `sent`, `failed` or `skipped` (left before it was queued). */
  status: Generated<string>;
  updated_at: number;
  error: string | null;
}

/** One row (id 1): how far the shared newsletter rate has been used (migration 019). */
interface NewsletterPaceTable {
  id: number;
  /** Seconds: the feed may queue mail for the time up to now that is past this. */
  fed_until: number;
}

/** Something the site's address is told about, in the next batched notification (migration 009). */
interface MailEventsTable {
  id: Generated<number>;
  /** `contact` or `comment`. */
  kind: string;
  /** JSON: what the notification lists of it. */
  summary: string;
  created_at: number;
  /** The notification mail that listed it; null until then. */
  outbox_id: number | null;
}

/** One row (id 1): when the last notification was queued (migration 009). */
interface MailDigestTable {
  id: number;
  last_queued_at: number;
}

/** Password reset links: only the token's SHA-256 is kept (migration 009). */
interface PasswordResetsTable {
  token_hash: string;
  account_id: number;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

/**
 * The search index's documents, one per blog and recipe (migration 012): the title and plain text
 * as written, and their folded words stemmed in the index's language (migration 022), which
 * SQLite's FTS5 table and PostgreSQL's GIN index hold.
 */
interface SearchDocsTable {
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
interface SearchStateTable {
  id: number;
  language: string;
  languages: string;
  /** Documents up to this id are stemmed in `language`; null: no re-index due. */
  reindex_after: number | null;
  claimed_until: Generated<number>;
}

/** What an import wrote, by where it came from (migration 018; app/server/transfer/import). */
interface ImportMapTable {
  system: string;
  site: string;
  /** `post`, `recipe`, `comment`, `author`, `subscriber`, `attachment`. */
  source_type: string;
  source_id: string;
  local_id: number;
  /** SHA-256 of the source item as read: a re-run with the same hash changes nothing. */
  content_hash: string;
  updated_at: number;
}

/** Image URLs met by imports, each fetched once: the upload it became, or why not (migration 018). */
interface ImportMediaTable {
  url: string;
  upload_id: string | null;
  failure: string | null;
  fetched_at: number;
}

/** An old site's path and the blog or recipe it answers 301 to (migration 018). */
interface PathRedirectsTable {
  path: string;
  blog_id: number | null;
  recipe_id: number | null;
  /** An imported page's old address (migration 024); exactly one of the three is set. */
  page_id: Generated<number | null>;
}

/**
 * The site's pages (migration 024): the four built-in ones (`builtin` names it; its path is fixed
 * and it cannot be deleted) and the owner's own, at `/{slug}`.
 */
interface PagesTable {
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
interface DestinationsTable {
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

/** An import started from /admin/import (migration 018). */
interface ImportRunsTable {
  id: Generated<number>;
  account_id: number | null;
  file_name: string;
  file_path: string;
  /** JSON of the import's options. */
  options: Generated<string>;
  /** `checking`, `checked`, `running`, `done`, `failed` or `cancelled`. */
  status: string;
  /** JSON: the dry-run report, then the final one. */
  report: Generated<string>;
  done_items: Generated<number>;
  total_items: Generated<number>;
  error: string | null;
  created_at: number;
  updated_at: number;
  claimed_until: Generated<number>;
  /** Who pressed Import (migration 020): the activity log's actor when the run is done. */
  started_by_account_id: number | null;
  started_by: Generated<string>;
  started_from: Generated<string>;
}

export interface Database {
  blogs: BlogsTable;
  blog_slug_redirects: BlogSlugRedirectsTable;
  category_slug_redirects: CategorySlugRedirectsTable;
  comments: CommentsTable;
  recipes: RecipesTable;
  recipe_slug_redirects: RecipeSlugRedirectsTable;
  users: UsersTable;
  contacts: ContactsTable;
  accounts: AccountsTable;
  sessions: SessionsTable;
  recovery_codes: RecoveryCodesTable;
  sign_in_challenges: SignInChallengesTable;
  activity_log: ActivityLogTable;
  site_numbers: SiteNumbersTable;
  settings: SettingsTable;
  rate_limits: RateLimitsTable;
  login_throttle: LoginThrottleTable;
  row_counts: RowCountsTable;
  content_version: ContentVersionTable;
  uploads: UploadsTable;
  autosaves: AutosavesTable;
  backup_lease: BackupLeaseTable;
  mail_outbox: MailOutboxTable;
  mail_events: MailEventsTable;
  mail_digest: MailDigestTable;
  newsletter_sends: NewsletterSendsTable;
  newsletter_deliveries: NewsletterDeliveriesTable;
  newsletter_pace: NewsletterPaceTable;
  password_resets: PasswordResetsTable;
  search_docs: SearchDocsTable;
  search_state: SearchStateTable;
  import_map: ImportMapTable;
  import_media: ImportMediaTable;
  path_redirects: PathRedirectsTable;
  pages: PagesTable;
  destinations: DestinationsTable;
  import_runs: ImportRunsTable;
}

export type BlogRow = Selectable<BlogsTable>;
export type RecipeRow = Selectable<RecipesTable>;
export type UploadRow = Selectable<UploadsTable>;
export type PageRow = Selectable<PagesTable>;
export type DestinationRow = Selectable<DestinationsTable>;
