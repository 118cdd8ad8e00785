import { data } from "react-router";
import type { LoadFailure } from "#app/lib/load-failure.ts";
import { isDatabaseUnavailable } from "#app/server/db/health.server.ts";
import { log } from "#app/server/telemetry/log.server.ts";

/**
 * An admin screen's reads, or their failure thrown for the admin layout's error boundary, which
 * shows `failure` inside the admin frame (status 500). The fault is logged here, once; its own
 * words never reach the screen. An unreachable database is not this screen's failure: it is
 * thrown on as it is, for the 503 page (entry.server.tsx).
 */
export async function loadOrFail<T>(failure: LoadFailure, load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (err) {
    if (isDatabaseUnavailable(err)) throw err;
    log.error({ err, screen: failure.heading }, "admin screen: loading failed");
    throw data(failure, { status: 500 });
  }
}
