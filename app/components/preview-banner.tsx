import { isRouteErrorResponse, useRouteError } from "react-router";
import { ErrorPage } from "./error-page.tsx";

/**
 * The bar that tells an admin the page is a preview, not what readers see yet. Fixed to the
 * bottom of the window so the page above it keeps the public page's layout; the spacer lets the
 * footer's last line scroll clear of it.
 */
function PreviewBanner({
  editUrl,
  editLabel,
  unsaved,
  uploadLeftOut,
}: {
  editUrl: string;
  editLabel: string;
  unsaved: boolean;
  uploadLeftOut: boolean;
}) {
  return (
    <>
      <div aria-hidden="true" className="h-20" />
      <section
        aria-label="Preview"
        className="fixed inset-x-0 bottom-0 z-50 border-t-4 border-sand-200 bg-ink-900 text-white shadow-2xl"
      >
        <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 gap-y-1 px-4 py-3 sm:px-6">
          <strong className="rounded-full bg-sand-200 px-3 py-0.5 text-sm font-semibold tracking-wider text-ink-900 uppercase">
            Preview
          </strong>
          <p className="min-w-48 flex-1 text-sm text-white/85">
            {unsaved
              ? "Unsaved changes, as readers would see them. Nothing has been saved."
              : "As readers will see it."}
            {uploadLeftOut && " The chosen upload appears once saved."}
          </p>
          <a href={editUrl} className="font-semibold text-sand-200 underline hover:text-white">
            {editLabel}
          </a>
        </div>
      </section>
    </>
  );
}

/** A posted preview the checks refused: why, in the words the save would use. */
function PreviewRefused({ message, fieldErrors }: { message: string; fieldErrors: Record<string, string> }) {
  const details = Object.values(fieldErrors).filter((m) => m !== message);
  return (
    <section className="mx-auto max-w-2xl px-6 pt-40 pb-24">
      <h1 className="font-serif text-3xl font-semibold">Not ready to preview</h1>
      <p role="alert" className="mt-4 text-lg text-coral-600">
        {message}
      </p>
      {details.length > 0 && (
        <ul className="mt-4 list-disc pl-6 text-ink-700">
          {details.map((m) => (
            <li key={m}>{m}</li>
          ))}
        </ul>
      )}
      <p className="mt-6 text-ink-700">Correct the form in the editor, then choose Preview again.</p>
    </section>
  );
}

/** What a preview route's loader says about a posted form: refused with the save's words, or shown. */
type PostedPreview =
  | { ok: false; message: string; fieldErrors: Record<string, string> }
  | { ok: true; uploadLeftOut: boolean };

/**
 * A preview page: the item as readers will see it (`children`), or why a posted form cannot be
 * shown, with the Preview bar and its way back to the editor either way.
 */
export function PreviewPage({
  posted,
  back,
  children,
}: {
  posted: PostedPreview | null;
  back: { url: string; label: string };
  children: React.ReactNode;
}) {
  const refused = posted && !posted.ok ? posted : null;
  return (
    <>
      {refused ? <PreviewRefused message={refused.message} fieldErrors={refused.fieldErrors} /> : children}
      <PreviewBanner
        editUrl={back.url}
        editLabel={back.label}
        unsaved={posted !== null}
        uploadLeftOut={posted?.ok ? posted.uploadLeftOut : false}
      />
    </>
  );
}

/** A preview that is not there (404), or a form the server could not read: said plainly. */
export function PreviewErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <ErrorPage status={404} />;
  if (isRouteErrorResponse(error) && error.status < 500) {
    const toast = (error.data as { toast?: { message?: string } } | null)?.toast;
    return <PreviewRefused message={toast?.message ?? "The form could not be read."} fieldErrors={{}} />;
  }
  console.error(error);
  return <ErrorPage status={500} />;
}
