import { Link, useFetcher, useLoaderData } from "react-router";
import { useConfirmDelete } from "#app/components/admin/confirm-dialog.tsx";
import { useShowToast } from "#app/components/admin/toaster.tsx";
import { AdminTable, buttonDanger, EmptyState, PageHeader, Thumbnail } from "#app/components/admin/ui.tsx";
import { LocalTime } from "#app/components/local-time.tsx";
import { Pagination } from "#app/components/pagination.tsx";
import { ADMIN_ACTION_MESSAGES } from "#app/forms/admin-actions.fields.ts";
import { mediaActions } from "#app/forms/admin-actions.ts";
import { uploadSrc } from "#app/lib/images.ts";
import { requireAdminRequest } from "#app/server/auth/admin-guard.server.ts";
import { adminFail, adminOk, adminWriteFailed } from "#app/server/http/admin-result.server.ts";
import { adminFormRefused, readForm } from "#app/server/http/forms.server.ts";
import { loadOrFail } from "#app/server/http/load-failure.server.ts";
import { deleteUpload, listUploads, type UploadUse } from "#app/server/models/uploads.server.ts";
import type { Route } from "./+types/media";

export const MEDIA_LOAD_FAILED = "Failed to load the media library.";

/** The library page. The image picker of the edit screens reads its pages from media/library.ts. */
export async function loader({ request }: Route.LoaderArgs) {
  const { db } = await requireAdminRequest(request, "staff");
  const page = Number(new URL(request.url).searchParams.get("page") ?? "1");
  const uploads = await loadOrFail({ heading: "Media", message: MEDIA_LOAD_FAILED }, () =>
    listUploads(db, page),
  );
  return { uploads };
}

const quote = (uses: UploadUse[]) => uses.map((u) => `“${u.title}”`).join(", ");

export async function action({ request }: Route.ActionArgs) {
  const { db } = await requireAdminRequest(request, "staff");
  const form = await readForm(request, mediaActions);
  if (!form.ok) return adminFormRefused(form);
  const { id } = form.data;
  try {
    const result = await deleteUpload(db, id);
    if (result.ok) return adminOk("Image deleted");
    if ("gone" in result) return adminFail(404, ADMIN_ACTION_MESSAGES.imageGone);
    return adminFail(409, `This image is used by ${quote(result.usedBy)}. Change their image first.`);
  } catch (err) {
    return adminWriteFailed(err, "admin media: deleting failed", "Error deleting image.");
  }
}

export const meta: Route.MetaFunction = () => [
  { title: "Media | Admin" },
  { name: "robots", content: "noindex" },
];

/** 12 345 bytes → "12.1 KB": sizes an admin reads at a glance. */
function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

const editHref = (u: UploadUse) =>
  u.kind === "blog"
    ? `/admin/blog/edit?id=${u.id}`
    : u.kind === "destination"
      ? `/admin/destinations/edit?id=${u.id}`
      : `/admin/manage-recipe/edit?id=${u.id}`;

export default function MediaLibrary() {
  const { uploads } = useLoaderData<typeof loader>();
  const deleter = useFetcher<typeof action>();
  useShowToast(deleter.data?.toast);
  const confirmDelete = useConfirmDelete(
    deleter,
    () => "Are you sure you want to delete this image? It cannot be undone.",
    (id: string) => ({ intent: "delete", id }),
  );
  return (
    <div>
      <PageHeader title="Media" />
      {uploads.items.length === 0 ? (
        <EmptyState>No uploaded images yet. Images uploaded with a blog or a recipe appear here.</EmptyState>
      ) : (
        <>
          <p className="mb-3 text-sm text-ink-700">
            {uploads.total === 1 ? "1 image" : `${uploads.total} images`}, newest first. An image can be
            deleted once no blog or recipe uses it.
          </p>
          <AdminTable
            headings={["Image", "Size", "Used by", "Uploaded", { hidden: "Actions" }]}
            widths={["w-32", "w-36", undefined, "w-48", "w-32"]}
          >
            {uploads.items.map((u) => (
              <tr key={u.id} className="align-top" data-testid={`media-${u.id}`}>
                <td className="px-4 py-3">
                  <Thumbnail src={uploadSrc(u.id, 480)} alt="" lazy />
                </td>
                <td className="px-4 py-3 text-sm">
                  {u.bytes === null ? (
                    "Files missing"
                  ) : (
                    <>
                      {formatBytes(u.bytes)}
                      <br />
                      <span className="whitespace-nowrap">
                        {u.width} × {u.height} px
                      </span>
                    </>
                  )}
                </td>
                <td id={`media-${u.id}-uses`} className="px-4 py-3 text-sm">
                  {u.usedBy.length === 0 ? (
                    <span className="text-ink-700">Not used</span>
                  ) : (
                    <ul className="space-y-1">
                      {u.usedBy.map((use) => (
                        <li key={`${use.kind}-${use.id}`}>
                          <span className="text-ink-700">
                            {use.kind === "blog"
                              ? "Blog: "
                              : use.kind === "destination"
                                ? "Destination: "
                                : "Recipe: "}
                          </span>
                          <Link to={editHref(use)} className="text-sea-700 hover:underline">
                            {use.title}
                          </Link>
                        </li>
                      ))}
                    </ul>
                  )}
                </td>
                <td className="px-4 py-3 text-sm">
                  <LocalTime seconds={u.createdAt} withTime />
                </td>
                <td className="px-4 py-3">
                  <button
                    type="button"
                    className={`${buttonDanger} px-4 py-2`}
                    aria-describedby={`media-${u.id}-uses`}
                    onClick={() => confirmDelete.ask(u.id)}
                  >
                    Delete
                  </button>
                </td>
              </tr>
            ))}
          </AdminTable>
          <Pagination page={uploads.page} pageCount={uploads.pageCount} basePath="/admin/media" />
        </>
      )}
      {confirmDelete.dialog}
    </div>
  );
}
