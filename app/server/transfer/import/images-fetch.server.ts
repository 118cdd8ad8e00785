/**
 * Downloading one image for an import, safely: the URL comes from a file anyone could have written,
 * so a fetch must never reach the server's own network (loopback, private ranges, cloud metadata at
 * 169.254.169.254) unless the blogger allows it, never follow redirects for ever, never hang and
 * never fill memory. See DESIGN §2 "images on import".
 *
 * The host is resolved here, every address is checked, and the connection goes to the address that
 * was checked (the request's `lookup` answers it), so a DNS answer that changes between the check and
 * the connection (DNS rebinding) changes nothing. The Host header, TLS SNI and certificate check
 * still use the URL's host name.
 */
import { lookup as dnsLookup } from "node:dns/promises";
import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import ipaddr from "ipaddr.js";

export const DEFAULT_IMAGE_TIMEOUT_MS = 15_000;
export const DEFAULT_IMAGE_MAX_BYTES = 20 * 1024 * 1024;
const MAX_IMAGE_REDIRECTS = 3;

export interface FetchImageOptions {
  allowPrivateNetwork: boolean;
  maxBytes: number;
  /** For the whole image: lookups, redirects and the body together. */
  timeoutMs: number;
}

/**
 * Why a fetch failed, for the caller's decisions (not shown): `refused` by our rules (scheme,
 * address, redirects), `unreachable` (no answer, no such host, timed out), or the server's
 * `response` was not a usable image (status, size, type).
 */
export type FetchFailureKind = "refused" | "unreachable" | "response";

export type FetchImageResult =
  | { ok: true; bytes: Uint8Array; finalUrl: string }
  | { ok: false; reason: string; kind: FetchFailureKind };

