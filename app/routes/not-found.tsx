import { data } from "react-router";
import { ErrorPage } from "#app/components/error-page.tsx";
import { siteNameOf } from "#app/lib/meta.ts";
import { pageTitle } from "#app/lib/site.ts";
import type { Route } from "./+types/not-found";

/** Every unknown path: the designed 404 page, with status 404. */
export function loader() {
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle("Page not found", siteNameOf(matches)) },
  { name: "robots", content: "noindex" },
];

export default function NotFound() {
  return <ErrorPage status={404} />;
}
