import { data, Link, useActionData, useLoaderData } from "react-router";
import { PageForm } from "#app/components/admin/page-form.tsx";
import { PreviewLink } from "#app/components/admin/preview-button.tsx";
import { useShowToast } from "#app/components/admin/toaster.tsx";
import { buttonSecondary, PageHeader } from "#app/components/admin/ui.tsx";
import { PAGE_MESSAGES } from "#app/forms/page.fields.ts";
import { pageSchema } from "#app/forms/page.ts";
import { publicationState } from "#app/lib/publication.ts";
import { requireAdminRequest } from "#app/server/auth/admin-guard.server.ts";
import { nowSeconds } from "#app/server/db/db.server.ts";
import { savePageFrom } from "#app/server/editing/page-submission.server.ts";
import { adminActor } from "#app/server/http/actor.server.ts";
import { adminFail } from "#app/server/http/admin-result.server.ts";
import { queryId, readForm } from "#app/server/http/forms.server.ts";
import { redirectWithToast } from "#app/server/http/toast.server.ts";
import { forgetAutosave, pageDraftKey } from "#app/server/models/autosaves.server.ts";
import { findPageById, updatePage } from "#app/server/models/pages.server.ts";
import type { Route } from "./+types/edit";

/** Edit a page, built-in or the owner's own: `/admin/pages/edit?id={id}`. */
export async function loader({ request }: Route.LoaderArgs) {
  const { db } = await requireAdminRequest(request);
  const id = queryId(request, "id");
  const page = id ? await findPageById(db, id) : null;
  if (!page) throw data(PAGE_MESSAGES.notFound, { status: 404 });
  return {
    page,
    publication: { state: publicationState(page.publishAt, nowSeconds()), publishAt: page.publishAt },
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db, admin } = await requireAdminRequest(request);
  const id = queryId(request, "id");
  if (!id) return adminFail(404, `${PAGE_MESSAGES.saveFailed}: no such page.`);
  const saved = await savePageFrom(await readForm(request, pageSchema), (input) =>
    updatePage(db, adminActor(admin, context), id, input),
  );
  if (!saved.ok) return saved.response;
  await forgetAutosave(db, admin.accountId, pageDraftKey(id));
  return redirectWithToast(
    request,
    `/admin/pages/edit?id=${id}`,
    "success",
    saved.draft ? PAGE_MESSAGES.draftSaved : PAGE_MESSAGES.saved,
  );
}

export default function EditPage() {
  const { page, publication } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  useShowToast(result?.toast);
  const values = result?.values ?? {
    title: page.title,
    slug: page.builtin ? "" : page.slug,
    intro: page.intro,
    content: page.content,
    seoTitle: page.seoTitle,
    seoDescription: page.seoDescription,
  };
  return (
    <div className="max-w-4xl">
      <div className="mb-6 flex flex-wrap gap-3">
        <Link to="/admin/pages" className={buttonSecondary}>
          ← Back to Pages
        </Link>
        {publication.state === "published" && (
          <a href={`/${page.slug}`} className={buttonSecondary} target="_blank" rel="noopener">
            View page
          </a>
        )}
        {publication.state !== "published" && (
          <PreviewLink to={`/admin/preview/page/${page.id}`} title={page.title} />
        )}
      </div>
      <PageHeader title="Edit Page" />
      <PageForm
        key={`${page.id}:${page.updatedAt}`}
        page={{ id: page.id, builtin: page.builtin, slug: page.slug, publication }}
        values={values}
        errors={result?.fieldErrors}
        submitLabel={publication.state === "published" ? "Update Page" : "Publish Page"}
      />
    </div>
  );
}
