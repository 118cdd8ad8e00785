import { publicCache } from "#app/server/cache/public-cache.server.ts";
import { siteOrigin } from "#app/server/http/origin.server.ts";
import type { Route } from "./+types/robots.txt";

/** The answer is the same for every visitor: shared from the response cache. */
export const middleware: Route.MiddlewareFunction[] = [publicCache()];

export function loader({ request }: Route.LoaderArgs) {
  const text = `User-agent: *\nAllow: /\nDisallow: /admin\nDisallow: /favorites\nDisallow: /signup\n\nSitemap: ${siteOrigin(request)}/sitemap.xml\n`;
  return new Response(text, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
