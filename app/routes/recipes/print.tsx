import { data, redirect, useLoaderData } from "react-router";
import { errorPageTitle } from "#app/components/error-page.tsx";
import { ContentImage } from "#app/components/images.tsx";
import { RecipeCard, servingsFromQuery } from "#app/components/recipe-card.tsx";
import { RouteErrorBoundary } from "#app/components/route-error-boundary.tsx";
import { servingsParameter } from "#app/lib/scale.ts";
import { pageTitle } from "#app/lib/site.ts";
import { flagParameter, publicCache } from "#app/server/cache/public-cache.server.ts";
import { getDb } from "#app/server/db/db.server.ts";
import { movedRecipePath } from "#app/server/http/moved-recipe.server.ts";
import { siteOrigin } from "#app/server/http/origin.server.ts";
import { findRecipeBySlug } from "#app/server/models/recipes.server.ts";
import { getSiteInfo } from "#app/server/models/settings.server.ts";
import type { Route } from "./+types/print";

/**
 * /recipes/{slug}/print: the recipe card alone, for paper (no header, footer, controls or image;
 * `?images=1` adds the image), at the servings asked for. Shared from the response cache like
 * the recipe page; never indexed (the recipe page is the one to find).
 */
export const middleware: Route.MiddlewareFunction[] = [
  publicCache({ query: { images: flagParameter("1"), servings: servingsParameter } }),
];

export async function loader({ params, request }: Route.LoaderArgs) {
  const db = await getDb();
  const found = await findRecipeBySlug(db, params.slug);
  if (!found) throw data(null, { status: 404 });
  if ("redirectTo" in found) throw redirect(movedRecipePath(found.redirectTo, request, "/print"), 301);
  const { recipe } = found;
  const query = new URL(request.url).searchParams;
  return {
    recipe,
    servings: servingsFromQuery(query.get("servings"), recipe.servings),
    images: query.get("images") === "1",
    siteName: (await getSiteInfo(db)).name,
    url: `${siteOrigin(request)}/recipes/${recipe.slug}`,
  };
}

export const meta: Route.MetaFunction = ({ loaderData, error }) => {
  if (!loaderData)
    return [{ title: pageTitle(errorPageTitle(error)) }, { name: "robots", content: "noindex" }];
  return [
    { title: pageTitle(`Print: ${loaderData.recipe.title}`, loaderData.siteName) },
    { name: "robots", content: "noindex" },
    { tagName: "link", rel: "canonical", href: loaderData.url },
  ];
};

export default function PrintRecipe() {
  const { recipe, servings, images, siteName, url } = useLoaderData<typeof loader>();
  return (
    <main className="mx-auto max-w-4xl px-4 py-8 sm:px-6 print:max-w-none print:p-0">
      <p className="mb-4 text-sm text-ink-700 print:hidden">
        <a href={`/recipes/${recipe.slug}`} className="font-semibold text-sea-700 hover:text-sea-800">
          ← Back to the recipe
        </a>{" "}
        · Use your browser's Print command to print this card.
      </p>
      {images && (
        <ContentImage
          image={recipe.image}
          alt={recipe.imageAlt}
          width={1200}
          height={900}
          sizes="(min-width: 896px) 896px, 100vw"
          className="mb-6 aspect-[16/9] w-full rounded-2xl object-cover"
        />
      )}
      <RecipeCard recipe={recipe} servings={servings} printing />
      <p className="mt-6 text-sm text-ink-700">
        {siteName} · {url}
      </p>
    </main>
  );
}

export { RouteErrorBoundary as ErrorBoundary };
