import { useActionData } from "react-router";
import { PageForm } from "#app/components/admin/page-form.tsx";
import { useShowToast } from "#app/components/admin/toaster.tsx";
import { PageHeader } from "#app/components/admin/ui.tsx";
import { PAGE_MESSAGES } from "#app/forms/page.fields.ts";
import { pageSchema } from "#app/forms/page.ts";
import { requireAdminRequest } from "#app/server/auth/admin-guard.server.ts";
import { savePageFrom } from "#app/server/editing/page-submission.server.ts";
import { adminActor } from "#app/server/http/actor.server.ts";
import { readForm } from "#app/server/http/forms.server.ts";
import { redirectWithToast } from "#app/server/http/toast.server.ts";
import { forgetAutosave, pageDraftKey } from "#app/server/models/autosaves.server.ts";
import { createPage } from "#app/server/models/pages.server.ts";
import type { Route } from "./+types/new";

/** Add Page: a page of the owner's own, at `/{slug}`. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminRequest(request);
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db, admin } = await requireAdminRequest(request);
  const saved = await savePageFrom(await readForm(request, pageSchema), (input) =>
    createPage(db, adminActor(admin, context), input),
  );
  if (!saved.ok) return saved.response;
  await forgetAutosave(db, admin.accountId, pageDraftKey(null));
  return redirectWithToast(
    request,
    `/admin/pages/edit?id=${saved.page.id}`,
    "success",
    saved.draft ? PAGE_MESSAGES.draftSaved : PAGE_MESSAGES.saved,
  );
}

export default function AddPage() {
  const result = useActionData<typeof action>();
  useShowToast(result?.toast);
  return (
    <div className="max-w-4xl">
      <PageHeader title="Add Page" />
      <PageForm values={result?.values ?? {}} errors={result?.fieldErrors} submitLabel="Publish Page" />
    </div>
  );
}
