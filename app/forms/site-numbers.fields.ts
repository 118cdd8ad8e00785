import { defineFields, HOST_NAME_MAX, PHONE_MAX } from "./common.fields.ts";

/** The site numbers form of /admin/settings: one domain's international and local numbers. */
export const SITE_NUMBERS_FIELDS = defineFields({
  domain: { label: "Domain", max: HOST_NAME_MAX },
  numberIntl: { label: "International number", max: PHONE_MAX },
  numberLocal: { label: "Local number", max: PHONE_MAX },
});
