import { earningSchema } from "#app/forms/earning.ts";
import { requireAdminRequest } from "#app/server/auth/admin-guard.server.ts";
import { adminActor } from "#app/server/http/actor.server.ts";
import { adminOk, adminWriteFailed } from "#app/server/http/admin-result.server.ts";
import { adminFormRefused, readForm } from "#app/server/http/forms.server.ts";
import { saveEarningSettings } from "#app/server/models/earning.server.ts";
import Settings, { SETTINGS_SAVED, settingsMeta } from "../settings.tsx";
import type { Route } from "./+types/earning";
import { settingsScreen } from "./screen.server.ts";

/** ads.txt as large as it may be (64 K characters), each one percent-encoded, and the disclosure. */
const EARNING_BODY = {
  maxBytes: 512 * 1024,
  tooLarge: "ads.txt is too long: it may hold at most 65,536 characters.",
};

/** The Earning form of /admin/settings: ads.txt and the affiliate disclosure. */
export async function action({ request, context }: Route.ActionArgs) {
  const { db, admin } = await requireAdminRequest(request);
  const form = await readForm(request, earningSchema, EARNING_BODY);
  if (!form.ok) return adminFormRefused(form);
  try {
    await saveEarningSettings(db, adminActor(admin, context), form.data);
    return adminOk(SETTINGS_SAVED);
  } catch (err) {
    return adminWriteFailed(
      err,
      "admin settings: saving the earning settings failed",
      "Error saving settings.",
    );
  }
}

// Posted without JavaScript, this address answers with the settings screen and this form's answer.
export const loader = ({ request }: Route.LoaderArgs) => settingsScreen(request);
export const meta: Route.MetaFunction = () => settingsMeta;
export default Settings;
