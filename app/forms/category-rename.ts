import { z } from "zod";
import { categorySlug } from "#app/lib/category.ts";
import { CATEGORY_RENAME_FIELDS as F, CATEGORY_RENAME_MESSAGES as M } from "./category-rename.fields.ts";
import { requiredText } from "./common.ts";

/** Renaming a category: one in use (its slug), and a new name that has a page of its own. */
export const categoryRenameSchema = z.object({
  slug: z.string().trim().min(1, M.pickCategory),
  name: requiredText(F.name).refine((name) => categorySlug(name) !== "", M.noSlug),
});