/** Test seams: how a host name is resolved, and which addresses count as private. */
export interface FetchImageHooks {
  resolveHost?: (hostname: string) => Promise<string[]>;
  blockedAddress?: (address: string) => string | null;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/**
 * Why an address may not be fetched without --allow-private-network ("a private address"), or
 * null for an ordinary public one. Anything ipaddr.js does not call `unicast` is refused; an IPv6
 * form that carries an IPv4 address (mapped `::ffff:a.b.c.d`, NAT64 `64:ff9b::/96`, SIIT) is judged
 * by that IPv4 address; IPv4-compatible `::a.b.c.d` is refused outright.
 */
export function blockedAddressReason(address: string): string | null {
  const text = address.replace(/^\[|\]$/g, "").replace(/%.*$/, "");
  if (!ipaddr.isValid(text)) return "not a valid address";
  const parsed = ipaddr.parse(text);
  if (parsed.kind() === "ipv6") {
    const v6 = parsed as ipaddr.IPv6;
    const range = v6.range();
    if (range === "ipv4Mapped" || range === "rfc6145" || (range === "rfc6052" && v6.parts[2] === 0))
      return blockedAddressReason(embeddedIPv4(v6));
    if (range !== "unicast") return RANGE_NAMES[range] ?? "a reserved address";
    // IPv4-compatible `::a00:5` (deprecated): ipaddr.js calls it unicast.
    return v6.parts.slice(0, 6).every((part) => part === 0) ? "a reserved address" : null;
  }
  const range = parsed.range();
  return range === "unicast" ? null : (RANGE_NAMES[range] ?? "a reserved address");
}

function embeddedIPv4(v6: ipaddr.IPv6): string {
  const [high = 0, low = 0] = v6.parts.slice(6);
  return `${high >> 8}.${high & 0xff}.${low >> 8}.${low & 0xff}`;
}

const RANGE_NAMES: Record<string, string> = {
  loopback: "a loopback address",
  private: "a private address",
  uniqueLocal: "a private address",
  carrierGradeNat: "a private address",
  linkLocal: "a link-local address",
  deprecatedSiteLocal: "a private address",
  unspecified: "an unspecified address",
  multicast: "a multicast address",
  broadcast: "a broadcast address",
  reserved: "a reserved address",
};

/** "20 MB", "512 KB", "900 bytes": a limit as a blogger reads it. */
export function formatBytes(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  if (mb >= 1) return `${Number.isInteger(mb) ? mb : mb.toFixed(1)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}

/** "15 s", "0.2 s". */
function formatSeconds(ms: number): string {
  return `${Number((ms / 1000).toFixed(1))} s`;
}

/** Content types that are certainly not an image: refused before the body is read. */
function clearlyNotImage(contentType: string | undefined): string | null {
  const type = (contentType ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
  if (type.startsWith("text/") || /^application\/(json|xml|xhtml\+xml|javascript|pdf|zip)$/.test(type))
    return type;
  return null;
}

/** A failure travelling out of the request callbacks. */
class FetchFailure extends Error {
  readonly reason: string;
  readonly kind: FetchFailureKind;
  constructor(reason: string, kind: FetchFailureKind) {
    super(reason);
    this.reason = reason;
    this.kind = kind;
  }
}

/**
 * Downloads an image: http(s) only, every address checked, at most 3 redirects (each checked the
 * same way), `timeoutMs` for everything, the body abandoned once it passes `maxBytes`. Never
 * throws: a failure is a reason a blogger understands ("HTTP 404", "timed out after 15 s").
 * Whether the bytes are an image is the caller's (decoding) to decide, beyond refusing a body the
 * server itself calls HTML or text.
 */
export async function fetchImageBytes(
  url: string,
  opts: FetchImageOptions,
  hooks: FetchImageHooks = {},
): Promise<FetchImageResult> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new FetchFailure(`timed out after ${formatSeconds(opts.timeoutMs)}`, "unreachable"));
    }, opts.timeoutMs);
  });
  try {
    return await Promise.race([followRedirects(url, opts, hooks, controller.signal), timedOut]);
  } catch (error) {
    if (error instanceof FetchFailure) return { ok: false, reason: error.reason, kind: error.kind };
    return { ok: false, reason: `could not download (${describeError(error)})`, kind: "unreachable" };
  } finally {
    clearTimeout(timer);
    controller.abort();
  }
}

async function followRedirects(
  url: string,
  opts: FetchImageOptions,
  hooks: FetchImageHooks,
  signal: AbortSignal,
): Promise<FetchImageResult> {
  let current = url;
  for (let redirects = 0; ; redirects++) {
    const target = parseHttpUrl(current);
    const addresses = await checkedAddresses(target.hostname, opts.allowPrivateNetwork, hooks);
    const answer = await request(target, addresses, opts.maxBytes, signal);
    if (answer.kind === "body") return { ok: true, bytes: answer.bytes, finalUrl: target.href };
    if (redirects >= MAX_IMAGE_REDIRECTS)
      throw new FetchFailure(`too many redirects (more than ${MAX_IMAGE_REDIRECTS})`, "refused");
    try {
      current = new URL(answer.location, target).href;
    } catch {
      throw new FetchFailure("redirected to an address that is not valid", "response");
    }
  }
}

function parseHttpUrl(text: string): URL {
  let parsed: URL;
  try {
    parsed = new URL(text);
  } catch {
    throw new FetchFailure("not a valid address", "refused");
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:")
    throw new FetchFailure(
      `refused: only http and https addresses are fetched (not ${parsed.protocol})`,
      "refused",
    );
  return parsed;
}

/** The addresses to connect to (in DNS order), after checking every one of them. */
async function checkedAddresses(
  hostname: string,
  allowPrivateNetwork: boolean,
  hooks: FetchImageHooks,
): Promise<Address[]> {
  const bare = hostname.replace(/^\[|\]$/g, "");
  let addresses: string[];
  // The URL parser already turned every IPv4 spelling (0x7f.1, 2130706433) into four decimals.
  if (ipaddr.IPv4.isValidFourPartDecimal(bare) || ipaddr.IPv6.isValid(bare)) addresses = [bare];
  else {
    try {
      addresses = hooks.resolveHost
        ? await hooks.resolveHost(bare)
        : (await dnsLookup(bare, { all: true, order: "verbatim" })).map((a) => a.address);
    } catch {
      throw new FetchFailure(`host ${bare} not found`, "unreachable");
    }
    if (addresses.length === 0) throw new FetchFailure(`host ${bare} not found`, "unreachable");
  }
  if (!allowPrivateNetwork) {
    const blocked = hooks.blockedAddress ?? blockedAddressReason;
    for (const address of addresses) {
      const reason = blocked(address);
      if (reason)
        throw new FetchFailure(`refused: ${address} is ${reason} (use --allow-private-network)`, "refused");
    }
  }
  return addresses.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));
}

interface Address {
  address: string;
  family: 4 | 6;
}

type Answer = { kind: "body"; bytes: Uint8Array } | { kind: "redirect"; location: string };

function request(target: URL, connectTo: Address[], maxBytes: number, signal: AbortSignal): Promise<Answer> {
  // Node asks with `all: true` when it tries several addresses in turn (autoSelectFamily, the
  // default): every checked address; otherwise the first.
  const lookup = ((_host, options, callback) => {
    const [first] = connectTo;
    if (options.all) callback(null, connectTo);
    else if (first) callback(null, first.address, first.family);
  }) as LookupFunction;
  const client = target.protocol === "https:" ? https : http;
  return new Promise<Answer>((resolve, reject) => {
    const req = client.get(target, {
      lookup,
      agent: false,
      signal,
      headers: { accept: "image/*", "accept-encoding": "identity", "user-agent": "Wanderplate-import" },
    });
    req.on("error", (error) => reject(error instanceof FetchFailure ? error : networkFailure(error)));
    req.on("response", (res) => {
      const status = res.statusCode ?? 0;
      // Settle first: destroying the response makes it report an abort of its own.
      const fail = (failure: FetchFailure) => {
        reject(failure);
        res.destroy();
        req.destroy();
      };
      if (REDIRECTS.has(status)) {
        const location = res.headers.location;
        res.resume();
        if (!location) return fail(new FetchFailure(`HTTP ${status} without a new address`, "response"));
        return resolve({ kind: "redirect", location });
      }
      if (status < 200 || status > 299) return fail(new FetchFailure(`HTTP ${status}`, "response"));
      const notImage = clearlyNotImage(res.headers["content-type"]);
      if (notImage) return fail(new FetchFailure(`not an image (${notImage})`, "response"));
      const tooLarge = new FetchFailure(`larger than ${formatBytes(maxBytes)}`, "response");
      if (Number(res.headers["content-length"] ?? 0) > maxBytes) return fail(tooLarge);
      const chunks: Buffer[] = [];
      let received = 0;
      res.on("data", (chunk: Buffer) => {
        received += chunk.byteLength;
        if (received > maxBytes) return fail(tooLarge);
        chunks.push(chunk);
      });
      res.on("error", (error) => reject(networkFailure(error)));
      res.on("aborted", () =>
        reject(new FetchFailure("the server stopped sending the image", "unreachable")),
      );
      res.on("end", () => {
        if (res.complete) resolve({ kind: "body", bytes: new Uint8Array(Buffer.concat(chunks)) });
        else reject(new FetchFailure("the server stopped sending the image", "unreachable"));
      });
    });
  });
}

/** A socket or TLS error as a blogger reads it. */
function networkFailure(error: unknown): FetchFailure {
  const code = (error as { code?: string }).code ?? "";
  if (code === "ECONNREFUSED")
    return new FetchFailure("could not connect (connection refused)", "unreachable");
  if (code === "ECONNRESET") return new FetchFailure("the server closed the connection", "unreachable");
  if (code === "EHOSTUNREACH" || code === "ENETUNREACH")
    return new FetchFailure("could not connect (host unreachable)", "unreachable");
  if (code.startsWith("ERR_TLS") || /CERT|SSL/.test(code))
    return new FetchFailure(`secure connection failed (${code})`, "unreachable");
  return new FetchFailure(`could not download (${describeError(error)})`, "unreachable");
}

function describeError(error: unknown): string {
  const code = (error as { code?: string }).code;
  if (code) return code;
  return error instanceof Error ? error.message : String(error);
}
