import type { IncomingMessage, ServerResponse } from "node:http";
// Imported rather than the global: `globalThis.performance` is a getter, dearer to reach on every
// request (session 37's profile).
import { performance } from "node:perf_hooks";
import { logRequest } from "./log.server.ts";
import { countRequest } from "./metrics.server.ts";
import { processWide } from "./process-wide.server.ts";
import {
  acceptedRequestId,
  newRequestId,
  type RequestRecord,
  requests,
  UNMATCHED,
} from "./request.server.ts";

/** Express's compiled `trust proxy` setting: whether the address `hop` steps away may be believed. */
export type TrustProxy = (address: string, hop: number) => boolean;

/** Told of every finished request with the route that answered it (the analytics' page views). */
type FinishedHook = (req: IncomingMessage, res: ServerResponse, route: string) => void;
const finishedHooks = processWide<FinishedHook[]>("request-finished-hooks", () => []);

/** Adds a hook run as each request finishes (once per process: adding the same one again does nothing). */
export function onRequestFinished(hook: FinishedHook): void {
  if (!finishedHooks.includes(hook)) finishedHooks.push(hook);
}

/** The `trust proxy` rule the HTTP layer was started with (nothing trusted until then). */
const proxyTrust = processWide<{ rule: TrustProxy }>("proxy-trust", () => ({ rule: () => false }));

/** Whether the address `hop` steps away may be believed, as Express reads X-Forwarded-For. */
export function trustsProxy(address: string, hop: number): boolean {
  return proxyTrust.rule(address, hop);
}

// Symbol.for: server.ts runs this module from source and the server build has its own copy; both
// must find the record the listener put on the response.
const RECORD = Symbol.for("wanderplate.telemetry.request");
type Tracked = ServerResponse & { [RECORD]?: RequestRecord; req: IncomingMessage };

/** The methods Node's parser can hand us are a fixed set, but labels stay few: the site's four or "other". */
const METHODS = new Set(["GET", "HEAD", "POST", "OPTIONS"]);

/** What the response cache did: answered (record.cached), rendered (X-Cache: MISS), or not asked. */
function cacheOutcome(record: RequestRecord, res: ServerResponse): string {
  if (record.cached) return record.cached;
  const header = res.getHeader("x-cache");
  if (header === "HIT") return "hit";
  if (header === "MISS") return "miss";
  if (header === "STALE") return "stale";
  return "none";
}

/** LOG_REQUESTS: which requests get a line (`all`, `errors`: status 500 or more, `none`). */
type RequestsLogged = "all" | "errors" | "none";

/**
 * What runs when a request's answer is complete or its connection is gone: one line (as `logged`
 * says), the request metrics and (a page a reader read) the page view. One function per listener,
 * so a response carries only its record.
 */
function onFinished(logged: RequestsLogged) {
  return function finished(this: Tracked): void {
    const record = this[RECORD];
    if (!record) return;
    const seconds = (performance.now() - record.start) / 1000;
    const status = this.statusCode;
    const method = METHODS.has(this.req.method ?? "") ? (this.req.method as string) : "other";
    const cache = cacheOutcome(record, this);
    countRequest(method, record.route, status, cache, seconds);
    for (const hook of finishedHooks) hook(this.req, this, record.route);
    if (logged === "none" || (logged === "errors" && status < 500)) return;
    logRequest({
      reqId: record.id,
      method,
      route: record.route,
      status,
      ms: Math.round(seconds * 100_000) / 100,
      cache,
      // The client went away before the whole answer was sent.
      aborted: this.writableFinished ? undefined : true,
    });
  };
}

const TRUSTED = Symbol("trusted-peer");
type Peer = IncomingMessage["socket"] & { [TRUSTED]?: boolean };

/** Whether the connection's other end is a trusted proxy: worked out once per connection. */
function trustedPeer(socket: Peer, trustProxy: TrustProxy): boolean {
  socket[TRUSTED] ??= trustProxy(socket.remoteAddress ?? "", 0);
  return socket[TRUSTED];
}

/** Sets the request's id as X-Request-Id on an answer not yet sent (see observeRequests). */
export function sendRequestId(res: ServerResponse): void {
  const record = (res as Tracked)[RECORD];
  if (record && !res.headersSent) res.setHeader("X-Request-Id", record.id);
}

/** The request's id, for an answer that writes its headers in one go (the response cache). */
export function requestIdOf(res: ServerResponse): string | undefined {
  return (res as Tracked)[RECORD]?.id;
}

/** Records that the response cache answered, as its route's page (X-Cache is not readable back). */
export function servedFromCache(res: ServerResponse, route: string, state: "HIT" | "STALE"): void {
  const record = (res as Tracked)[RECORD];
  if (!record) return;
  record.route = route;
  record.cached = state === "HIT" ? "hit" : "stale";
}

/**
 * Runs `work` with the request's record in scope: every log line written meanwhile, whatever
 * it causes, names the request. Cache hits are answered outside it (they write no line of their
 * own, and entering the scope cost more than the rest of their own work).
 */
export function inRequestScope<A extends unknown[]>(
  record: RequestRecord,
  work: (...args: A) => void,
  ...args: A
): void {
  requests.run(record, work, ...args);
}

/**
 * Watches the raw HTTP listener's requests: every request (cached answers included) gets an id
 * (X-Request-Id, which the answer's writer sends: `sendRequestId` before any other header, or
 * `requestIdOf` with its own fields) and ends with one log line and the request metrics (the line
 * unless `logged`, LOG_REQUESTS, leaves it out). Returns the request's record, for
 * `inRequestScope`. An incoming X-Request-Id is kept only from a trusted proxy.
 */
export function observeRequests(trustProxy: TrustProxy, logged: RequestsLogged = "all") {
  // Code that reads a client's address off the request path does so as Express does (analytics).
  proxyTrust.rule = trustProxy;
  const finished = onFinished(logged);
  return function observe(req: IncomingMessage, res: ServerResponse): RequestRecord {
    const fromProxy = trustedPeer(req.socket, trustProxy);
    const id = acceptedRequestId(req.headers["x-request-id"], fromProxy) ?? newRequestId();
    const record: RequestRecord = { id, start: performance.now(), route: UNMATCHED };
    // Not set here: a header set before writeHead sends every answer down Node's slower path
    // of headers.
    (res as Tracked)[RECORD] = record;
    // "close" comes once per response.
    res.on("close", finished);
    return record;
  };
}
