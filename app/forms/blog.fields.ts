import { defineFields } from "./common.fields.ts";

/** The text fields of the Add Blog and edit forms (the spec's fields plus Category), in form order. */
export const BLOG_FIELDS = defineFields({
  title: { label: "Title", max: 200 },
  content: { label: "Content", max: 200_000 },
  date: { label: "Date" },
  author: { label: "Author", max: 100 },
  category: { label: "Category", max: 60 },
  seoTitle: { label: "SEO Title", max: 300 },
  seoDescription: { label: "SEO Description", max: 500 },
  seoKeywords: { label: "SEO Keywords", max: 500 },
});

export type BlogFormValues = Record<keyof typeof BLOG_FIELDS, string>;

export const BLOG_MESSAGES = {
  /** The Add Blog form without an image (the spec's wording). */
  imageRequired: "Please upload an image or provide an image URL",
  imageRequiredHint: "Choose an image file or enter an image URL.",
  /** The edit form when title, content, author, date or the slug is missing (the spec's wording). */
  allFieldsRequired: "All fields are required!",
  titleWithoutSlug: "Title needs at least one letter or digit.",
  notADate: "Date must be a real date.",
};
