/** Whether a request's Origin header names this site: its own host, or PUBLIC_URL when set. */
export function isSameOrigin(
  origin: string,
  host: string | undefined,
  protocol: string,
  publicUrl?: string,
): boolean {
  let o: URL;
  try {
    o = new URL(origin);
  } catch {
    return false;
  }
  if (host && o.host === host) return true;
  if (publicUrl) {
    try {
      return new URL(publicUrl).origin === o.origin;
    } catch {
      return false;
    }
  }
  return host ? `${protocol}://${host}` === o.origin : false;
}
/** The site's public origin: PUBLIC_URL when set, otherwise the request's own (DESIGN §2). */
export function siteOrigin(request: Request): string {
  const configured = process.env.PUBLIC_URL;
  if (configured) {
    try {
      return new URL(configured).origin;
    } catch {
      // A malformed PUBLIC_URL falls back to the request's origin.
    }
  }
  return new URL(request.url).origin;
}
