/**
 * The site's own state: settings and site numbers, the counts and content version the database
 * keeps itself, the media library, the editors' autosaves and the scheduled-backup lease.
 */
import type { ColumnType, Generated } from "kysely";

export interface SiteNumbersTable {
  domain: string;
  number_intl: string;
  number_local: string;
}

/** Small key/value settings: "popup" ({enabled}) and "siteInfo". Values are JSON. */
export interface SettingsTable {
  key: string;
  value: string;
  updated_at: number;
}

/** Row counts the database keeps up to date itself (triggers; migration 003). */
export interface RowCountsTable {
  name: "blogs";
  n: ColumnType<number | string, never, never>;
}

/** How many blogs each category holds, drafts and scheduled ones included (triggers; migration 037). */
export interface CategoryCountsTable {
  category_slug: string;
  n: ColumnType<number | string, never, never>;
}

/** One row (id 1): moved by triggers on every write a public page shows (migration 004). */
export interface ContentVersionTable {
  id: number;
  version: number;
  /** Moved with `version` by writes the CDN purge can name by their time (migration 032). */
  named: Generated<number | string>;
}

/**
 * One row per uploaded image (migration 007): the media library. `bytes` is what its stored
 * widths take together, `width`/`height` the pixel size of its largest stored width; null until
 * measured for an upload made before the library existed.
 */
export interface UploadsTable {
  id: string;
  bytes: number | null;
  width: number | null;
  height: number | null;
  created_at: number;
}

/** Autosaved drafts of the blog form, per admin account and blog (migrations 008, 011). */
export interface AutosavesTable {
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
export interface BackupLeaseTable {
  id: number;
  holder: string;
  lease_until: number;
  due_at: number;
}
