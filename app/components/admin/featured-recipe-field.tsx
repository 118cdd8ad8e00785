import { SelectField } from "#app/components/form.tsx";
import { FEATURED_RECIPE_FIELDS } from "#app/forms/featured-recipe.fields.ts";
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
  return (
    <SelectField
      id={`${idPrefix}-featuredRecipe`}
      field={FEATURED_RECIPE_FIELDS.featuredRecipe}
      defaultValue={value}
      error={error}
      hint={
        <>
          Optional. The post ends with this recipe's card and starts with a "Jump to Recipe" link, once the
          recipe is published.
        </>
      }
    >
      <option value="">None</option>
      {recipes.map((r) => (
        <option key={r.id} value={String(r.id)}>
          {r.published ? r.title : `${r.title} (not published yet)`}
        </option>
      ))}
    </SelectField>
  );
}
