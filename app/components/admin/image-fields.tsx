import { useState } from "react";
import { IMAGE_FIELDS, IMAGE_MESSAGES } from "#app/forms/image.fields.ts";
import { type ImageRef, imageSources, MAX_UPLOAD_BYTES, UPLOAD_TOO_LARGE } from "#app/lib/images.ts";
import { ImagePicker, type LibraryPage } from "./image-picker.tsx";
import { Thumbnail } from "./ui.tsx";

/**
 * "Upload Image" (an image file), a pick from the media library, "Or Image URL", and "Alt text";
 * the current image when editing.
 */
export function ImageFields({
  idPrefix,
  current,
  error,
  alt,
  altError,
  library,
}: {
  idPrefix: string;
  current?: ImageRef;
  error?: string;
  /** The Alt text to show: the current image's, or what was sent with a refused form. */
  alt?: string;
  altError?: string;
  /** The library's first page, rendered with the form so the picker works without JavaScript. */
  library?: LibraryPage | null;
}) {
  const preview = imageSources(current ?? null, 480);
  // A file over the limit is refused as soon as it is chosen: sending megabytes only to be
  // refused is slow, and a server that stops reading a refused upload can leave the browser
  // waiting. The server checks again.
  const [tooLarge, setTooLarge] = useState(false);
  const message = tooLarge ? `${UPLOAD_TOO_LARGE} Choose a smaller file.` : error;
  return (
    <fieldset className="space-y-3 rounded-xl border border-ink-900/10 p-4">
      <legend className="px-1 font-medium">Image</legend>
      {preview && (
        <div className="flex items-center gap-3">
          <Thumbnail src={preview.src} alt="Current" />
          <p className="text-sm text-ink-700">
            Current image. Upload a file, pick one from the library or give a URL to replace it.
          </p>
        </div>
      )}
      <div>
        <label htmlFor={`${idPrefix}-imageFile`} className="block font-medium">
          {IMAGE_FIELDS.file.label}
        </label>
        <input
          id={`${idPrefix}-imageFile`}
          name={IMAGE_FIELDS.file.name}
          type="file"
          accept="image/*"
          aria-invalid={tooLarge ? true : undefined}
          aria-describedby={tooLarge ? `${idPrefix}-image-error` : undefined}
          onChange={(e) => {
            const file = e.currentTarget.files?.[0];
            const refused = file !== undefined && file.size > MAX_UPLOAD_BYTES;
            if (refused) e.currentTarget.value = "";
            setTooLarge(refused);
          }}
          className="mt-1.5 block w-full text-sm file:mr-3 file:rounded-full file:border-0 file:bg-sand-100 file:px-4 file:py-2 file:font-semibold"
        />
      </div>
      <ImagePicker
        idPrefix={idPrefix}
        initial={library}
        currentId={current?.kind === "upload" ? current.id : undefined}
      />
      <div>
        <label htmlFor={`${idPrefix}-imageUrl`} className="block font-medium">
          {IMAGE_FIELDS.url.label}
        </label>
        <input
          id={`${idPrefix}-imageUrl`}
          name={IMAGE_FIELDS.url.name}
          type="url"
          placeholder="https://…"
          aria-invalid={error && !tooLarge ? true : undefined}
          aria-describedby={error && !tooLarge ? `${idPrefix}-image-error` : undefined}
          className="mt-1.5 block w-full rounded-xl border border-ink-900/15 bg-white px-4 py-2.5 focus:border-sea-600 focus:outline-none"
        />
      </div>
      <div>
        <label htmlFor={`${idPrefix}-imageAlt`} className="block font-medium">
          {IMAGE_FIELDS.alt.label}
        </label>
        <input
          id={`${idPrefix}-imageAlt`}
          name={IMAGE_FIELDS.alt.name}
          type="text"
          maxLength={IMAGE_FIELDS.alt.max}
          defaultValue={alt}
          aria-invalid={altError ? true : undefined}
          aria-describedby={`${idPrefix}-imageAlt-hint`}
          className="mt-1.5 block w-full rounded-xl border border-ink-900/15 bg-white px-4 py-2.5 focus:border-sea-600 focus:outline-none"
        />
        <p
          id={`${idPrefix}-imageAlt-hint`}
          className={`mt-1 text-sm ${altError ? "font-medium text-coral-600" : "text-ink-700"}`}
        >
          {altError ?? IMAGE_MESSAGES.altHint}
        </p>
      </div>
      {message && (
        <p
          id={`${idPrefix}-image-error`}
          role={tooLarge ? "alert" : undefined}
          className="text-sm font-medium text-coral-600"
        >
          {message}
        </p>
      )}
    </fieldset>
  );
}
