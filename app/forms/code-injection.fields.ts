import { defineFields } from "./common.fields.ts";

/** The "Code injection" form of /admin/settings (posted to /admin/settings/code-injection). */
export const CODE_INJECTION_FIELDS = defineFields({
  headerCode: { label: "Site header code", max: 65_536 },
  footerCode: { label: "Site footer code", max: 65_536 },
  allowedHosts: { label: "Allowed hosts", max: 4000 },
});
