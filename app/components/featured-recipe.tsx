import { lazy, Suspense } from "react";
import type { RatingSummary } from "#app/lib/ratings.ts";
import { RATING_ANCHOR, RatingSummaryLine } from "./rating-summary.tsx";
import { type RecipeCardData, RecipeCard as RecipeCardInPlace } from "./recipe-card.tsx";

/** Where a blog's featured recipe card sits: the target of "Jump to Recipe". */
const ANCHOR = "recipe";

/**
 * Most blogs feature no recipe, so the card's code is not part of every page's JavaScript: the
 * browser fetches it only when a card is on the page, and until it arrives React keeps the
 * server's HTML of the card (its links and GET form work meanwhile). The server renders the card
 * in place: a page must be whole without JavaScript, and a server-side lazy component would be
 * sent after the rest of the page, hidden until a script shows it.
 */
const RecipeCard = import.meta.env.SSR
  ? RecipeCardInPlace
  : lazy(() => import("./recipe-card.tsx").then((m) => ({ default: m.RecipeCard })));

const headerButton =
  "inline-flex items-center gap-2 rounded-full bg-white/10 px-4 py-2 font-semibold text-white ring-1 ring-white/30 hover:bg-white/20";

/**
 * The links at the top of a blog that features a published recipe (DESIGN §2, "earning"): Jump to
 * Recipe scrolls to the card (a fragment link: no JavaScript needed), Print opens the card alone.
 */
export function JumpToRecipe({ slug }: { slug: string }) {
  return (
    <p className="mt-6 flex flex-wrap gap-3">
      <a href={`#${ANCHOR}`} className={headerButton}>
        Jump to Recipe <span aria-hidden="true">↓</span>
      </a>
      <a href={`/recipes/${encodeURIComponent(slug)}/print`} className={headerButton}>
        Print Recipe
      </a>
    </p>
  );
}

/** The featured recipe's card at the end of a blog, headed by the recipe's name. */
export function FeaturedRecipe({
  recipe,
  scaling,
  ratings,
}: {
  recipe: RecipeCardData;
  /** Readers' approved ratings (the public page; a preview has none). */
  ratings?: RatingSummary;
  /** On a page that reads `?servings=` itself (an admin preview): the servings and its address. */
  scaling?: { servings: number; at: string };
}) {
  return (
    <div className="mx-auto max-w-5xl px-4 pb-12 sm:px-6">
      <Suspense fallback={null}>
        <RecipeCard
          id={ANCHOR}
          recipe={recipe}
          servings={scaling?.servings ?? recipe.servings ?? 1}
          at={scaling?.at}
          titled
          ratings={ratings && <RatingSummaryLine summary={ratings} rateAt={`#${RATING_ANCHOR}`} />}
        />
      </Suspense>
    </div>
  );
}
