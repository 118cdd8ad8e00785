/**
 * Images met by an import (DESIGN §2 "images on import"): each URL is fetched once, checked and
 * stored exactly like an upload (storeUpload: decoded by sharp, WebP variants, local disk or S3),
 * recorded in the media library (`uploads`) and in `import_media`, so a later run of the same file
 * reuses it. A failed image keeps its original URL and is listed in the report.
 *
 * Decisions:
 * - A URL is first made absolute (`__GHOST_URL__` and relative addresses against --source-url; the
 *   fragment dropped). The absolute URL is the `import_media` key.
 * - A resized copy (WordPress `…/wp-content/uploads/…/photo-300x200.jpg`, Ghost
 *   `/content/images/size/w600/…`) is fetched as its original first (one upload for every size of
 *   one photo, and our own variants replace the sizes); when the original fails for a reason of its
 *   own (404, too large, not an image) the URL as given is fetched instead.
 * - Each URL is tried at most once per run (concurrent callers share the attempt). A success of an
 *   earlier run is reused while its upload is still in the library; a failure of an earlier run is
 *   tried again, once, in each new run (the host may be back, or the blogger may now allow private
 *   addresses).
 * - After two hosts' worth of patience (two unanswered requests in a row, 15 s each at most), a host
 *   is given up for the rest of the run: a dead host with 500 images never stalls the import.
 * - A storage fault (disk full, bucket down) fails the image but is not recorded, so the next run
 *   tries again; a database fault is thrown (the import cannot go on without its database).
 */
import { UPLOAD_TOO_LARGE, uploadSrc } from "#app/lib/images.ts";
import { type DB, nowSeconds } from "#app/server/db/db.server.ts";
import {
  discardImage,
  InvalidImageError,
  storeUpload,
  type UploadInfo,
} from "#app/server/media/storage.server.ts";
import { claimImage } from "#app/server/models/uploads.server.ts";
import { log } from "#app/server/telemetry/log.server.ts";
import {
  DEFAULT_IMAGE_MAX_BYTES,
  DEFAULT_IMAGE_TIMEOUT_MS,
  type FetchFailureKind,
  type FetchImageHooks,
  fetchImageBytes,
} from "./images-fetch.server.ts";
import { imageUrlsIn, rewriteImageUrls } from "./images-html.server.ts";
import { type ImportReport, REPORT_EXAMPLES } from "./report.server.ts";

export { blockedAddressReason, fetchImageBytes } from "./images-fetch.server.ts";
export { imageUrlsIn, rewriteImageUrls } from "./images-html.server.ts";

/** The width an imported image's `src` points to: the largest we store. */
const IMPORTED_IMAGE_WIDTH = 1600;
const DEFAULT_IMAGE_CONCURRENCY = 4;
/** Unanswered requests in a row after which a host is given up for the rest of the run. */
const HOST_GIVE_UP_AFTER = 2;

/** What an image reference becomes: one of our uploads, or the remote URL kept (and why, if it failed). */
export type ResolvedImage = { uploadId: string } | { keptUrl: string; failure?: string };

export interface ImageImporterOptions {
  mode: "download" | "keep";
  allowPrivateNetwork: boolean;
  /** Images fetched and decoded at once, across every caller (default 4). */
  concurrency?: number;
  /** The old site's address (--source-url, else the file's): relative and `__GHOST_URL__` links. */
  sourceUrl?: string | null;
  timeoutMs?: number;
  maxBytes?: number;
  /** Tests only: how hosts are resolved and which addresses are refused. */
  fetchHooks?: FetchImageHooks;
}

/**
 * An absolute http(s) URL for an image reference, or why there cannot be one. `__GHOST_URL__` and
 * relative addresses resolve against the old site's address; the fragment is dropped.
 */
