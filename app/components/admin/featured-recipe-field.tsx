import { FEATURED_RECIPE_FIELDS as F } from "#app/forms/featured-recipe.fields.ts";
import type { RecipeChoice } from "#app/lib/content-shapes.ts";

/** The blog form's "Featured recipe" select: none, or one of the recipes (drafts marked). */
export function FeaturedRecipeField({
  idPrefix,
  recipes,
  value,
  error,
}: {
  idPrefix: string;
  recipes: RecipeChoice[];
  /** The recipe id chosen, as text; empty: none. */
  value: string;
  error?: string;
}) {
  const id = `${idPrefix}-featuredRecipe`;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  return (
    <div>
      <label htmlFor={id} className="block font-medium">
        {F.featuredRecipe.label}
      </label>
      <select
        id={id}
        name={F.featuredRecipe.name}
        defaultValue={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${hintId} ${errorId}` : hintId}
        className={`mt-1.5 block w-full rounded-xl border bg-white px-4 py-2.5 text-base text-ink-900 shadow-sm focus:border-sea-600 focus:ring-2 focus:ring-sea-600/30 focus:outline-none ${error ? "border-coral-600" : "border-ink-900/15"}`}
      >
        <option value="">None</option>
        {recipes.map((r) => (
          <option key={r.id} value={String(r.id)}>
            {r.published ? r.title : `${r.title} (not published yet)`}
          </option>
        ))}
      </select>
      <p id={hintId} className="mt-1.5 text-sm text-ink-700">
        Optional. The post ends with this recipe's card and starts with a "Jump to recipe" link, once the
        recipe is published.
      </p>
      {error && (
        <p id={errorId} className="mt-1.5 text-sm font-medium text-coral-600">
          {error}
        </p>
      )}
    </div>
  );
}
