import { PAGE_MESSAGES } from "#app/forms/page.fields.ts";
import type { PageSubmission } from "#app/forms/page.ts";
import { publicationOf } from "#app/forms/publication.ts";
import type { SitePage } from "#app/lib/content-shapes.ts";
import { isUniqueViolation } from "#app/server/db/unique-violation.server.ts";
import { adminFail, adminWriteFailed } from "#app/server/http/admin-result.server.ts";
import type { FormRefusal, FormSubmission } from "#app/server/http/forms.server.ts";
import { type PageInput, PageInputError } from "#app/server/models/pages.server.ts";

/**
 * The page editor's server side (Add Page and edit page): a checked form becomes the model's
 * input, and a save's refusal (a slug the site or another page holds) becomes the form's 400 with
 * the field's message. Nothing half-written: the model saves in one transaction.
 */
export type PageSaveResult =
  | { ok: true; page: SitePage; draft: boolean }
  | { ok: false; response: ReturnType<typeof adminFail> };

export async function savePageFrom(
  read: FormSubmission<PageSubmission> | FormRefusal,
  save: (input: PageInput) => Promise<SitePage | null>,
): Promise<PageSaveResult> {
  const failure = PAGE_MESSAGES.saveFailed;
  if (!read.ok) {
    const { fieldErrors, values } = read;
    return {
      ok: false,
      response: adminFail(read.status, `${failure}: ${read.message}`, { fieldErrors, values }),
    };
  }
  const { publication, publishAt, publishZone, ...fields } = read.data;
  const asked = publicationOf({ publication, publishAt, publishZone });
  const values = read.values;
  try {
    const input = { ...fields, publishAt: asked.publishAt };
    // Two saves racing for one free slug: the second meets the unique index, and a second try
    // sees the first's row (and takes -2, or is told the slug is taken).
    const page = await save(input).catch((error) =>
      isUniqueViolation(error) ? save(input) : Promise.reject(error),
    );
    if (!page) return { ok: false, response: adminFail(404, `${failure}: it no longer exists.`, { values }) };
    return { ok: true, page, draft: asked.draft };
  } catch (error) {
    if (error instanceof PageInputError) {
      return {
        ok: false,
        response: adminFail(400, `${failure}: ${error.message}`, {
          fieldErrors: { [error.field]: error.message },
          values,
        }),
      };
    }
    return {
      ok: false,
      response: adminWriteFailed(error, "Saving a page", `${failure}: the page could not be saved.`, {
        values,
      }),
    };
  }
}
