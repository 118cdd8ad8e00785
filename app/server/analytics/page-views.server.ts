import type { IncomingMessage, ServerResponse } from "node:http";
import { processWide } from "#app/server/telemetry/process-wide.server.ts";

/**
 * The counting of page views in the request path (DESIGN §2, "analytics"; DESIGN §7: at most 2 µs
 * of CPU on a cached answer). When a request's answer is complete (telemetry/http.server.ts), this
 * decides from what is already at hand whether it is a page view, and if so keeps the few strings
 * the recorder needs in a list: no parsing, no hashing, no database here. The recorder
 * (recorder.server.ts) takes the list every few seconds and does the rest (bots, the visitor id,
 * browser, country) off the request path.
 *
 * A page view is a GET of a page route answered 200, or 304: a browser that kept the page asks
 * whether it changed (every page is sent `max-age=0` with an ETag) and shows its copy, so a
 * reader's return visit or reload is a 304.
 *
 * Not counted: anything else (other methods, 404s, redirects), a request carrying the admin's
 * session cookie, `DNT: 1`, `Sec-GPC: 1`, and prefetches and prerenders (`Sec-Purpose`,
 * `Purpose`, `X-Moz`, `X-Purpose`). Bots are left out by the recorder (by user agent).
 *
 * server.ts runs this module from source and the server build has its own copy: the list and its
 * settings are one per process (processWide), filled by either copy and emptied by the recorder.
 */

/** The route patterns (as the telemetry labels them) whose answers are pages a reader reads. */
export const PAGE_ROUTES: ReadonlySet<string> = new Set([
  "/",
  "/destinations",
  "/destinations/:spotname",
  "/blogs",
  "/blogs/:slug",
  "/blogs/category/:slug",
  "/recipes",
  "/recipes/:slug",
  "/favorites",
  "/search",
  "/contact",
  "/about",
  "/disclaimer",
  "/privacy-policy",
  "/terms-and-condition",
  "/:slug",
]);

/** A page view as the request left it, for the recorder. */
export interface PendingView {
  /** Milliseconds since 1970. */
  at: number;
  host: string;
  /** The request target as sent (path and query). */
  url: string;
  userAgent: string;
  referer: string;
  /** The connection's address, and X-Forwarded-For as sent (resolved by the recorder). */
  remote: string;
  forwardedFor: string;
  /** How many views of the same second sent all of the above alike (one when absent). */
  views?: number;
}

/**
 * The views since the last write, kept without an object per view: each distinct string once (a
 * reader's user agent, a page's path) and per view only numbers. A view held as an object of the
 * request's own strings for seconds outlived the young generation and cost the garbage collector
 * more than everything else counting does (bench/analytics-cost.ts: about 20 µs per answer).
 */
interface Batch {
  /** Milliseconds since 1970 of each view. */
  at: Float64Array;
  /** Per view, FIELDS indexes into `strings`. */
  refs: Uint32Array;
  /** Per view, how many views it stands for: the same view again in the same second adds here. */
  counts: Uint32Array;
  length: number;
  /** Views in all (the counts summed). */
  views: number;
  strings: string[];
  ids: Map<string, number>;
  /** The strings and second of the last view kept, to tell the same view again without interning. */
  last: LastView;
}

/** The last view kept: its strings, and its second. */
type LastView = Omit<PendingView, "at" | "views"> & { second: number };

/** The strings a view keeps, in this order in `Batch.refs`. */
const FIELDS = 6;

interface Counter {
  /** Set by the recorder when it runs (the ANALYTICS setting, a database to write to). */
  on: boolean;
  /** The names of the cookies that mean "signed in" (the admin is not counted). */
  sessionCookies: string[];
  batch: Batch;
  /** Views left out because the list was full (the database has been away too long). */
  dropped: number;
}

/** The most views held between two writes: a database away for minutes costs at most these. */
export const PENDING_MAX = 50_000;

function emptyBatch(): Batch {
  return {
    at: new Float64Array(1024),
    refs: new Uint32Array(1024 * FIELDS),
    counts: new Uint32Array(1024),
    length: 0,
    views: 0,
    strings: [],
    ids: new Map(),
    last: { second: -1, host: "", url: "", userAgent: "", referer: "", remote: "", forwardedFor: "" },
  };
}

export const counter: Counter = processWide("analytics-counter", () => ({
  on: false,
  sessionCookies: [],
  batch: emptyBatch(),
  dropped: 0,
}));

/** How many views wait to be written. */
export function pendingCount(): number {
  return counter.batch.views;
}

/** The index of a string in the batch's table (added the first time). */
function intern(batch: Batch, value: string): number {
  let id = batch.ids.get(value);
  if (id === undefined) {
    id = batch.strings.length;
    batch.strings.push(value);
    batch.ids.set(value, id);
  }
  return id;
}

