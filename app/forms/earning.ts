import { z } from "zod";
import { adsTxtProblem, normalizeAdsTxt } from "#app/lib/ads-txt.ts";
import { tooLongMessage } from "./common.fields.ts";
import { optionalText } from "./common.ts";
import { EARNING_FIELDS } from "./earning.fields.ts";

const { adsTxt, disclosure } = EARNING_FIELDS;

export const earningSchema = z.object({
  adsTxt: z
    .string()
    .max(adsTxt.max, tooLongMessage(adsTxt.label, adsTxt.max))
    .superRefine((text, ctx) => {
      const problem = adsTxtProblem(text);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    })
    .transform(normalizeAdsTxt),
  // Browsers send a textarea's line ends as CRLF.
  disclosure: optionalText(disclosure).transform((text) => text.replace(/\r\n?/g, "\n")),
});
