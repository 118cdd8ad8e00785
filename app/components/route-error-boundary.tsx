import { isRouteErrorResponse, useRouteError } from "react-router";
import { ErrorPage } from "./error-page.tsx";

/** For routes inside the public layout: the 404 (or error) page keeps the site's header and footer. */
export function RouteErrorBoundary() {
  const error = useRouteError();
  // A 4xx answer (a refused form, a missing page) is the client's doing, not a fault to report:
  // the page says so with its own status.
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (status >= 500) console.error(error);
  return <ErrorPage status={status} />;
}
