import { useEffect, useState } from "react";
import { Link, useActionData, useFetcher } from "react-router";
import { Autosave } from "#app/components/admin/autosave.tsx";
import { deleteQuestion, useConfirmDelete } from "#app/components/admin/confirm-dialog.tsx";
import { AdminListCard } from "#app/components/admin/list-card.tsx";
import { Modal } from "#app/components/admin/modal.tsx";
import { PreviewButton, PreviewLink } from "#app/components/admin/preview-button.tsx";
import {
  PublicationBadge,
  PublicationFilterLinks,
  PublishAtField,
  SaveDraftButton,
} from "#app/components/admin/publish-controls.tsx";
import { RecipeFields, recipeFormInitial } from "#app/components/admin/recipe-form.tsx";
import { useShowToast } from "#app/components/admin/toaster.tsx";
import {
  buttonDanger,
  buttonPrimary,
  buttonSecondary,
  EmptyState,
  ListSpinner,
  PageHeader,
  useSettlingSpinner,
} from "#app/components/admin/ui.tsx";
import { SubmitButton } from "#app/components/form.tsx";
import { Pagination } from "#app/components/pagination.tsx";
import { recipeListActions } from "#app/forms/admin-actions.ts";
import { PUBLICATION_MESSAGES } from "#app/forms/publication.fields.ts";
import { publicationFilterOf } from "#app/lib/publication.ts";
import { requireAdminRequest } from "#app/server/auth/admin-guard.server.ts";
import {
  recipeFormRefused,
  recipeSubmission,
  refusedRecipeSave,
} from "#app/server/editing/recipe-submission.server.ts";
import { storeThenSave } from "#app/server/editing/store-then-save.server.ts";
import { adminActor } from "#app/server/http/actor.server.ts";
import { adminOk, deleteRow } from "#app/server/http/admin-result.server.ts";
import { adminFormRefused, readForm } from "#app/server/http/forms.server.ts";
import { loadOrFail } from "#app/server/http/load-failure.server.ts";
import { forgetAutosave, recipeDraftKey } from "#app/server/models/autosaves.server.ts";
import { createRecipe, deleteRecipe, listAdminRecipes } from "#app/server/models/recipes.server.ts";
import type { Route } from "./+types/index";

const RECIPES_PER_PAGE = 24;
export const RECIPES_LOAD_FAILED = "Failed to load recipes.";
const ADDED = "Recipe added!";
const ADD_FAILED = "Failed to add recipe.";
const DELETED = "Recipe deleted";
const DELETE_FAILED = "Failed to delete recipe.";

export async function loader({ request }: Route.LoaderArgs) {
  const { db } = await requireAdminRequest(request, "staff");
  const url = new URL(request.url);
  const requested = Number(url.searchParams.get("page") ?? "1");
  const filter = publicationFilterOf(url.searchParams.get("state"));
  const { items, page, pageCount } = await loadOrFail(
    { heading: "Recipes", message: RECIPES_LOAD_FAILED },
    () => listAdminRecipes(db, { page: requested, perPage: RECIPES_PER_PAGE, filter }),
  );
  return {
    page,
    pageCount,
    filter,
    recipes: items.map((r) => ({
      id: r.id,
      slug: r.slug,
      title: r.title,
      short: r.short,
      image: r.image,
      calories: r.nutritionalValues.calories,
      state: r.state,
      publishAt: r.publishAt,
    })),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db, admin } = await requireAdminRequest(request, "staff");
  const actor = adminActor(admin, context);
  const read = await readForm(request, recipeListActions);
  if (!read.ok) {
    // A refused Add Recipe form is answered by the editor's rules; anything else by its message.
    if (read.values.intent !== "create") return adminFormRefused(read);
    return recipeFormRefused(read, { failure: ADD_FAILED });
  }
  const posted = read.data;
  if (posted.intent === "delete") {
    return deleteRow(posted.id, (id) => deleteRecipe(db, actor, id), {
      deleted: DELETED,
      failed: DELETE_FAILED,
    });
  }

  const { intent: _, ...recipe } = posted;
  const submission = recipeSubmission({ ...read, data: recipe }, { failure: ADD_FAILED });
  if (!submission.ok) return submission.response;
  const { fields, choice, values, publication } = submission;
  const saved = await storeThenSave(
    choice,
    (image) => createRecipe(db, actor, { ...fields, ...image, publishAt: publication.publishAt }),
    "Adding a recipe",
  );
  if (!saved.ok) return refusedRecipeSave(saved, { failed: ADD_FAILED }, values);
  await forgetAutosave(db, admin.accountId, recipeDraftKey(null));
  return adminOk(publication.draft ? PUBLICATION_MESSAGES.recipeDraftSaved : ADDED);
}

