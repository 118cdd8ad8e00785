import { AsyncLocalStorage } from "node:async_hooks";
import { randomBytes } from "node:crypto";
import { processWide } from "./process-wide.server.ts";

/** What the telemetry knows of the request being answered. */
export interface RequestRecord {
  /** Quoted on error pages, sent as X-Request-Id, on every log line written while answering. */
  readonly id: string;
  /** performance.now() when the request arrived. */
  readonly start: number;
  /** The route that answered, as a bounded label: a route pattern (`/blogs/:slug`) or a fixed name. */
  route: string;
  /** Set when the response cache answered (its headers are not readable back off the response). */
  cached?: "hit" | "stale";
}

/** The label of a request no route claimed (refused before routing, or no route matched). */
export const UNMATCHED = "unmatched";

/** Carries the record through everything one request causes, so any log line can name it. */
export const requests = processWide("requests", () => new AsyncLocalStorage<RequestRecord>());

/** The request being answered, if any (undefined at start-up and in background work). */
export function currentRequest(): RequestRecord | undefined {
  return requests.getStore();
}

/** Names the route answering the current request (the last call wins). */
export function setRoute(route: string): void {
  const record = requests.getStore();
  if (record) record.route = route;
}

/**
 * A React Router route pattern as a label: `blogs/:slug` → `/blogs/:slug`, the index `` → `/`,
 * the catch-all `*` → `/*`. Patterns come from the route table, so the labels are few.
 */
export function routeLabel(pattern: string): string {
  return pattern.startsWith("/") ? pattern : `/${pattern}`;
}

/** Express-style middleware that names the route of every request passing through it. */
export function labelRoute(route: string) {
  return (_req: unknown, _res: unknown, next: () => void): void => {
    setRoute(route);
    next();
  };
}

/**
 * An incoming X-Request-Id is kept only when a trusted proxy sent it and it is a short token of
 * plain characters: anything else could forge log lines or smuggle markup onto the error page.
 */
const PLAIN_TOKEN = /^[\w.:-]*$/;

/** Whether a string is a plain token (letters, digits, `_ . : -`): safe in a JSON line unescaped. */
export const isPlainToken = (value: string): boolean => PLAIN_TOKEN.test(value);

export function acceptedRequestId(header: string | string[] | undefined, fromTrustedProxy: boolean) {
  if (!fromTrustedProxy || typeof header !== "string") return undefined;
  return header.length >= 1 && header.length <= 64 && isPlainToken(header) ? header : undefined;
}

/** Characters per request id: base64url, so 132 random bits. */
const ID_LENGTH = 22;
/** Random text that ids are cut from, made about 2,000 ids at a time. */
const id = { pool: "", at: 0 };

/**
 * A new request id: 22 characters of random base64url. Random, so an id tells nobody how many
 * requests the site answers; cut from a pool of random text, since formatting a randomUUID on each
 * request cost more than the rest of a cached answer's id and record (session 27).
 */
export function newRequestId(): string {
  if (id.at + ID_LENGTH > id.pool.length) {
    id.pool = randomBytes(32 * 1024).toString("base64url");
    id.at = 0;
  }
  const value = id.pool.slice(id.at, id.at + ID_LENGTH);
  id.at += ID_LENGTH;
  return value;
}
