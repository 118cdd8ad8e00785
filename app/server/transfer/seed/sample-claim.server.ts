/**
 * The marker that says whether this database's sample content was decided (loaded, or refused
 * because the site had content of its own): one settings row, claimed once (seed.server.ts).
 * Kept apart from the samples so that the server can ask without loading them.
 */
import type { DB } from "#app/server/db/db.server.ts";
import { readSetting } from "#app/server/models/setting-rows.server.ts";

export const SAMPLE_CONTENT_KEY = "sampleContent";

/** Whether a start before this one decided the sample content (so there is nothing to load). */
export async function sampleContentDecided(db: DB): Promise<boolean> {
  return (await readSetting(db, SAMPLE_CONTENT_KEY)) !== null;
}
