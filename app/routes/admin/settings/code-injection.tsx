import { codeInjectionSchema } from "#app/forms/code-injection.ts";
import { requireAdminRequest } from "#app/server/auth/admin-guard.server.ts";
import { adminActor } from "#app/server/http/actor.server.ts";
import { adminOk, adminWriteFailed } from "#app/server/http/admin-result.server.ts";
import { adminFormRefused, readForm } from "#app/server/http/forms.server.ts";
import { saveCodeInjection } from "#app/server/models/code-injection.server.ts";
import Settings, { SETTINGS_SAVED, settingsMeta } from "../settings.tsx";
import type { Route } from "./+types/code-injection";
import { settingsScreen } from "./screen.server.ts";

/** Two fields of 64 K characters each, percent-encoded, and the hosts. */
const CODE_BODY = {
  maxBytes: 1024 * 1024,
  tooLarge: "The code is too long: each field may hold at most 65,536 characters.",
};

/** The Code injection form of /admin/settings: site header and footer code, allowed hosts. */
export async function action({ request, context }: Route.ActionArgs) {
  const { db, admin } = await requireAdminRequest(request);
  const form = await readForm(request, codeInjectionSchema, CODE_BODY);
  if (!form.ok) return adminFormRefused(form);
  const { headerCode, footerCode, allowedHosts } = form.data;
  try {
    await saveCodeInjection(db, adminActor(admin, context), {
      header: headerCode,
      footer: footerCode,
      allowedHosts,
    });
    return adminOk(SETTINGS_SAVED);
  } catch (err) {
    return adminWriteFailed(
      err,
      "admin settings: saving the code injection failed",
      "Error saving settings.",
    );
  }
}

// Posted without JavaScript, this address answers with the settings screen and this form's answer.
export const loader = ({ request }: Route.LoaderArgs) => settingsScreen(request);
export const meta: Route.MetaFunction = () => settingsMeta;
export default Settings;
