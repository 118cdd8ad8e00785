import { type SqlBool, sql } from "kysely";
import type { DB } from "#app/server/db/db.server.ts";
import { log } from "#app/server/telemetry/log.server.ts";
import { type ChangeCounters, readChangeCounters } from "./content-version.server.ts";

/**
 * Purging a CDN in front of the site (CDN_PURGE_URL; decision 032). Pages tell a CDN it may keep
 * them a minute and a half (PUBLIC_CACHE_CONTROL); with a purge URL, a change reaches readers
 * behind the CDN within seconds instead.
 *
 * Driven by the public version, as the response cache is: every few seconds the server reads it,
 * and when it has moved since the last look (a write on any server, or a scheduled item's time
 * come), it works out which blogs, recipes and pages changed meanwhile and POSTs their pages'
 * URLs, with the lists and feeds that show them, in Cloudflare's `purge_cache` shape
 * (`{"files": […]}`, 30 at most per request). A change it cannot name (a setting, the design or
 * the navigation, a comment, a deletion, a row an import wrote with its old times) purges
 * everything (`{"purge_everything": true}`), even beside named ones: the content version's two
 * counters (migration 032) say whether every write since the last look was one it can name. A
 * failed purge is logged and never retried: the pages' own `s-maxage` bounds what it leaves
 * behind. Each server of a site purges what it sees: the same purge twice costs the CDN nothing.
 */

/** What changed since the last look, as the purge names it. */
export interface ChangedItems {
  blogs: { slug: string; category_slug: string }[];
  /** When blogs changed, every category in use then or at the last look: a blog may have left one. */
  categories: string[];
  recipes: { slug: string }[];
  pages: { slug: string }[];
}

/** Cloudflare's purge_cache body (what Fastly's purge_all ignores). */
export type PurgeBody = { files: string[] } | { purge_everything: true };

/** Cloudflare's limit of URLs per purge request. */
export const FILES_PER_PURGE = 30;

/** Beyond this many URLs a change purges everything (an import, a bulk edit). */
const MOST_FILES = 300;

/** The lists every published item shows in, and the feeds (files: no navigation data). */
const LISTS = ["/", "/blogs", "/recipes"];
const FEEDS = ["/rss.xml", "/sitemap.xml"];

/** A page's path and its client navigations' data (`/blogs/x.data`; the home page's is `/_root.data`). */
const withData = (path: string) => [path, path === "/" ? "/_root.data" : `${path}.data`];

/** The paths a change shows on, each once, pages and their data. */
export function changedPaths(changes: ChangedItems): string[] {
  const paths = new Set<string>();
  const add = (path: string) => {
    for (const p of withData(path)) paths.add(p);
  };
  for (const blog of changes.blogs) add(`/blogs/${encodeURIComponent(blog.slug)}`);
  const categories = new Set([...changes.blogs.map((b) => b.category_slug), ...changes.categories]);
  for (const category of categories) if (category) add(`/blogs/category/${encodeURIComponent(category)}`);
  for (const recipe of changes.recipes) add(`/recipes/${encodeURIComponent(recipe.slug)}`);
  for (const page of changes.pages) add(`/${encodeURIComponent(page.slug)}`);
  if (paths.size > 0) {
    for (const list of LISTS) add(list);
    for (const feed of FEEDS) paths.add(feed);
  }
  return [...paths];
}

/** The purge requests for a change: its pages' URLs in batches, or everything when it cannot say. */
export function purgeBodies(changes: ChangedItems | null, origin: string): PurgeBody[] {
  const paths = changes ? changedPaths(changes) : [];
  if (paths.length === 0 || paths.length > MOST_FILES) return [{ purge_everything: true }];
  const files = paths.map((path) => `${origin}${path}`);
  const bodies: PurgeBody[] = [];
  for (let i = 0; i < files.length; i += FILES_PER_PURGE)
    bodies.push({ files: files.slice(i, i + FILES_PER_PURGE) });
  return bodies;
}

/**
 * Blogs, recipes and pages written, or whose publish time came, in `(since, now]`. Null when
 * nothing of them changed: the version moved for something else, which only a purge of everything
 * covers.
 */
