import { BLOG_MESSAGES } from "#app/forms/blog.fields.ts";
import type { editedBlogSchema, newBlogSchema } from "#app/forms/blog.ts";
import { publicationOf } from "#app/forms/publication.ts";
import type { PublishAt } from "#app/lib/publication.ts";
import { type ImageChoice, readImageChoice } from "#app/server/editing/image-input.server.ts";
import type { StoreThenSaveResult } from "#app/server/editing/store-then-save.server.ts";
import { adminFail, explained } from "#app/server/http/admin-result.server.ts";
import type { FormRefusal, FormSubmission } from "#app/server/http/forms.server.ts";

type BlogFormData = (typeof newBlogSchema | typeof editedBlogSchema)["_output"];

export type BlogSubmission =
  | {
      ok: true;
      /** The blog's fields as the model takes them (the publication controls are read into `publication`). */
      fields: Omit<
        BlogFormData,
        "publication" | "publishAt" | "publishZone" | "sendToSubscribers" | "headerCode" | "footerCode"
      > &
        Partial<Pick<BlogFormData, "headerCode" | "footerCode">>;
      publication: { draft: boolean; publishAt: PublishAt };
      /** The **Send to subscribers** box was ticked (the route records it only while mail is on). */
      sendToSubscribers: boolean;
      values: Record<string, string>;
      choice: ImageChoice;
    }
  | { ok: false; response: ReturnType<typeof adminFail> };

/**
 * The blog editor's answer to a form read with its schema (`readForm`): adding and editing a blog
 * both check the image choice beside the fields. A refusal is the action's 4xx answer, its toast
 * starting with `failure` ("Error uploading blog"), the field messages and the values to refill.
 * The edit form names missing fields with one message, "All fields are required!".
 * Header code and Footer code are the administrator's (DESIGN §2, "code injection"): from anyone
 * else (`mayInjectCode` false) they are dropped, so the model keeps the blog's code as it was.
 */
export function blogSubmission(
  read: FormSubmission<BlogFormData> | FormRefusal,
  failure: string,
  { mayInjectCode }: { mayInjectCode: boolean },
): BlogSubmission {
  if (!read.ok) return { ok: false, response: blogFormRefused(read, failure) };
  const { values } = read;
  const choice = readImageChoice(read.form);
  if (choice.kind === "error")
    return {
      ok: false,
      response: adminFail(400, `${failure}: ${choice.message}`, {
        fieldErrors: { image: choice.message },
        values,
      }),
    };
  const { publication, publishAt, publishZone, sendToSubscribers, headerCode, footerCode, ...rest } =
    read.data;
  return {
    ok: true,
    fields: mayInjectCode ? { ...rest, headerCode, footerCode } : rest,
    publication: publicationOf({ publication, publishAt, publishZone }),
    sendToSubscribers,
    values,
    choice,
  };
}

/** The blog editor's answer to a form its schema refused, with a bad image choice named too. */
export function blogFormRefused(read: FormRefusal, failure: string) {
  const { values } = read;
  if (Object.values(read.fieldErrors).includes(BLOG_MESSAGES.allFieldsRequired))
    return adminFail(400, BLOG_MESSAGES.allFieldsRequired, { values });
  const fieldErrors = { ...read.fieldErrors };
  const choice = read.form && readImageChoice(read.form);
  if (choice?.kind === "error") fieldErrors.image = choice.message;
  return adminFail(read.status, `${failure}: ${read.message}`, { fieldErrors, values });
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
  return adminFail(result.status, explained(`${failure}: the blog could not be saved.`, result.because), {
    values,
  });
}
