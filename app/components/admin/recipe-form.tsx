import { useEffect, useRef, useState } from "react";
import { Field } from "#app/components/form.tsx";
import {
  CARD_NUMBER_FIELDS,
  type CardNumberField,
  NUTRITION_FIELDS,
  type NutritionField,
  RECIPE_FIELDS,
} from "#app/forms/recipe.fields.ts";
import type { ImageRef } from "#app/lib/images.ts";
import { ImageFields } from "./image-fields.tsx";
import type { LibraryPage } from "./image-picker.tsx";
import { buttonSecondary } from "./ui.tsx";

/** What the form starts with: a recipe being edited, the values of a refused submission, or defaults. */
export interface RecipeFormInitial {
  title: string;
  short: string;
  type: string;
  steps: string[];
  ingredients: string[];
  nutrition: Record<NutritionField, string>;
  image?: ImageRef;
  imageAlt?: string;
  /** The card's numbers as typed; empty: not given. */
  card: Record<CardNumberField, string>;
  equipment: string[];
  notes: string;
}

interface RecipeLike {
  title: string;
  short: string;
  type: string | null;
  steps: string[];
  ingredients: string[];
  nutritionalValues: Record<NutritionField, number>;
  image: ImageRef;
  imageAlt?: string;
  servings?: number | null;
  prepMinutes?: number | null;
  cookMinutes?: number | null;
  totalMinutes?: number | null;
  equipment?: string[];
  notes?: string;
}

