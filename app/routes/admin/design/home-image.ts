import { redirect } from "react-router";
import { DESIGN_IMAGE_FIELDS } from "#app/forms/design-images.fields.ts";
import { homeImageForm } from "#app/forms/design-images.ts";
import { DESIGN_MESSAGES } from "#app/lib/design.ts";
import { requireAdminRequest } from "#app/server/auth/admin-guard.server.ts";
import { replaceDesignUpload } from "#app/server/editing/design-upload.server.ts";
import { adminActor } from "#app/server/http/actor.server.ts";
import { readForm } from "#app/server/http/forms.server.ts";
import { redirectWithToast } from "#app/server/http/toast.server.ts";
import { discardImage } from "#app/server/media/storage.server.ts";
import { saveHomeImage } from "#app/server/models/design.server.ts";
import type { Route } from "./+types/home-image";

const BACK = "/admin/design";

/** Nothing to show here: the form lives on the design screen. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminRequest(request);
  return redirect(BACK);
}

/** The design screen's home page image form: Upload or Remove; every answer goes back with a toast. */
export async function action({ request, context }: Route.ActionArgs) {
  const { db, admin } = await requireAdminRequest(request);
  const read = await readForm(request, homeImageForm);
  if (!read.ok)
    return redirectWithToast(request, BACK, "error", `${DESIGN_MESSAGES.saveFailed}: ${read.message}`);
  const actor = adminActor(admin, context);
  if (read.data.intent === "remove") {
    const before = await saveHomeImage(db, actor, null);
    await discardImage(before?.id ?? null);
    return redirectWithToast(request, BACK, "success", DESIGN_MESSAGES.homeImageRemoved);
  }
  const saved = await replaceDesignUpload(
    read.form.get(DESIGN_IMAGE_FIELDS.homeImageFile.name),
    ({ id, width, height }) => saveHomeImage(db, actor, { id, width, height }),
    "home page image",
  );
  if (!saved.ok)
    return redirectWithToast(request, BACK, "error", `${DESIGN_MESSAGES.saveFailed}: ${saved.message}`);
  return redirectWithToast(request, BACK, "success", DESIGN_MESSAGES.homeImageSaved);
}
