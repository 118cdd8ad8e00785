import { z } from "zod";
import { categorySlug } from "#app/lib/category.ts";
import { CATEGORY_RENAME_FIELDS, CATEGORY_RENAME_MESSAGES } from "./category-rename.fields.ts";
import { requiredText } from "./common.ts";

/** Renaming a category: one in use (its slug), and a new name that has a page of its own. */
export const categoryRenameSchema = z.object({
  slug: z.string().trim().min(1, CATEGORY_RENAME_MESSAGES.pickCategory),
  name: requiredText(CATEGORY_RENAME_FIELDS.name).refine(
    (name) => categorySlug(name) !== "",
    CATEGORY_RENAME_MESSAGES.noSlug,
  ),
});
