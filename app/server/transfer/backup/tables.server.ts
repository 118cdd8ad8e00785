import type { Database } from "#app/server/db/schema.server.ts";

/**
 * The tables a backup holds, in the order a restore inserts them: a table comes after the tables
 * its rows point to (comments after blogs, autosaves after accounts). `key` is the primary key,
 * which orders the rows and pages through a table; `serial` marks an id the database hands out,
 * whose counter a restore sets past the restored ids.
 */
export const BACKED_UP = [
  { name: "accounts", key: ["id"], serial: true },
  // Two-step sign-in's recovery codes belong with the account's secret (migration 020).
  { name: "recovery_codes", key: ["code_hash"], serial: false },
  // Before blogs: a blog may feature a recipe (migration 014).
  { name: "recipes", key: ["id"], serial: true },
  // Before blogs too: a blog may name its destination (migration 025). A new database already holds
  // the four built-in ones: a restore puts the archive's in their place.
  { name: "destinations", key: ["id"], serial: true },
  { name: "blogs", key: ["id"], serial: true },
  // The site's pages (migration 024), before the old addresses that may lead to them. A new
  // database already holds the four built-in ones: a restore puts the archive's in their place.
  { name: "pages", key: ["id"], serial: true },
  { name: "blog_slug_redirects", key: ["slug"], serial: false },
  { name: "recipe_slug_redirects", key: ["slug"], serial: false },
  { name: "category_slug_redirects", key: ["slug"], serial: false },
  { name: "comments", key: ["id"], serial: true },
  // Readers' ratings of recipes (migration 029), after the recipes they rate.
  { name: "recipe_ratings", key: ["id"], serial: true },
  { name: "users", key: ["id"], serial: true },
  { name: "contacts", key: ["id"], serial: true },
  { name: "site_numbers", key: ["domain"], serial: false },
  { name: "settings", key: ["key"], serial: false },
  { name: "uploads", key: ["id"], serial: false },
  // What imports wrote and fetched: a restored site re-runs an import without duplicating (migration 018).
  { name: "path_redirects", key: ["path"], serial: false },
  { name: "import_map", key: ["system", "site", "source_type", "source_id"], serial: false },
  { name: "import_media", key: ["url"], serial: false },
  { name: "autosaves", key: ["account_id", "draft_key"], serial: false },
  // Which blogs were sent to readers, or wait to be (migration 019): a restored site never sends a
  // blog a second time, and a send chosen for a scheduled blog still goes when the blog does.
  { name: "newsletter_sends", key: ["id"], serial: true },
  // Who did what (migration 020): the record survives a move to new hardware.
  { name: "activity_log", key: ["id"], serial: true },
  // Derived from blogs and recipes, but kept: the same columns on both engines, and each engine's
  // own index (SQLite's FTS5 triggers, PostgreSQL's GIN expression) fills as the rows go back in.
  { name: "search_docs", key: ["id"], serial: true },
  // Which language those documents are stemmed in, and how far a change of language has come
  // (migration 022): restored with them, so the two always agree.
  { name: "search_state", key: ["id"], serial: false },
  // Readers' numbers (migration 030): the daily totals are kept for good, and which days they
  // cover, so a restored site neither loses nor folds a day again.
  { name: "analytics_daily", key: ["day", "kind", "key"], serial: false },
  { name: "analytics_folds", key: ["day"], serial: false },
] as const satisfies readonly { name: keyof Database; key: readonly string[]; serial: boolean }[];

/**
 * Tables a migration fills with the product's defaults, and the column that marks those rows (set
 * on a default, null on content): a new database's defaults are not content, so a restore into it
 * replaces them with the archive's.
 */
export const SEEDED_ROWS: Readonly<Record<string, string>> = {
  // A row naming a built-in page; the owner's own pages (builtin null) are content.
  pages: "builtin",
  // A row naming a built-in destination (edited or not, the archive's copy replaces it).
  destinations: "builtin",
};

/**
 * Columns the database computes itself (PostgreSQL generated columns): left out of every row, so an
 * archive has the same columns whichever engine wrote it, and filled again as the rows go back in.
 */
export const COMPUTED_COLUMNS: Readonly<Record<string, readonly string[]>> = {
  search_docs: ["search_vector"],
};

/**
 * Tables left out on purpose, each with why. A restored site starts with everyone signed out and
 * no one throttled; what the database derives itself is derived again as the rows go in.
 */
export const LEFT_OUT: Record<string, string> = {
  sessions: "sign-ins are not content: a restored site asks everyone to sign in again",
  rate_limits: "short-lived counters of form posts",
  login_throttle: "short-lived counters of failed sign-ins",
  row_counts: "kept by the database's triggers as the blogs are inserted",
  category_counts: "kept by the database's triggers as the blogs are inserted",
  content_version: "kept by the database's triggers; a restored site starts with an empty cache anyway",
  backup_lease: "which server runs scheduled backups, and when the next one is due",
  analytics_hits:
    "raw page views are kept 48 hours (ANALYTICS_RAW_HOURS) and a backup is kept for days: the daily totals are backed up",
  analytics_salts: "the day's salt is forgotten when the day is over; a backup must not keep it",
  mail_outbox: "mails on their way: restoring them could send them twice (a restore is not a resend)",
  mail_events: "contact messages and comments waiting for the owner's next notification mail",
  mail_digest: "when the last notification mail went out",
  sign_in_challenges: "passwords waiting for their second step, a few minutes each",
  password_resets: "short-lived reset links: a restored site has none outstanding",
  newsletter_deliveries:
    "each reader's copy of a send, tied to mails on their way (left out too): a restore is not a resend",
  newsletter_pace: "how much of the newsletter's rate was used in the last seconds",
  search_fts: "SQLite's full-text index of search_docs, filled by its triggers as search_docs is restored",
  search_fts_data: "part of SQLite's full-text index (search_fts)",
  search_fts_idx: "part of SQLite's full-text index (search_fts)",
  search_fts_docsize: "part of SQLite's full-text index (search_fts)",
  search_fts_config: "part of SQLite's full-text index (search_fts)",
  import_runs: "imports started from the admin screen and their uploaded files, which a backup does not hold",
  kysely_migration: "the schema point is in the manifest; the restore migrates the target itself",
  kysely_migration_lock: "the migrator's own lock",
};