/** Room for one more view: the arrays double when full. */
function grow(batch: Batch): void {
  if (batch.length < batch.at.length) return;
  const at = new Float64Array(batch.at.length * 2);
  at.set(batch.at);
  const refs = new Uint32Array(batch.refs.length * 2);
  refs.set(batch.refs);
  const counts = new Uint32Array(batch.counts.length * 2);
  counts.set(batch.counts);
  batch.at = at;
  batch.refs = refs;
  batch.counts = counts;
}

const header = (req: IncomingMessage, name: string): string => {
  const value = req.headers[name];
  return typeof value === "string" ? value : "";
};

/** Whether a request asks for a page to be fetched ahead of a reader, not read. */
function isPrefetch(req: IncomingMessage): boolean {
  const h = req.headers;
  return (
    h["sec-purpose"] !== undefined ||
    h.purpose === "prefetch" ||
    h["x-moz"] === "prefetch" ||
    h["x-purpose"] === "preview"
  );
}

/** Whether the request carries one of the session cookies (a cookie header lists `name=`). */
function signedIn(req: IncomingMessage, names: string[]): boolean {
  const cookie = req.headers.cookie;
  if (cookie === undefined) return false;
  for (const name of names) if (cookie.includes(`${name}=`)) return true;
  return false;
}

/** Called once per finished request with the route that answered it. */
export function countPageView(req: IncomingMessage, res: ServerResponse, route: string): void {
  const status = res.statusCode;
  if (!counter.on || (status !== 200 && status !== 304) || req.method !== "GET" || !PAGE_ROUTES.has(route))
    return;
  const h = req.headers;
  if (h.dnt === "1" || h["sec-gpc"] === "1" || isPrefetch(req) || signedIn(req, counter.sessionCookies))
    return;
  const batch = counter.batch;
  const now = Date.now();
  const second = Math.floor(now / 1000);
  const host = header(req, "host");
  const url = req.url ?? "/";
  const userAgent = header(req, "user-agent");
  const referer = header(req, "referer");
  const remote = req.socket.remoteAddress ?? "";
  const forwardedFor = header(req, "x-forwarded-for");
  const last = batch.last;
  // The same view again in the same second (a reload, a flood): counted on the one kept.
  if (
    batch.length > 0 &&
    last.second === second &&
    last.url === url &&
    last.remote === remote &&
    last.userAgent === userAgent &&
    last.host === host &&
    last.referer === referer &&
    last.forwardedFor === forwardedFor
  ) {
    batch.counts[batch.length - 1] = (batch.counts[batch.length - 1] ?? 0) + 1;
    batch.views++;
    return;
  }
  // The bound is on views kept apart (memory); a view counted on the last one takes none.
  if (batch.length >= PENDING_MAX) {
    counter.dropped++;
    return;
  }
  grow(batch);
  const i = batch.length++;
  batch.views++;
  batch.at[i] = now;
  batch.counts[i] = 1;
  const refs = batch.refs;
  const base = i * FIELDS;
  refs[base] = intern(batch, host);
  refs[base + 1] = intern(batch, url);
  refs[base + 2] = intern(batch, userAgent);
  refs[base + 3] = intern(batch, referer);
  refs[base + 4] = intern(batch, remote);
  refs[base + 5] = intern(batch, forwardedFor);
  last.second = second;
  last.host = host;
  last.url = url;
  last.userAgent = userAgent;
  last.referer = referer;
  last.remote = remote;
  last.forwardedFor = forwardedFor;
}

/**
 * Everything counted since the last call, emptied (the recorder's batch): the views of one second
 * that sent the same strings as one, with their count, so the recorder works each out once.
 */
export function takePendingViews(): PendingView[] {
  const batch = counter.batch;
  counter.batch = emptyBatch();
  const { strings, refs } = batch;
  const alike = new Map<string, PendingView>();
  for (let i = 0; i < batch.length; i++) {
    const at = batch.at[i] ?? 0;
    const base = i * FIELDS;
    const key = `${Math.floor(at / 1000)},${refs[base]},${refs[base + 1]},${refs[base + 2]},${refs[base + 3]},${refs[base + 4]},${refs[base + 5]}`;
    const views = batch.counts[i] ?? 1;
    const same = alike.get(key);
    if (same) {
      same.views = (same.views ?? 1) + views;
      continue;
    }
    alike.set(key, {
      at,
      host: strings[refs[base] ?? 0] ?? "",
      url: strings[refs[base + 1] ?? 0] ?? "/",
      userAgent: strings[refs[base + 2] ?? 0] ?? "",
      referer: strings[refs[base + 3] ?? 0] ?? "",
      remote: strings[refs[base + 4] ?? 0] ?? "",
      forwardedFor: strings[refs[base + 5] ?? 0] ?? "",
      views,
    });
  }
  return [...alike.values()];
}
