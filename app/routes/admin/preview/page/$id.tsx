import { data, useLoaderData } from "react-router";
import { PreviewErrorBoundary, PreviewPage } from "#app/components/preview-banner.tsx";
import { SitePageArticle } from "#app/components/site-page.tsx";
import { pageForReaders } from "#app/lib/site-pages.ts";
import { requireAdminRequest } from "#app/server/auth/admin-guard.server.ts";
import {
  type PagePreview,
  type Posted,
  PREVIEW_HEADERS,
  pagePreviewFromForm,
  postedPreviewContext,
  postedStatus,
  previewTarget,
} from "#app/server/editing/preview.server.ts";
import { findPageById } from "#app/server/models/pages.server.ts";
import { getSiteInfo } from "#app/server/models/settings.server.ts";
import type { Route } from "./+types/$id";

/**
 * /admin/preview/page/{id}: a page as readers will see it, drafts included, for an admin. GET
 * shows the saved page; a POST of the Add Page (`new`) or edit form shows its unsaved values and
 * writes nothing. Inside the public layout, with the Preview bar; never cached, never indexed.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { db } = await requireAdminRequest(request);
  const target = previewTarget(params.id);
  const posted = context.get(postedPreviewContext) as Posted<PagePreview> | null;
  const back =
    typeof target === "number"
      ? { url: `/admin/pages/edit?id=${target}`, label: "Back to the editor" }
      : { url: "/admin/pages", label: "Back to Pages" };
  if (posted) {
    const shown = posted.ok ? pageForReaders(posted.item, (await getSiteInfo(db)).name) : null;
    return { posted, shown, back, about: false };
  }
  const saved = typeof target === "number" ? await findPageById(db, target) : null;
  if (!saved) throw data(null, { status: 404 });
  const shown = pageForReaders(saved, (await getSiteInfo(db)).name);
  return { posted: null, shown, back, about: saved.builtin === "about" };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { db } = await requireAdminRequest(request);
  const target = previewTarget(params.id);
  const current = typeof target === "number" ? await findPageById(db, target) : null;
  if (target === null || (target !== "new" && !current)) throw data(null, { status: 404 });
  const posted = await pagePreviewFromForm(request, current);
  context.set(postedPreviewContext, posted);
  return postedStatus(posted);
}

export const headers: Route.HeadersFunction = () => PREVIEW_HEADERS;

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.shown ? `Preview: ${loaderData.shown.title}` : "Preview" },
  { name: "robots", content: "noindex" },
];

export default function PagePreviewScreen() {
  const { posted, shown, back, about } = useLoaderData<typeof loader>();
  return (
    <PreviewPage posted={posted} back={back}>
      {shown && <SitePageArticle page={shown} minHeight={about} />}
    </PreviewPage>
  );
}

export { PreviewErrorBoundary as ErrorBoundary };
