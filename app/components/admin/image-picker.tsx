import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { IMAGE_FIELDS } from "#app/forms/image.fields.ts";
import { uploadSrc } from "#app/lib/images.ts";

/** What the picker reads of the media library's loader (routes/admin/media.tsx). */
interface LibraryPage {
  uploads: {
    items: { id: string; width: number | null; height: number | null; usedBy: { title: string }[] }[];
    page: number;
    pageCount: number;
  } | null;
}

/**
 * "Or pick from the library": the uploads of the media library as radio buttons named
 * `imagePick`, a plain form field the server checks (the id must still exist). The library is
 * fetched when the admin opens the picker, a page at a time.
 */
export function ImagePicker({ idPrefix }: { idPrefix: string }) {
  const library = useFetcher<LibraryPage>();
  const [open, setOpen] = useState(false);
  const [picked, setPicked] = useState("");
  const [page, setPage] = useState(1);
  const { load } = library;
  useEffect(() => {
    if (open) load(`/admin/media?page=${page}`);
  }, [open, page, load]);
  const uploads = library.data?.uploads;
  return (
    <div>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={`${idPrefix}-image-picker`}
        onClick={() => setOpen((o) => !o)}
        className="font-medium text-sea-700 hover:underline"
      >
        {IMAGE_FIELDS.pick.label}
        {picked && " (1 picked)"}
      </button>
      {/* Stays in the form while closed, so a pick is sent even after the picker is folded away. */}
      <input type="hidden" name={IMAGE_FIELDS.pick.name} value={picked} />
      {open && (
        <fieldset id={`${idPrefix}-image-picker`} className="mt-2 rounded-xl bg-sand-50 p-3">
          <legend className="sr-only">{IMAGE_FIELDS.pick.label}</legend>
          {!uploads ? (
            <p className="text-sm text-ink-700">
              {library.state === "idle" ? "The library could not be loaded." : "Loading…"}
            </p>
          ) : uploads.items.length === 0 ? (
            <p className="text-sm text-ink-700">No uploaded images yet.</p>
          ) : (
            <>
              <div className="grid grid-cols-3 gap-2 sm:grid-cols-4">
                {uploads.items.map((u) => {
                  const label = `Uploaded image ${u.width ?? "?"}×${u.height ?? "?"} px${u.usedBy.length ? `, used by ${u.usedBy.map((x) => x.title).join(", ")}` : ", not used"}`;
                  return (
                    <label
                      key={u.id}
                      className={`cursor-pointer rounded-lg p-1 ring-2 ${picked === u.id ? "ring-sea-600" : "ring-transparent"}`}
                    >
                      <input
                        type="radio"
                        name={`${idPrefix}-pick-choice`}
                        value={u.id}
                        checked={picked === u.id}
                        onChange={() => setPicked(u.id)}
                        aria-label={label}
                        className="sr-only"
                      />
                      <img
                        src={uploadSrc(u.id, 480)}
                        alt=""
                        width={96}
                        height={64}
                        loading="lazy"
                        className="h-16 w-full rounded-md object-cover"
                      />
                    </label>
                  );
                })}
              </div>
              <div className="mt-2 flex items-center gap-3 text-sm">
                {picked && (
                  <button
                    type="button"
                    className="text-coral-600 hover:underline"
                    onClick={() => setPicked("")}
                  >
                    Clear the pick
                  </button>
                )}
                {uploads.page > 1 && (
                  <button type="button" className="hover:underline" onClick={() => setPage(uploads.page - 1)}>
                    ← Newer
                  </button>
                )}
                {uploads.page < uploads.pageCount && (
                  <button type="button" className="hover:underline" onClick={() => setPage(uploads.page + 1)}>
                    Older →
                  </button>
                )}
              </div>
            </>
          )}
        </fieldset>
      )}
    </div>
  );
}
