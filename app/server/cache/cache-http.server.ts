/**
 * The response cache's HTTP side: what of a rendered response is stored (its headers without the
 * per-request ones, its body without the CSP nonce, an ETag), and how an entry is sent again
 * (If-None-Match, compression as the client allows, HEAD).
 */
import { createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { brotliCompressSync, gzipSync, constants as zlib } from "node:zlib";
import { preferredEncoding } from "#app/lib/accept-encoding.ts";
import type { Entry, Head } from "#app/server/cache/cache-store.server.ts";
import { prebuildHead, setPrebuiltHead } from "#app/server/cache/prebuilt-head.server.ts";

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
  // Each answer has its own, never the stored one's.
  "x-request-id",
]);

/** A rendered body as the cache keeps it, worked out before the head goes out where it can. */
export interface StoredBody {
  /** The body without its CSP nonce. */
  body: Buffer;
  /** The CSP sources of the inline scripts the nonce guarded (`'sha256-…'`). */
  scriptHashes: string[];
  /** The ETag of `body`. */
  etag: string;
}

/**
 * A rendered body without its nonce, the hashes of the inline scripts it guarded, and its ETag.
 * Needs only the body, so a render sent whole can carry the ETag its copies will have (the CSP
 * header comes later, as the head goes out).
 */
export function storedBody(rendered: Buffer, nonce: string): StoredBody {
  let text = rendered.toString("utf8");
  const scriptHashes: string[] = [];
  if (nonce) {
    const marker = ` nonce="${nonce}"`;
    for (const m of text.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
      if ((m[1] ?? "").includes(marker) && m[2])
        scriptHashes.push(`'sha256-${createHash("sha256").update(m[2]).digest("base64")}'`);
    }
    text = text.replaceAll(marker, "");
  }
  const body = Buffer.from(text, "utf8");
  const etag = `W/"${createHash("sha1").update(body).digest("base64url").slice(0, 20)}"`;
  return { body, scriptHashes, etag };
}

/**
 * The stored body of a render whose body is all here before its head goes out (the app's
 * documents come in one write, with their length), its ETag set on the response so that the
 * reader's next visit can be a 304. The tag is the stored body's: the rendered one differs only by
 * the CSP nonce, which a weak tag allows. Undefined for a body written in pieces.
 */
export function taggedWhole(
  res: ServerResponse,
  chunks: readonly Buffer[],
  nonce: string,
): StoredBody | undefined {
  const first = chunks[0];
  if (chunks.length !== 1 || !first || Number(res.getHeader("content-length")) !== first.length)
    return undefined;
  const stored = storedBody(first, nonce);
  res.setHeader("etag", stored.etag);
  return stored;
}

/**
 * What of a rendered response is stored: its headers but the per-request ones, with the CSP's
 * nonce replaced by the hashes of the inline scripts it guarded; its body without the nonce; the
 * ETag of that body.
 */
export function storedAnswer(
  res: ServerResponse,
  { body, scriptHashes, etag }: StoredBody,
  nonce: string,
): Pick<Entry, "headers" | "body" | "etag"> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(res.getHeaders())) {
    if (!DROPPED_HEADERS.has(name) && value !== undefined)
      headers[name] = Array.isArray(value) ? value.join(", ") : String(value);
  }
  const csp = headers["content-security-policy"];
  if (csp && nonce)
    headers["content-security-policy"] = csp.replace(`'nonce-${nonce}'`, scriptHashes.join(" ") || "'none'");
  return { headers, body, etag };
}

/**
 * What a shared page tells the caches on its way (decision 032): browsers keep it but ask again
 * each time (max-age=0; the ETag makes that a 304); a CDN in front may keep it for a minute and
 * serve it a little longer while it fetches the next; with CDN_PURGE_URL the site purges it on
 * every change (cdn-purge.server.ts).
 */
export const PUBLIC_CACHE_CONTROL = "public, max-age=0, s-maxage=60, stale-while-revalidate=30";

type HeadKind = "identity" | "gzip" | "br" | "304";

/**
 * The fields of an entry's answers, made once per kind of answer and kept with the entry, so a hit
 * sets a head already checked and joined (prebuilt-head.server.ts) or, where Node must word it,
 * hands writeHead a ready list (Node's fast path: nothing set on the response before) instead of
 * building an object of some twenty headers each time.
 */
