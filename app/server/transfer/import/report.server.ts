/**
 * What an import tells the blogger, as the command prints it, `--report FILE` writes it (JSON) and
 * /admin/import shows it: the same object for a dry run (what would happen) and a real run.
 */
import type { SourceSystem } from "./items.server.ts";

export interface ImportOptions {
  /** Read everything, write nothing, report what would happen. */
  dryRun: boolean;
  /** `download`: fetch every image and store it like an upload; `keep`: leave the remote URLs. */
  images: "download" | "keep";
  /** Image hosts on loopback, private or link-local addresses are refused without it. */
  allowPrivateNetwork: boolean;
  /** The old site's address, for relative links and Ghost's `__GHOST_URL__`; null: the file's own. */
  sourceUrl: string | null;
}

export const DEFAULT_IMPORT_OPTIONS: ImportOptions = {
  dryRun: false,
  images: "download",
  allowPrivateNetwork: false,
  sourceUrl: null,
};

/** How one kind of item fared: by our state (published, scheduled, draft) and by outcome. */
export interface KindCount {
  /** Items of this kind the file holds that the import takes. */
  total: number;
  /**
   * By state for blogs, recipes and pages; by approval for comments and ratings (approved,
   * pending; our own export's ratings also spam).
   */
  byState: Record<string, number>;
  /** New rows; rows updated because the source changed; rows the source had not changed. */
  added: number;
  updated: number;
  unchanged: number;
}

/** At most this many examples of each list are kept in a report (the counts are always whole). */
export const REPORT_EXAMPLES = 50;

export interface ImportReport {
  /** The files read, as given. */
  files: string[];
  /** "WordPress export (WXR 1.2)", "Ghost export (5.x)", "Ghost members CSV", "Wanderplate export". */
  format: string;
  source: { system: SourceSystem; url: string; title: string };
  dryRun: boolean;
  /**
   * Keys: blogs, recipes, pages, destinations (our own export), comments, ratings, media, authors,
   * subscribers.
   */
  counts: Record<string, KindCount>;
  skipped: { total: number; byReason: Record<string, number>; examples: SkippedExample[] };
  /** Grouped by code: "control-characters", "unknown-shortcode", "page-builder", … */
  notices: Record<string, { count: number; examples: string[] }>;
  redirects: { made: number; refused: { path: string; reason: string }[] };
  images: {
    /** How many image references each host has (the dry run's list of hosts to reach). */
    hosts: Record<string, number>;
    fetched: number;
    /** Fetched in an earlier run (the media map), reused. */
    reused: number;
    kept: number;
    failed: { total: number; examples: { url: string; reason: string }[] };
  };
  startedAt: number;
  finishedAt: number | null;
}

interface SkippedExample {
  kind: string;
  sourceId: string;
  title: string;
  reason: string;
}

/** Where a run stands, for the progress bar: items written of the total the file holds. */
export interface ImportProgress {
  phase: "reading" | "images" | "writing" | "redirects" | "done";
  done: number;
  total: number;
}
