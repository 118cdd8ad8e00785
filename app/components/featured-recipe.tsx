import { RecipeCard, type RecipeCardData } from "./recipe-card.tsx";

/** Where a blog's featured recipe card sits: the target of "Jump to recipe". */
const ANCHOR = "recipe";

/** The in-page link at the top of a blog that features a published recipe. */
export function JumpToRecipe() {
  return (
    <p className="mt-6">
      <a
        href={`#${ANCHOR}`}
        className="inline-flex items-center gap-2 rounded-full bg-white/10 px-4 py-2 font-semibold text-white ring-1 ring-white/30 hover:bg-white/20"
      >
        Jump to recipe <span aria-hidden="true">↓</span>
      </a>
    </p>
  );
}

/** The featured recipe's card at the end of a blog, headed by the recipe's name. */
export function FeaturedRecipe({ recipe }: { recipe: RecipeCardData }) {
  return (
    <div className="mx-auto max-w-5xl px-4 pb-12 sm:px-6">
      <RecipeCard id={ANCHOR} recipe={recipe} servings={recipe.servings ?? 1} titled />
    </div>
  );
}
