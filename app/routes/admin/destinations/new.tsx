import { useActionData, useLoaderData } from "react-router";
import { DestinationForm, refilledDestination } from "#app/components/admin/destination-form.tsx";
import { PICKER_PAGE_PARAM } from "#app/components/admin/image-picker.tsx";
import { useShowToast } from "#app/components/admin/toaster.tsx";
import { PageHeader } from "#app/components/admin/ui.tsx";
import { DESTINATION_MESSAGES } from "#app/forms/destination.fields.ts";
import { destinationSchema } from "#app/forms/destination.ts";
import { requireAdminRequest } from "#app/server/auth/admin-guard.server.ts";
import { saveDestinationFrom } from "#app/server/editing/destination-submission.server.ts";
import { adminActor } from "#app/server/http/actor.server.ts";
import { readForm } from "#app/server/http/forms.server.ts";
import { redirectWithToast } from "#app/server/http/toast.server.ts";
import { createDestination } from "#app/server/models/destinations.server.ts";
import { pickerPage } from "#app/server/models/uploads.server.ts";
import type { Route } from "./+types/new";

/** Add Destination: a new destination at the end of the list, at `/destinations/{slug}`. */
export async function loader({ request }: Route.LoaderArgs) {
  const { db } = await requireAdminRequest(request);
  // The picker's Newer / Older links (?pickerPage=N) page here when JavaScript is off.
  return { library: await pickerPage(db, new URL(request.url).searchParams.get(PICKER_PAGE_PARAM)) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db, admin } = await requireAdminRequest(request);
  const saved = await saveDestinationFrom(
    await readForm(request, destinationSchema),
    { hasCurrentImage: false },
    (input) => createDestination(db, adminActor(admin, context), input),
  );
  if (!saved.ok) return saved.response;
  return redirectWithToast(
    request,
    `/admin/destinations/edit?id=${saved.destination.id}`,
    "success",
    DESTINATION_MESSAGES.saved,
  );
}

export const meta: Route.MetaFunction = () => [
  { title: "Add Destination | Admin | Wanderplate" },
  { name: "robots", content: "noindex" },
];

export default function AddDestination() {
  const { library } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  useShowToast(result?.toast);
  return (
    <div className="max-w-4xl">
      <PageHeader title="Add Destination" />
      <DestinationForm
        idPrefix="add-destination"
        initial={refilledDestination(result?.values ?? {})}
        errors={result?.fieldErrors}
        library={library}
        submitLabel="Save Destination"
      />
    </div>
  );
}
