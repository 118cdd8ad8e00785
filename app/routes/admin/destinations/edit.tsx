import { data, Link, useActionData, useLoaderData, useLocation } from "react-router";
import { DestinationForm, refilledDestination } from "#app/components/admin/destination-form.tsx";
import { PICKER_PAGE_PARAM } from "#app/components/admin/image-picker.tsx";
import { useShowToast } from "#app/components/admin/toaster.tsx";
import { buttonSecondary, PageHeader } from "#app/components/admin/ui.tsx";
import { DESTINATION_MESSAGES } from "#app/forms/destination.fields.ts";
import { destinationSchema } from "#app/forms/destination.ts";
import { destinationPath, highlightImageText } from "#app/lib/destinations.ts";
import { requireAdminRequest } from "#app/server/auth/admin-guard.server.ts";
import { saveDestinationFrom } from "#app/server/editing/destination-submission.server.ts";
import { adminActor } from "#app/server/http/actor.server.ts";
import { adminFail } from "#app/server/http/admin-result.server.ts";
import { queryId, readForm } from "#app/server/http/forms.server.ts";
import { redirectWithToast } from "#app/server/http/toast.server.ts";
import { findDestinationById, updateDestination } from "#app/server/models/destinations.server.ts";
import { pickerPage } from "#app/server/models/uploads.server.ts";
import type { Route } from "./+types/edit";

/** Edit a destination, built-in or the owner's own: `/admin/destinations/edit?id={id}`. */
export async function loader({ request }: Route.LoaderArgs) {
  const { db } = await requireAdminRequest(request);
  const id = queryId(request, "id");
  const destination = id ? await findDestinationById(db, id) : null;
  if (!destination) throw data(DESTINATION_MESSAGES.notFound, { status: 404 });
  return {
    destination,
    library: await pickerPage(db, new URL(request.url).searchParams.get(PICKER_PAGE_PARAM)),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db, admin } = await requireAdminRequest(request);
  const id = queryId(request, "id");
  const current = id ? await findDestinationById(db, id) : null;
  if (!id || !current) return adminFail(404, `${DESTINATION_MESSAGES.saveFailed}: no such destination.`);
  const saved = await saveDestinationFrom(
    await readForm(request, destinationSchema),
    { hasCurrentImage: current.image !== null },
    (input) => updateDestination(db, adminActor(admin, context), id, input),
  );
  if (!saved.ok) return saved.response;
  return redirectWithToast(
    request,
    `/admin/destinations/edit?id=${id}`,
    "success",
    DESTINATION_MESSAGES.saved,
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  {
    title: `${loaderData ? `Edit ${loaderData.destination.name}` : "Destination not found"} | Admin | Wanderplate`,
  },
  { name: "robots", content: "noindex" },
];

export default function EditDestination() {
  const { destination, library } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  // Each arrival (a save redirects here) opens the form afresh with what was saved; a refused post
  // stays on the same arrival and keeps what was typed.
  const arrival = useLocation().key;
  useShowToast(result?.toast);
  const initial = result?.values
    ? refilledDestination(result.values)
    : {
        values: {
          name: destination.name,
          short: destination.short,
          description: destination.description,
          location: destination.location,
          bestTime: destination.bestTime,
          theme: destination.theme,
          tag: destination.tag ?? "",
          latitude: destination.latitude === null ? "" : String(destination.latitude),
          longitude: destination.longitude === null ? "" : String(destination.longitude),
          imageAlt: destination.imageAlt,
        },
        highlights: destination.highlights.map((h) => ({ name: h.name, image: highlightImageText(h.image) })),
      };
  return (
    <div className="max-w-4xl">
      <div className="mb-6 flex flex-wrap gap-3">
        <Link to="/admin/destinations" className={buttonSecondary}>
          ← Back to Destinations
        </Link>
        <a href={destinationPath(destination)} className={buttonSecondary} target="_blank" rel="noopener">
          View destination
        </a>
      </div>
      <PageHeader title="Edit Destination" />
      <DestinationForm
        key={`${destination.id}:${arrival}`}
        idPrefix="edit-destination"
        initial={initial}
        errors={result?.fieldErrors}
        currentImage={destination.image}
        library={library}
        submitLabel="Save Destination"
      />
    </div>
  );
}