async function changedSince(db: DB, since: number, now: number): Promise<ChangedItems | null> {
  // The three tables' columns of the same names: written since, or their publish time come since.
  const changed = sql<SqlBool>`updated_at > ${since} or (publish_at > ${since} and publish_at <= ${now})`;
  const [blogs, recipes, pages] = await Promise.all([
    db.selectFrom("blogs").select(["slug", "category_slug"]).where(changed).limit(MOST_FILES).execute(),
    db.selectFrom("recipes").select("slug").where(changed).limit(MOST_FILES).execute(),
    db.selectFrom("pages").select("slug").where(changed).limit(MOST_FILES).execute(),
  ]);
  if (blogs.length + recipes.length + pages.length === 0) return null;
  return { blogs, recipes, pages, categories: [] };
}

/** The categories blogs are in now (one scan of the category index). */
async function categoriesInUse(db: DB): Promise<string[]> {
  const rows = await db
    .selectFrom("blogs")
    .select("category_slug")
    .distinct()
    .where("category_slug", "<>", "")
    .limit(MOST_FILES)
    .execute();
  return rows.map((r) => r.category_slug);
}

export interface CdnPurger {
  /** One look at the public version, and the purge it calls for (the timer calls it; so do tests). */
  check(): Promise<void>;
  stop(): void;
}

/** Seconds of overlap between two looks: a server's clock may be a little behind another's. */
const OVERLAP_SECONDS = 10;

export function startCdnPurges({
  db,
  url,
  header,
  origin,
  readVersion,
  everyMs = 2000,
  clock = () => Math.floor(Date.now() / 1000),
}: {
  db: () => Promise<DB>;
  url: string;
  /** `Name: value`, sent with every purge (the CDN's API token). */
  header: string | undefined;
  /** PUBLIC_URL's origin: the purged URLs are the pages' own. */
  origin: string;
  readVersion: () => Promise<string>;
  everyMs?: number;
  clock?: () => number;
}): CdnPurger {
  let last: { version: string; counters: ChangeCounters; at: number } | null = null;
  // The categories in use at the last look that saw blogs change (or the first): a blog moved out
  // of a category leaves no trace of it in the window, and the one it left may now be empty.
  let categoriesBefore: string[] = [];
  let running: Promise<void> | null = null;
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (header) {
    const colon = header.indexOf(":");
    headers[header.slice(0, colon).trim()] = header.slice(colon + 1).trim();
  }

  const send = async (body: PurgeBody) => {
    const answer = await fetch(url, {
      method: "POST",
      headers,
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(10_000),
    });
    if (!answer.ok) throw new Error(`the CDN answered ${answer.status}`);
  };

  const look = async () => {
    // The time first: a write that commits after the version is read is seen by the next look,
    // and its rows' times are at most this one (give or take OVERLAP_SECONDS between servers).
    // The counters before the version: a write landing between the two reads moves the version
    // now and the counters at the next look, which then looks again.
    const now = clock();
    const database = await db();
    const counters = await readChangeCounters(database);
    const version = await readVersion();
    const previous = last;
    last = { version, counters, at: now };
    if (previous === null) categoriesBefore = await categoriesInUse(database);
    if (previous === null || (previous.version === version && previous.counters.version === counters.version))
      return; // nothing written since the last look: the next one need not look further back than now
    const unnamed = counters.version - previous.counters.version > counters.named - previous.counters.named;
    const changes = unnamed ? null : await changedSince(database, previous.at - OVERLAP_SECONDS, now);
    if (changes && changes.blogs.length > 0) {
      const inUse = await categoriesInUse(database);
      changes.categories = [...new Set([...categoriesBefore, ...inUse])];
      categoriesBefore = inUse;
    }
    const bodies = purgeBodies(changes, origin);
    try {
      for (const body of bodies) await send(body);
      const files = bodies.flatMap((b) => ("files" in b ? b.files : []));
      log.info({ purged: files.length > 0 ? files.length : "everything" }, "CDN purged");
    } catch (error) {
      log.warn({ err: error }, "CDN purge failed; the pages' s-maxage bounds what it left");
    }
  };

  const check = () => {
    running ??= look()
      .catch((error: unknown) => log.warn({ err: error }, "CDN purge: the public version could not be read"))
      .finally(() => {
        running = null;
      });
    return running;
  };
  const timer = setInterval(() => void check(), everyMs);
  timer.unref();
  return { check, stop: () => clearInterval(timer) };
}
