import { isRouteErrorResponse } from "react-router";

/**
 * What an admin screen's loader throws (status 500) when its data cannot be read: the screen's
 * heading and the message the admin reads under it. The admin layout's error boundary shows both
 * inside the admin frame; `loadOrFail` (server/http/load-failure.server.ts) throws it.
 */
export interface LoadFailure {
  heading: string;
  message: string;
}

/**
 * The load failure `error` is, or null for any other error (an outage, a bug). A screen an editor
 * may not open answers the same shape with 403 (lib/roles.ts, ADMINISTRATOR_ONLY), shown the same
 * way.
 */
export function loadFailureOf(error: unknown): LoadFailure | null {
  if (!isRouteErrorResponse(error) || (error.status !== 500 && error.status !== 403)) return null;
  const { heading, message } = (error.data ?? {}) as Partial<LoadFailure>;
  return typeof heading === "string" && typeof message === "string" ? { heading, message } : null;
}
