import { useLoaderData } from "react-router";
import { RecipeCard } from "#app/components/cards.tsx";
import { PageHero } from "#app/components/page-hero.tsx";
import { useSiteWords } from "#app/components/public-layout-data.ts";
import { SearchBox } from "#app/components/search-box.tsx";
import { pageMeta, siteNameOf } from "#app/lib/meta.ts";
import { pageTitle } from "#app/lib/site.ts";
import { publicCache } from "#app/server/cache/public-cache.server.ts";
import { getDb } from "#app/server/db/db.server.ts";
import { siteOrigin } from "#app/server/http/origin.server.ts";
import { listRecipeCards } from "#app/server/models/recipes.server.ts";
import type { Route } from "./+types/index";

/** The answer is the same for every visitor: shared from the response cache. */
export const middleware: Route.MiddlewareFunction[] = [publicCache()];

export async function loader({ request }: Route.LoaderArgs) {
  return {
    recipes: await listRecipeCards(await getDb(), 48),
    url: `${siteOrigin(request)}/recipes`,
  };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  pageMeta({
    title: pageTitle("Recipes", siteNameOf(matches)),
    description:
      "Recipes we brought home from our travels, with steps, ingredients and nutrition per serving.",
    url: loaderData?.url,
  });

export default function Recipes() {
  const { recipes } = useLoaderData<typeof loader>();
  const words = useSiteWords().pages.recipes;
  return (
    <>
      <PageHero title={words.heading} eyebrow={words.eyebrow}>
        {words.intro}
        <SearchBox tone="dark" className="mt-6" />
      </PageHero>
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
        {recipes.length === 0 ? (
          <p className="rounded-2xl bg-white p-10 text-center text-lg text-ink-700 ring-1 ring-ink-900/5">
            No recipes yet. Check back soon.
          </p>
        ) : (
          <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {recipes.map((r) => (
              <RecipeCard key={r.id} recipe={r} headingLevel={2} />
            ))}
          </div>
        )}
      </div>
    </>
  );
}
