import { Form } from "react-router";
import { COMMENT_FIELDS } from "#app/forms/comment.fields.ts";
import type { FormErrors } from "#app/forms/common.fields.ts";
import { Field, FormError, FormTimer, Honeypot, SubmitButton } from "./form.tsx";
import { LocalTime } from "./local-time.tsx";

const COMMENT_PENDING_MESSAGE =
  "Thank you! Your comment is awaiting moderation and will appear once approved.";
/** A known commenter's comment approved at once (the site's moderation setting). */
const COMMENT_PUBLISHED_MESSAGE = "Thank you! Your comment is published.";

/** An approved comment as readers see it (never its email). */
export interface ShownComment {
  id: number;
  name: string;
  comment: string;
  createdAt: number;
}

/**
 * The comment form's state. On the public page (`public`) it posts to the page's action:
 * `sent` after a comment was accepted (`published` when it was approved at once), `submitting`
 * while one is sent, `failed` the action's
 * refusal. On a preview it is shown as readers see it, but disabled and outside any `<form>`, so
 * nothing can be posted from there.
 */
export type CommentFormState =
  | {
      kind: "public";
      sent: false | "pending" | "published";
      submitting: boolean;
      failed?: (Partial<FormErrors> & { formError?: string }) | null;
    }
  | { kind: "preview" };

/** The comments section of a blog's page: its approved comments, then "Leave a comment". */
export function BlogComments({
  comments,
  blogTitle,
  form,
}: {
  comments: ShownComment[];
  blogTitle: string;
  form: CommentFormState;
}) {
  return (
    <section
      id="comments"
      aria-labelledby="comments-heading"
      className="mx-auto max-w-3xl px-4 pb-20 sm:px-6"
    >
      <h2 id="comments-heading" className="font-serif text-3xl font-semibold">
        Comments {comments.length > 0 && <span className="text-ink-700">({comments.length})</span>}
      </h2>
      {comments.length === 0 ? (
        <p className="mt-4 text-ink-700">No comments yet. Be the first to share your thoughts.</p>
      ) : (
        <ol className="mt-6 space-y-5">
          {comments.map((c) => (
            <li key={c.id} className="rounded-2xl bg-white p-5 ring-1 ring-ink-900/5">
              <p className="font-semibold">{c.name}</p>
              <p className="text-sm text-ink-700">
                <LocalTime seconds={c.createdAt} withTime />
              </p>
              <p className="mt-3 whitespace-pre-line">{c.comment}</p>
            </li>
          ))}
        </ol>
      )}

      <div className="mt-10 rounded-2xl bg-white p-6 ring-1 ring-ink-900/5 sm:p-8">
        <h3 className="font-serif text-2xl font-semibold">Leave a comment</h3>
        <p className="mt-1 text-ink-700">
          Your email is never shown. Comments appear after a moderator approves them.
        </p>
        {form.kind === "preview" ? (
          <PreviewCommentForm />
        ) : form.sent ? (
          <p role="status" className="mt-6 rounded-xl bg-sea-600/10 px-4 py-3 font-medium text-sea-800">
            {form.sent === "published" ? COMMENT_PUBLISHED_MESSAGE : COMMENT_PENDING_MESSAGE}
          </p>
        ) : (
          <Form
            method="post"
            noValidate
            className="relative mt-6 space-y-4"
            preventScrollReset
            aria-label={`Comment on ${blogTitle}`}
          >
            <FormError message={form.failed?.formError} />
            <CommentFields errors={form.failed ?? undefined} />
            <Honeypot />
            <FormTimer />
            <SubmitButton submitting={form.submitting}>Post Comment</SubmitButton>
          </Form>
        )}
      </div>
    </section>
  );
}

function CommentFields({ errors }: { errors?: Partial<FormErrors> }) {
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="comment-name" field={COMMENT_FIELDS.name} required autoComplete="name" errors={errors} />
        <Field
          id="comment-email"
          field={COMMENT_FIELDS.email}
          type="email"
          required
          autoComplete="email"
          errors={errors}
        />
      </div>
      <Field id="comment-text" field={COMMENT_FIELDS.comment} required multiline errors={errors} />
    </>
  );
}

/**
 * The form as readers will see it, for the layout's sake, but inert: disabled, and in no `<form>`,
 * so a preview can never post a comment (nor post the preview route's own form by mistake).
 */
function PreviewCommentForm() {
  return (
    <fieldset disabled aria-describedby="comment-preview-note" className="mt-6 space-y-4">
      <legend className="sr-only">Comment form (disabled in the preview)</legend>
      <p id="comment-preview-note" className="rounded-xl bg-sand-100 px-4 py-3 text-sm text-ink-700">
        Preview: comments cannot be posted from here.
      </p>
      <CommentFields />
      <SubmitButton>Post Comment</SubmitButton>
    </fieldset>
  );
}
