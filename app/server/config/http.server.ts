/**
 * The configuration of the HTTP server: where it listens, its public origin, which proxies it
 * trusts, the form rate limit, the response cache, and the build it serves in which mode.
 *
 * Node runs this file directly (see config.server.ts), so it keeps to type syntax Node can strip.
 */
import ipaddr from "ipaddr.js";
import { z } from "zod";
import { blankIsUnset, isAddress, onOff, variable, wholeNumber } from "#app/server/config/rules.server.ts";

const HOST_NAME =
  /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/i;

/** The names Express (proxy-addr) gives to address ranges. */
const PROXY_RANGE_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);

/** `10.0.0.1`, `10.0.0.0/8`, `10.0.0.0/255.0.0.0`, `fd00::/8`, or one of the range names. */
function isProxyEntry(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = "", bits, ...rest] = entry.split("/");
  if (rest.length > 0 || !isAddress(address)) return false;
  if (bits === undefined) return true;
  const v4 = ipaddr.IPv4.isValidFourPartDecimal(address);
  if (v4 && ipaddr.IPv4.isValidFourPartDecimal(bits)) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (v4 ? 32 : 128);
}

/**
 * Express's `trust proxy` setting: `true` (every proxy), `false` (none), a number of hops, or a
 * comma-separated list of addresses and ranges. Express reads any string as a list, so `true`,
 * `false` and numbers are handed to it as the boolean or number they mean.
 */
const trustProxy = blankIsUnset(
  z
    .string()
    .trim()
    .refine(
      (text) =>
        /^(true|false|\d+)$/.test(text) || text.split(",").every((entry) => isProxyEntry(entry.trim())),
      "must be true, false, a number of proxies, or a comma-separated list of addresses, ranges " +
        "(10.0.0.0/8) and the names loopback, linklocal, uniquelocal",
    )
    .transform((text): boolean | number | string => {
      if (text === "true" || text === "false") return text === "true";
      return /^\d+$/.test(text) ? Number(text) : text;
    })
    .default("loopback"),
);

export const HTTP_VARIABLES = {
  PORT: variable({
    schema: wholeNumber({ min: 1, max: 65535, fallback: 3000 }),
    meaning: "the port the server listens on",
  }),
  HOST: variable({
    schema: blankIsUnset(
      z
        .string()
        .trim()
        .refine((host) => isAddress(host) || HOST_NAME.test(host), "must be an IP address or a host name")
        .default("0.0.0.0"),
    ),
    meaning:
      "the address the server listens on; `127.0.0.1` keeps it to this machine (behind a reverse proxy)",
  }),
  PUBLIC_URL: variable({
    // Only the origin counts: canonical URLs, feeds and the Origin check are built from it.
    schema: blankIsUnset(
      z
        .url({
          protocol: /^https?$/,
          error: "must be an http:// or https:// URL, such as https://blog.example.com",
        })
        .transform((url) => new URL(url).origin)
        .optional(),
    ),
    unset: "taken from each request's Host",
    meaning:
      "public origin for canonical URLs, the feed and the sitemap, e.g. `https://blog.example.com`; form " +
      "posts from it are accepted as same-origin; an `https://` one also turns on HSTS",
  }),
  TRUST_PROXY: variable({
    schema: trustProxy,
    meaning:
      "which proxies' `X-Forwarded-*` headers to trust (Express `trust proxy` syntax: `true`, `false`, " +
      "a number of hops, or addresses, ranges and `loopback`, comma-separated)",
  }),
  FORM_RATE_LIMIT: variable({
    schema: wholeNumber({ min: 1, max: 1_000_000_000, fallback: 5 }),
    meaning: "comment, contact and sign-up posts allowed per IP and form in 10 minutes",
  }),
  BODY_TIMEOUT_MS: variable({
    schema: wholeNumber({ min: 1000, max: 600_000, unit: "milliseconds", fallback: 30_000 }),
    meaning:
      "how often a request body still arriving is checked: one that brought less than 1 KB a second " +
      "over that time is answered 408 and its connection closed, so slow senders cannot hold " +
      "connections open (a slow but steady upload goes on)",
  }),
  CDN_PURGE_URL: variable({
    schema: blankIsUnset(
      z.url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" }).optional(),
    ),
    unset: "no purge: a CDN keeps a changed page up to 90 s (`s-maxage=60, stale-while-revalidate=30`)",
    meaning:
      "a CDN's purge endpoint, POSTed the changed pages' URLs when public content changes, in " +
      'Cloudflare\'s `purge_cache` shape (`{"files": […]}`, or `{"purge_everything": true}`); needs ' +
      "`PUBLIC_URL`. See Running behind a CDN",
  }),
  CDN_PURGE_HEADER: variable({
    schema: blankIsUnset(
      z
        .string()
        .trim()
        .regex(/^[A-Za-z0-9-]+: ?\S.*$/, "must be one header line, `Name: value`")
        .optional(),
    ),
    secret: true,
    unset: "none",
    meaning:
      "the header sent with each purge, e.g. `Authorization: Bearer <API token>` (Cloudflare) or " +
      "`Fastly-Key: <API token>`",
  }),
  RESPONSE_CACHE: variable({
    schema: onOff(true),
    meaning:
      "`false` renders every public request instead of serving unchanged pages from memory (for " +
      "measuring; see Performance)",
  }),
  BUILD_DIR: variable({
    schema: blankIsUnset(z.string().trim().default("build")),
    meaning:
      "the build folder, relative to the project: `npm run build` writes it and the server serves it " +
      "(lets test runs build side by side)",
  }),
  NODE_ENV: variable({
    schema: blankIsUnset(
      z
        .enum(["production", "development", "test"], { error: "must be production, development or test" })
        .default("production"),
    ),
    meaning:
      "`development` serves the app through Vite with hot reload (`npm run dev` sets it); `npm start` " +
      "and `npm run serve` set `production`",
  }),
};
