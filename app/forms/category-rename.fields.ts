import { BLOG_FIELDS } from "./blog.fields.ts";
import { defineFields } from "./common.fields.ts";

/** The rename form of /admin/categories: which category, and its new name (a blog's Category). */
export const CATEGORY_RENAME_FIELDS = defineFields({
  slug: { label: "Category" },
  name: { label: "New name", max: BLOG_FIELDS.category.max },
});

export const CATEGORY_RENAME_MESSAGES = {
  noSlug: "A category name needs a letter or a digit: this one would have no page.",
  pickCategory: "Choose the category to rename.",
};
