import { isRouteErrorResponse, useRouteError } from "react-router";
import { ErrorPage } from "./error-page.tsx";

/** For routes inside the public layout: the 404 (or error) page keeps the site's header and footer. */
export function RouteErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  if (!notFound) console.error(error);
  return <ErrorPage status={notFound ? 404 : 500} />;
}
