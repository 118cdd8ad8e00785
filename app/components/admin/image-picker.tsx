import { type MouseEvent, useEffect, useState } from "react";
import { useFetcher, useLocation } from "react-router";
import { IMAGE_FIELDS } from "#app/forms/image.fields.ts";
import { uploadSrc } from "#app/lib/images.ts";

/**
 * The query parameter of the screen's own address that names the picker's page: the edit screens'
 * loaders render that page of the library, so Newer / Older are plain links that work without
 * JavaScript.
 */
export const PICKER_PAGE_PARAM = "pickerPage";

/** One page of the media library, as the picker's loader (routes/admin/media/library.ts) answers it. */
export interface LibraryPage {
  items: {
    id: string;
    width: number | null;
    height: number | null;
    usedBy: { title: string; alt: string }[];
  }[];
  page: number;
  pageCount: number;
}

/** "Khao Soi Gai, 1200 × 900 px": names an upload by where it is used, since it has no name of its own. */
function describe(u: LibraryPage["items"][number]): { title: string; size: string } {
  const [first, ...rest] = u.usedBy;
  const title = !first ? "Not used" : rest.length ? `${first.title} (+${rest.length})` : first.title;
  return { title, size: u.width && u.height ? `${u.width} × ${u.height} px` : "size unknown" };
}

/**
 * Fills the form's Alt text with `alt`, unless the writer has typed their own: an empty field, the
 * alt text the form opened with (it describes the image being replaced) and an earlier suggestion
 * are all replaced.
 */
function suggestAlt(form: HTMLFormElement | null, alt: string | undefined) {
  const field = form?.elements.namedItem(IMAGE_FIELDS.alt.name);
  if (!alt || !(field instanceof HTMLInputElement)) return;
  const untouched =
    field.value.trim() === "" ||
    field.value === field.defaultValue ||
    field.value === field.dataset.suggested;
  if (!untouched) return;
  field.value = alt;
  field.dataset.suggested = alt;
  // As if typed, so the unsaved-changes check sees it.
  field.dispatchEvent(new Event("input", { bubbles: true }));
}

/**
 * "Or pick from the library": the uploads of the media library as a group of radio buttons named
 * `imagePick`, each labelled by the post using it and its size, with "None" first. It is a plain
 * form field inside a native disclosure, so it works before (and without) JavaScript: the edit
 * screens render a page on the server (`initial`: the first, or the one their address names with
 * `?pickerPage=N`), and Newer / Older are then links to the same screen with that parameter (its
 * other parameters kept), which open with the picker unfolded. With JavaScript a click on them is
 * kept in place: the page is fetched from the picker's own loader (/admin/media/library), and the
 * form's typed content stays. Where nothing was rendered (the Add dialogs), the page is fetched when
 * the picker opens, and Newer / Older are buttons. The image the post has now is marked "Current"; picking an image
 * fills an empty Alt text with the alt text it already has elsewhere (the writer can change it).
 */