export const meta: Route.MetaFunction = () => [
  { title: "Recipes | Admin | Wanderplate" },
  { name: "robots", content: "noindex" },
];

type RecipeCardData = Route.ComponentProps["loaderData"]["recipes"][number];

function RecipeAdminCard({ recipe, onDelete }: { recipe: RecipeCardData; onDelete(): void }) {
  const titleId = `recipe-${recipe.id}-title`;
  return (
    <AdminListCard kind="recipe" image={recipe.image} labelledBy={titleId}>
      <h2 id={titleId} className="font-serif text-xl font-semibold">
        {recipe.title}
      </h2>
      <PublicationBadge state={recipe.state} publishAt={recipe.publishAt} />
      <p className="mt-2 line-clamp-3 flex-1 text-ink-700">{recipe.short}</p>
      <p className="mt-3 text-sm font-semibold text-sea-700">{recipe.calories} kcal</p>
      <div className="mt-4 flex flex-wrap gap-2">
        <Link to={`/admin/manage-recipe/edit?id=${recipe.id}`} className={`${buttonSecondary} px-4 py-2`}>
          Edit
        </Link>
        <PreviewLink to={`/admin/preview/recipe/${recipe.id}`} title={recipe.title} />
        <button type="button" onClick={onDelete} className={buttonDanger}>
          Delete
        </button>
      </div>
    </AdminListCard>
  );
}

export default function AdminRecipes({ loaderData }: Route.ComponentProps) {
  const { recipes, page, pageCount, filter } = loaderData;
  // A fresh fetcher each time the modal opens, so an earlier refusal's messages do not linger.
  const [opened, setOpened] = useState(0);
  const addFetcher = useFetcher<typeof action>({ key: `add-recipe-${opened}` });
  const deleteFetcher = useFetcher<typeof action>();
  const actionData = useActionData<typeof action>();
  const [adding, setAdding] = useState(false);
  const spinning = useSettlingSpinner(recipes.map((r) => `${r.id}:${r.title}:${r.calories}`).join(","));

  useShowToast(addFetcher.data?.toast);
  useShowToast(deleteFetcher.data?.toast);
  const confirmDelete = useConfirmDelete(
    deleteFetcher,
    (recipe: { id: number; title: string }) => deleteQuestion(recipe.title),
    (recipe) => ({ intent: "delete", id: String(recipe.id) }),
  );
  useShowToast(actionData?.toast);

  // The add modal closes on success.
  useEffect(() => {
    if (addFetcher.data?.ok) setAdding(false);
  }, [addFetcher.data]);

  const saving = addFetcher.state !== "idle";
  const failed = addFetcher.data && !addFetcher.data.ok ? addFetcher.data : undefined;

  return (
    <div>
      <PageHeader title="Recipes">
        <button
          type="button"
          className={buttonPrimary}
          onClick={() => {
            setOpened((n) => n + 1);
            setAdding(true);
          }}
        >
          + Add Recipe
        </button>
      </PageHeader>
      <div className="mb-6">
        <PublicationFilterLinks filter={filter} basePath="/admin/manage-recipe" />
      </div>

      {spinning ? (
        <ListSpinner />
      ) : recipes.length === 0 ? (
        <EmptyState>No recipes added yet.</EmptyState>
      ) : (
        <>
          <div className="grid gap-6 sm:grid-cols-2 xl:grid-cols-3 2xl:grid-cols-4">
            {recipes.map((r) => (
              <RecipeAdminCard
                key={r.id}
                recipe={r}
                onDelete={() => confirmDelete.ask({ id: r.id, title: r.title })}
              />
            ))}
          </div>
          <Pagination
            page={page}
            pageCount={pageCount}
            basePath="/admin/manage-recipe"
            query={filter === "all" ? "" : `state=${filter}`}
          />
        </>
      )}

      <Modal open={adding} onClose={() => setAdding(false)} title="Add Recipe" wide guardUnsaved>
        <addFetcher.Form method="post" encType="multipart/form-data" noValidate className="space-y-6">
          <input type="hidden" name="intent" value="create" />
          <Autosave draft="recipe:new" />
          <RecipeFields
            idPrefix="add-recipe"
            initial={recipeFormInitial()}
            fieldErrors={failed?.fieldErrors}
          />
          <PublishAtField
            idPrefix="add-recipe"
            values={failed?.values}
            error={failed?.fieldErrors?.publishAt}
          />
          <div className="flex flex-wrap justify-end gap-3">
            <SaveDraftButton disabled={saving} />
            <PreviewButton action="/admin/preview/recipe/new" />
            <SubmitButton submitting={saving}>Save Recipe</SubmitButton>
          </div>
        </addFetcher.Form>
      </Modal>

      {confirmDelete.dialog}
    </div>
  );
}
