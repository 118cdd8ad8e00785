/**
 * The site's Content-Security-Policy, one per response (server.ts sets it as the headers go out).
 *
 * Scripts: the page's own inline scripts carry its nonce (a cached copy allows them by hash
 * instead: cache-http.server.ts), and `'strict-dynamic'` lets a script so allowed load others:
 * the page's modules (paint-first.server.ts inserts them) and what the owner's injected code
 * inserts (lib/injected-code.server.ts). No `'unsafe-inline'`, no `'unsafe-eval'`. `'self'` stays for
 * browsers without `'strict-dynamic'`, which ignore it otherwise.
 *
 * The owner's **Allowed hosts** (Settings, code injection) are added where injected code needs
 * them: scripts (for browsers without `'strict-dynamic'`), connections and frames (an ad's
 * iframe, an analytics beacon). Only public pages get them: the admin's pages never run injected
 * code, so their policy never names an outside host.
 */

import { randomFillSync } from "node:crypto";

/** Bytes of randomness in a nonce (128 bits, base64: 24 characters). */
const NONCE_BYTES = 16;
/** Drawn from the system's generator 256 nonces at a time. */
const nonceBytes = Buffer.alloc(NONCE_BYTES * 256);
let nextNonceAt = nonceBytes.length;

/**
 * A new nonce for one response's scripts, from the system's cryptographic generator. Drawn in
 * batches: `randomBytes(16)` per request cost 5 µs (a call into OpenSSL and a new buffer each
 * time), a nonce from the batch 0.1 µs. Each batch's bytes are handed out once and never again.
 */
export function newNonce(): string {
  if (nextNonceAt + NONCE_BYTES > nonceBytes.length) {
    randomFillSync(nonceBytes);
    nextNonceAt = 0;
  }
  const nonce = nonceBytes.toString("base64", nextNonceAt, nextNonceAt + NONCE_BYTES);
  nextNonceAt += NONCE_BYTES;
  return nonce;
}

/** The owner's allowed hosts as CSP sources ("https://ads.example https://*.cdn.example"), or "". */
export type CspHosts = string;

/**
 * What one response's policy allows beyond the site's own: kept in `res.locals`, handed to the
 * loaders (request-context.server.ts), and read as the headers go out.
 */
export interface ResponseCsp {
  hosts: CspHosts;
}

/** The response's CSP record (made on first use). */
export function cspOf(locals: Record<string, unknown>): ResponseCsp {
  const csp = (locals.csp as ResponseCsp | undefined) ?? { hosts: "" };
  locals.csp = csp;
  return csp;
}

export function contentSecurityPolicy(nonce: string, hosts: CspHosts = ""): string {
  const extra = hosts ? ` ${hosts}` : "";
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${extra}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https: http:",
    `connect-src 'self'${extra}`,
    `frame-src 'self'${extra}`,
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join(";");
}
