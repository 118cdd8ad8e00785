import { requireAdminRequest } from "#app/server/auth/admin-guard.server.ts";
import { adminFail } from "#app/server/http/admin-result.server.ts";
import type { ImportRunOptions } from "#app/server/transfer/import/job-worker.server.ts";
import { createImportRun, importsDir } from "#app/server/transfer/import/jobs.server.ts";
import type { Route } from "./+types/upload";
import { importScreen, showRun } from "./import.server.ts";
import { IMPORT_MAX_BYTES, ImportScreen, importMeta, TOO_LARGE } from "./screen.tsx";
import { receiveUpload, removeUpload } from "./upload.server.ts";

/** The old site's address as typed, or null; undefined when it is not an http(s) address. */
function sourceUrlOf(value: string | undefined): string | null | undefined {
  const url = value?.trim() ?? "";
  if (!url) return null;
  return /^https?:\/\/[^/\s]+/i.test(url) ? url : undefined;
}

/**
 * Check file: the export of the old blog, streamed to the imports folder, becomes a run that checks
 * it; the screen then shows that run.
 */
export async function action({ request }: Route.ActionArgs) {
  const { db, admin } = await requireAdminRequest(request);
  const upload = await receiveUpload(request, {
    dir: importsDir(),
    maxBytes: IMPORT_MAX_BYTES,
    tooLarge: TOO_LARGE,
    fileField: "file",
  });
  if (!upload.ok) return adminFail(upload.status, upload.message);
  const sourceUrl = sourceUrlOf(upload.fields.sourceUrl);
  if (sourceUrl === undefined) {
    await removeUpload(upload.path);
    return adminFail(
      400,
      "The old site's address must start with http:// or https://, like https://example.com.",
    );
  }
  const options: ImportRunOptions = {
    images: upload.fields.images === "keep" ? "keep" : "download",
    sourceUrl,
  };
  try {
    const id = await createImportRun(db, {
      accountId: admin.accountId,
      fileName: upload.fileName,
      filePath: upload.path,
      options,
    });
    return showRun(id);
  } catch (error) {
    // No run names the file: nothing would ever remove it.
    await removeUpload(upload.path);
    throw error;
  }
}

// Posted without JavaScript, this address answers with the import screen and this form's answer.
export const loader = ({ request }: Route.LoaderArgs) => importScreen(request);
export const meta: Route.MetaFunction = importMeta;
export default ImportScreen;
