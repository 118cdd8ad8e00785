import { getConfig } from "#app/server/config.server.ts";

/**
 * An Origin header as a browser writes it: http(s), a host and maybe a port, nothing else. A
 * browser never puts userinfo, a path or a query there, and sends `null` for file: pages.
 */
function parseOrigin(value: string): URL | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;
  if (url.username || url.password || url.pathname !== "/" || url.search || url.hash) return null;
  return url;
}

/**
 * Whether a request's Origin header names this site: its own host, or PUBLIC_URL when set.
 * Default ports compare equal to none. On its own host an http Origin is refused for an https
 * request (a page anyone on the network could write), while an https Origin is accepted for an
 * http request: that is the site itself behind a TLS proxy that does not forward the scheme.
 */
export function isSameOrigin(
  origin: string,
  host: string | undefined,
  protocol: string,
  publicUrl?: string,
): boolean {
  const o = parseOrigin(origin);
  if (!o) return false;
  if (host && !(o.protocol === "http:" && protocol === "https")) {
    let own: URL | null = null;
    try {
      own = new URL(`${o.protocol}//${host}`);
    } catch {
      // A Host header that is no host cannot match.
    }
    if (own?.host === o.host) return true;
  }
  if (!publicUrl) return false;
  try {
    return new URL(publicUrl).origin === o.origin;
  } catch {
    return false;
  }
}

/** The site's public origin: PUBLIC_URL when set (checked at start), otherwise the request's own. */
export function siteOrigin(request: Request): string {
  return getConfig().PUBLIC_URL ?? new URL(request.url).origin;
}
