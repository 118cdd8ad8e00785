import { Fragment } from "react";
import { useFetcher, useSearchParams } from "react-router";
import type { FormErrors } from "#app/forms/common.fields.ts";
import { RATING_FIELDS, RATING_FROM_FIELD, STAR_CHOICES } from "#app/forms/rating.fields.ts";
import { plural } from "#app/lib/plural.ts";
import type { RatingSummary, ShownReview } from "#app/lib/ratings.ts";
import { Field, FormError, FormTimer, Honeypot, SubmitButton } from "./form.tsx";
import { LocalTime } from "./local-time.tsx";
import { RATING_ANCHOR, RatingSummaryLine, Stars } from "./rating-summary.tsx";

const RATING_PENDING_MESSAGE = "Thank you! Your rating is awaiting moderation and will count once approved.";
const RATING_PUBLISHED_MESSAGE = "Thank you! Your rating is published.";

/** A refused rating as the action answers it (`form` tells it from the comment form's refusal). */
export type RatingRefusal = Partial<FormErrors> & { form?: string; formError?: string };

/** The `?rating=` flag an accepted rating returns with (RATING_FLAGS on the server). */
const SENT_FLAGS: Record<string, "pending" | "published"> = { sent: "pending", published: "published" };

/**
 * The rating section under a recipe: the summary, the reviews (approved ratings with a comment),
 * and the form (a radio group of five stars, name, email, an optional comment). It works without
 * JavaScript: a plain POST to the page's action, which answers with a redirect back here.
 */
export function RecipeRatings({
  recipe,
  summary,
  reviews = [],
  from,
  pageRefusal,
}: {
  recipe: { slug: string; title: string };
  summary: RatingSummary;
  reviews?: ShownReview[];
  /** On a blog showing the recipe's card: the blog's slug, where the answer returns. */
  from?: string;
  /** The page's own action data, when a form without JavaScript was refused. */
  pageRefusal?: RatingRefusal | null;
}) {
  // With JavaScript the form posts through a fetcher: the reader stays where they are on a refusal.
  const fetcher = useFetcher<RatingRefusal>();
  const [searchParams] = useSearchParams();
  const sent = SENT_FLAGS[searchParams.get("rating") ?? ""] ?? false;
  const failed = [fetcher.data, pageRefusal].find((answer) => answer?.form === "rating") ?? undefined;
  return (
    <section
      id={RATING_ANCHOR}
      aria-labelledby="rating-heading"
      className="mx-auto max-w-3xl scroll-mt-24 px-4 pb-12 sm:px-6"
    >
      <h2 id="rating-heading" className="font-serif text-3xl font-semibold">
        Rate this recipe
      </h2>
      <div className="mt-2">
        <RatingSummaryLine summary={summary} />
      </div>
      {reviews.length > 0 && (
        <ol className="mt-6 space-y-4" aria-label={`Reviews of ${recipe.title}`}>
          {reviews.map((r) => (
            <li key={r.id} className="rounded-2xl bg-white p-5 ring-1 ring-ink-900/5">
              <p className="flex flex-wrap items-center gap-x-3">
                <span className="font-semibold">{r.name}</span>
                <Stars average={r.stars} />
                <span className="sr-only">{plural(r.stars, "star")}</span>
                <span className="text-sm text-ink-700">
                  <LocalTime seconds={r.ratedAt} />
                </span>
              </p>
              <p className="mt-2 whitespace-pre-line">{r.comment}</p>
            </li>
          ))}
        </ol>
      )}
      <div className="mt-6 rounded-2xl bg-white p-6 ring-1 ring-ink-900/5 sm:p-8">
        {sent ? (
          <p role="status" className="rounded-xl bg-sea-600/10 px-4 py-3 font-medium text-sea-800">
            {sent === "published" ? RATING_PUBLISHED_MESSAGE : RATING_PENDING_MESSAGE}
          </p>
        ) : (
          <fetcher.Form
            method="post"
            action={`/recipes/${encodeURIComponent(recipe.slug)}`}
            noValidate
            className="relative space-y-4"
            preventScrollReset
            aria-label={`Rate ${recipe.title}`}
          >
            <p className="text-ink-700">
              Your email is never shown. Ratings count once a moderator approves them; rating again with the
              same email replaces your earlier rating.
            </p>
            <FormError message={failed?.formError} />
            {from && <input type="hidden" name={RATING_FROM_FIELD} value={from} />}
            <StarChoice errors={failed} />
            <div className="grid gap-4 sm:grid-cols-2">
              <Field
                id="rating-name"
                field={RATING_FIELDS.name}
                required
                autoComplete="name"
                errors={failed}
              />
              <Field
                id="rating-email"
                field={RATING_FIELDS.email}
                type="email"
                required
                autoComplete="email"
                errors={failed}
              />
            </div>
            <Field id="rating-comment" field={RATING_FIELDS.comment} multiline rows={3} errors={failed} />
            <Honeypot />
            <FormTimer />
            <SubmitButton submitting={fetcher.state !== "idle"}>Submit Rating</SubmitButton>
          </fetcher.Form>
        )}
      </div>
    </section>
  );
}

/** The five stars as a radio group: a legend, a label per star ("3 stars"), the error tied to it. */
function StarChoice({ errors }: { errors?: Partial<FormErrors> }) {
  const { name, label } = RATING_FIELDS.stars;
  const error = errors?.fieldErrors?.[name];
  const chosen = errors?.values?.[name];
  return (
    <fieldset aria-describedby={error ? "rating-stars-error" : undefined}>
      <legend className="font-medium">{label}</legend>
      <div className="star-choice mt-1 flex gap-1">
        {STAR_CHOICES.map((n) => (
          <Fragment key={n}>
            <input
              id={`rating-stars-${n}`}
              type="radio"
              name={name}
              value={n}
              required
              defaultChecked={chosen === String(n)}
              aria-invalid={error ? true : undefined}
              className="sr-only"
            />
            <label htmlFor={`rating-stars-${n}`} className="cursor-pointer px-0.5 text-4xl leading-none">
              <span aria-hidden="true" className="star-glyph">
                ★
              </span>
              <span className="sr-only">{plural(n, "star")}</span>
            </label>
          </Fragment>
        ))}
      </div>
      {error && (
        <p id="rating-stars-error" className="mt-1.5 text-sm font-medium text-coral-600">
          {error}
        </p>
      )}
    </fieldset>
  );
}
