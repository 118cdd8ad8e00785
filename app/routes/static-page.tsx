import { useLoaderData } from "react-router";
import { PageHero } from "#app/components/page-hero.tsx";
import { type StaticPage, staticPages } from "#app/content/pages.ts";
import { pageMeta, siteNameOf } from "#app/lib/meta.ts";
import { FALLBACK_BRAND, pageTitle } from "#app/lib/site.ts";
import { publicCache } from "#app/server/cache/public-cache.server.ts";
import { getDb } from "#app/server/db/db.server.ts";
import { siteOrigin } from "#app/server/http/origin.server.ts";
import { getSiteInfo } from "#app/server/models/settings.server.ts";
import type { Route } from "./+types/static-page";

/** The answer is the same for every visitor: shared from the response cache. */
export const middleware: Route.MiddlewareFunction[] = [publicCache()];

/**
 * About, disclaimer, privacy policy and terms: one screen, the page picked by the route that
 * matched (`/about`), not by the URL as typed (`/ABOUT`, `/about.data` match it too).
 */
export async function loader({ request, pattern }: Route.LoaderArgs) {
  const slug = pattern.replace(/^\/+|\/+$/g, "") as StaticPage["slug"];
  const page = staticPages[slug];
  if (!page) throw new Response(null, { status: 404 });
  const siteName = (await getSiteInfo(await getDb())).name || FALLBACK_BRAND;
  const fill = (text: string) => text.replaceAll("{siteName}", siteName);
  return {
    page: {
      title: fill(page.title),
      description: fill(page.description),
      intro: fill(page.intro),
      sections: page.sections.map((s) => ({ heading: fill(s.heading), paragraphs: s.paragraphs.map(fill) })),
    },
    minHeight: slug === "about",
    url: `${siteOrigin(request)}/${slug}`,
  };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  loaderData
    ? pageMeta({
        title: pageTitle(loaderData.page.title, siteNameOf(matches)),
        description: loaderData.page.description,
        url: loaderData.url,
      })
    : [];

export default function StaticPageScreen() {
  const { page, minHeight } = useLoaderData<typeof loader>();
  return (
    <div className={minHeight ? "min-h-[60vh]" : undefined}>
      <PageHero title={page.title}>{page.intro}</PageHero>
      <div className="mx-auto max-w-3xl px-4 py-16 sm:px-6">
        <div className="prose-blog">
          {page.sections.map((section) => (
            <section key={section.heading}>
              <h2>{section.heading}</h2>
              {section.paragraphs.map((p, i) => (
                <p key={i} className="mt-4">
                  {p}
                </p>
              ))}
            </section>
          ))}
        </div>
      </div>
    </div>
  );
}
