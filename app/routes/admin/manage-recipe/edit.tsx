import { data, Form, Link, useNavigation } from "react-router";
import { Autosave } from "#app/components/admin/autosave.tsx";
import { PICKER_PAGE_PARAM } from "#app/components/admin/image-picker.tsx";
import { PreviewButton } from "#app/components/admin/preview-button.tsx";
import { PublishAtField, SaveDraftButton } from "#app/components/admin/publish-controls.tsx";
import { RecipeFields, recipeFormInitial } from "#app/components/admin/recipe-form.tsx";
import { useShowToast } from "#app/components/admin/toaster.tsx";
import { buttonSecondary, PageHeader } from "#app/components/admin/ui.tsx";
import { UnsavedChanges } from "#app/components/admin/unsaved-changes.tsx";
import { SubmitButton } from "#app/components/form.tsx";
import { recipeEditForm } from "#app/forms/admin-actions.ts";
import { idOf } from "#app/forms/common.ts";
import { PUBLICATION_MESSAGES } from "#app/forms/publication.fields.ts";
import { publicationState } from "#app/lib/publication.ts";
import { requireAdminRequest } from "#app/server/auth/admin-guard.server.ts";
import { nowSeconds } from "#app/server/db/db.server.ts";
import { recipeSubmission, refusedRecipeSave } from "#app/server/editing/recipe-submission.server.ts";
import { storeThenSave } from "#app/server/editing/store-then-save.server.ts";
import { adminActor } from "#app/server/http/actor.server.ts";
import { adminFail, adminWriteFailed } from "#app/server/http/admin-result.server.ts";
import { adminFormRefused, queryId, readForm } from "#app/server/http/forms.server.ts";
import { redirectWithToast } from "#app/server/http/toast.server.ts";
import { forgetAutosave, recipeDraftKey } from "#app/server/models/autosaves.server.ts";
import { findRecipeById, updateRecipe } from "#app/server/models/recipes.server.ts";
import { pickerPage } from "#app/server/models/uploads.server.ts";
import type { Route } from "./+types/edit";

const UPDATED = "Recipe updated!";
const UPDATE_FAILED = "Failed to update recipe.";
const NOT_FOUND = "Recipe not found.";

/** The recipe a request is about: the form's `id` when it posts one (a no-JS post), else the screen's `?id=`. */
function recipeIdOf(request: Request, form?: FormData): number | null {
  const posted = form?.get("id");
  return typeof posted === "string" && posted.trim() !== "" ? idOf(posted) : queryId(request, "id");
}

const withoutIntent = <T extends { intent: string }>({ intent: _, ...rest }: T) => rest;

export async function loader({ request }: Route.LoaderArgs) {
  const { db } = await requireAdminRequest(request, "staff");
  const id = recipeIdOf(request);
  const recipe = id === null ? null : await findRecipeById(db, id);
  if (!recipe) return data({ recipe: null, library: null }, { status: 404 });
  return {
    recipe,
    publication: { state: publicationState(recipe.publishAt, nowSeconds()), publishAt: recipe.publishAt },
    // The picker's Newer / Older links (?pickerPage=N) page here when JavaScript is off.
    library: await pickerPage(db, new URL(request.url).searchParams.get(PICKER_PAGE_PARAM)),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db, admin } = await requireAdminRequest(request, "staff");
  const read = await readForm(request, recipeEditForm);
  // The id is the form's (a no-JS post) or the screen's (?id=).
  const id = read.form ? recipeIdOf(request, read.form) : null;
  if (!read.ok && (!read.form || read.fieldErrors.intent)) return adminFormRefused(read);
  let current: Awaited<ReturnType<typeof findRecipeById>>;
  try {
    current = id === null ? null : await findRecipeById(db, id);
  } catch (error) {
    return adminWriteFailed(error, "Reading a recipe failed", UPDATE_FAILED);
  }
  if (id === null || !current) return adminFail(404, NOT_FOUND);

  const submission = recipeSubmission(read.ok ? { ...read, data: withoutIntent(read.data) } : read, {
    hasCurrentImage: current.image !== null,
    failure: UPDATE_FAILED,
  });
  if (!submission.ok) return submission.response;
  const { fields, choice, values, publication } = submission;
  const saved = await storeThenSave(
    choice,
    (image) =>
      updateRecipe(db, adminActor(admin, context), id, {
        ...fields,
        ...image,
        keepImage: choice.kind === "none",
        publishAt: publication.publishAt,
      }),
    "Updating a recipe",
  );
  if (!saved.ok) return refusedRecipeSave(saved, { failed: UPDATE_FAILED, notFound: NOT_FOUND }, values);
  await forgetAutosave(db, admin.accountId, recipeDraftKey(id));
  return redirectWithToast(
    request,
    "/admin/manage-recipe",
    "success",
    publication.draft ? PUBLICATION_MESSAGES.recipeDraftSaved : UPDATED,
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  {
    title: `${loaderData?.recipe ? `Edit ${loaderData.recipe.title}` : "Recipe not found"} | Admin | Wanderplate`,
  },
  { name: "robots", content: "noindex" },
];

export default function RecipeEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { recipe, library } = loaderData;
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" && navigation.formMethod?.toLowerCase() === "post";
  useShowToast(actionData?.toast);

  const back = (
    <Link to="/admin/manage-recipe" className={buttonSecondary}>
      Back to Recipes
    </Link>
  );

  if (!recipe) {
    return (
      <div>
        <PageHeader title="Edit Recipe">{back}</PageHeader>
        <p className="rounded-2xl bg-white p-10 text-center text-lg text-ink-700 ring-1 ring-ink-900/5">
          {NOT_FOUND}
        </p>
      </div>
    );
  }

  const failed = actionData && !actionData.ok ? actionData : undefined;
  return (
    <div className="max-w-3xl">
      <PageHeader title="Edit Recipe">{back}</PageHeader>
      <Form
        method="post"
        encType="multipart/form-data"
        noValidate
        className="space-y-6 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-ink-900/5 sm:p-8"
      >
        <input type="hidden" name="intent" value="update" />
        <input type="hidden" name="id" value={recipe.id} />
        <UnsavedChanges />
        <Autosave key={recipe.id} draft={`recipe:${recipe.id}`} />
        <RecipeFields
          key={recipe.id}
          idPrefix="edit-recipe"
          initial={recipeFormInitial(recipe, failed?.values)}
          fieldErrors={failed?.fieldErrors}
          library={library}
        />
        <PublishAtField
          idPrefix="edit-recipe"
          current={loaderData.publication}
          values={failed?.values}
          error={failed?.fieldErrors?.publishAt}
        />
        <div className="flex flex-wrap justify-end gap-3">
          <SaveDraftButton disabled={submitting} />
          <PreviewButton action={`/admin/preview/recipe/${recipe.id}`} />
          <SubmitButton submitting={submitting}>Save Recipe</SubmitButton>
        </div>
      </Form>
    </div>
  );
}
