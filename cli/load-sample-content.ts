/**
 * Loads the sample blogs and recipes into an empty database (DATABASE_URL), once. The server runs
 * this as a short-lived child process at start, so decoding and resizing the sample images never
 * inflates the long-running server's memory.
 */
import { configOrExit } from "#app/server/config.server.ts";
import { openDatabase } from "#app/server/db/db.server.ts";
import { loadSampleContentIfEmpty } from "#app/server/transfer/seed/seed.server.ts";

const handle = await openDatabase(configOrExit().DATABASE_URL);
try {
  if (await loadSampleContentIfEmpty(handle.db)) console.log("Sample content loaded.");
} finally {
  await handle.destroy();
}
