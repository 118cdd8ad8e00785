import { z } from "zod";
import { requiredMessage } from "./common.fields.ts";
import { hostName, phone } from "./common.ts";
import { SITE_NUMBERS_FIELDS } from "./site-numbers.fields.ts";

export const siteNumbersSchema = z.object({
  domain: hostName(SITE_NUMBERS_FIELDS.domain),
  numberIntl: phone(SITE_NUMBERS_FIELDS.numberIntl).min(
    1,
    requiredMessage(SITE_NUMBERS_FIELDS.numberIntl.label),
  ),
  numberLocal: phone(SITE_NUMBERS_FIELDS.numberLocal).min(
    1,
    requiredMessage(SITE_NUMBERS_FIELDS.numberLocal.label),
  ),
});
