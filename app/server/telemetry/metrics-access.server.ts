import { createHash, timingSafeEqual } from "node:crypto";
import type { IncomingHttpHeaders } from "node:http";
import ipaddr from "ipaddr.js";

function isLoopbackAddress(text: string | undefined): boolean {
  if (!text) return false;
  try {
    return ipaddr.process(text.trim()).range() === "loopback";
  } catch {
    return false;
  }
}

/**
 * Whether the client is on this machine: its address (after the `trust proxy` rules) is loopback,
 * and no forwarding header names anyone else. The second part matters behind a proxy on the same
 * machine that is not trusted (TRUST_PROXY=false): every request then arrives from 127.0.0.1, and
 * only the forwarding headers tell that the client is elsewhere.
 */
export function isLocalClient(ip: string | undefined, headers: IncomingHttpHeaders): boolean {
  if (!isLoopbackAddress(ip)) return false;
  if (headers.forwarded !== undefined) return false;
  const forwardedFor = headers["x-forwarded-for"];
  if (forwardedFor !== undefined) {
    const hops = (Array.isArray(forwardedFor) ? forwardedFor.join(",") : forwardedFor).split(",");
    if (!hops.every(isLoopbackAddress)) return false;
  }
  const realIp = headers["x-real-ip"];
  return realIp === undefined || (typeof realIp === "string" && isLoopbackAddress(realIp));
}

/** Equal secrets, compared in constant time (hashing first makes the lengths equal too). */
export function sameSecret(given: string, expected: string): boolean {
  const digest = (text: string) => createHash("sha256").update(text).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/**
 * Who may read /metrics. A request that presents a bearer token is judged by the token alone (a
 * wrong one is refused even from this machine); otherwise only a local client may.
 */
export function mayReadMetrics({
  ip,
  headers,
  token,
}: {
  ip: string | undefined;
  headers: IncomingHttpHeaders;
  token: string | undefined;
}): boolean {
  const authorization = headers.authorization;
  if (authorization !== undefined) {
    const given = /^Bearer +(\S+) *$/i.exec(authorization)?.[1];
    return token !== undefined && given !== undefined && sameSecret(given, token);
  }
  return isLocalClient(ip, headers);
}
