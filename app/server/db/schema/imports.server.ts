/**
 * What imports from other blogging systems record: the runs, what each item became, the images
 * fetched, and the old site's paths that redirect to the new pages.
 */
import type { Generated } from "kysely";

/** What an import wrote, by where it came from (migration 018; app/server/transfer/import). */
export interface ImportMapTable {
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
export interface ImportMediaTable {
  url: string;
  upload_id: string | null;
  failure: string | null;
  fetched_at: number;
}

/** An old site's path and the blog or recipe it answers 301 to (migration 018). */
export interface PathRedirectsTable {
  path: string;
  blog_id: number | null;
  recipe_id: number | null;
  /** An imported page's old address (migration 024); exactly one of the three is set. */
  page_id: Generated<number | null>;
}

/** An import started from /admin/import (migration 018). */
export interface ImportRunsTable {
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
