import { data, redirect } from "react-router";
import type { DB } from "#app/server/db/db.server.ts";
import { findPathRedirect } from "#app/server/models/redirects.server.ts";

/**
 * A path with no page or route of its own: an old site's address that an import (or a page's
 * change of slug) mapped to a blog, recipe or page answers 301 there; anything else is the
 * designed 404 page, with status 404 (the route renders it from `{ page: null }`).
 */
export async function redirectOrNotFound(db: DB, request: Request) {
  const to = await findPathRedirect(db, new URL(request.url).pathname);
  if (to) throw redirect(to, 301);
  return data({ page: null, url: "" }, { status: 404 });
}
