import type { ReactNode } from "react";
import type { Recipe } from "#app/lib/content-shapes.ts";
import type { RatingSummary } from "#app/lib/ratings.ts";
import { TrendingBadge } from "./cards.tsx";
import { LeadImage } from "./images.tsx";
import { RATING_ANCHOR, RatingSummaryLine } from "./rating-summary.tsx";
import { RecipeCard, type RecipeCardData } from "./recipe-card.tsx";
import { SiteLink } from "./site-link.tsx";

/** What a recipe's public page shows: the saved recipe, or a preview's unsaved values. */
export type RecipePageData = Pick<Recipe, "short" | "type" | "image" | "imageAlt" | "nutritionalValues"> &
  RecipeCardData;

/** The body of a recipe's public page; the preview shows the same. */
export function RecipeArticle({
  recipe,
  servings,
  at,
  ratings,
  children,
}: {
  recipe: RecipePageData;
  servings: number;
  /** Where the Servings control goes without JavaScript (the card's `at`). */
  at?: string;
  /** Readers' approved ratings, shown under the title (the public page; a preview has none). */
  ratings?: RatingSummary;
  /** What follows the card on the public page: the rating section. */
  children?: ReactNode;
}) {
  const n = recipe.nutritionalValues;
  const nutrition = [
    ["Calories", `${n.calories} kcal`],
    ["Protein", `${n.protein} g`],
    ["Fats", `${n.fats} g`],
    ["Carbs", `${n.carbs} g`],
  ];
  return (
    <article>
      <header className="bg-ink-900 text-white">
        <div className="mx-auto max-w-5xl px-4 pt-32 pb-12 sm:px-6 sm:pt-36">
          <p className="flex items-center gap-3 font-semibold tracking-wider text-sand-200 uppercase">
            Recipe {recipe.type === "trending" && <TrendingBadge />}
          </p>
          <h1 className="mt-3 font-serif text-4xl font-semibold sm:text-5xl">{recipe.title}</h1>
          <p className="mt-4 max-w-2xl text-lg text-white/85">{recipe.short}</p>
          {ratings && (
            <div className="mt-4">
              <RatingSummaryLine summary={ratings} rateAt={`#${RATING_ANCHOR}`} tone="dark" />
            </div>
          )}
        </div>
      </header>
      <div className="mx-auto max-w-5xl px-4 sm:px-6">
        <LeadImage
          image={recipe.image}
          alt={recipe.imageAlt}
          height={1200}
          aspect="aspect-[4/3] sm:aspect-[16/9]"
        />
        <dl className="mt-8 grid grid-cols-2 gap-3 sm:grid-cols-4">
          {nutrition.map(([label, value]) => (
            <div key={label} className="rounded-2xl bg-white p-4 text-center ring-1 ring-ink-900/5">
              <dt className="text-sm font-semibold tracking-wider text-ink-700 uppercase">{label}</dt>
              <dd className="mt-1 font-serif text-2xl font-semibold">{value}</dd>
            </div>
          ))}
        </dl>
        <div className="py-12">
          <RecipeCard key={`${recipe.slug}:${servings}`} recipe={recipe} servings={servings} at={at} />
        </div>
      </div>
      {children}
      <div className="mx-auto max-w-5xl px-4 sm:px-6">
        <SiteLink to="/recipes" className="mb-16 inline-block font-semibold text-sea-700 hover:text-sea-800">
          ← All recipes
        </SiteLink>
      </div>
    </article>
  );
}
