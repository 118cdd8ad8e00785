import { z } from "zod";
import { email, hostName, optionalText, phone, requiredText } from "./common.ts";
import { SITE_INFO_FIELDS as F, PHONECALL_MESSAGE } from "./site-info.fields.ts";

export const siteInfoSchema = z.object({
  name: requiredText(F.name),
  email: email(),
  phone: phone(F.phone),
  // What a phone link dials: the spaces, brackets, dots and dashes people write are dropped.
  phonecall: z
    .string()
    .transform((v) => v.replace(/[\s().-]/g, ""))
    .pipe(z.string().regex(/^\+?\d{0,20}$/, PHONECALL_MESSAGE)),
  address: optionalText(F.address),
  addressCity: optionalText(F.addressCity),
  domain: hostName(),
});
