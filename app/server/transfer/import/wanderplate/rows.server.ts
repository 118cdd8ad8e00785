import { RowProblem } from "./columns.server.ts";
import {
  importBlog,
  importComment,
  importDestination,
  importPage,
  importRecipe,
} from "./content-rows.server.ts";
import type { ImportContext } from "./context.server.ts";
import { importAccount, importContact, importSubscriber } from "./people-rows.server.ts";
import { importRating } from "./rating-rows.server.ts";
import {
  importBlogSlugRedirect,
  importCategoryRedirect,
  importPathRedirect,
  importRecipeSlugRedirect,
} from "./redirect-rows.server.ts";
import { importSetting, importUploadRow } from "./site-rows.server.ts";

export { importUploadFile } from "./site-rows.server.ts";

type Row = Record<string, unknown>;

export async function importRow(ctx: ImportContext, table: string, row: Row): Promise<void> {
  switch (table) {
    case "accounts":
      return importAccount(ctx, row);
    case "recipes":
      return importRecipe(ctx, row);
    case "destinations":
      return importDestination(ctx, row);
    case "blogs":
      return importBlog(ctx, row);
    case "pages":
      return importPage(ctx, row);
    case "blog_slug_redirects":
      return importBlogSlugRedirect(ctx, row);
    case "recipe_slug_redirects":
      return importRecipeSlugRedirect(ctx, row);
    case "category_slug_redirects":
      return importCategoryRedirect(ctx, row);
    case "comments":
      return importComment(ctx, row);
    case "recipe_ratings":
      return importRating(ctx, row);
    case "users":
      return importSubscriber(ctx, row);
    case "contacts":
      return importContact(ctx, row);
    case "site_numbers":
    case "settings":
      return importSetting(ctx, table, row);
    case "uploads":
      return importUploadRow(ctx, row);
    case "path_redirects":
      return importPathRedirect(ctx, row);
    default:
      throw new RowProblem(`the table ${table} is not imported`);
  }
}
