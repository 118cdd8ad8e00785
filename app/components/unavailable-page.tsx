import { useLocation } from "react-router";
import { FALLBACK_BRAND } from "#app/lib/site.ts";
import { RequestReference } from "./request-id.tsx";

/**
 * The designed 503 page, shown while the database is unreachable. It needs nothing from the
 * database (the brand is the built-in one) and says plainly that the visitor can come back soon.
 * `noindex`: search engines must not keep this in place of the page.
 */
export function UnavailablePage() {
  const again = useTryAgainHref();
  return (
    <main className="flex min-h-screen flex-col bg-sand-50">
      <title>{`We'll be right back | ${FALLBACK_BRAND}`}</title>
      <meta name="robots" content="noindex" />
      <header className="bg-ink-900 px-6 py-4 text-white">
        <p className="mx-auto flex max-w-5xl items-center gap-2 font-serif text-xl font-semibold">
          <img src="/favicon.svg" alt="" width="28" height="28" className="size-7" /> {FALLBACK_BRAND}
        </p>
      </header>
      <section className="mx-auto flex w-full max-w-2xl flex-1 flex-col items-center justify-center px-6 py-20 text-center">
        <svg
          viewBox="0 0 64 64"
          className="size-20 text-sea-700"
          fill="none"
          stroke="currentColor"
          strokeWidth="2.5"
          strokeLinecap="round"
          strokeLinejoin="round"
          aria-hidden="true"
        >
          <circle cx="32" cy="32" r="26" />
          <path d="M32 14v4M32 46v4M14 32h4M46 32h4" />
          <path d="m40 24-5.5 10.5L24 40l5.5-10.5z" className="fill-coral-500 stroke-coral-600" />
        </svg>
        <h1 className="mt-6 font-serif text-3xl font-semibold sm:text-4xl">We'll be right back</h1>
        <p className="mt-4 text-lg text-ink-700">
          We're taking a short break behind the scenes and can't show this page just now. Nothing you did
          caused this. Please try again in a few moments.
        </p>
        <p className="mt-2 text-ink-700">If you were sending a comment or a message, it was not sent yet.</p>
        <RequestReference />
        <a
          href={again}
          className="mt-8 rounded-full bg-sea-700 px-6 py-3 font-medium text-white hover:bg-sea-800"
        >
          Try again
        </a>
      </section>
    </main>
  );
}

/** The 503's data when the database's disk is full rather than the database unreachable. */
export const STORAGE_FULL = "storage-full";

/**
 * For the admin: a plain statement, no stack and no marketing, inside a calm panel. `storageFull`:
 * the database answers but its disk is full, which waiting will not mend.
 */
export function AdminUnavailable({ storageFull = false }: { storageFull?: boolean }) {
  const again = useTryAgainHref();
  return (
    <main className="flex min-h-screen items-center justify-center bg-sand-50 px-6">
      <title>{storageFull ? "Disk full | Admin" : "Database unavailable | Admin"}</title>
      <meta name="robots" content="noindex" />
      <section
        role="alert"
        className="w-full max-w-lg rounded-2xl border border-ink-900/10 bg-white p-8 shadow-sm"
      >
        {storageFull ? (
          <>
            <h1 className="font-serif text-2xl font-semibold">The server's disk is full</h1>
            <p className="mt-3 text-ink-700">
              The disk that holds the site's database is full, so nothing was saved. The site still shows its
              pages. Free some space on the server (old backups, for instance), then try again.
            </p>
          </>
        ) : (
          <>
            <h1 className="font-serif text-2xl font-semibold">The database is not answering</h1>
            <p className="mt-3 text-ink-700">
              The site's database is not answering right now, so this screen cannot be shown and nothing was
              saved. It usually comes back by itself within a minute.
            </p>
          </>
        )}
        <RequestReference />
        <a
          href={again}
          className="mt-6 inline-block rounded-full bg-ink-900 px-5 py-2.5 font-medium text-white hover:bg-ink-700"
        >
          Try again
        </a>
      </section>
    </main>
  );
}

/** A plain link to this page (not a router link): a full load asks the server again. */
function useTryAgainHref(): string {
  const { pathname, search } = useLocation();
  return pathname + search;
}
