import { type ReactNode, useState } from "react";
import type { Recipe } from "#app/lib/content-shapes.ts";
import { readableDuration, totalMinutes } from "#app/lib/durations.ts";
import { groupLines } from "#app/lib/recipe-groups.ts";
import {
  SERVINGS_MAX,
  SERVINGS_MIN,
  scaleFactor,
  scaleIngredient,
  servingsParameter,
} from "#app/lib/scale.ts";

/** What a recipe card shows: the saved recipe, or a preview's unsaved values. */
export type RecipeCardData = Pick<
  Recipe,
  | "slug"
  | "title"
  | "steps"
  | "ingredients"
  | "servings"
  | "prepMinutes"
  | "cookMinutes"
  | "totalMinutes"
  | "equipment"
  | "notes"
>;

/** The servings a `?servings=` value asks for; absent or out of range: the recipe's own yield. */
export function servingsFromQuery(value: string | null, base: number | null): number {
  const given = value === null ? null : servingsParameter(value);
  return given === null ? (base ?? 1) : Number(given);
}

const link = "font-semibold text-sea-700 underline-offset-4 hover:text-sea-800 hover:underline";

/**
 * The Servings control. Without JavaScript it is a GET form and links to `?servings=N`, rendered
 * on the server; once the page is interactive the same controls rescale in place and only the
 * address is updated, so the reader keeps their scroll position and nothing is fetched.
 */
