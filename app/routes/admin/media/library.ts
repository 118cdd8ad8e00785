import { requireAdminRequest } from "#app/server/auth/admin-guard.server.ts";
import { pickerPage } from "#app/server/models/uploads.server.ts";
import type { Route } from "./+types/library";

/**
 * One page of the media library (`?page=N`) for the image picker of the edit screens
 * (components/admin/image-picker.tsx), fetched when it opens or pages with JavaScript. A library
 * that cannot be read answers `uploads: null`, which the picker says in its own place: the screen
 * around it, and what the writer has typed there, stay.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const { db } = await requireAdminRequest(request, "staff");
  return { uploads: await pickerPage(db, new URL(request.url).searchParams.get("page")) };
}
