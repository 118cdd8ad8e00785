import { createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { brotliCompressSync, gzipSync, constants as zlib } from "node:zlib";

/**
 * A per-process cache of public GET responses (pages, their client-navigation data, feeds).
 *
 * Correctness across servers: every entry remembers the content version (a number in the database
 * that every write bumps) it was rendered under, and is only served while the database still holds
 * that version, checked on every hit. So a change made through any server is seen through every
 * server at once; the cache saves the rendering, never the truth.
 *
 * Security headers: pages carry a per-request CSP nonce for their inline scripts. A cached page
 * is stored without the nonce and served with a CSP that allows exactly its inline scripts by hash.
 */
export interface ResponseCache {
  /** Answers a request from the cache when it can; false means "not served, carry on". */
  serve(req: IncomingMessage, res: ServerResponse): Promise<boolean>;
  /** Express-style middleware that records cacheable responses as they are sent. */
  capture(
    req: IncomingMessage,
    res: ServerResponse & { locals?: Record<string, unknown> },
    next: () => void,
  ): void;
  clear(): void;
  stats(): { entries: number; bytes: number; hits: number; misses: number };
}

interface Entry {
  version: string;
  storedAt: number;
  headers: Record<string, string>;
  body: Buffer;
  gzip?: Buffer;
  br?: Buffer;
  etag: string;
}

const NOT_CACHED_PREFIXES = ["/admin", "/uploads", "/healthz", "/assets", "/signup"];
const DROPPED_HEADERS = new Set([
  "content-length",
  "content-encoding",
  "vary",
  "date",
  "connection",
  "keep-alive",
  "transfer-encoding",
  "etag",
]);

function cacheable(req: IncomingMessage): boolean {
  if (req.method !== "GET" && req.method !== "HEAD") return false;
  const path = req.url ?? "/";
  return !NOT_CACHED_PREFIXES.some(
    (p) => path === p || path.startsWith(`${p}/`) || path.startsWith(`${p}.`) || path.startsWith(`${p}?`),
  );
}

/** Host and forwarded headers are part of the key: canonical URLs and site numbers depend on them. */
function keyOf(req: IncomingMessage): string {
  const h = req.headers;
  return `${h["x-forwarded-proto"] ?? ""}|${h["x-forwarded-host"] ?? ""}|${h.host ?? ""}|${req.url ?? "/"}`;
}

/** Replaces the response's nonce with hashes of the inline scripts it guarded. */
function withoutNonce(
  body: string,
  csp: string | undefined,
  nonce: string,
): { body: string; csp: string | undefined } {
  if (!nonce || !csp) return { body, csp };
  const hashes: string[] = [];
  const marker = ` nonce="${nonce}"`;
  for (const m of body.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    if ((m[1] ?? "").includes(marker) && m[2])
      hashes.push(`'sha256-${createHash("sha256").update(m[2]).digest("base64")}'`);
  }
  return {
    body: body.replaceAll(marker, ""),
    csp: csp.replace(`'nonce-${nonce}'`, hashes.join(" ") || "'none'"),
  };
}

function preferredEncoding(accept: string | undefined): "br" | "gzip" | null {
  if (!accept) return null;
  if (/\bbr\b/.test(accept)) return "br";
  if (/\bgzip\b/.test(accept)) return "gzip";
  return null;
}

export function createResponseCache({
  enabled = true,
  readVersion,
  maxBytes = 32 * 1024 * 1024,
  maxAgeMs = 60 * 60 * 1000,
}: {
  /** false: a cache that never stores or serves anything. */
  enabled?: boolean;
  readVersion: () => Promise<string>;
  maxBytes?: number;
  maxAgeMs?: number;
}): ResponseCache {
  const entries = new Map<string, Entry>();
  let bytes = 0;

  // Hits that arrive together share one version read. A batch is read only after every request
  // in it has arrived, so each still sees every write committed before it came in.
  let batch: Promise<string> | null = null;
  const currentVersion = (): Promise<string> => {
    batch ??= new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
      batch = null;
      return readVersion();
    });
    return batch;
  };
  let hits = 0;
  let misses = 0;

  const sizeOf = (e: Entry) => e.body.length + (e.gzip?.length ?? 0) + (e.br?.length ?? 0);
  const drop = (key: string) => {
    const e = entries.get(key);
    if (e) bytes -= sizeOf(e);
    entries.delete(key);
  };
  const store = (key: string, entry: Entry) => {
    drop(key);
    entries.set(key, entry);
    bytes += sizeOf(entry);
    // Map order is insertion order: the first keys are the least recently used.
    for (const oldest of entries.keys()) {
      if (bytes <= maxBytes) break;
      drop(oldest);
    }
  };

  return {
    async serve(req, res) {
      if (!enabled || !cacheable(req)) return false;
      const key = keyOf(req);
      const entry = entries.get(key);
      if (!entry || Date.now() - entry.storedAt > maxAgeMs || entry.version !== (await currentVersion())) {
        if (entry) drop(key);
        misses++;
        return false;
      }
      hits++;
      entries.delete(key);
      entries.set(key, entry);

      const headers: Record<string, string> = {
        ...entry.headers,
        etag: entry.etag,
        vary: "Accept-Encoding",
        "cache-control": "no-cache",
      };
      if (req.headers["if-none-match"] === entry.etag) {
        res.writeHead(304, headers).end();
        return true;
      }
      const encoding = preferredEncoding(req.headers["accept-encoding"]);
      let body = entry.body;
      if (encoding === "br") {
        entry.br ??= brotliCompressSync(entry.body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } });
        body = entry.br;
      } else if (encoding === "gzip") {
        entry.gzip ??= gzipSync(entry.body, { level: 6 });
        body = entry.gzip;
      }
      if (encoding) headers["content-encoding"] = encoding;
      headers["content-length"] = String(body.length);
      res.writeHead(200, headers);
      res.end(req.method === "HEAD" ? undefined : body);
      return true;
    },

    capture(req, res, next) {
      if (!enabled || !cacheable(req)) return next();
      const key = keyOf(req);
      // The version is read before rendering: a change made meanwhile makes this entry stale at once.
      readVersion().then(
        (version) => {
          const chunks: Buffer[] = [];
          const write = res.write.bind(res) as (...args: unknown[]) => boolean;
          const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
          const keep = (chunk: unknown, encoding?: unknown) => {
            if (typeof chunk === "string")
              chunks.push(
                Buffer.from(chunk, (typeof encoding === "string" ? encoding : "utf8") as BufferEncoding),
              );
            else if (chunk instanceof Uint8Array) chunks.push(Buffer.from(chunk));
          };
          res.write = ((chunk: unknown, ...rest: unknown[]) => {
            keep(chunk, rest[0]);
            return write(chunk, ...rest);
          }) as typeof res.write;
          res.end = ((chunk?: unknown, ...rest: unknown[]) => {
            if (chunk !== undefined && typeof chunk !== "function") keep(chunk, rest[0]);
            if (res.statusCode === 200 && !res.hasHeader("set-cookie") && req.method === "GET") {
              const nonce = String(res.locals?.cspNonce ?? "");
              const raw = Buffer.concat(chunks).toString("utf8");
              const csp = res.getHeader("content-security-policy");
              const clean = withoutNonce(raw, typeof csp === "string" ? csp : undefined, nonce);
              const headers: Record<string, string> = {};
              for (const [name, value] of Object.entries(res.getHeaders())) {
                if (!DROPPED_HEADERS.has(name) && value !== undefined)
                  headers[name] = Array.isArray(value) ? value.join(", ") : String(value);
              }
              if (clean.csp) headers["content-security-policy"] = clean.csp;
              const body = Buffer.from(clean.body, "utf8");
              const etag = `W/"${createHash("sha1").update(body).digest("base64url").slice(0, 20)}"`;
              store(key, { version, storedAt: Date.now(), headers, body, etag });
            }
            return end(chunk, ...rest);
          }) as typeof res.end;
          next();
        },
        () => next(),
      );
    },

    clear() {
      entries.clear();
      bytes = 0;
    },

    stats: () => ({ entries: entries.size, bytes, hits, misses }),
  };
}
