import { Link } from "react-router";
import { RequestReference } from "./request-id.tsx";
import { SearchBox } from "./search-box.tsx";

/** The designed 404 / error page. `standalone` when no site layout is around it. */
export function ErrorPage({ status, standalone = false }: { status: number; standalone?: boolean }) {
  const notFound = status === 404;
  const body = (
    <section
      className={`mx-auto flex max-w-2xl flex-col items-center px-6 text-center ${standalone ? "py-24" : "pt-40 pb-24"}`}
    >
      <p className="font-serif text-7xl font-semibold text-sea-700" aria-hidden="true">
        {notFound ? "404" : "Oops"}
      </p>
      <h1 className="mt-4 font-serif text-3xl font-semibold sm:text-4xl">
        {notFound ? "We couldn't find that page" : "Something went wrong"}
      </h1>
      <p className="mt-4 text-lg text-ink-700">
        {notFound
          ? "The page may have moved, or the link may be mistyped. Here are some good places to start instead."
          : "We hit a problem showing this page. Please try again in a moment."}
      </p>
      {notFound ? <SearchBox className="mt-8" /> : <RequestReference />}
      <nav aria-label="Suggestions" className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/" className="rounded-full bg-sea-700 px-5 py-2.5 font-medium text-white hover:bg-sea-800">
          Go home
        </Link>
        <Link
          to="/destinations"
          className="rounded-full border border-ink-900/20 px-5 py-2.5 font-medium hover:border-sea-700"
        >
          Destinations
        </Link>
        <Link
          to="/blogs"
          className="rounded-full border border-ink-900/20 px-5 py-2.5 font-medium hover:border-sea-700"
        >
          Blog
        </Link>
      </nav>
    </section>
  );
  // No route's meta reaches a page drawn by the document root: it names itself (React puts the
  // title in the head), so the tab and a screen reader still say what the page is.
  return standalone ? (
    <main>
      <title>{notFound ? "Page not found" : "Something went wrong"}</title>
      {body}
    </main>
  ) : (
    body
  );
}
