import type { ActionFunction, ServerBuild } from "react-router";
import { databaseFailureOf } from "#app/server/db/health.server.ts";
import { adminFail, WRITE_REFUSED_BECAUSE } from "#app/server/http/admin-result.server.ts";

/** The back office's screens: every route under this layout (the sign-in screens are outside it). */
const ADMIN_LAYOUT = "routes/admin/layout";

/**
 * The build with the back office's actions answering a write the database could not take (its
 * disk full, or the database unreachable) as a refused action: status 503 and a toast that says
 * nothing was saved. Thrown on, the failure would put the 503 page in place of the screen, and the
 * admin would lose what they had typed since the last autosave; answered, the screen stays as they
 * left it, ready to save again. Made once at start, like the build's other tables.
 */
export function withAdminWriteFailuresAnswered(build: ServerBuild): ServerBuild {
  const routes: ServerBuild["routes"] = {};
  for (const [id, route] of Object.entries(build.routes)) {
    const action = route?.module.action;
    routes[id] =
      route && action && underAdminLayout(build.routes, id)
        ? { ...route, module: { ...route.module, action: answeringWriteFailures(action) } }
        : route;
  }
  return { ...build, routes };
}

function underAdminLayout(routes: ServerBuild["routes"], id: string): boolean {
  for (let at = routes[id]?.parentId; at; at = routes[at]?.parentId) if (at === ADMIN_LAYOUT) return true;
  return false;
}

/** `action`, with a full disk or an unreachable database answered instead of thrown. */
function answeringWriteFailures(action: ActionFunction): ActionFunction {
  return async (args) => {
    try {
      return await action(args);
    } catch (error) {
      const failure = databaseFailureOf(error);
      if (!failure) throw error;
      return adminFail(503, WRITE_REFUSED_BECAUSE[failure]);
    }
  };
}
