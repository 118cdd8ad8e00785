import { z } from "zod";
import { email, hostName, optionalText, phone, requiredText } from "./common.ts";
import { PHONECALL_MESSAGE, SITE_INFO_FIELDS } from "./site-info.fields.ts";

export const siteInfoSchema = z.object({
  name: requiredText(SITE_INFO_FIELDS.name),
  email: email(),
  phone: phone(SITE_INFO_FIELDS.phone),
  // What a phone link dials: the spaces, brackets, dots and dashes people write are dropped.
  phonecall: z
    .string()
    .transform((v) => v.replace(/[\s().-]/g, ""))
    .pipe(z.string().regex(/^\+?\d{0,20}$/, PHONECALL_MESSAGE)),
  address: optionalText(SITE_INFO_FIELDS.address),
  addressCity: optionalText(SITE_INFO_FIELDS.addressCity),
  domain: hostName(),
});
