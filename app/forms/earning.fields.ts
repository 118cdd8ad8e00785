import { ADS_TXT_MAX } from "#app/lib/ads-txt.ts";
import { defineFields } from "./common.fields.ts";

/** The "Earning" form of /admin/settings (posted to /admin/settings/earning). */
export const EARNING_FIELDS = defineFields({
  adsTxt: { label: "ads.txt", max: ADS_TXT_MAX },
  disclosure: { label: "Affiliate disclosure", max: 1000 },
});
