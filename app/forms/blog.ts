import { z } from "zod";
import { parseDateInput } from "#app/lib/dates.ts";
import { htmlToText } from "#app/lib/excerpt.ts";
import { slugify } from "#app/lib/slug.ts";
import { BLOG_CODE_FIELDS, BLOG_FIELDS, BLOG_MESSAGES } from "./blog.fields.ts";
import { blogDestinationField } from "./blog-destination.ts";
import { injectedCodeField } from "./code-injection.ts";
import { requiredMessage } from "./common.fields.ts";
import { checkbox, optionalText } from "./common.ts";
import { featuredRecipeField } from "./featured-recipe.ts";
import { IMAGE_FIELDS } from "./image.fields.ts";
import { checkPublication, publicationFields } from "./publication.ts";

const hasSlug = (title: string) => slugify(title) !== "";
const isRealDate = (date: string) => parseDateInput(date) !== null;

/**
 * The blog form's rules; `missing` words a required field left empty, and the edit form also
 * needs content with some text in it.
 */
function blogSchema(missing: (label: string) => string, edit: boolean) {
  const required = (field: { label: string; max: number }) =>
    optionalText(field).min(1, missing(field.label));
  const content = optionalText(BLOG_FIELDS.content);
  return z
    .object({
      title: required(BLOG_FIELDS.title).refine(
        hasSlug,
        edit ? missing(BLOG_FIELDS.title.label) : BLOG_MESSAGES.titleWithoutSlug,
      ),
      content: edit
        ? content.refine((html) => htmlToText(html) !== "", missing(BLOG_FIELDS.content.label))
        : content,
      date: z
        .string()
        .trim()
        .min(1, missing(BLOG_FIELDS.date.label))
        .refine(isRealDate, BLOG_MESSAGES.notADate),
      author: required(BLOG_FIELDS.author),
      category: optionalText(BLOG_FIELDS.category),
      seoTitle: optionalText(BLOG_FIELDS.seoTitle),
      seoDescription: optionalText(BLOG_FIELDS.seoDescription),
      seoKeywords: optionalText(BLOG_FIELDS.seoKeywords),
      // Whether alt text is required depends on the image chosen: readImageChoice decides.
      imageAlt: optionalText(IMAGE_FIELDS.alt),
      featuredRecipe: featuredRecipeField,
      destination: blogDestinationField,
      // Show disclosure (off when absent): the site's affiliate disclosure above the body.
      showDisclosure: checkbox(),
      // The blog's own code, for its page alone: the administrator's (blogSubmission drops it
      // when an editor posts it).
      headerCode: injectedCodeField(BLOG_CODE_FIELDS.headerCode),
      footerCode: injectedCodeField(BLOG_CODE_FIELDS.footerCode),
      ...publicationFields,
      // Send to subscribers (off when absent); the server records it only while mail is on.
      sendToSubscribers: checkbox(),
    })
    .superRefine(checkPublication);
}

/** Add Blog: title, date and author required; a real date; a title that makes a slug. */
export const newBlogSchema = blogSchema(requiredMessage, false);

/**
 * Edit blog: title, content, author, date and the slug the title makes must all be present, else
 * the one message "All fields are required!" (each missing field reports it).
 */
export const editedBlogSchema = blogSchema(() => BLOG_MESSAGES.allFieldsRequired, true);
