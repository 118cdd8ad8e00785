import { defineFields, EMAIL_MAX, HOST_NAME_MAX, PHONE_MAX } from "./common.fields.ts";

/** The "Site info" form of /admin/settings; field names are the keys of SiteInfo. */
export const SITE_INFO_FIELDS = defineFields({
  name: { label: "Site Name", max: 100 },
  email: { label: "Email", max: EMAIL_MAX },
  phone: { label: "Phone", max: PHONE_MAX },
  phonecall: { label: "Phone (dialable)", max: 40 },
  address: { label: "Address", max: 200 },
  addressCity: { label: "City", max: 100 },
  domain: { label: "Domain", max: HOST_NAME_MAX },
});

export const PHONECALL_MESSAGE = "Phone (dialable) must be digits, optionally starting with +.";