function headOf(entry: Entry, kind: HeadKind, length: number): Head {
  entry.heads ??= {};
  const heads = entry.heads;
  let head = heads[kind];
  if (!head) {
    const fields: string[] = [];
    for (const name in entry.headers)
      if (name !== "cache-control") fields.push(name, entry.headers[name] ?? "");
    // A route's own (a feed's, ads.txt's) or the pages' one.
    const cacheControl = entry.headers["cache-control"] ?? PUBLIC_CACHE_CONTROL;
    fields.push("etag", entry.etag, "vary", "Accept-Encoding", "cache-control", cacheControl);
    if (kind === "gzip" || kind === "br") fields.push("content-encoding", kind);
    if (kind !== "304") fields.push("content-length", String(length));
    head = { fields, prebuilt: prebuildHead(kind === "304" ? 304 : 200, fields) };
    fields.push("x-cache", "", "x-request-id", "");
    heads[kind] = head;
  }
  return head;
}

/** The fields of one answer: its X-Cache, and its request id (left out when it has none). */
function fieldsFor(head: Head, state: "HIT" | "STALE", requestId: string | undefined): string[] {
  const fields = head.fields;
  const n = fields.length;
  // writeHead reads the list at once, before anything else can run: the slots are this answer's.
  fields[n - 3] = state;
  if (requestId === undefined) return fields.slice(0, n - 2);
  fields[n - 1] = requestId;
  return fields;
}

/** This answer's own fields, for setPrebuiltHead (read at once: one list serves every answer). */
const ownFields = ["x-cache", "", "x-request-id", ""];
const ownFieldsWithoutId = ["x-cache", ""];

/**
 * The answer's head: the prebuilt one with this answer's own fields where Node allows (see
 * prebuilt-head), else writeHead with every field.
 */
function writeHeadOf(
  res: ServerResponse,
  status: 200 | 304,
  head: Head,
  state: "HIT" | "STALE",
  requestId: string | undefined,
) {
  if (head.prebuilt) {
    let own = ownFieldsWithoutId;
    if (requestId !== undefined) {
      own = ownFields;
      own[3] = requestId;
    }
    own[1] = state;
    if (setPrebuiltHead(res, head.prebuilt, own)) return;
  }
  res.writeHead(status, fieldsFor(head, state, requestId));
}

/**
 * The last Accept-Encoding read, and what it chose: a browser sends the same string on every
 * request (Chrome's "gzip, deflate, br, zstd"), so a hit compares it instead of parsing it again
 * (0.4 µs a parse, session 36).
 */
let lastAccepted: { header: string | string[] | undefined; encoding: "br" | "gzip" | null } = {
  header: undefined,
  encoding: null,
};

function encodingFor(header: string | string[] | undefined): "br" | "gzip" | null {
  if (header !== lastAccepted.header) lastAccepted = { header, encoding: preferredEncoding(header) };
  return lastAccepted.encoding;
}

/**
 * Whether an If-None-Match other than the tag itself names it: `*`, or a list of tags compared
 * weakly (W/ aside), as a CDN that kept several copies asks (RFC 9110 §13.1.2). A browser sends
 * the tag it was given, which the caller compares first.
 */
function listMatches(ifNoneMatch: string, etag: string): boolean {
  if (ifNoneMatch.trim() === "*") return true;
  const opaque = etag.startsWith("W/") ? etag.slice(2) : etag;
  if (!ifNoneMatch.includes(opaque)) return false;
  for (const tag of ifNoneMatch.split(",")) {
    const t = tag.trim();
    if ((t.startsWith("W/") ? t.slice(2) : t) === opaque) return true;
  }
  return false;
}

/** Sends an entry; `grew` is told the size of each compressed copy it makes. */
export function sendEntry(
  req: IncomingMessage,
  res: ServerResponse,
  entry: Entry,
  state: "HIT" | "STALE",
  grew: (bytes: number) => void,
  requestId: string | undefined,
) {
  const ifNoneMatch = req.headers["if-none-match"];
  if (ifNoneMatch !== undefined && (ifNoneMatch === entry.etag || listMatches(ifNoneMatch, entry.etag))) {
    writeHeadOf(res, 304, headOf(entry, "304", 0), state, requestId);
    res.end();
    return;
  }
  const encoding = encodingFor(req.headers["accept-encoding"]);
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
  writeHeadOf(res, 200, headOf(entry, encoding ?? "identity", body.length), state, requestId);
  res.end(req.method === "HEAD" ? undefined : body);
}
