import { ErrorPage } from "#app/components/error-page.tsx";
import { siteNameOf } from "#app/lib/meta.ts";
import { pageTitle } from "#app/lib/site.ts";
import { getDb } from "#app/server/db/db.server.ts";
import { redirectOrNotFound } from "#app/server/http/site-pages.server.ts";
import type { Route } from "./+types/not-found";

/**
 * Every path no other route owns (one-segment paths go to the owner's pages first, `$slug.tsx`):
 * an old site's address that an import mapped to a blog, recipe or page answers 301 there (so a
 * redirect can never shadow a live route); anything else is the designed 404 page, with status 404.
 */
export async function loader({ request }: Route.LoaderArgs) {
  return redirectOrNotFound(await getDb(), request);
}

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle("Page not found", siteNameOf(matches)) },
  { name: "robots", content: "noindex" },
];

export default function NotFound() {
  return <ErrorPage status={404} />;
}