export function ImagePicker({
  idPrefix,
  initial,
  currentId,
}: {
  idPrefix: string;
  initial?: LibraryPage | null;
  /** The upload the post uses now, if any. */
  currentId?: string;
}) {
  const library = useFetcher<{ uploads: LibraryPage | null }>();
  const location = useLocation();
  // Reached by one of its own links (without JavaScript): the picker opens where the writer was.
  const [openedByLink] = useState(() => new URLSearchParams(location.search).has(PICKER_PAGE_PARAM));
  const [open, setOpen] = useState(openedByLink);
  const [picked, setPicked] = useState("");
  const [page, setPage] = useState(initial?.page ?? 1);
  const { load } = library;
  const needsFetch = open && (!initial || page !== initial.page);
  useEffect(() => {
    if (needsFetch) load(`/admin/media/library?page=${page}`);
  }, [needsFetch, page, load]);
  const uploads = initial && page === initial.page ? initial : library.data?.uploads;
  const anchor = `${idPrefix}-picker`;
  /** This screen's address with the picker at page `n`, for the page's links. */
  const pageHref = (n: number) => {
    const query = new URLSearchParams(location.search);
    query.set(PICKER_PAGE_PARAM, String(n));
    return `${location.pathname}?${query}#${anchor}`;
  };
  const pickedElsewhere = picked !== "" && !uploads?.items.some((u) => u.id === picked);
  const name = IMAGE_FIELDS.pick.name;
  return (
    <details
      id={anchor}
      className="group scroll-mt-24 rounded-xl bg-sand-50 open:pb-3"
      open={openedByLink || undefined}
      onToggle={(e) => setOpen(e.currentTarget.open)}
    >
      <summary className="cursor-pointer rounded-xl px-3 py-2 font-medium text-sea-700 hover:underline">
        {IMAGE_FIELDS.pick.label}
        {picked && <span className="ml-2 text-sm font-normal text-ink-700">(1 image picked)</span>}
      </summary>
      {/* A pick made on another page stays in the form while this page shows other images. */}
      {pickedElsewhere && <input type="hidden" name={name} value={picked} />}
      <fieldset className="px-3" aria-describedby={`${idPrefix}-pick-hint`}>
        <legend className="sr-only">{IMAGE_FIELDS.pick.label}</legend>
        <p id={`${idPrefix}-pick-hint`} className="mb-2 text-sm text-ink-700">
          Use an image already uploaded instead of uploading it again. A file chosen above wins over a pick.
        </p>
        {!uploads ? (
          <p className="text-sm text-ink-700" role="status">
            {library.state === "idle" && library.data ? "The library could not be loaded." : "Loading…"}
          </p>
        ) : uploads.items.length === 0 ? (
          <p className="text-sm text-ink-700">
            No uploaded images yet: upload one above, and it joins the library when the form is saved.
          </p>
        ) : (
          <div className="grid grid-cols-3 gap-2 sm:grid-cols-4 lg:grid-cols-6">
            <label className="flex cursor-pointer items-center justify-center rounded-lg bg-white p-2 text-center text-sm ring-2 ring-ink-900/10 has-checked:ring-sea-600 has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-sea-600">
              <input
                type="radio"
                name={name}
                value=""
                checked={picked === ""}
                onChange={() => setPicked("")}
                className="sr-only"
              />
              None
            </label>
            {uploads.items.map((u) => (
              <LibraryChoice
                key={u.id}
                upload={u}
                name={name}
                checked={picked === u.id}
                current={u.id === currentId}
                onPick={() => setPicked(u.id)}
              />
            ))}
          </div>
        )}
        {uploads && uploads.pageCount > 1 && (
          <div className="mt-2 flex items-center gap-3 text-sm">
            {uploads.page > 1 && (
              <PageControl
                href={initial !== undefined ? pageHref(uploads.page - 1) : null}
                onGo={() => setPage(uploads.page - 1)}
              >
                ← Newer images
              </PageControl>
            )}
            <span className="text-ink-700">
              Page {uploads.page} of {uploads.pageCount}
            </span>
            {uploads.page < uploads.pageCount && (
              <PageControl
                href={initial !== undefined ? pageHref(uploads.page + 1) : null}
                onGo={() => setPage(uploads.page + 1)}
              >
                Older images →
              </PageControl>
            )}
          </div>
        )}
      </fieldset>
    </details>
  );
}

/** One uploaded image of the library as a choice: its picture, title and size; "Current" if the post uses it. */
function LibraryChoice({
  upload,
  name,
  checked,
  current,
  onPick,
}: {
  upload: LibraryPage["items"][number];
  name: string;
  checked: boolean;
  current: boolean;
  onPick: () => void;
}) {
  const { title, size } = describe(upload);
  return (
    <label className="relative cursor-pointer rounded-lg bg-white p-1 ring-2 ring-ink-900/10 has-checked:ring-sea-600 has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-sea-600">
      <input
        type="radio"
        name={name}
        value={upload.id}
        checked={checked}
        onChange={(e) => {
          onPick();
          suggestAlt(e.currentTarget.form, upload.usedBy.find((use) => use.alt.trim())?.alt);
        }}
        className="sr-only"
      />
      {current && (
        <span className="absolute top-2 left-2 rounded-full bg-ink-900/80 px-2 py-0.5 text-xs font-semibold text-white">
          Current
        </span>
      )}
      <img
        src={uploadSrc(upload.id, 480)}
        alt=""
        width={160}
        height={100}
        loading="lazy"
        className="aspect-[16/10] w-full rounded-md object-cover"
      />
      <span className="mt-1 block truncate px-1 text-xs font-medium" title={title}>
        {title}
      </span>
      <span className="block px-1 text-xs text-ink-700">{size}</span>
    </label>
  );
}

/** A click that asks the browser for something else than following the link here (a new tab, a download). */
const opensElsewhere = (e: MouseEvent) => e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey;

/**
 * Newer / Older: a link (`href`) where the screen renders the picker's page from its address, so
 * it pages without JavaScript; with JavaScript a plain click stays in place (`onGo`), so nothing
 * typed in the form is lost. Where the screen does not (the Add dialogs), a button.
 */
function PageControl({ href, onGo, children }: { href: string | null; onGo: () => void; children: string }) {
  if (href === null)
    return (
      <button type="button" className="hover:underline" onClick={onGo}>
        {children}
      </button>
    );
  return (
    <a
      href={href}
      className="hover:underline"
      onClick={(e) => {
        if (opensElsewhere(e)) return;
        e.preventDefault();
        onGo();
      }}
    >
      {children}
    </a>
  );
}
