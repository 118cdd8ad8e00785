import { z } from "zod";
import { requiredMessage } from "./common.fields.ts";
import { hostName, phone } from "./common.ts";
import { SITE_NUMBERS_FIELDS as F } from "./site-numbers.fields.ts";

export const siteNumbersSchema = z.object({
  domain: hostName(F.domain),
  numberIntl: phone(F.numberIntl).min(1, requiredMessage(F.numberIntl.label)),
  numberLocal: phone(F.numberLocal).min(1, requiredMessage(F.numberLocal.label)),
});
