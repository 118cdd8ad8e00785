import { data, redirect, useLoaderData } from "react-router";
import { servingsFromQuery } from "#app/components/recipe-card.tsx";
import { RecipeArticle } from "#app/components/recipe-page.tsx";
import { RouteErrorBoundary } from "#app/components/route-error-boundary.tsx";
import { imageSources } from "#app/lib/images.ts";
import { pageMeta, siteNameOf } from "#app/lib/meta.ts";
import { recipeJsonLd } from "#app/lib/recipe-json-ld.ts";
import { servingsParameter } from "#app/lib/scale.ts";
import { pageTitle } from "#app/lib/site.ts";
import { publicCache } from "#app/server/cache/public-cache.server.ts";
import { getDb } from "#app/server/db/db.server.ts";
import { movedRecipePath } from "#app/server/http/moved-recipe.server.ts";
import { siteOrigin } from "#app/server/http/origin.server.ts";
import { findRecipeBySlug } from "#app/server/models/recipes.server.ts";
import type { Route } from "./+types/$slug";

/**
 * The answer is the same for every visitor: shared from the response cache, one copy per
 * servings asked for (`?servings=` from 1 to 100; anything else is the recipe as written).
 */
export const middleware: Route.MiddlewareFunction[] = [
  publicCache({ query: { servings: servingsParameter } }),
];

export async function loader({ params, request }: Route.LoaderArgs) {
  const found = await findRecipeBySlug(await getDb(), params.slug);
  if (!found) throw data(null, { status: 404 });
  // An old slug of a renamed recipe keeps working (a permanent redirect, servings kept).
  if ("redirectTo" in found) throw redirect(movedRecipePath(found.redirectTo, request), 301);
  const { recipe } = found;
  const origin = siteOrigin(request);
  const image = imageSources(recipe.image, 1600)?.src;
  return {
    recipe,
    servings: servingsFromQuery(new URL(request.url).searchParams.get("servings"), recipe.servings),
    url: `${origin}/recipes/${recipe.slug}`,
    imageUrl: image ? new URL(image, origin).href : undefined,
  };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData) return [{ title: pageTitle("Page not found", siteNameOf(matches)) }];
  const { recipe, url, imageUrl } = loaderData;
  return [
    ...pageMeta({
      title: pageTitle(recipe.title, siteNameOf(matches)),
      description: recipe.short,
      url,
      image: imageUrl,
      type: "article",
    }),
    { "script:ld+json": recipeJsonLd(recipe, { url, imageUrl, siteName: siteNameOf(matches) }) },
  ];
};

export default function RecipeDetail() {
  const { recipe, servings } = useLoaderData<typeof loader>();
  return <RecipeArticle recipe={recipe} servings={servings} />;
}

export { RouteErrorBoundary as ErrorBoundary };
