import { data, redirect, useActionData, useLoaderData } from "react-router";
import { errorPageTitle } from "#app/components/error-page.tsx";
import { servingsFromQuery } from "#app/components/recipe-card.tsx";
import { RecipeArticle } from "#app/components/recipe-page.tsx";
import { RecipeRatings } from "#app/components/recipe-ratings.tsx";
import { RouteErrorBoundary } from "#app/components/route-error-boundary.tsx";
import { imageSources } from "#app/lib/images.ts";
import { pageMeta, siteNameOf } from "#app/lib/meta.ts";
import { aggregateRatingJsonLd } from "#app/lib/ratings.ts";
import { recipeJsonLd } from "#app/lib/recipe-json-ld.ts";
import { servingsParameter } from "#app/lib/scale.ts";
import { pageTitle } from "#app/lib/site.ts";
import { publicCache } from "#app/server/cache/public-cache.server.ts";
import { type DB, getDb } from "#app/server/db/db.server.ts";
import { movedRecipePath } from "#app/server/http/moved-recipe.server.ts";
import { siteOrigin } from "#app/server/http/origin.server.ts";
import { rateRecipeAction, ratingFlagParameter } from "#app/server/http/rating-action.server.ts";
import { requestInfoContext } from "#app/server/http/request-context.server.ts";
import { approvedReviews, ratingSummaryOf } from "#app/server/models/ratings.server.ts";
import { findRecipeBySlug } from "#app/server/models/recipes.server.ts";
import type { Route } from "./+types/$slug";

/**
 * The answer is the same for every visitor: shared from the response cache, one copy per
 * servings asked for (`?servings=` from 1 to 100; anything else is the recipe as written) and per
 * rating flag (the answer to a rating just sent).
 */
export const middleware: Route.MiddlewareFunction[] = [
  publicCache({ query: { servings: servingsParameter, rating: ratingFlagParameter } }),
];

async function loadRecipe(db: DB, slug: string, request: Request) {
  const found = await findRecipeBySlug(db, slug);
  if (!found) throw data(null, { status: 404 });
  // An old slug of a renamed recipe keeps working (a permanent redirect, servings kept).
  if ("redirectTo" in found) throw redirect(movedRecipePath(found.redirectTo, request), 301);
  return { recipe: found.recipe };
}

export async function loader({ params, request }: Route.LoaderArgs) {
  // Side by side, the ratings by the slug: on PostgreSQL one wait instead of two. A slug that is
  // not a published recipe's (a 404, an old slug's redirect) finds no ratings, unused.
  const db = await getDb();
  const [{ recipe }, ratings, reviews] = await Promise.all([
    loadRecipe(db, params.slug, request),
    ratingSummaryOf(db, { slug: params.slug }),
    approvedReviews(db, { slug: params.slug }),
  ]);
  const origin = siteOrigin(request);
  const image = imageSources(recipe.image, 1600)?.src;
  return {
    recipe,
    ratings,
    reviews,
    servings: servingsFromQuery(new URL(request.url).searchParams.get("servings"), recipe.servings),
    url: `${origin}/recipes/${recipe.slug}`,
    imageUrl: image ? new URL(image, origin).href : undefined,
  };
}

/** A reader's rating, from this page or from a blog showing the recipe's card. */
export async function action({ params, request, context }: Route.ActionArgs) {
  const db = await getDb();
  const { recipe } = await loadRecipe(db, params.slug, request);
  return rateRecipeAction(request, { db, recipe, ip: context.get(requestInfoContext).ip });
}

export const meta: Route.MetaFunction = ({ loaderData, matches, error }) => {
  if (!loaderData) return [{ title: pageTitle(errorPageTitle(error), siteNameOf(matches)) }];
  const { recipe, ratings, url, imageUrl } = loaderData;
  return [
    ...pageMeta({
      title: pageTitle(recipe.title, siteNameOf(matches)),
      description: recipe.short,
      url,
      image: imageUrl,
      type: "article",
    }),
    {
      "script:ld+json": {
        ...recipeJsonLd(recipe, { url, imageUrl, siteName: siteNameOf(matches) }),
        ...aggregateRatingJsonLd(ratings),
      },
    },
  ];
};

export default function RecipeDetail() {
  const { recipe, servings, ratings, reviews } = useLoaderData<typeof loader>();
  const refusal = useActionData<typeof action>();
  return (
    <RecipeArticle recipe={recipe} servings={servings} ratings={ratings}>
      <RecipeRatings recipe={recipe} summary={ratings} reviews={reviews} pageRefusal={refusal} />
    </RecipeArticle>
  );
}

export { RouteErrorBoundary as ErrorBoundary };
