import { redirect } from "react-router";
import { DESIGN_IMAGE_FIELDS } from "#app/forms/design-images.fields.ts";
import { iconForm } from "#app/forms/design-images.ts";
import { DESIGN_MESSAGES, MIN_ICON_SIZE } from "#app/lib/design.ts";
import { requireAdminRequest } from "#app/server/auth/admin-guard.server.ts";
import { adminActor } from "#app/server/http/actor.server.ts";
import { explained, writeFailure } from "#app/server/http/admin-result.server.ts";
import { readForm } from "#app/server/http/forms.server.ts";
import { redirectWithToast } from "#app/server/http/toast.server.ts";
import {
  discardSiteIcon,
  InvalidImageError,
  StorageError,
  storeSiteIcon,
} from "#app/server/media/storage.server.ts";
import { saveIcon } from "#app/server/models/design.server.ts";
import type { Route } from "./+types/icon";

const BACK = "/admin/design";

/** Nothing to show here: the form lives on the design screen. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminRequest(request);
  return redirect(BACK);
}

/**
 * The design screen's site icon form: one square image (at least 192 px) becomes the browser
 * tab's icon and the phones' home-screen icons (PNGs made with sharp), or Remove. Every answer
 * goes back to the design screen with a toast.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { db, admin } = await requireAdminRequest(request);
  const read = await readForm(request, iconForm);
  if (!read.ok)
    return redirectWithToast(request, BACK, "error", `${DESIGN_MESSAGES.saveFailed}: ${read.message}`);
  const actor = adminActor(admin, context);
  if (read.data.intent === "remove") {
    const before = await saveIcon(db, actor, null);
    await discardSiteIcon(before?.id ?? null);
    return redirectWithToast(request, BACK, "success", DESIGN_MESSAGES.iconRemoved);
  }
  const file = read.form.get(DESIGN_IMAGE_FIELDS.iconFile.name);
  if (!(file instanceof File) || file.size === 0)
    return redirectWithToast(
      request,
      BACK,
      "error",
      `${DESIGN_MESSAGES.saveFailed}: ${DESIGN_MESSAGES.chooseFile}`,
    );
  let id: string;
  try {
    id = await storeSiteIcon(new Uint8Array(await file.arrayBuffer()), {
      minSize: MIN_ICON_SIZE,
      notSquare: DESIGN_MESSAGES.iconNotSquare,
      tooSmall: DESIGN_MESSAGES.iconTooSmall(MIN_ICON_SIZE),
    });
  } catch (error) {
    if (error instanceof InvalidImageError || error instanceof StorageError)
      return redirectWithToast(request, BACK, "error", `${DESIGN_MESSAGES.saveFailed}: ${error.message}`);
    throw error;
  }
  try {
    const before = await saveIcon(db, actor, { id });
    await discardSiteIcon(before?.id ?? null);
  } catch (error) {
    await discardSiteIcon(id);
    const { because } = writeFailure(error, "Saving the site icon");
    const message = explained(`${DESIGN_MESSAGES.saveFailed}: please try again.`, because);
    return redirectWithToast(request, BACK, "error", message);
  }
  return redirectWithToast(request, BACK, "success", DESIGN_MESSAGES.iconSaved);
}
