/**
 * The response cache's key rules: which request stands for which page, and the canonical key it is
 * stored and looked up under (host, declared path, and only the query parameters the route reads).
 */
import type { IncomingMessage } from "node:http";

/** What a route declares about its public answer. */
export interface CachePolicy {
  /**
   * The query parameters the route reads, each with a function giving its canonical value (null:
   * as if absent). Every other parameter is ignored: it cannot change the answer.
   */
  query?: Readonly<Record<string, (value: string) => string | null>>;
}

/** React Router's client-navigation requests: `/blogs.data`, and `/_root.data` for `/`. */
const DATA_SUFFIX = ".data";

/** The page path a request's pathname stands for (`/blogs.data` → `/blogs`, `/_root.data` → `/`). */
export function pagePathOf(pathname: string): string {
  if (!pathname.endsWith(DATA_SUFFIX)) return pathname;
  const page = pathname.slice(0, -DATA_SUFFIX.length);
  return page === "/_root" ? "/" : page;
}

/** A policy's parameters in name order, worked out once per policy (policies live as long as their route). */
const sortedReads = new WeakMap<CachePolicy, [string, (value: string) => string | null][]>();

function readsOf(policy: CachePolicy): [string, (value: string) => string | null][] {
  let reads = sortedReads.get(policy);
  if (!reads) {
    reads = Object.entries(policy.query ?? {}).sort(([a], [b]) => (a < b ? -1 : 1));
    sortedReads.set(policy, reads);
  }
  return reads;
}

/**
 * The canonical query of a request under a policy: only the parameters the route reads. `query` is
 * the request's query string without its `?`; it is parsed only when the route reads any.
 */
export function canonicalQuery(query: string, policy: CachePolicy): string {
  // Most requests have no query: then not even the policy's parameters are looked up.
  if (query === "") return "";
  const reads = readsOf(policy);
  if (reads.length === 0) return "";
  const search = new URLSearchParams(query);
  const parts: string[] = [];
  for (const [name, normalize] of reads) {
    const raw = search.get(name);
    const value = raw === null ? null : normalize(raw);
    if (value !== null) parts.push(`${encodeURIComponent(name)}=${encodeURIComponent(value)}`);
  }
  return parts.join("&");
}

/** Whether a Cookie header carries a cookie of one of these names (with any value, even an empty or broken one). */
export function hasCookie(header: string | undefined, names: readonly string[]): boolean {
  if (!header) return false;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (names.includes((eq < 0 ? part : part.slice(0, eq)).trim())) return true;
  }
  return false;
}

const hostOf = (req: IncomingMessage) => {
  const h = req.headers;
  return `${h["x-forwarded-proto"] ?? ""}|${h["x-forwarded-host"] ?? ""}|${h.host ?? ""}`;
};

/** The canonical key of a request for `path` under its route's policy. */
export const keyOf = (req: IncomingMessage, path: string, query: string, policy: CachePolicy) =>
  `${hostOf(req)}|${path}?${canonicalQuery(query, policy)}`;

/** What a request may be answered under: its cache key (when its path's policy is known) and what it waits on. */
export interface RequestKeys {
  /** The canonical key, when a route has shared this path (its policy is known); null otherwise. */
  key: string | null;
  /**
   * The key of the render this request may wait for: the canonical key, or, for a path whose
   * policy is not known yet, the raw request (host and exact URL) in a namespace of its own.
   */
  wait: string;
}

/**
 * The request's keys, given the policies of the paths shared so far; null when it can never be
 * shared (client navigations that name the routes to load get a different answer).
 */
export const keysOf = (
  req: IncomingMessage,
  policyOf: (path: string) => CachePolicy | undefined,
): RequestKeys | null => {
  const raw = req.url ?? "/";
  const q = raw.indexOf("?");
  const path = q < 0 ? raw : raw.slice(0, q);
  const query = q < 0 ? "" : raw.slice(q + 1);
  if (path.endsWith(DATA_SUFFIX) && query !== "" && new URLSearchParams(query).has("_routes")) return null;
  const policy = policyOf(path);
  if (!policy) return { key: null, wait: `raw|${hostOf(req)}|${raw}` };
  const key = keyOf(req, path, query, policy);
  return { key, wait: key };
};
