import { useEffect, useRef } from "react";
import { isRouteErrorResponse } from "react-router";
import { RequestReference } from "./request-id.tsx";
import { SearchBox } from "./search-box.tsx";
import { SiteLink } from "./site-link.tsx";

/**
 * What the page says for a refused request (4xx other than 404): the visitor's request, not a fault
 * of the site, so it never says "Something went wrong".
 */
const REFUSED: Record<number, string> = {
  400: "The request could not be read.",
  403: "You do not have access to this page.",
  405: "This page cannot take that kind of request.",
  413: "What was sent is too large.",
  415: "What was sent is not in a form this page reads.",
  429: "Too many requests in a short time. Wait a moment before trying again.",
};

/** The heading, lead and browser title of an error page for `status`. */
function errorPageText(status: number): {
  mark: string;
  heading: string;
  lead: string;
  title: string;
} {
  if (status === 404)
    return {
      mark: "404",
      heading: "We couldn't find that page",
      lead: "The page may have moved, or the link may be mistyped. Here are some good places to start instead.",
      title: "Page not found",
    };
  // The database unreachable or its disk full, met by a client-side navigation or form (the
  // document's answer is the full "be right back" page, unavailable-page.tsx).
  if (status === 503)
    return {
      mark: "503",
      heading: "We'll be right back",
      lead: "We can't do that just now. If you were sending a comment or a message, it was not sent yet: please try again in a few moments.",
      title: "We'll be right back",
    };
  if (status >= 400 && status < 500)
    return {
      mark: String(status),
      heading: "We couldn't handle that request",
      lead: `${REFUSED[status] ?? "The request was refused."} Go back and try again, or start from one of these pages.`,
      title: "Request refused",
    };
  return {
    mark: "Oops",
    heading: "Something went wrong",
    lead: "We hit a problem showing this page. Please try again in a moment.",
    title: "Something went wrong",
  };
}

/**
 * The browser title for a route's meta when it has no data: what its error boundary shows for
 * `error` (a failure is not "Page not found"), or the 404's when the route found nothing.
 */
export function errorPageTitle(error: unknown): string {
  // React Router hands meta `null`, not undefined, when no route failed.
  if (error == null) return errorPageText(404).title;
  return errorPageText(isRouteErrorResponse(error) ? error.status : 500).title;
}

/** The designed 404 / error page. `standalone` when no site layout is around it. */
export function ErrorPage({ status, standalone = false }: { status: number; standalone?: boolean }) {
  const notFound = status === 404;
  const text = errorPageText(status);
  const heading = useRef<HTMLHeadingElement>(null);
  // Drawn in place of a page read far down (a comment form whose submission failed): the reader
  // would be left looking at the footer, not at what happened.
  useEffect(() => {
    const top = heading.current?.getBoundingClientRect().top;
    if (top !== undefined && (top < 0 || top > window.innerHeight))
      heading.current?.scrollIntoView({ block: "center" });
  }, []);
  const body = (
    <section
      className={`mx-auto flex max-w-2xl flex-col items-center px-6 text-center ${standalone ? "py-24" : "pt-40 pb-24"}`}
    >
      <p className="font-serif text-7xl font-semibold text-sea-700" aria-hidden="true">
        {text.mark}
      </p>
      <h1 ref={heading} className="mt-4 font-serif text-3xl font-semibold sm:text-4xl">
        {text.heading}
      </h1>
      <p className="mt-4 text-lg text-ink-700">{text.lead}</p>
      {notFound ? <SearchBox className="mt-8" /> : <RequestReference />}
      <nav aria-label="Suggestions" className="mt-8 flex flex-wrap justify-center gap-3">
        <SiteLink
          to="/"
          className="rounded-full bg-sea-700 px-5 py-2.5 font-medium text-white hover:bg-sea-800"
        >
          Go home
        </SiteLink>
        <SiteLink
          to="/destinations"
          className="rounded-full border border-ink-900/20 px-5 py-2.5 font-medium hover:border-sea-700"
        >
          Destinations
        </SiteLink>
        <SiteLink
          to="/blogs"
          className="rounded-full border border-ink-900/20 px-5 py-2.5 font-medium hover:border-sea-700"
        >
          Blog
        </SiteLink>
      </nav>
    </section>
  );
  // No route's meta reaches a page drawn by the document root: it names itself (React puts the
  // title in the head), so the tab and a screen reader still say what the page is.
  return standalone ? (
    <main>
      <title>{text.title}</title>
      {body}
    </main>
  ) : (
    body
  );
}
