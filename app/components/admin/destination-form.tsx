import { useRef, useState } from "react";
import { Form, useNavigation } from "react-router";
import { Field, SelectField, SubmitButton } from "#app/components/form.tsx";
import {
  DESTINATION_FIELDS,
  DESTINATION_MESSAGES,
  DESTINATION_TAGS,
  type DestinationFormValues,
} from "#app/forms/destination.fields.ts";
import {
  type DestinationImage,
  destinationImageSources,
  highlightImage,
  MAX_HIGHLIGHTS,
  normalizeHighlightImage,
} from "#app/lib/destinations.ts";
import { ImageFields } from "./image-fields.tsx";
import type { LibraryPage } from "./image-picker.tsx";
import { buttonSecondary, Thumbnail } from "./ui.tsx";
import { UnsavedChanges } from "./unsaved-changes.tsx";

/** What the form opens with: the texts, and the highlight rows as names and image addresses. */
export interface DestinationFormInitial {
  values: Partial<Omit<DestinationFormValues, "highlightName" | "highlightImage">> & { imageAlt?: string };
  highlights: { name: string; image: string }[];
}

/** The form's values after a refused post: the highlight lists come back as JSON arrays. */
export function refilledDestination(values: Record<string, string>): DestinationFormInitial {
  const list = (json: string | undefined) => {
    try {
      const parsed: unknown = JSON.parse(json ?? "[]");
      return Array.isArray(parsed) ? parsed.map((v) => (typeof v === "string" ? v : "")) : [];
    } catch {
      return [];
    }
  };
  const names = list(values.highlightName);
  const images = list(values.highlightImage);
  const count = Math.min(Math.max(names.length, images.length), MAX_HIGHLIGHTS + 1);
  const highlights = Array.from({ length: count }, (_, i) => ({
    name: names[i] ?? "",
    image: images[i] ?? "",
  }));
  return { values, highlights: highlights.filter((h) => h.name || h.image) };
}

/**
 * The Add Destination and edit destination form: Name, Image (upload, library or URL, and its alt
 * text), Short, Description, Highlights (a name and an image per row), Location, Best time, Theme,
 * Tag (Trending or none), Latitude and Longitude. A plain multipart post, so it works before (and
 * without) JavaScript: the highlight rows there are the saved ones plus one empty row to add one.
 */
export function DestinationForm({
  idPrefix,
  initial,
  errors,
  currentImage,
  library,
  submitLabel,
}: {
  idPrefix: string;
  initial: DestinationFormInitial;
  errors?: Record<string, string>;
  /** The destination's picture now (edit). */
  currentImage?: DestinationImage;
  library?: LibraryPage | null;
  submitLabel: string;
}) {
  const saving = useNavigation().state === "submitting";
  const v = initial.values;
  const builtinPreview = currentImage?.kind === "builtin" ? destinationImageSources(currentImage, 480) : null;
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      noValidate
      className="space-y-5 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-ink-900/5 sm:p-8"
    >
      <UnsavedChanges />
      <Field
        id={`${idPrefix}-name`}
        field={DESTINATION_FIELDS.name}
        required
        defaultValue={v.name}
        error={errors?.name}
        hint="Place and country, such as “Santorini, Greece”: the address is made from it (/destinations/santorini-greece)."
      />
      {builtinPreview && (
        <div className="flex items-center gap-3">
          <Thumbnail src={builtinPreview.src} alt="Current" />
          <p className="text-sm text-ink-700">
            Current image (shipped with the site). Upload a file, pick one from the library or give a URL to
            replace it.
          </p>
        </div>
      )}
      <ImageFields
        idPrefix={idPrefix}
        current={currentImage?.kind === "builtin" ? undefined : currentImage}
        error={errors?.image}
        alt={v.imageAlt}
        altError={errors?.imageAlt}
        library={library}
      />
      <Field
        id={`${idPrefix}-short`}
        field={DESTINATION_FIELDS.short}
        required
        multiline
        rows={2}
        defaultValue={v.short}
        error={errors?.short}
        hint="One line: shown on the destination's card."
      />
      <Field
        id={`${idPrefix}-description`}
        field={DESTINATION_FIELDS.description}
        multiline
        rows={10}
        defaultValue={v.description}
        error={errors?.description}
        hint="Plain text; leave an empty line between paragraphs."
      />
      <HighlightRows idPrefix={idPrefix} initial={initial.highlights} error={errors?.highlights} />
      <div className="grid gap-4 sm:grid-cols-3">
        <Field
          id={`${idPrefix}-location`}
          field={DESTINATION_FIELDS.location}
          defaultValue={v.location}
          error={errors?.location}
        />
        <Field
          id={`${idPrefix}-bestTime`}
          field={DESTINATION_FIELDS.bestTime}
          defaultValue={v.bestTime}
          error={errors?.bestTime}
        />
        <Field
          id={`${idPrefix}-theme`}
          field={DESTINATION_FIELDS.theme}
          defaultValue={v.theme}
          error={errors?.theme}
        />
      </div>
      <SelectField
        id={`${idPrefix}-tag`}
        field={DESTINATION_FIELDS.tag}
        defaultValue={v.tag ?? ""}
        error={errors?.tag}
      >
        {DESTINATION_TAGS.map((t) => (
          <option key={t.value} value={t.value}>
            {t.label}
          </option>
        ))}
      </SelectField>
      <MapPositionFields idPrefix={idPrefix} values={v} errors={errors} />
      <div className="flex justify-end">
        <SubmitButton submitting={saving}>{submitLabel}</SubmitButton>
      </div>
    </Form>
  );
}

