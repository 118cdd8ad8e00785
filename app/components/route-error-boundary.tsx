import { isRouteErrorResponse, useMatches, useRouteError } from "react-router";
import { ErrorPage } from "./error-page.tsx";
import { AdminUnavailable, STORAGE_FULL, UnavailablePage } from "./unavailable-page.tsx";

/** For routes inside the public layout: the 404 (or error) page keeps the site's header and footer. */
export function RouteErrorBoundary() {
  const error = useRouteError();
  // A 4xx answer (a refused form, a missing page) is the client's doing, not a fault to report:
  // the page says so with its own status.
  const status = isRouteErrorResponse(error) ? error.status : 500;
  logInBrowser(status, error);
  return <ErrorPage status={status} />;
}

/**
 * The page of an error with no layout around it: the document root's, and the admin layout's for
 * anything but a screen's load failure. While the database is unreachable (503), the designed
 * "be right back" page, or the admin's plain statement on an admin screen.
 */
export function DocumentErrorPage({ error }: { error: unknown }) {
  const inAdmin = useMatches().some((m) => m.id.startsWith("routes/admin/"));
  if (isRouteErrorResponse(error) && error.status === 503) {
    return inAdmin ? <AdminUnavailable storageFull={error.data === STORAGE_FULL} /> : <UnavailablePage />;
  }
  // A 4xx answer (a refused form, a missing page) is the client's doing, not a fault to report:
  // the page says so with its own status, never as a failure of the site.
  const status = isRouteErrorResponse(error) ? error.status : 500;
  logInBrowser(status, error);
  return <ErrorPage status={status} standalone />;
}

/**
 * A failure shown in the browser goes to its console. On the server the error log has it already,
 * with the request's id (entry.server.tsx's handleError): a bare console line there would only
 * break the log's one-JSON-object-a-line format.
 */
function logInBrowser(status: number, error: unknown) {
  if (status >= 500 && typeof document !== "undefined") console.error(error);
}