export function normalizeImageUrl(
  raw: string,
  sourceUrl: string | null,
): { url: string } | { failure: string } {
  let text = raw.trim();
  if (!text) return { failure: "empty image address" };
  if (/^data:/i.test(text)) return { failure: "an image written into the page (data: address), not fetched" };
  const base = sourceUrl?.trim().replace(/\/+$/, "") || null;
  if (text.startsWith("__GHOST_URL__")) {
    if (!base)
      return {
        failure: "the address starts with __GHOST_URL__: give the old site's address with --source-url",
      };
    text = base + text.slice("__GHOST_URL__".length);
  }
  let url: URL;
  try {
    url = new URL(text, base ? `${base}/` : text.startsWith("//") ? "https://invalid/" : undefined);
  } catch {
    return {
      failure: base
        ? "not a valid address"
        : "a relative address: give the old site's address with --source-url",
    };
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    return { failure: `not a web address (${url.protocol})` };
  url.hash = "";
  return { url: url.href };
}

const WORDPRESS_SIZE = /^(.*\/wp-content\/uploads\/.+)-\d{2,5}x\d{2,5}(\.[a-z0-9]+)$/i;
const GHOST_SIZE = /\/content\/images\/size\/w\d+(?:h\d+)?\/(?:format\/[a-z0-9]+\/)?/i;

/**
 * The original a resized copy was made from (WordPress `photo-300x200.jpg` → `photo.jpg` under
 * wp-content/uploads; Ghost `/content/images/size/w600/…` → `/content/images/…`), or null when the
 * URL is not such a copy. Only those known paths: a file merely named `banner-1200x600.jpg`
 * elsewhere is taken as written.
 */
export function originalImageUrl(absoluteUrl: string): string | null {
  const url = new URL(absoluteUrl);
  const path = url.pathname.replace(WORDPRESS_SIZE, "$1$2").replace(GHOST_SIZE, "/content/images/");
  if (path === url.pathname) return null;
  url.pathname = path;
  return url.href;
}

/** One URL's attempt in this run. */
type Attempt =
  | { ok: true; uploadId: string }
  | { ok: false; reason: string; kind: FetchFailureKind | "storage" };

/** A fixed number of slots; waiting tasks take a slot in the order they asked. */
class Slots {
  private active = 0;
  private readonly waiting: (() => void)[] = [];
  private readonly size: number;
  constructor(size: number) {
    this.size = size;
  }
  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.active < this.size) this.active++;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    try {
      return await task();
    } finally {
      // Hand the slot straight to the next task, or give it back.
      const next = this.waiting.shift();
      if (next) next();
      else this.active--;
    }
  }
}

/**
 * Fetches, stores and remembers the images of one import run. One instance per run: it keeps the
 * run's summary (`summary()`, the report's `images`) and its memory of what was tried.
 */
export class ImageImporter {
  private readonly fetchedNow = new Set<string>();
  private readonly slots: Slots;
  private readonly sourceUrl: string | null;
  /** Per URL as met (normalized): its answer this run. */
  private readonly resolved = new Map<string, Promise<ResolvedImage>>();
  /** Per URL fetched (the original or the URL as met): its attempt this run. */
  private readonly attempts = new Map<string, Promise<Attempt>>();
  private readonly unanswered = new Map<string, number>();
  private readonly tally = {
    hosts: {} as Record<string, number>,
    fetched: 0,
    reused: 0,
    kept: 0,
    failed: [] as { url: string; reason: string }[],
  };

  private readonly db: DB;
  private readonly opts: ImageImporterOptions;

  constructor(db: DB, opts: ImageImporterOptions) {
    this.db = db;
    this.opts = opts;
    this.slots = new Slots(Math.max(1, opts.concurrency ?? DEFAULT_IMAGE_CONCURRENCY));
    this.sourceUrl = opts.sourceUrl ?? null;
  }

  /** Counts a reference's host without fetching anything (a dry run's list of hosts to reach). */
  note(url: string): void {
    const normalized = normalizeImageUrl(url, this.sourceUrl);
    if ("url" in normalized) this.countHost(normalized.url);
  }

  /** `note` for every image URL in the HTML. */
  noteHtml(html: string): void {
    for (const url of imageUrlsIn(html)) this.note(url);
  }

  /**
   * What one image reference becomes. Never throws for a bad image or an unreachable host (the
   * answer says why); throws only when the database fails.
   */
  resolve(url: string): Promise<ResolvedImage> {
    const normalized = normalizeImageUrl(url, this.sourceUrl);
    const key = "url" in normalized ? normalized.url : url;
    if ("url" in normalized) this.countHost(normalized.url);
    let answer = this.resolved.get(key);
    if (!answer) {
      answer = this.resolveOnce(url, normalized);
      this.resolved.set(key, answer);
    }
    return answer;
  }

  /**
   * The HTML with every image fetched and rewritten (`src` to our upload, srcset dropped, links to
   * the full size too); a failed image keeps its address, a kept one its absolute address.
   */
  async rewriteHtml(html: string): Promise<string> {
    const urls = imageUrlsIn(html);
    const answers = new Map(
      await Promise.all(urls.map(async (url) => [url, await this.resolve(url)] as const)),
    );
    return rewriteImageUrls(html, (url) => {
      const answer = answers.get(url);
      if (!answer) return null;
      const src = imageSrc(answer);
      return src === url ? null : src;
    });
  }

  /** Whether this upload was fetched by this run (not reused from an earlier one). */
  fetchedThisRun(uploadId: string): boolean {
    return this.fetchedNow.has(uploadId);
  }

  /** The report's `images` part for this run so far. */
  summary(): ImportReport["images"] {
    const { hosts, fetched, reused, kept, failed } = this.tally;
    return {
      hosts: { ...hosts },
      fetched,
      reused,
      kept,
      failed: { total: failed.length, examples: failed.slice(0, REPORT_EXAMPLES) },
    };
  }

  private countHost(url: string): void {
    const { host } = new URL(url);
    this.tally.hosts[host] = (this.tally.hosts[host] ?? 0) + 1;
  }

