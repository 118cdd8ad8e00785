import { data, useLoaderData } from "react-router";
import { RecipeArticle } from "#app/components/recipe-page.tsx";
import { RouteErrorBoundary } from "#app/components/route-error-boundary.tsx";
import { imageSources } from "#app/lib/images.ts";
import { pageMeta, siteNameOf } from "#app/lib/meta.ts";
import { pageTitle } from "#app/lib/site.ts";
import { publicCache } from "#app/server/cache/public-cache.server.ts";
import { getDb } from "#app/server/db/db.server.ts";
import { findRecipeBySlug } from "#app/server/models/recipes.server.ts";
import { siteOrigin } from "#app/server/web/origin.server.ts";
import type { Route } from "./+types/$slug";

/** The answer is the same for every visitor: shared from the response cache. */
export const middleware: Route.MiddlewareFunction[] = [publicCache()];

export async function loader({ params, request }: Route.LoaderArgs) {
  const recipe = await findRecipeBySlug(await getDb(), params.slug);
  if (!recipe) throw data(null, { status: 404 });
  const origin = siteOrigin(request);
  const image = imageSources(recipe.image, 1600)?.src;
  return {
    recipe,
    url: `${origin}/recipes/${recipe.slug}`,
    imageUrl: image ? new URL(image, origin).href : undefined,
  };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData) return [{ title: pageTitle("Page not found", siteNameOf(matches)) }];
  const { recipe, url, imageUrl } = loaderData;
  return pageMeta({
    title: pageTitle(recipe.title, siteNameOf(matches)),
    description: recipe.short,
    url,
    image: imageUrl,
    type: "article",
  });
};

export default function RecipeDetail() {
  const { recipe } = useLoaderData<typeof loader>();
  return <RecipeArticle recipe={recipe} />;
}

export { RouteErrorBoundary as ErrorBoundary };
