import { Link, useFetcher, useLoaderData } from "react-router";
import { useConfirmDelete } from "#app/components/admin/confirm-dialog.tsx";
import { useShowToast } from "#app/components/admin/toaster.tsx";
import {
  AdminTable,
  buttonDanger,
  buttonPrimary,
  buttonSecondary,
  EmptyState,
  PageHeader,
  Thumbnail,
} from "#app/components/admin/ui.tsx";
import { LocalTime } from "#app/components/local-time.tsx";
import { destinationListActions } from "#app/forms/admin-actions.ts";
import { DESTINATION_MESSAGES } from "#app/forms/destination.fields.ts";
import { destinationImageSources, destinationPath } from "#app/lib/destinations.ts";
import type { AdminActionResult } from "#app/lib/toast.ts";
import { requireAdminRequest } from "#app/server/auth/admin-guard.server.ts";
import { adminActor } from "#app/server/http/actor.server.ts";
import { deleteRow } from "#app/server/http/admin-result.server.ts";
import { adminFormRefused, readForm } from "#app/server/http/forms.server.ts";
import { deleteDestination, listAdminDestinations } from "#app/server/models/destinations.server.ts";
import type { Route } from "./+types/index";

/** /admin/destinations: every destination in order; Add Destination, Edit, Delete (built-in ones too). */
export async function loader({ request }: Route.LoaderArgs) {
  const { db } = await requireAdminRequest(request);
  return { destinations: await listAdminDestinations(db) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db, admin } = await requireAdminRequest(request);
  const read = await readForm(request, destinationListActions);
  if (!read.ok) return adminFormRefused(read);
  return deleteRow(read.data.id, (id) => deleteDestination(db, adminActor(admin, context), id), {
    deleted: DESTINATION_MESSAGES.deleted,
    failed: DESTINATION_MESSAGES.deleteFailed,
    gone: DESTINATION_MESSAGES.gone,
  });
}

export const meta: Route.MetaFunction = () => [
  { title: "Destinations | Admin | Wanderplate" },
  { name: "robots", content: "noindex" },
];

export default function AdminDestinations() {
  const { destinations } = useLoaderData<typeof loader>();
  const deleter = useFetcher<AdminActionResult>();
  useShowToast(deleter.data?.toast);
  const confirmDelete = useConfirmDelete(
    deleter,
    () => DESTINATION_MESSAGES.deleteQuestion,
    (row: { id: number }) => ({ intent: "delete", id: String(row.id) }),
  );
  return (
    <>
      <PageHeader title="Destinations">
        <Link to="/admin/destinations/new" className={buttonPrimary}>
          Add Destination
        </Link>
      </PageHeader>
      <p className="mb-4 text-ink-700" data-testid="destination-count">
        {destinations.length} {destinations.length === 1 ? "destination" : "destinations"}, listed on the site
        in this order. Those with a latitude and longitude have a marker on the map of /destinations.
      </p>
      {destinations.length === 0 ? (
        <EmptyState>No destinations yet.</EmptyState>
      ) : (
        <AdminTable
          headings={[{ hidden: "Image" }, "Name", "Address", "Map", "Updated", { hidden: "Actions" }]}
          widths={["w-32", undefined, "w-72", "w-36", "w-32", "w-52"]}
          caption="Destinations"
        >
          {destinations.map((row) => {
            const picture = destinationImageSources(row.image, 480);
            return (
              <tr key={row.id} className="border-t border-ink-900/5 align-middle">
                <td className="px-4 py-3">
                  {picture ? (
                    <Thumbnail src={picture.src} alt="" lazy />
                  ) : (
                    <div className="h-16 w-24 rounded-lg bg-sand-100" />
                  )}
                </td>
                <td className="px-4 py-3 font-semibold">
                  {row.name}
                  {row.tag === "trending" && (
                    <span className="ml-2 text-xs font-bold tracking-wider text-coral-600 uppercase">
                      Trending
                    </span>
                  )}
                  {row.builtin && <span className="ml-2 text-xs font-medium text-ink-700">Built-in</span>}
                </td>
                <td className="px-4 py-3 whitespace-nowrap">
                  <a
                    href={destinationPath(row)}
                    className="text-sm text-sea-700 underline"
                    target="_blank"
                    rel="noopener"
                  >
                    <code>{destinationPath(row)}</code>
                  </a>
                </td>
                <td className="px-4 py-3 text-sm whitespace-nowrap text-ink-700">
                  {row.latitude !== null && row.longitude !== null
                    ? `${row.latitude.toFixed(2)}, ${row.longitude.toFixed(2)}`
                    : "Not on the map"}
                </td>
                <td className="px-4 py-3 text-sm whitespace-nowrap text-ink-700">
                  <LocalTime seconds={row.updatedAt} />
                </td>
                <td className="px-4 py-3">
                  <div className="flex flex-wrap gap-2">
                    <Link
                      to={`/admin/destinations/edit?id=${row.id}`}
                      className={buttonSecondary}
                      aria-label={`Edit ${row.name}`}
                    >
                      Edit
                    </Link>
                    <button
                      type="button"
                      className={buttonDanger}
                      aria-label={`Delete ${row.name}`}
                      onClick={() => confirmDelete.ask({ id: row.id })}
                    >
                      Delete
                    </button>
                  </div>
                </td>
              </tr>
            );
          })}
        </AdminTable>
      )}
      {confirmDelete.dialog}
    </>
  );
}
