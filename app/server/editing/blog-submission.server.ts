import { BLOG_MESSAGES } from "#app/forms/blog.fields.ts";
import type { editedBlogSchema, newBlogSchema } from "#app/forms/blog.ts";
import { parseForm } from "#app/forms/parse.ts";
import { type ImageChoice, readImageChoice } from "#app/server/editing/image-input.server.ts";
import type { StoreThenSaveResult } from "#app/server/editing/store-then-save.server.ts";
import { adminFail } from "#app/server/http/admin-result.server.ts";

type BlogSchema = typeof newBlogSchema | typeof editedBlogSchema;

export type BlogSubmission<S extends BlogSchema> =
  | { ok: true; data: S["_output"]; values: Record<string, string>; choice: ImageChoice }
  | { ok: false; response: ReturnType<typeof adminFail> };

/**
 * What adding and editing a blog both do with the submitted form before anything is stored:
 * check the fields (`schema`) and the image choice. A refusal is the action's 400 answer, its
 * toast starting with `failure` ("Error uploading blog"), the field messages and the values to
 * refill. The edit form names missing fields with one message, "All fields are required!".
 */
export function readBlogSubmission<S extends BlogSchema>(
  form: FormData,
  schema: S,
  failure: string,
): BlogSubmission<S> {
  const parsed = parseForm(schema, form);
  const { values } = parsed;
  const refuse = (message: string, fieldErrors?: Record<string, string>) =>
    ({ ok: false, response: adminFail(400, message, { fieldErrors, values }) }) as const;
  if (!parsed.ok && Object.values(parsed.fieldErrors).includes(BLOG_MESSAGES.allFieldsRequired))
    return refuse(BLOG_MESSAGES.allFieldsRequired);
  const choice = readImageChoice(form);
  if (!parsed.ok) {
    const fieldErrors = { ...parsed.fieldErrors };
    if (choice.kind === "error") fieldErrors.image = choice.message;
    return refuse(`${failure}: ${parsed.summary}`, fieldErrors);
  }
  if (choice.kind === "error") return refuse(`${failure}: ${choice.message}`, { image: choice.message });
  return { ok: true, data: parsed.data, values, choice };
}

/** The answer to a blog save that `storeThenSave` refused; a database's own words stay in the log. */
export function refusedBlogSave(
  result: Extract<StoreThenSaveResult<unknown>, { ok: false }>,
  failure: string,
  values: Record<string, string>,
) {
  if (result.step === "store")
    return adminFail(result.status, `${failure}: ${result.reason}`, {
      fieldErrors: { image: result.reason },
      values,
    });
  if (result.status === 404) return adminFail(404, `${failure}: it no longer exists.`, { values });
  return adminFail(500, `${failure}: the blog could not be saved.`, { values });
}
