import { createContext, data } from "react-router";
import { editedBlogSchema, newBlogSchema } from "#app/forms/blog.ts";
import { idOf } from "#app/forms/common.ts";
import { pageSchema } from "#app/forms/page.ts";
import { recipeSchema } from "#app/forms/recipe.ts";
import type { Blog, Recipe, SitePage } from "#app/lib/content-shapes.ts";
import { type ImageRef, imageRef } from "#app/lib/images.ts";
import { sanitizeBlogHtml } from "#app/lib/sanitize.server.ts";
import { choosePageSlug } from "#app/lib/site-pages.ts";
import { normalizeKeywords, slugify } from "#app/lib/slug.ts";
import { nowSeconds } from "#app/server/db/db.server.ts";
import type { ImageChoice } from "#app/server/editing/image-input.server.ts";
import { readForm } from "#app/server/http/forms.server.ts";
import { uploadsBase } from "#app/server/media/public-uploads.server.ts";
import { blogSubmission } from "./blog-submission.server.ts";
import { recipeSubmission } from "./recipe-submission.server.ts";

/**
 * Preview: a blog or recipe as its public page would show it, from the saved row (GET) or from
 * the editor's unsaved form (POST). Nothing here writes: no row, no upload. An uploaded file in
 * a preview post is left out (the item's current image, or none, is shown instead): showing it
 * would mean decoding megabytes of unchecked bytes with sharp, or sending them back inline twice
 * (page and hydration data), for every click of Preview. A URL given in the form is shown.
 */

/** What the preview URL names: a saved item's id, or "new" for the Add form (nothing saved yet). */
export function previewTarget(param: string | undefined): number | "new" | null {
  return param === "new" ? "new" : idOf(param);
}

/** The answer's headers: never stored by anyone (it shows unpublished work), never indexed. */
export const PREVIEW_HEADERS = { "Cache-Control": "no-store", "X-Robots-Tag": "noindex" } as const;

/** What the preview shows of a posted form: the page's data, or why it cannot be shown. */
export type Posted<T> =
  | { ok: true; item: T; uploadLeftOut: boolean }
  | { ok: false; status: number; message: string; fieldErrors: Record<string, string> };

/**
 * Carries a posted preview from the action to the loader of the same request: React Router runs
 * the loaders after the action with the same context, and only the loader's data reaches `meta`.
 */
export const postedPreviewContext = createContext<Posted<unknown> | null>(null);

const REFUSED = "The preview cannot be shown";

/**
 * The image a preview shows: a URL from the form or an image picked from the library, else the
 * saved image (a new upload is left out).
 */
function previewImage(choice: ImageChoice, current: ImageRef | undefined): ImageRef {
  if (choice.kind === "url") return { kind: "url", url: choice.url };
  if (choice.kind === "pick") return imageRef(choice.id, null, uploadsBase());
  return current ?? null;
}

/** The alt text a preview shows: the form's, else the saved one, else the title (as a save does). */
function previewAlt(choice: ImageChoice, current: { imageAlt: string } | null, title: string): string {
  return choice.alt || current?.imageAlt || title;
}

/** A refusal, read back from the 400 answer the save would have given (same checks, same words). */
function refused<T>(response: {
  data: { toast: { message: string }; fieldErrors?: Record<string, string> };
  init: ResponseInit | null;
}): Posted<T> {
  const { toast, fieldErrors = {} } = response.data;
  return { ok: false, status: response.init?.status ?? 400, message: toast.message, fieldErrors };
}

export type BlogPreview = Omit<Blog, "id" | "excerpt" | "hasMore">;

/**
 * The blog a posted Add or edit form describes, checked like a save (same schema) and sanitized
 * like a save (`sanitizeBlogHtml`, so a script typed in the editor never comes out here either).
 */
export async function blogPreviewFromForm(
  request: Request,
  current: Blog | null,
): Promise<Posted<BlogPreview>> {
  const read = await readForm(request, current ? editedBlogSchema : newBlogSchema);
  // A preview shows no injected code (it is never run in the back office's origin).
  const submission = blogSubmission(read, REFUSED, { mayInjectCode: false });
  if (!submission.ok) return refused(submission.response);
  const { fields: d, choice } = submission;
  const now = nowSeconds();
  return {
    ok: true,
    uploadLeftOut: choice.kind === "file",
    item: {
      slug: current && current.title === d.title ? current.slug : slugify(d.title),
      title: d.title,
      content: sanitizeBlogHtml(d.content),
      author: d.author,
      date: d.date,
      category: d.category,
      image: previewImage(choice, current?.image),
      imageAlt: previewAlt(choice, current, d.title),
      seoTitle: d.seoTitle,
      seoDescription: d.seoDescription,
      seoKeywords: normalizeKeywords(d.seoKeywords),
      createdAt: current?.createdAt ?? now,
      updatedAt: now,
      publishAt: current?.publishAt ?? null,
      showDisclosure: d.showDisclosure,
    },
  };
}

export type RecipePreview = Omit<Recipe, "id" | "createdAt">;

/** The recipe a posted Add or edit form describes, checked like a save; no image is allowed here. */
export async function recipePreviewFromForm(
  request: Request,
  current: Recipe | null,
): Promise<Posted<RecipePreview>> {
  // A preview may lack an image (the page shows its placeholder); the save still asks for one.
  const submission = recipeSubmission(await readForm(request, recipeSchema), { hasCurrentImage: true });
  if (!submission.ok) return refused(submission.response);
  const { fields, choice } = submission;
  return {
    ok: true,
    uploadLeftOut: choice.kind === "file",
    item: {
      ...fields,
      slug: current && current.title === fields.title ? current.slug : slugify(fields.title),
      image: previewImage(choice, current?.image),
      imageAlt: previewAlt(choice, current, fields.title),
      publishAt: current?.publishAt ?? null,
    },
  };
}

export type PagePreview = Pick<
  SitePage,
  "slug" | "title" | "intro" | "content" | "seoTitle" | "seoDescription"
>;

/**
 * The page a posted Add Page or edit page form describes, checked like a save (the same schema and
 * the page slug rule; whether another page holds the slug is the save's to say) and sanitized.
 */
export async function pagePreviewFromForm(
  request: Request,
  current: SitePage | null,
): Promise<Posted<PagePreview>> {
  const read = await readForm(request, pageSchema);
  if (!read.ok)
    return {
      ok: false,
      status: read.status,
      message: `${REFUSED}: ${read.message}`,
      fieldErrors: read.fieldErrors,
    };
  const d = read.data;
  let slug = current?.slug ?? "";
  if (!current?.builtin) {
    const choice = choosePageSlug(d.slug, d.title);
    if (!choice.ok)
      return {
        ok: false,
        status: 400,
        message: `${REFUSED}: ${choice.message}`,
        fieldErrors: { [choice.field]: choice.message },
      };
    slug = choice.slug;
  }
  return {
    ok: true,
    uploadLeftOut: false,
    item: {
      slug,
      title: d.title,
      intro: d.intro,
      content: sanitizeBlogHtml(d.content),
      seoTitle: d.seoTitle,
      seoDescription: d.seoDescription,
    },
  };
}

/** The action's answer for a posted preview: its status; the page itself comes from the loader. */
export function postedStatus(posted: Posted<unknown>) {
  return data(null, { status: posted.ok ? 200 : posted.status });
}