function listOf(json: string | undefined): string[] | undefined {
  if (json === undefined) return undefined;
  try {
    const v: unknown = JSON.parse(json);
    return Array.isArray(v) ? v.filter((s): s is string => typeof s === "string") : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The Add Recipe defaults (nutrition 0, one empty step and ingredient), overlaid with the recipe being
 * edited and then with the values the server sent back with a refusal.
 */
export function recipeFormInitial(
  recipe?: RecipeLike | null,
  values?: Record<string, string>,
): RecipeFormInitial {
  const n = recipe?.nutritionalValues;
  const num = (name: NutritionField) => values?.[name] ?? String(n?.[name] ?? 0);
  return {
    title: values?.title ?? recipe?.title ?? "",
    short: values?.short ?? recipe?.short ?? "",
    type: values?.type ?? recipe?.type ?? "",
    steps: listOf(values?.steps) ?? recipe?.steps ?? [],
    ingredients: listOf(values?.ingredients) ?? recipe?.ingredients ?? [],
    nutrition: Object.fromEntries(NUTRITION_FIELDS.map((name) => [name, num(name)])) as Record<
      NutritionField,
      string
    >,
    image: recipe?.image,
    imageAlt: values?.imageAlt ?? recipe?.imageAlt,
    card: Object.fromEntries(
      CARD_NUMBER_FIELDS.map((name) => [name, values?.[name] ?? String(recipe?.[name] ?? "")]),
    ) as Record<CardNumberField, string>,
    equipment: listOf(values?.equipment) ?? recipe?.equipment ?? [],
    notes: values?.notes ?? recipe?.notes ?? "",
  };
}

/**
 * Sent to a list field (its `data-list-field` element) with the rows to show instead of its own,
 * as `detail`: a restored autosave (autosave.tsx) puts a draft's steps, ingredients or equipment back.
 */
export const SET_ROWS_EVENT = "wanderplate:set-rows";

const control =
  "block w-full rounded-xl border border-ink-900/15 bg-white px-4 py-2.5 text-base text-ink-900 shadow-sm focus:border-sea-600 focus:ring-2 focus:ring-sea-600/30 focus:outline-none";

/**
 * Steps or ingredients: a list of text inputs. Rows can be added; each can be removed
 * while more than one remains. Inputs are uncontrolled, keyed per row, so removing one keeps the
 * text of the others. A row added or removed, or rows set by SET_ROWS_EVENT, tell the form with an
 * `input` event (as typing does), so its autosave and unsaved-changes checks see the change.
 */
function ListField({
  idPrefix,
  field: { name, label: legend, item: itemLabel, max },
  initial,
  error,
}: {
  idPrefix: string;
  field: { name: string; label: string; item: string; max: number };
  initial: string[];
  error?: string;
}) {
  const nextKey = useRef(0);
  const [rows, setRows] = useState(() =>
    (initial.length > 0 ? initial : [""]).map((value) => ({ key: nextKey.current++, value })),
  );
  const focusKey = useRef<number | null>(null);
  const inputs = useRef(new Map<number, HTMLInputElement>());
  const box = useRef<HTMLFieldSetElement>(null);
  const changed = useRef(false);

  useEffect(() => {
    if (changed.current) {
      changed.current = false;
      box.current?.dispatchEvent(new Event("input", { bubbles: true }));
    }
    if (focusKey.current === null) return;
    inputs.current.get(focusKey.current)?.focus();
    focusKey.current = null;
  });

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const set = (e: Event) => {
      const detail: unknown = (e as CustomEvent).detail;
      const values = Array.isArray(detail) ? detail.filter((v): v is string => typeof v === "string") : [];
      changed.current = true;
      setRows((values.length > 0 ? values : [""]).map((value) => ({ key: nextKey.current++, value })));
    };
    el.addEventListener(SET_ROWS_EVENT, set);
    return () => el.removeEventListener(SET_ROWS_EVENT, set);
  }, []);

  const add = () => {
    const key = nextKey.current++;
    focusKey.current = key;
    changed.current = true;
    setRows((current) => [...current, { key, value: "" }]);
  };
  const remove = (key: number) => {
    changed.current = true;
    setRows((current) => (current.length > 1 ? current.filter((r) => r.key !== key) : current));
  };
  const lower = itemLabel.toLowerCase();
  const errorId = `${idPrefix}-${name}-error`;

  return (
    <fieldset
      ref={box}
      data-list-field={name}
      className="space-y-2.5 rounded-xl border border-ink-900/10 p-4"
      aria-describedby={error ? errorId : undefined}
    >
      <legend className="px-1 font-medium">{legend}</legend>
      <ol className="space-y-2.5">
        {rows.map((row, i) => {
          const id = `${idPrefix}-${name}-${row.key}`;
          return (
            <li key={row.key} className="flex items-center gap-3">
              <label htmlFor={id} className="w-28 shrink-0 text-sm font-medium text-ink-700">
                {itemLabel} {i + 1}
              </label>
              <input
                ref={(el) => {
                  if (el) inputs.current.set(row.key, el);
                  else inputs.current.delete(row.key);
                }}
                id={id}
                name={name}
                type="text"
                maxLength={max}
                defaultValue={row.value}
                className={control}
              />
              {rows.length > 1 && (
                <button
                  type="button"
                  onClick={() => remove(row.key)}
                  className="inline-flex size-10 shrink-0 items-center justify-center rounded-full text-xl text-coral-600 ring-1 ring-coral-600/30 hover:bg-coral-500/10"
                >
                  {/* Named by its text, not aria-label, so a search by the label "Step 2" finds only the input. */}
                  <span className="sr-only">{`Remove ${lower} ${i + 1}`}</span>
                  <span aria-hidden="true">×</span>
                </button>
              )}
            </li>
          );
        })}
      </ol>
      <button type="button" onClick={add} className={`${buttonSecondary} px-4 py-2 text-sm`}>
        Add {itemLabel}
      </button>
      {error && (
        <p id={errorId} className="text-sm font-medium text-coral-600">
          {error}
        </p>
      )}
    </fieldset>
  );
}

