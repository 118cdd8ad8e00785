import { hash } from "node:crypto";
import { createRequire } from "node:module";
import Bowser from "bowser";
import { isbot } from "isbot";
import { clientAddressKey } from "#app/lib/client-address.ts";
import type { TrustProxy } from "#app/server/telemetry/http.server.ts";
import { MmdbFile } from "./country-database.server.ts";
import type { PendingView } from "./page-views.server.ts";

/**
 * What a page view is recorded as, worked out from what the request left (page-views.server.ts),
 * off the request path: the page's path, the referring site, the campaign, the browser and device
 * families, the country, and the day's visitor id. Nothing here keeps an address or a user agent.
 */

/** Longest path, referrer host or campaign value stored; longer ones are cut (a flood stays small). */
const PATH_MAX = 300;
const TEXT_MAX = 100;

/**
 * The client's address as Express reads it: from the connection inward through X-Forwarded-For,
 * the first hop not trusted (proxy-addr's rule).
 */
export function clientAddress(remote: string, forwardedFor: string, trust: TrustProxy): string {
  if (!forwardedFor || !trust(remote, 0)) return remote;
  const hops = forwardedFor
    .split(",")
    .map((a) => a.trim())
    .reverse();
  for (let i = 0; i < hops.length; i++) {
    const hop = hops[i] ?? "";
    if (i === hops.length - 1 || !trust(hop, i + 1)) return hop;
  }
  return remote;
}

/**
 * The visitor id: a hash of the day's salt, the site, the client (an IPv6 /64 is one client, as
 * the login throttle counts it) and the user agent, cut to 16 hex digits. The same reader is one
 * visitor for a day; with the next day's salt, a stranger.
 */
export function visitorId(salt: string, host: string, address: string, userAgent: string): string {
  // One-shot hash(): a quarter of createHash's cost, which a reader new to the day pays in full.
  return hash("sha256", `${salt}\n${host.toLowerCase()}\n${clientAddressKey(address)}\n${userAgent}`).slice(
    0,
    16,
  );
}

/** Plain, short text: control characters and markup's angle brackets gone, trimmed, cut. */
function plain(value: string | null, max = TEXT_MAX): string {
  if (!value) return "";
  return value
    .replace(/[\p{Cc}\p{Cf}<>]/gu, "")
    .trim()
    .slice(0, max);
}

/**
 * The page a view is of: its path without a client navigation's `.data`, no trailing slash, in
 * lower case (routes match any case: /ABOUT is the About page, and the site's paths are lower case).
 */
export function pagePath(pathname: string): string {
  let path = pathname.toLowerCase();
  if (path === "/_root.data") return "/";
  if (path.endsWith(".data")) path = path.slice(0, -".data".length);
  if (path.length > 1 && path.endsWith("/")) path = path.slice(0, -1);
  return plain(path, PATH_MAX) || "/";
}

/** The referring site's host, without `www.`; "" for none, a non-web address, or this site itself. */
export function referrerHost(referer: string, host: string): string {
  if (!referer) return "";
  let url: URL;
  try {
    url = new URL(referer);
  } catch {
    return "";
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return "";
  if (url.host.toLowerCase() === host.toLowerCase()) return "";
  return plain(url.hostname.toLowerCase().replace(/^www\./, ""));
}

/**
 * Remembered answers, each bounded (emptied when full): readers come back, and a view's work is
 * mostly the same few user agents and addresses again (DESIGN §7 counts this CPU per answer).
 */
function remembered<V>(max: number, work: (key: string) => V): (key: string) => V {
  const known = new Map<string, V>();
  return (key) => {
    const hit = known.get(key);
    if (hit !== undefined) return hit;
    const value = work(key);
    if (known.size >= max) known.clear();
    known.set(key, value);
    return value;
  };
}

/** Browser and device families, from a user agent (bowser). */
export const familiesOf = remembered(1000, (userAgent): { browser: string; device: string } => {
  const parsed = Bowser.parse(userAgent);
  const type = parsed.platform.type;
  return {
    browser: plain(parsed.browser.name ?? "") || "Other",
    device: type === "desktop" || type === "mobile" || type === "tablet" ? type : "other",
  };
});

/** Whether a user agent is a bot's (isbot), or none at all. */
const isBotAgent = remembered(1000, (userAgent) => !userAgent || isbot(userAgent));

/**
 * The country database (ip-location-db's geo-whois-asn-country, CC BY 4.0 by NRO), opened on first
 * use and searched on disk (its 7.8 MB stay out of memory).
 */
let countries: MmdbFile | null = null;

export const countryOf = remembered(5000, (address): string => {
  try {
    if (!countries) {
      const require = createRequire(import.meta.url);
      const file = require.resolve("@ip-location-db/geo-whois-asn-country-mmdb/geo-whois-asn-country.mmdb");
      countries = MmdbFile.open(file);
    }
    // This database's records are `{ country_code }` only.
    const record = countries.get(address) as { country_code?: string } | null;
    const code = record?.country_code ?? "";
    return /^[A-Z]{2}$/.test(code) ? code : "";
  } catch {
    // Not an address the database reads (or no database): no country.
    return "";
  }
});

/** A page view as stored (analytics_hits), or null for a bot. */
export interface RecordedView {
  at: number;
  day: string;
  path: string;
  visitor: string;
  referrer: string;
  source: string;
  medium: string;
  campaign: string;
  country: string;
  browser: string;
  device: string;
}

const NO_PARAMS = new URLSearchParams();

export function recordedView(
  view: PendingView,
  { salt, day, trust }: { salt: string; day: string; trust: TrustProxy },
): RecordedView | null {
  if (isBotAgent(view.userAgent)) return null;
  // Most views have no query: their path is the target itself, with nothing to parse.
  const query = view.url.indexOf("?");
  let pathname = query === -1 ? view.url : view.url.slice(0, query);
  let params = NO_PARAMS;
  if (query !== -1 || !pathname.startsWith("/")) {
    try {
      const url = new URL(view.url, "http://localhost");
      pathname = url.pathname;
      params = url.searchParams;
    } catch {
      return null;
    }
  }
  const address = clientAddress(view.remote, view.forwardedFor, trust);
  return {
    at: Math.floor(view.at / 1000),
    day,
    path: pagePath(pathname),
    visitor: visitorId(salt, view.host, address, view.userAgent),
    referrer: referrerHost(view.referer, view.host),
    source: plain(params.get("utm_source")).toLowerCase(),
    medium: plain(params.get("utm_medium")).toLowerCase(),
    campaign: plain(params.get("utm_campaign")),
    country: countryOf(address),
    ...familiesOf(view.userAgent),
  };
}
