import { isRouteErrorResponse, useRouteError } from "react-router";
import { ErrorPage } from "./error-page.tsx";

/** For routes inside the public layout: the 404 (or error) page keeps the site's header and footer. */
export function RouteErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  // A 4xx answer (a refused form, a missing page) is the client's doing, not a fault to report.
  if (!(isRouteErrorResponse(error) && error.status < 500)) console.error(error);
  return <ErrorPage status={notFound ? 404 : 500} />;
}
