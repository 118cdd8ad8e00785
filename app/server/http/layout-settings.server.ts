import { publicVersion } from "#app/server/cache/public-cache.server.ts";
import { memoUnderVersion } from "#app/server/cache/version-memo.server.ts";
import { getLayoutSettings } from "#app/server/models/public-settings.server.ts";

/**
 * The public layout's settings (site info, phone numbers, navigation, look…), read again only when
 * the public version moves; keyed by host, since the numbers may follow it. A page that needs one
 * of them (an owner's page fills in the site's name) asks here too, and waits for no read of its own.
 */
export const layoutSettings = memoUnderVersion(publicVersion, getLayoutSettings);
