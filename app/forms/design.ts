import { z } from "zod";
import {
  accentProblem,
  BODY_FONTS,
  DESIGN_MESSAGES,
  HEADING_FONTS,
  LIST_PAGES,
  normalizeHex,
} from "#app/lib/design.ts";
import { optionalText } from "./common.ts";
import { DESIGN_FIELDS, PAGE_WORD_FIELDS } from "./design.fields.ts";

const fontOf = (list: readonly { id: string }[]) =>
  z.string().refine((id) => list.some((f) => f.id === id), DESIGN_MESSAGES.unknownFont);

/** Each list page's three fields, as optional texts (empty: today's words). */
const pageWords = Object.fromEntries(
  LIST_PAGES.flatMap((page) => Object.values(PAGE_WORD_FIELDS[page]).map((f) => [f.name, optionalText(f)])),
);

/**
 * The design form: an accent colour white text reads on (the refusal says the contrast it has),
 * fonts from the lists, and the words of the home page and the list pages (empty: today's).
 */
export const designForm = z.object({
  accent: z
    .string()
    .trim()
    .max(16, DESIGN_MESSAGES.notAColour)
    .superRefine((value, ctx) => {
      const problem = accentProblem(value);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    })
    .transform((value) => normalizeHex(value) ?? value),
  headingFont: fontOf(HEADING_FONTS),
  bodyFont: fontOf(BODY_FONTS),
  homeTitle: optionalText(DESIGN_FIELDS.homeTitle),
  homeSubtitle: optionalText(DESIGN_FIELDS.homeSubtitle),
  ...pageWords,
});
