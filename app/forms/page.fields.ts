import { defineFields } from "./common.fields.ts";

/** The text fields of the Add Page and edit page forms, in form order (a draft autosaves these). */
export const PAGE_FIELDS = defineFields({
  title: { label: "Title", max: 200 },
  slug: { label: "Slug", max: 100 },
  intro: { label: "Intro", max: 600 },
  content: { label: "Content", max: 200_000 },
  seoTitle: { label: "SEO Title", max: 300 },
  seoDescription: { label: "SEO Description", max: 500 },
});

export type PageFormValues = Record<keyof typeof PAGE_FIELDS, string>;

/** The placeholder a page's texts may hold: the page shows the site's name there. */
const SITE_NAME_PLACEHOLDER = "{siteName}";

export const PAGE_MESSAGES = {
  saved: "Page saved",
  draftSaved: "Page saved as a draft.",
  deleted: "Page deleted",
  deleteFailed: "Error deleting page.",
  gone: "Error deleting page: it no longer exists.",
  builtinKept: "This page is part of the site: it can be edited, not deleted.",
  saveFailed: "Error saving page",
  notFound: "No page found.",
  titleWithoutSlug: "Title needs at least one letter or digit, or give a Slug.",
  slugEmpty: "Slug needs at least one letter or digit.",
  slugOwned: (slug: string) =>
    `The address /${slug} belongs to a page of this site already; choose another slug.`,
  slugTaken: (slug: string) => `Another page already lives at /${slug}; choose another slug.`,
  slugHint: "Leave empty to make it from the title. Letters, digits and hyphens.",
  fixedAddress: (path: string) => `Address: ${path} (fixed: the site's links point here)`,
  introHint: `Shown under the title. ${SITE_NAME_PLACEHOLDER} shows the site's name, here and in the content.`,
};
