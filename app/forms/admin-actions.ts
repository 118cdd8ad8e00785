import { z } from "zod";
import { UPLOAD_ID } from "#app/lib/images.ts";
import { SEARCH_LANGUAGES } from "#app/lib/search-languages.ts";
import { ADMIN_ACTION_MESSAGES, MODERATED_KINDS, UNKNOWN_ACTION } from "./admin-actions.fields.ts";
import { newBlogSchema } from "./blog.ts";
import { categoryRenameSchema } from "./category-rename.ts";
import { checkbox, recordId } from "./common.ts";
import { recipeSchema } from "./recipe.ts";
import { SEARCH_LANGUAGE_UNKNOWN } from "./search-language.fields.ts";
import { siteInfoSchema } from "./site-info.ts";
import { siteNumbersSchema } from "./site-numbers.ts";
import { userSchema } from "./user.ts";

/**
 * The forms of the back office's list screens, one schema per screen: a union on `intent` (the
 * button pressed), so each intent reads exactly the fields it needs and an unknown one is refused
 * with "Unknown action.". The editors' forms (blog, recipe) have their own modules.
 */
const M = ADMIN_ACTION_MESSAGES;

const intent = <T extends string>(name: T) => ({ intent: z.literal(name) });
const intents = <O extends [z.ZodObject, ...z.ZodObject[]]>(options: O) =>
  z.discriminatedUnion("intent", options, { error: UNKNOWN_ACTION });

export const userActions = intents([
  userSchema.extend(intent("add")),
  z.object({ ...intent("delete"), id: recordId(M.userDeleteFailed) }),
]);

/** Which comment or rating a moderation button moves: no kind is a comment, an unknown one is refused. */
const moderated = {
  id: recordId(M.commentUpdateFailed),
  kind: z
    .enum(["", ...MODERATED_KINDS], { error: M.commentUpdateFailed })
    .transform((kind) => kind || "comment"),
};

export const commentActions = intents([
  z.object({ ...intent("toggle"), ...moderated }),
  z.object({ ...intent("spam"), ...moderated }),
  z.object({ ...intent("not-spam"), ...moderated }),
]);

/** The Messages screen: move a message into the Spam box or out of it. */
export const contactActions = intents([
  z.object({ ...intent("spam"), id: recordId(M.messageUpdateFailed) }),
  z.object({ ...intent("not-spam"), id: recordId(M.messageUpdateFailed) }),
]);

export const mediaActions = intents([
  z.object({ ...intent("delete"), id: z.string().trim().regex(UPLOAD_ID, M.imageGone) }),
]);

export const categoryActions = intents([categoryRenameSchema.extend(intent("rename"))]);

export const settingsActions = intents([
  siteInfoSchema.extend(intent("site-info")),
  siteNumbersSchema.extend(intent("site-numbers")),
  z.object({ ...intent("delete-numbers"), domain: z.string().trim().min(1, M.numbersDeleteFailed) }),
  z.object({ ...intent("comments"), approveKnown: checkbox() }),
  z.object({
    ...intent("search-language"),
    language: z.enum(
      SEARCH_LANGUAGES.map((l) => l.code),
      { error: SEARCH_LANGUAGE_UNKNOWN },
    ),
  }),
]);

/** The export form: one checkbox. */
export const exportForm = z.object({ includePii: checkbox() });

/** The blog list: the popup switch, a delete, and the Add Blog form (its own rules in blog.ts). */
export const blogListActions = intents([
  z.object({ ...intent("popup"), enabled: z.string().transform((v) => v === "true") }),
  z.object({ ...intent("delete"), id: recordId("Error deleting blog.") }),
  newBlogSchema.safeExtend(intent("create")),
]);

/** The recipe list: a delete, and the Add Recipe form (its own rules in recipe.ts). */
export const recipeListActions = intents([
  z.object({ ...intent("delete"), id: recordId("Failed to delete recipe.") }),
  recipeSchema.safeExtend(intent("create")),
]);

/** The edit recipe form; which recipe is the screen's to say (`?id=`, or `id` in a no-JS post). */
export const recipeEditForm = intents([recipeSchema.safeExtend(intent("update"))]);

/** The page list: a delete (a built-in page is refused by the model). */
export const pageListActions = intents([
  z.object({ ...intent("delete"), id: recordId("Error deleting page.") }),
]);

/** The destination list: a delete (built-in destinations may be deleted too). */
export const destinationListActions = intents([
  z.object({ ...intent("delete"), id: recordId("Error deleting destination.") }),
]);
