import { useEffect, useRef } from "react";
import { data, Links, Meta, Outlet, Scripts, useLocation } from "react-router";
import { InlineStyles } from "#app/components/inline-styles.tsx";
import { useNonce } from "#app/components/nonce.tsx";
import { DocumentErrorPage } from "#app/components/route-error-boundary.tsx";
import { useSiteLinkNavigation } from "#app/components/site-link.tsx";
import { isDatabaseKnownDown, RETRY_AFTER_SECONDS } from "#app/server/db/health.server.ts";
import { cookieMiddleware } from "#app/server/http/cookies.server.ts";
import { routeLabel, setRoute } from "#app/server/telemetry/request.server.ts";
import type { Route } from "./+types/root";

/** While the database is known to be down, every page and post gets the 503 page at once. */
const databaseAvailable: Route.MiddlewareFunction = () => {
  if (isDatabaseKnownDown()) {
    throw data(null, { status: 503, headers: { "Retry-After": String(RETRY_AFTER_SECONDS) } });
  }
};

/** Names the matched route (`/blogs/:slug`, bounded, unlike URLs) for the request's log line and metrics. */
const nameRoute: Route.MiddlewareFunction = ({ pattern }) => {
  setRoute(routeLabel(pattern));
};

export const middleware: Route.MiddlewareFunction[] = [nameRoute, cookieMiddleware, databaseAvailable];

/** The site icon is the public layout's (the owner's, /admin/design) and the admin layout's. */
export const links: Route.LinksFunction = () => [
  { rel: "alternate", type: "application/rss+xml", title: "Blog", href: "/rss.xml" },
];

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#14213d" />
        <InlineStyles />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

/**
 * The page scrolls smoothly to the top on each path change. Not on the first render: the
 * browser has already placed the page (at the top, at a #fragment, or where a reload left it).
 */
function ScrollToTop() {
  const { pathname, hash } = useLocation();
  const firstRender = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each path change by design
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    if (hash) return;
    const reduce = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    window.scrollTo({ top: 0, behavior: reduce ? "auto" : "smooth" });
  }, [pathname]);
  return null;
}

export default function App() {
  useSiteLinkNavigation();
  // Lets browser tests (and curious people) know when the page has become interactive.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return (
    <>
      <ScrollToTop />
      <Outlet />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <DocumentErrorPage error={error} />;
}