  private async resolveOnce(
    raw: string,
    normalized: { url: string } | { failure: string },
  ): Promise<ResolvedImage> {
    if ("failure" in normalized) return this.failed(raw, raw, normalized.failure);
    const { url } = normalized;
    if (this.opts.mode === "keep") {
      this.tally.kept++;
      return { keptUrl: url };
    }
    const original = originalImageUrl(url);
    if (original) {
      const first = await this.attempt(original);
      if (first.ok) return { uploadId: first.uploadId };
      // Refused or unreachable: the URL as given is on the same host and would fare no better.
      if (first.kind !== "response") return this.failed(url, url, first.reason);
    }
    const attempt = await this.attempt(url);
    return attempt.ok ? { uploadId: attempt.uploadId } : this.failed(url, url, attempt.reason);
  }

  private failed(reportedUrl: string, keptUrl: string, reason: string): ResolvedImage {
    this.tally.failed.push({ url: reportedUrl, reason });
    return { keptUrl, failure: reason };
  }

  private attempt(url: string): Promise<Attempt> {
    let attempt = this.attempts.get(url);
    if (!attempt) {
      attempt = this.attemptOnce(url);
      this.attempts.set(url, attempt);
    }
    return attempt;
  }

  private async attemptOnce(url: string): Promise<Attempt> {
    const known = await this.db
      .selectFrom("import_media")
      .leftJoin("uploads", "uploads.id", "import_media.upload_id")
      .select(["import_media.upload_id", "uploads.id as library_id"])
      .where("import_media.url", "=", url)
      .executeTakeFirst();
    // Reused only while the library still holds it (the blogger may have deleted it since).
    if (known?.upload_id && known.library_id) {
      this.tally.reused++;
      return { ok: true, uploadId: known.upload_id };
    }
    const { host } = new URL(url);
    if ((this.unanswered.get(host) ?? 0) >= HOST_GIVE_UP_AFTER)
      return {
        ok: false,
        reason: `skipped: ${host} did not answer earlier in this import`,
        kind: "unreachable",
      };
    const attempt = await this.slots.run(() => this.fetchAndStore(url));
    if (attempt.ok) this.unanswered.delete(host);
    else if (attempt.kind === "unreachable") this.unanswered.set(host, (this.unanswered.get(host) ?? 0) + 1);
    if (attempt.ok) {
      this.tally.fetched++;
      this.fetchedNow.add(attempt.uploadId);
    } else if (attempt.kind !== "storage") await this.record(url, null, attempt.reason);
    return attempt;
  }

  private async fetchAndStore(url: string): Promise<Attempt> {
    const fetched = await fetchImageBytes(
      url,
      {
        allowPrivateNetwork: this.opts.allowPrivateNetwork,
        maxBytes: this.opts.maxBytes ?? DEFAULT_IMAGE_MAX_BYTES,
        timeoutMs: this.opts.timeoutMs ?? DEFAULT_IMAGE_TIMEOUT_MS,
      },
      this.opts.fetchHooks,
    );
    if (!fetched.ok) return { ok: false, reason: fetched.reason, kind: fetched.kind };
    let upload: UploadInfo;
    try {
      upload = await storeUpload(fetched.bytes, undefined, {
        maxBytes: this.opts.maxBytes ?? DEFAULT_IMAGE_MAX_BYTES,
      });
    } catch (error) {
      if (error instanceof InvalidImageError)
        return { ok: false, reason: notAnImage(error), kind: "response" };
      log.error({ err: error }, `Storing the imported image ${url} failed`);
      return { ok: false, reason: "could not be stored (the upload storage failed)", kind: "storage" };
    }
    try {
      await this.record(url, upload, null);
    } catch (error) {
      await discardImage(upload.id);
      throw error;
    }
    return { ok: true, uploadId: upload.id };
  }

  /** The library row (as an upload records it) and the import map row, together. */
  private async record(url: string, upload: UploadInfo | null, failure: string | null): Promise<void> {
    const now = nowSeconds();
    await this.db.transaction().execute(async (trx) => {
      if (upload) await claimImage(trx, { imageId: upload.id, upload }, now);
      await trx
        .insertInto("import_media")
        .values({ url, upload_id: upload?.id ?? null, failure, fetched_at: now })
        .onConflict((oc) =>
          oc.column("url").doUpdateSet({ upload_id: upload?.id ?? null, failure, fetched_at: now }),
        )
        .execute();
    });
  }
}

/** The `src` an answer gives an image: our upload's largest width, or the kept address. */
export function imageSrc(answer: ResolvedImage): string {
  return "uploadId" in answer ? uploadSrc(answer.uploadId, IMPORTED_IMAGE_WIDTH) : answer.keptUrl;
}

/** storeUpload's refusal, in the report's words. */
function notAnImage(error: InvalidImageError): string {
  if (error.message === UPLOAD_TOO_LARGE) return "larger than 5 MB (the largest image the site stores)";
  return "not an image";
}