function NumberField({
  id,
  name,
  label,
  min = 0,
  max,
  defaultValue,
  error,
}: {
  id: string;
  name: string;
  label: string;
  min?: number;
  max: number;
  defaultValue: string;
  error?: string;
}) {
  const errorId = `${id}-error`;
  return (
    <div>
      <label htmlFor={id} className="block font-medium">
        {label}
      </label>
      <input
        id={id}
        name={name}
        type="number"
        inputMode="numeric"
        min={min}
        max={max}
        step={1}
        defaultValue={defaultValue}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={`mt-1.5 ${control} ${error ? "border-coral-600" : ""}`}
      />
      {error && (
        <p id={errorId} className="mt-1.5 text-sm font-medium text-coral-600">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * The fields of the recipe form, shared by the add modal and the edit page;
 * each route wraps them in its own form (with its hidden intent) and submit button.
 */
export function RecipeFields({
  idPrefix,
  initial,
  fieldErrors,
  library,
}: {
  idPrefix: string;
  initial: RecipeFormInitial;
  fieldErrors?: Record<string, string>;
  /** The media library's first page for the image picker (edit). */
  library?: LibraryPage | null;
}) {
  const e = fieldErrors ?? {};
  return (
    <div className="space-y-5">
      <Field
        id={`${idPrefix}-title`}
        field={RECIPE_FIELDS.title}
        required
        defaultValue={initial.title}
        error={e.title}
      />
      <Field
        id={`${idPrefix}-short`}
        field={RECIPE_FIELDS.short}
        required
        multiline
        rows={3}
        defaultValue={initial.short}
        error={e.short}
      />
      <ImageFields
        idPrefix={idPrefix}
        current={initial.image}
        error={e.image}
        alt={initial.imageAlt}
        altError={e.imageAlt}
        library={library}
      />
      <ListField idPrefix={idPrefix} field={RECIPE_FIELDS.steps} initial={initial.steps} error={e.steps} />
      <ListField
        idPrefix={idPrefix}
        field={RECIPE_FIELDS.ingredients}
        initial={initial.ingredients}
        error={e.ingredients}
      />
      <fieldset className="rounded-xl border border-ink-900/10 p-4">
        <legend className="px-1 font-medium">Nutritional values</legend>
        <div className="grid grid-cols-2 gap-4 sm:grid-cols-4">
          {NUTRITION_FIELDS.map((name) => (
            <NumberField
              key={name}
              id={`${idPrefix}-${name}`}
              name={name}
              label={RECIPE_FIELDS[name].label}
              max={RECIPE_FIELDS[name].max}
              defaultValue={initial.nutrition[name]}
              error={e[name]}
            />
          ))}
        </div>
        <p className="mt-3 text-sm text-ink-700">Whole numbers per serving; an empty value counts as 0.</p>
      </fieldset>
      <RecipeCardFields idPrefix={idPrefix} initial={initial} errors={e} />
      <div>
        <Field
          id={`${idPrefix}-type`}
          field={RECIPE_FIELDS.type}
          defaultValue={initial.type}
          error={e.type}
        />
        <p className="mt-1.5 text-sm text-ink-700">For example "trending" to mark it on the site.</p>
      </div>
    </div>
  );
}

/** The recipe card's optional fields: yield, times, equipment and notes. */
function RecipeCardFields({
  idPrefix,
  initial,
  errors,
}: {
  idPrefix: string;
  initial: RecipeFormInitial;
  errors: Record<string, string>;
}) {
  return (
    <>
      <fieldset className="rounded-xl border border-ink-900/10 p-4">
        <legend className="px-1 font-medium">Servings and times</legend>
        <div className="grid grid-cols-2 gap-4 sm:grid-cols-4">
          {CARD_NUMBER_FIELDS.map((name) => (
            <NumberField
              key={name}
              id={`${idPrefix}-${name}`}
              name={name}
              label={RECIPE_FIELDS[name].label}
              min={name === "servings" ? 1 : 0}
              max={RECIPE_FIELDS[name].max}
              defaultValue={initial.card[name]}
              error={errors[name]}
            />
          ))}
        </div>
        <p className="mt-3 text-sm text-ink-700">
          Optional. Leave the total empty to show prep plus cook; servings let readers scale the ingredients.
        </p>
      </fieldset>
      <ListField
        idPrefix={idPrefix}
        field={RECIPE_FIELDS.equipment}
        initial={initial.equipment}
        error={errors.equipment}
      />
      <Field
        id={`${idPrefix}-notes`}
        field={RECIPE_FIELDS.notes}
        multiline
        rows={3}
        defaultValue={initial.notes}
        error={errors.notes}
      />
    </>
  );
}
