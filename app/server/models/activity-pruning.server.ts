import type { DB } from "#app/server/db/db.server.ts";
import { pruneActivity } from "./activity.server.ts";

const HOUR_MS = 3600 * 1000;

/** When this process may prune next (milliseconds): one prune an hour is plenty. */
let nextPruneAt = 0;

/**
 * Deletes the activity log's entries past their time (`pruneActivity`) at most once an hour in
 * this process. The log's screen calls it on every view, so old entries go even on a quiet site,
 * and a busy screen costs one comparison. Answers how many went, or null when it was not yet time.
 */
export async function pruneActivityHourly(db: DB, now = Date.now()): Promise<number | null> {
  if (now < nextPruneAt) return null;
  nextPruneAt = now + HOUR_MS;
  return pruneActivity(db);
}
