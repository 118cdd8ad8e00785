import { z } from "zod";
import { requiredMessage } from "./common.fields.ts";
import { optionalText, requiredText } from "./common.ts";
import { PAGE_FIELDS } from "./page.fields.ts";
import { checkPublication, publicationFields } from "./publication.ts";

/** A title of only invisible characters (a bidi override, a zero-width space) is no title. */
const hasVisibleText = (text: string) => text.replace(/[\p{Cf}\p{Cc}\s]/gu, "") !== "";

/**
 * The Add Page and edit page form: a title, the content (the blog editor's HTML, sanitized by the
 * model), an optional slug (the model applies the page slug rule and the site's own paths), the
 * intro and the SEO texts, and the blog's publication controls.
 */
export const pageSchema = z
  .object({
    title: requiredText(PAGE_FIELDS.title).refine(hasVisibleText, requiredMessage(PAGE_FIELDS.title.label)),
    slug: optionalText(PAGE_FIELDS.slug),
    intro: optionalText(PAGE_FIELDS.intro),
    content: optionalText(PAGE_FIELDS.content),
    seoTitle: optionalText(PAGE_FIELDS.seoTitle),
    seoDescription: optionalText(PAGE_FIELDS.seoDescription),
    ...publicationFields,
  })
  .superRefine(checkPublication);

export type PageSubmission = z.infer<typeof pageSchema>;
