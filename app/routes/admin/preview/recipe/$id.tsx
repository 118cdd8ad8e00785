import { data, useLoaderData } from "react-router";
import { PreviewErrorBoundary, PreviewPage } from "#app/components/preview-banner.tsx";
import { servingsFromQuery } from "#app/components/recipe-card.tsx";
import { RecipeArticle } from "#app/components/recipe-page.tsx";
import { imageSources } from "#app/lib/images.ts";
import { pageMeta, siteNameOf } from "#app/lib/meta.ts";
import { pageTitle } from "#app/lib/site.ts";
import { requireAdminRequest } from "#app/server/auth/admin-guard.server.ts";
import {
  type Posted,
  PREVIEW_HEADERS,
  postedPreviewContext,
  postedStatus,
  previewTarget,
  type RecipePreview,
  recipePreviewFromForm,
} from "#app/server/editing/preview.server.ts";
import { siteOrigin } from "#app/server/http/origin.server.ts";
import { findRecipeById } from "#app/server/models/recipes.server.ts";
import type { Route } from "./+types/$id";

/**
 * /admin/preview/recipe/{id}: a recipe's public page for an admin, read by id (drafts and
 * scheduled recipes included). GET shows the saved recipe; a POST of the Add Recipe form (`new`)
 * or the edit form shows its unsaved values and writes nothing. Inside the public layout, with a
 * Preview bar; never cached, never indexed.
 */

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { db } = await requireAdminRequest(request, "staff");
  const target = previewTarget(params.id);
  const posted = context.get(postedPreviewContext) as Posted<RecipePreview> | null;
  const back =
    typeof target === "number"
      ? { url: `/admin/manage-recipe/edit?id=${target}`, label: "Back to the editor" }
      : { url: "/admin/manage-recipe", label: "Back to Recipes" };
  // The Servings control comes back here (a draft has no public page to scale on).
  const url = new URL(request.url);
  const here = { at: `${url.pathname}${url.search}`, servings: url.searchParams.get("servings") };
  if (posted) return { posted, saved: null, back, here, origin: siteOrigin(request) };
  // Nothing is saved under "new": only a posted Add Recipe form has something to show.
  const saved = typeof target === "number" ? await findRecipeById(db, target) : null;
  if (!saved) throw data(null, { status: 404 });
  return { posted: null, saved, back, here, origin: siteOrigin(request) };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { db } = await requireAdminRequest(request, "staff");
  const target = previewTarget(params.id);
  const current = typeof target === "number" ? await findRecipeById(db, target) : null;
  if (target === null || (target !== "new" && !current)) throw data(null, { status: 404 });
  const posted = await recipePreviewFromForm(request, current);
  context.set(postedPreviewContext, posted);
  return postedStatus(posted);
}

export const headers: Route.HeadersFunction = () => PREVIEW_HEADERS;

const NOINDEX = { name: "robots", content: "noindex" };

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const recipe = loaderData?.posted?.ok ? loaderData.posted.item : loaderData?.saved;
  if (!loaderData || !recipe) return [{ title: pageTitle("Preview", siteNameOf(matches)) }, NOINDEX];
  const image = imageSources(recipe.image, 1600)?.src;
  return [
    ...pageMeta({
      title: pageTitle(recipe.title, siteNameOf(matches)),
      description: recipe.short,
      url: `${loaderData.origin}/recipes/${recipe.slug}`,
      image: image ? new URL(image, loaderData.origin).href : undefined,
      type: "article",
    }),
    NOINDEX,
  ];
};

export default function RecipePreviewPage() {
  const { posted, saved, back, here } = useLoaderData<typeof loader>();
  const recipe = posted?.ok ? posted.item : saved;
  return (
    <PreviewPage posted={posted} back={back}>
      {recipe && (
        <RecipeArticle
          recipe={recipe}
          servings={servingsFromQuery(here.servings, recipe.servings)}
          at={here.at}
        />
      )}
    </PreviewPage>
  );
}

export { PreviewErrorBoundary as ErrorBoundary };
