import { Link, useFetcher, useLoaderData } from "react-router";
import { useConfirmDelete } from "#app/components/admin/confirm-dialog.tsx";
import { PreviewLink } from "#app/components/admin/preview-button.tsx";
import { PublicationBadge } from "#app/components/admin/publish-controls.tsx";
import { useShowToast } from "#app/components/admin/toaster.tsx";
import {
  AdminTable,
  buttonDanger,
  buttonPrimary,
  buttonSecondary,
  PageHeader,
} from "#app/components/admin/ui.tsx";
import { LocalTime } from "#app/components/local-time.tsx";
import { Pagination } from "#app/components/pagination.tsx";
import { pageListActions } from "#app/forms/admin-actions.ts";
import { PAGE_MESSAGES } from "#app/forms/page.fields.ts";
import type { AdminActionResult } from "#app/lib/toast.ts";
import { requireAdminRequest } from "#app/server/auth/admin-guard.server.ts";
import { adminActor } from "#app/server/http/actor.server.ts";
import { adminFail, adminOk, adminWriteFailed } from "#app/server/http/admin-result.server.ts";
import { adminFormRefused, readForm } from "#app/server/http/forms.server.ts";
import { deletePage, listAdminPages } from "#app/server/models/pages.server.ts";
import type { Route } from "./+types/index";

/** The question before an owner's page is deleted (the contract's words for pages). */
const deletePageQuestion = (title: string) => `Delete the page "${title}"? This cannot be undone.`;

/** /admin/pages: the site's pages, built-in ones first; Add Page; delete an owner's page. */
export async function loader({ request }: Route.LoaderArgs) {
  const { db } = await requireAdminRequest(request);
  const page = Number(new URL(request.url).searchParams.get("page") ?? 1);
  return listAdminPages(db, Number.isFinite(page) ? page : 1);
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db, admin } = await requireAdminRequest(request);
  const read = await readForm(request, pageListActions);
  if (!read.ok) return adminFormRefused(read);
  try {
    const outcome = await deletePage(db, adminActor(admin, context), read.data.id);
    if (outcome === "missing") return adminFail(404, PAGE_MESSAGES.gone);
    if (outcome === "builtin") return adminFail(400, PAGE_MESSAGES.builtinKept);
  } catch (error) {
    return adminWriteFailed(error, PAGE_MESSAGES.deleteFailed, PAGE_MESSAGES.deleteFailed);
  }
  return adminOk(PAGE_MESSAGES.deleted);
}

export default function Pages() {
  const { items, total, page, pageCount } = useLoaderData<typeof loader>();
  const deleter = useFetcher<AdminActionResult>();
  useShowToast(deleter.data?.toast);
  const confirmDelete = useConfirmDelete(
    deleter,
    (row: { id: number; title: string }) => deletePageQuestion(row.title),
    (row) => ({ intent: "delete", id: String(row.id) }),
  );
  return (
    <>
      <PageHeader title="Pages">
        <Link to="/admin/pages/new" className={buttonPrimary}>
          Add Page
        </Link>
      </PageHeader>
      <p className="mb-4 text-ink-700" data-testid="page-count">
        {total} {total === 1 ? "page" : "pages"}. The four built-in pages keep their addresses (the site links
        to them); pages you add live at their own address.
      </p>
      <AdminTable headings={["Title", "Address", "State", "Updated", { hidden: "Actions" }]} caption="Pages">
        {items.map((row) => (
          <tr key={row.id} className="border-t border-ink-900/5 align-top">
            <td className="px-4 py-3 font-semibold">
              {row.title}
              {row.builtin && <span className="ml-2 text-xs font-medium text-ink-700">Built-in</span>}
            </td>
            <td className="px-4 py-3 whitespace-nowrap">
              <code className="text-sm">/{row.slug}</code>
            </td>
            <td className="px-4 py-3">
              <PublicationBadge state={row.state} publishAt={row.publishAt} />
            </td>
            <td className="px-4 py-3 text-sm whitespace-nowrap text-ink-700">
              <LocalTime seconds={row.updatedAt} />
            </td>
            <td className="px-4 py-3">
              <div className="flex flex-wrap gap-2">
                <Link
                  to={`/admin/pages/edit?id=${row.id}`}
                  className={buttonSecondary}
                  aria-label={`Edit ${row.title}`}
                >
                  Edit
                </Link>
                <PreviewLink to={`/admin/preview/page/${row.id}`} title={row.title} />
                {!row.builtin && (
                  <button
                    type="button"
                    className={buttonDanger}
                    aria-label={`Delete ${row.title}`}
                    onClick={() => confirmDelete.ask({ id: row.id, title: row.title })}
                  >
                    Delete
                  </button>
                )}
              </div>
            </td>
          </tr>
        ))}
      </AdminTable>
      <Pagination page={page} pageCount={pageCount} basePath="/admin/pages" />
      {confirmDelete.dialog}
    </>
  );
}