/** Latitude and longitude, which place the destination on the map. */
function MapPositionFields({
  idPrefix,
  values: v,
  errors,
}: {
  idPrefix: string;
  values: DestinationFormInitial["values"];
  errors?: Record<string, string>;
}) {
  return (
    <fieldset className="rounded-xl border border-ink-900/10 p-4">
      <legend className="px-1 font-medium">Map position</legend>
      <p id={`${idPrefix}-coordinates-hint`} className="mb-3 text-sm text-ink-700">
        {DESTINATION_MESSAGES.coordinatesHint}
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          id={`${idPrefix}-latitude`}
          field={DESTINATION_FIELDS.latitude}
          defaultValue={v.latitude}
          error={errors?.latitude}
          hint="From -90 (south) to 90 (north)."
        />
        <Field
          id={`${idPrefix}-longitude`}
          field={DESTINATION_FIELDS.longitude}
          defaultValue={v.longitude}
          error={errors?.longitude}
          hint="From -180 (west) to 180 (east)."
        />
      </div>
    </fieldset>
  );
}

/**
 * Highlights: rows of a name and an image address. The saved rows and one empty row are rendered
 * on the server (so a row can be added and every row edited without JavaScript); with it, rows are
 * added and removed in place, up to the limit. Inputs are uncontrolled, keyed per row, so removing
 * one keeps what was typed in the others.
 */
function HighlightRows({
  idPrefix,
  initial,
  error,
}: {
  idPrefix: string;
  initial: { name: string; image: string }[];
  error?: string;
}) {
  const nextKey = useRef(0);
  const [rows, setRows] = useState(() =>
    [...initial, { name: "", image: "" }]
      .slice(0, MAX_HIGHLIGHTS)
      .map((h) => ({ key: nextKey.current++, ...h })),
  );
  const box = useRef<HTMLFieldSetElement>(null);
  const errorId = `${idPrefix}-highlights-error`;
  const changed = () =>
    // As if typed, so the unsaved-changes check sees rows added or removed.
    queueMicrotask(() => box.current?.dispatchEvent(new Event("input", { bubbles: true })));
  return (
    <fieldset
      ref={box}
      className="space-y-3 rounded-xl border border-ink-900/10 p-4"
      aria-describedby={error ? errorId : `${idPrefix}-highlights-hint`}
    >
      <legend className="px-1 font-medium">Highlights</legend>
      <p id={`${idPrefix}-highlights-hint`} className="text-sm text-ink-700">
        {DESTINATION_MESSAGES.highlightsHint}
      </p>
      <ol className="space-y-3">
        {rows.map((row, i) => {
          const preview = row.image
            ? destinationImageSources(highlightImage(normalizeHighlightImage(row.image) ?? ""), 480)
            : null;
          return (
            <li
              key={row.key}
              className="grid gap-2 rounded-lg bg-sand-100/60 p-3 sm:grid-cols-[1fr_1.4fr_auto] sm:items-end"
            >
              <div>
                <label htmlFor={`${idPrefix}-hl-name-${row.key}`} className="block text-sm font-medium">
                  Highlight {i + 1} name
                </label>
                <input
                  id={`${idPrefix}-hl-name-${row.key}`}
                  name={DESTINATION_FIELDS.highlightName.name}
                  type="text"
                  maxLength={DESTINATION_FIELDS.highlightName.max}
                  defaultValue={row.name}
                  className="mt-1 block w-full rounded-xl border border-ink-900/15 bg-white px-3 py-2 focus:border-sea-600 focus:outline-none"
                />
              </div>
              <div>
                <label htmlFor={`${idPrefix}-hl-image-${row.key}`} className="block text-sm font-medium">
                  Highlight {i + 1} image
                </label>
                <div className="mt-1 flex items-center gap-2">
                  {preview && (
                    <img
                      src={preview.src}
                      alt=""
                      width={48}
                      height={36}
                      className="h-9 w-12 shrink-0 rounded object-cover"
                    />
                  )}
                  <input
                    id={`${idPrefix}-hl-image-${row.key}`}
                    name={DESTINATION_FIELDS.highlightImage.name}
                    type="text"
                    inputMode="url"
                    placeholder="https://… or /uploads/…"
                    maxLength={DESTINATION_FIELDS.highlightImage.max}
                    defaultValue={row.image}
                    className="block w-full min-w-0 rounded-xl border border-ink-900/15 bg-white px-3 py-2 focus:border-sea-600 focus:outline-none"
                  />
                </div>
              </div>
              <button
                type="button"
                onClick={() => {
                  setRows((current) => current.filter((r) => r.key !== row.key));
                  changed();
                }}
                className="inline-flex h-10 items-center justify-center rounded-full px-4 text-sm font-semibold text-coral-600 ring-1 ring-coral-600/30 hover:bg-coral-500/10"
              >
                Remove<span className="sr-only"> highlight {i + 1}</span>
              </button>
            </li>
          );
        })}
      </ol>
      {rows.length < MAX_HIGHLIGHTS && (
        <button
          type="button"
          onClick={() => {
            setRows((current) => [...current, { key: nextKey.current++, name: "", image: "" }]);
            changed();
          }}
          className={`${buttonSecondary} px-4 py-2 text-sm`}
        >
          Add highlight
        </button>
      )}
      {error && (
        <p id={errorId} className="text-sm font-medium text-coral-600">
          {error}
        </p>
      )}
    </fieldset>
  );
}
