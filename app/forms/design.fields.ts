import { LIST_PAGES, type ListPage, WORD_LIMITS } from "#app/lib/design.ts";
import { defineFields, type FieldSpec } from "./common.fields.ts";

/** The design form's look and home fields (the list pages' fields follow, from `pageWordFields`). */
export const DESIGN_FIELDS = defineFields({
  accent: { label: "Accent colour", max: 7 },
  headingFont: { label: "Heading font" },
  bodyFont: { label: "Body font" },
  homeTitle: { label: "Title", max: WORD_LIMITS.homeTitle },
  homeSubtitle: { label: "Subtitle", max: WORD_LIMITS.homeSubtitle },
});

/** A list page's header fields: `blogsEyebrow`, `blogsHeading`, `blogsIntro`… */
export function pageWordFields(page: ListPage): Record<"eyebrow" | "heading" | "intro", Required<FieldSpec>> {
  return {
    eyebrow: { name: `${page}Eyebrow`, label: "Line above the heading", max: WORD_LIMITS.eyebrow },
    heading: { name: `${page}Heading`, label: "Heading", max: WORD_LIMITS.heading },
    intro: { name: `${page}Intro`, label: "Intro", max: WORD_LIMITS.intro },
  };
}

export const PAGE_WORD_FIELDS = Object.fromEntries(LIST_PAGES.map((p) => [p, pageWordFields(p)])) as Record<
  ListPage,
  ReturnType<typeof pageWordFields>
>;
