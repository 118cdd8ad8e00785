import { parseDateInput } from "./dates.ts";
import { htmlToText } from "./excerpt.ts";
import { slugify } from "./slug.ts";

/** The text fields of the Add Blog and edit forms (spec §2), by form field name. */
export interface BlogFormValues {
  title: string;
  content: string;
  author: string;
  date: string;
  category: string;
  seoTitle: string;
  seoDescription: string;
  seoKeywords: string;
}

export const BLOG_FORM_FIELDS: (keyof BlogFormValues)[] = [
  "title",
  "content",
  "author",
  "date",
  "category",
  "seoTitle",
  "seoDescription",
  "seoKeywords",
];

/** Spec §8 messages. */
export const IMAGE_REQUIRED = "Please upload an image or provide an image URL";
export const ALL_FIELDS_REQUIRED = "All fields are required!";

const LIMITS: Record<keyof BlogFormValues, number> = {
  title: 200,
  content: 200_000,
  author: 100,
  date: 10,
  category: 60,
  seoTitle: 300,
  seoDescription: 500,
  seoKeywords: 500,
};

const LABELS: Record<keyof BlogFormValues, string> = {
  title: "Title",
  content: "Content",
  author: "Author",
  date: "Date",
  category: "Category",
  seoTitle: "SEO Title",
  seoDescription: "SEO Description",
  seoKeywords: "SEO Keywords",
};

function lengthErrors(values: BlogFormValues): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const key of BLOG_FORM_FIELDS) {
    if (values[key].length > LIMITS[key])
      errors[key] = `${LABELS[key]} must be at most ${LIMITS[key]} characters.`;
  }
  return errors;
}

/** Spec §5 add blog: title, date and author required; a real date; sensible lengths. */
export function validateNewBlog(values: BlogFormValues): Record<string, string> {
  const errors = lengthErrors(values);
  if (!values.title.trim()) errors.title = "Title is required.";
  else if (!slugify(values.title)) errors.title = "Title needs at least one letter or digit.";
  if (!values.author.trim()) errors.author = "Author is required.";
  if (!values.date.trim()) errors.date = "Date is required.";
  else if (!parseDateInput(values.date)) errors.date = "Date must be a real date.";
  return errors;
}

/**
 * Spec §5 edit blog: title, content, author, date and slug must all be present, else "All fields
 * are required!". The slug is the one the title regenerates.
 */
export function validateEditedBlog(values: BlogFormValues): {
  allPresent: boolean;
  errors: Record<string, string>;
} {
  const allPresent =
    Boolean(values.title.trim()) &&
    Boolean(htmlToText(values.content)) &&
    Boolean(values.author.trim()) &&
    Boolean(values.date.trim()) &&
    Boolean(slugify(values.title));
  const errors = lengthErrors(values);
  if (allPresent && !parseDateInput(values.date)) errors.date = "Date must be a real date.";
  return { allPresent, errors };
}
