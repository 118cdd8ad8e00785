import { z } from "zod";
import { ADMIN_ACTION_MESSAGES } from "./admin-actions.fields.ts";
import { recordId } from "./common.ts";

/**
 * /admin/import/start and /admin/import/discard: the checked run to import, or to discard. (The
 * file itself is posted to /admin/import/upload, read as it streams: routes/admin/import/upload.server.ts.)
 */
export const importRunForm = z.object({ id: recordId(ADMIN_ACTION_MESSAGES.importGone) });