function ServingsControl({
  id,
  at,
  base,
  servings,
  onChange,
}: {
  id: string;
  /** The address the form and links go to; its other query parameters are kept. */
  at: string;
  base: number;
  servings: number;
  onChange: (servings: number) => void;
}) {
  const target = new URL(at, "http://localhost");
  const kept = [...target.searchParams].filter(([name]) => name !== "servings");
  const scaledTo = (n: number) =>
    `${target.pathname}?${new URLSearchParams([...kept, ["servings", String(n)]])}#${id}`;
  const [typed, setTyped] = useState(String(servings));
  const choose = (n: number) => {
    setTyped(String(n));
    onChange(n);
  };
  const clamp = (n: number) => Math.min(SERVINGS_MAX, Math.max(SERVINGS_MIN, Math.round(n)));
  const presets: [string, string, number][] = [
    ["½×", "Half the recipe", clamp(base / 2)],
    ["1×", "The recipe as written", base],
    ["2×", "Double the recipe", clamp(base * 2)],
  ];
  return (
    <div className="flex flex-wrap items-end gap-x-4 gap-y-2 print:hidden">
      <form
        method="get"
        action={`${target.pathname}#${id}`}
        className="flex items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          const n = servingsParameter(typed.trim());
          if (n !== null) choose(Number(n));
        }}
      >
        {kept.map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <div>
          <label htmlFor={`${id}-servings`} className="block text-sm font-semibold text-ink-700">
            Servings
          </label>
          <input
            id={`${id}-servings`}
            name="servings"
            type="number"
            inputMode="numeric"
            min={SERVINGS_MIN}
            max={SERVINGS_MAX}
            step={1}
            required
            value={typed}
            onChange={(event) => {
              setTyped(event.target.value);
              const n = servingsParameter(event.target.value.trim());
              if (n !== null) onChange(Number(n));
            }}
            className="mt-1 w-24 rounded-xl border border-ink-900/15 bg-white px-3 py-2 text-base shadow-sm focus:border-sea-600 focus:ring-2 focus:ring-sea-600/30 focus:outline-none"
          />
        </div>
        <button
          type="submit"
          className="rounded-full bg-sea-700 px-4 py-2 font-semibold text-white hover:bg-sea-800"
        >
          Scale
        </button>
      </form>
      <ul className="flex gap-3 pb-2" aria-label="Scale the recipe">
        {presets.map(([label, name, n]) => (
          <li key={label}>
            <a
              href={scaledTo(n)}
              aria-label={`${label} ${name}`}
              aria-current={n === servings ? "true" : undefined}
              className={`${link} ${n === servings ? "text-ink-900 no-underline" : ""}`}
              onClick={(event) => {
                event.preventDefault();
                choose(n);
              }}
            >
              {label}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * Marks the card once React has hydrated it (`data-hydrated`, as the document root does): on a
 * blog the card's code arrives after the rest of the page, and until then its controls are plain
 * links and a GET form.
 */
function markHydrated(element: HTMLElement | null) {
  if (element) element.dataset.hydrated = "true";
}

/**
 * The recipe card: times, the Servings control, ingredients scaled to the servings chosen, steps,
 * equipment and notes, and a Print link. The recipe page shows it under the title; a blog that
 * features the recipe ends with it (`titled`, with the recipe's name as its heading); the print
 * view shows it alone (`printing`: no controls).
 */
export function RecipeCard({
  recipe,
  servings: initial,
  id = "recipe",
  titled = false,
  printing = false,
  at,
  ratings,
}: {
  recipe: RecipeCardData;
  /** The servings asked for (`?servings=`), already bounded. */
  servings: number;
  id?: string;
  titled?: boolean;
  printing?: boolean;
  /**
   * Where the Servings control goes without JavaScript: the recipe's public page, unless the card
   * is on a page that reads `?servings=` itself (an admin preview, where a draft has no public page).
   */
  at?: string;
  /**
   * Readers' approved ratings, under the title of a card on a blog (rating-summary.tsx's line,
   * handed in: the card's code is a chunk of its own, and must not take shared modules with it).
   */
  ratings?: ReactNode;
}) {
  const [servings, setServings] = useState(initial);
  const base = recipe.servings ?? 1;
  const factor = scaleFactor(recipe.servings, servings);
  const page = `/recipes/${recipe.slug}`;
  const scaled = servings === base ? "" : `?servings=${servings}`;
  const change = (n: number) => {
    setServings(n);
    // On the recipe page the address follows, so a reload or a shared link keeps the servings
    // chosen; a blog's address has no servings of its own.
    if (titled) return;
    const url = new URL(window.location.href);
    if (n === base) url.searchParams.delete("servings");
    else url.searchParams.set("servings", String(n));
    window.history.replaceState(window.history.state, "", url);
  };
  const Heading = titled ? "h3" : "h2";
  // Ingredient and step groups ("For the sauce:") sit one level below their list's heading.
  const GroupHeading = titled ? "h4" : "h3";
  // On a blog the card is a region named by the recipe; alone on paper its title is the page's
  // heading; on the recipe page the page's own heading names it.
  const Box = titled ? "section" : "div";
  return (
    <Box
      ref={markHydrated}
      id={id}
      aria-labelledby={titled ? `${id}-title` : undefined}
      className="scroll-mt-24 rounded-2xl bg-white p-6 ring-1 ring-ink-900/5 sm:p-8 print:p-0 print:ring-0"
    >
      {titled && (
        <h2 id={`${id}-title`} className="font-serif text-3xl font-semibold">
          <a href={page} className="hover:text-sea-800">
            {recipe.title}
          </a>
        </h2>
      )}
      {titled && ratings && <div className="mt-2">{ratings}</div>}
      {printing && <h1 className="font-serif text-3xl font-semibold">{recipe.title}</h1>}
      <div className="mt-4 flex flex-wrap items-end justify-between gap-4">
        <RecipeFacts recipe={recipe} servings={servings} />
        {!printing && (
          <a href={`${page}/print${scaled}`} className={`${link} print:hidden`}>
            Print
          </a>
        )}
      </div>
      {!printing && (
        <div className="mt-6">
          <ServingsControl id={id} at={at ?? page} base={base} servings={servings} onChange={change} />
        </div>
      )}
      <div className="mt-8 grid gap-12 md:grid-cols-[2fr_3fr] print:grid-cols-[2fr_3fr]">
        <div className="space-y-10">
          <IngredientsSection
            id={id}
            recipe={recipe}
            servings={servings}
            scaledFrom={base}
            factor={factor}
            headings={[Heading, GroupHeading]}
          />
          {recipe.equipment.length > 0 && (
            <section aria-labelledby={`${id}-equipment`}>
              <Heading id={`${id}-equipment`} className="font-serif text-2xl font-semibold">
                Equipment
              </Heading>
              <ul className="mt-4 list-disc space-y-1 pl-5 text-lg">
                {recipe.equipment.map((item, i) => (
                  <li key={i}>{item}</li>
                ))}
              </ul>
            </section>
          )}
        </div>
        <div className="space-y-10">
          <StepsSection id={id} recipe={recipe} headings={[Heading, GroupHeading]} />
          {recipe.notes && (
            <section aria-labelledby={`${id}-notes`}>
              <Heading id={`${id}-notes`} className="font-serif text-2xl font-semibold">
                Notes
              </Heading>
              <p className="mt-4 text-lg whitespace-pre-line">{recipe.notes}</p>
            </section>
          )}
        </div>
      </div>
    </Box>
  );
}

/** The heading of a card's lists and the one of a group inside them, one level below. */
type CardHeadings = ["h2" | "h3", "h3" | "h4"];

/** The ingredients, in their groups, scaled by `factor` (the servings chosen over `scaledFrom`). */
function IngredientsSection({
  id,
  recipe,
  servings,
  scaledFrom,
  factor,
  headings: [Heading, GroupHeading],
}: {
  id: string;
  recipe: RecipeCardData;
  servings: number;
  scaledFrom: number;
  factor: number;
  headings: CardHeadings;
}) {
  return (
    <section aria-labelledby={`${id}-ingredients`}>
      <Heading id={`${id}-ingredients`} className="font-serif text-2xl font-semibold">
        Ingredients
      </Heading>
      {servings !== scaledFrom && (
        <p className="mt-1 text-sm text-ink-700">Scaled for {servings} servings.</p>
      )}
      {groupLines(recipe.ingredients).map((group) => (
        <div key={group.items[0]?.number}>
          {group.name && <GroupHeading className="mt-6 text-lg font-semibold">{group.name}</GroupHeading>}
          <ul className="mt-4 space-y-2 text-lg">
            {group.items.map((item) => (
              <li key={item.number} className="border-b border-ink-900/10 pb-2">
                {scaleIngredient(item.text, factor)}
              </li>
            ))}
          </ul>
        </div>
      ))}
    </section>
  );
}

/** The steps, in their groups, numbered across the groups. */
function StepsSection({
  id,
  recipe,
  headings: [Heading, GroupHeading],
}: {
  id: string;
  recipe: RecipeCardData;
  headings: CardHeadings;
}) {
  return (
    <section aria-labelledby={`${id}-steps`}>
      <Heading id={`${id}-steps`} className="font-serif text-2xl font-semibold">
        Steps
      </Heading>
      {groupLines(recipe.steps).map((group) => (
        <div key={group.items[0]?.number}>
          {group.name && <GroupHeading className="mt-6 text-lg font-semibold">{group.name}</GroupHeading>}
          <ol start={group.items[0]?.number} className="mt-4 space-y-5 text-lg">
            {group.items.map((step) => (
              <li key={step.number} className="flex gap-4">
                <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-sea-700 font-semibold text-white">
                  {step.number}
                </span>
                <span className="pt-1">{step.text}</span>
              </li>
            ))}
          </ol>
        </div>
      ))}
    </section>
  );
}

/** Servings (as chosen) and the prep, cook and total times a recipe gives. */
function RecipeFacts({ recipe, servings }: { recipe: RecipeCardData; servings: number }) {
  const times: [string, number | null][] = [
    ["Prep", recipe.prepMinutes],
    ["Cook", recipe.cookMinutes],
    ["Total", totalMinutes(recipe)],
  ];
  return (
    <dl className="flex flex-wrap gap-x-8 gap-y-2">
      {recipe.servings !== null && (
        <div>
          <dt className="text-sm font-semibold tracking-wider text-ink-700 uppercase">Serves</dt>
          <dd className="font-serif text-xl font-semibold" data-testid="serves">
            {servings}
          </dd>
        </div>
      )}
      {times.map(([label, minutes]) =>
        minutes === null ? null : (
          <div key={label}>
            <dt className="text-sm font-semibold tracking-wider text-ink-700 uppercase">{label}</dt>
            <dd className="font-serif text-xl font-semibold">{readableDuration(minutes)}</dd>
          </div>
        ),
      )}
    </dl>
  );
}
