import { requireAdminRequest } from "#app/server/auth/admin-guard.server.ts";
import { loadOrFail } from "#app/server/http/load-failure.server.ts";
import { getCodeInjection } from "#app/server/models/code-injection.server.ts";
import { getEarningSettings } from "#app/server/models/earning.server.ts";
import { searchLanguageStatus } from "#app/server/models/search.server.ts";
import { getCommentSettings, getSiteInfo, listSiteNumbers } from "#app/server/models/settings.server.ts";

const SETTINGS_LOAD_FAILED = "Failed to load settings.";

/** The settings screen's data, for its own address and those of its forms (settings/earning.tsx). */
export async function settingsScreen(request: Request) {
  const { db } = await requireAdminRequest(request);
  const [info, numbers, comments, search, earning, injection] = await loadOrFail(
    { heading: "Settings", message: SETTINGS_LOAD_FAILED },
    () =>
      Promise.all([
        getSiteInfo(db),
        listSiteNumbers(db),
        getCommentSettings(db),
        searchLanguageStatus(db),
        getEarningSettings(db),
        getCodeInjection(db),
      ]),
  );
  const codeInjection = {
    headerCode: injection.header.source,
    footerCode: injection.footer.source,
    allowedHosts: injection.allowedHosts.join("\n"),
  };
  return { info, numbers, comments, search, earning, codeInjection };
}
