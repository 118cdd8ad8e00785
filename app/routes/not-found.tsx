import { data, redirect } from "react-router";
import { ErrorPage } from "#app/components/error-page.tsx";
import { siteNameOf } from "#app/lib/meta.ts";
import { pageTitle } from "#app/lib/site.ts";
import { getDb } from "#app/server/db/db.server.ts";
import { findPathRedirect } from "#app/server/models/redirects.server.ts";
import type { Route } from "./+types/not-found";

/**
 * Every path no other route owns: an old site's address that an import mapped to a blog or recipe
 * answers 301 there (so a redirect can never shadow a live route); anything else is the designed
 * 404 page, with status 404.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const to = await findPathRedirect(await getDb(), new URL(request.url).pathname);
  if (to) throw redirect(to, 301);
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle("Page not found", siteNameOf(matches)) },
  { name: "robots", content: "noindex" },
];

export default function NotFound() {
  return <ErrorPage status={404} />;
}
