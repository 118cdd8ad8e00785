/**
 * The response cache's HTTP side: what of a rendered response is stored (its headers without the
 * per-request ones, its body without the CSP nonce, an ETag), and how an entry is sent again
 * (If-None-Match, compression as the client allows, HEAD).
 */
import { createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { brotliCompressSync, gzipSync, constants as zlib } from "node:zlib";
import { preferredEncoding } from "#app/lib/accept-encoding.ts";
import type { Entry } from "#app/server/cache/cache-store.server.ts";

const DROPPED_HEADERS = new Set([
  "content-length",
  "content-encoding",
  "vary",
  "date",
  "connection",
  "keep-alive",
  "transfer-encoding",
  "etag",
  "x-cache",
  // Each answer has its own (set before the cache is asked), never the stored one's.
  "x-request-id",
]);

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

/**
 * What of a rendered response is stored: its headers but the per-request ones, its body with the
 * CSP nonce replaced by hashes of its inline scripts, and the ETag of that body.
 */
export function storedAnswer(
  res: ServerResponse,
  rendered: Buffer,
  nonce: string,
): Pick<Entry, "headers" | "body" | "etag"> {
  const csp = res.getHeader("content-security-policy");
  const clean = withoutNonce(rendered.toString("utf8"), typeof csp === "string" ? csp : undefined, nonce);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(res.getHeaders())) {
    if (!DROPPED_HEADERS.has(name) && value !== undefined)
      headers[name] = Array.isArray(value) ? value.join(", ") : String(value);
  }
  if (clean.csp) headers["content-security-policy"] = clean.csp;
  const body = Buffer.from(clean.body, "utf8");
  const etag = `W/"${createHash("sha1").update(body).digest("base64url").slice(0, 20)}"`;
  return { headers, body, etag };
}

/** Sends an entry; `grew` is told the size of each compressed copy it makes. */
export function sendEntry(
  req: IncomingMessage,
  res: ServerResponse,
  entry: Entry,
  state: "HIT" | "STALE",
  grew: (bytes: number) => void,
) {
  const headers: Record<string, string> = {
    ...entry.headers,
    etag: entry.etag,
    vary: "Accept-Encoding",
    "cache-control": "no-cache",
    "x-cache": state,
  };
  if (req.headers["if-none-match"] === entry.etag) {
    res.writeHead(304, headers).end();
    return;
  }
  const encoding = preferredEncoding(req.headers["accept-encoding"]);
  let body = entry.body;
  // Compressed copies are made on first use and count towards the size bound like the body.
  if (encoding === "br") {
    if (!entry.br) {
      entry.br = brotliCompressSync(entry.body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } });
      grew(entry.br.length);
    }
    body = entry.br;
  } else if (encoding === "gzip") {
    if (!entry.gzip) {
      entry.gzip = gzipSync(entry.body, { level: 6 });
      grew(entry.gzip.length);
    }
    body = entry.gzip;
  }
  if (encoding) headers["content-encoding"] = encoding;
  headers["content-length"] = String(body.length);
  res.writeHead(200, headers);
  res.end(req.method === "HEAD" ? undefined : body);
}
