import { data, redirect } from "react-router";
import { RATING_FROM_FIELD } from "#app/forms/rating.fields.ts";
import { ratingSchema } from "#app/forms/rating.ts";
import { flagParameter } from "#app/server/cache/public-cache.server.ts";
import type { DB } from "#app/server/db/db.server.ts";
import { submitRating } from "#app/server/models/ratings.server.ts";
import { type FormRefusal, publicRefusalInit, publicWrite, readForm } from "./forms.server.ts";

/**
 * A reader's rating posted to a recipe's page (DESIGN §2, "recipe ratings"), from that page or from
 * a blog that shows the recipe's card (whose form names the blog in `from`). Refused input answers
 * with the messages on the recipe's page; an accepted rating redirects (Post/Redirect/Get) back to
 * the page it came from with a flag saying whether it awaits moderation, at the rating section.
 */

/** What the page says after a rating: awaiting moderation, or (a known reader) published. */
const RATING_FLAGS = { pending: "sent", published: "published" } as const;

/** The `?rating=` values a page's cache keeps apart (every other value is the plain page). */
export const ratingFlagParameter = flagParameter(RATING_FLAGS.pending, RATING_FLAGS.published);

/** A blog's slug as the site makes them: anything else sends the reader back to the recipe. */
const BLOG_SLUG = /^[a-z0-9](?:[a-z0-9-]{0,198}[a-z0-9])?$/;

export async function rateRecipeAction(
  request: Request,
  { db, recipe, ip }: { db: DB; recipe: { id: number; slug: string }; ip: string },
) {
  const checked = await readForm(request, ratingSchema, { publicForm: { db, name: "rating", ip } });
  if (!checked.ok) return ratingRefused(checked);
  // A database that cannot take it refuses the rating like bad input: the chosen stars stay.
  const written = await publicWrite(checked.values, () => submitRating(db, recipe.id, checked.data));
  if (!written.ok) return ratingRefused(written.refusal);
  const { approved } = written.value;
  const from = String(checked.form.get(RATING_FROM_FIELD) ?? "");
  const back = BLOG_SLUG.test(from) ? `/blogs/${from}` : `/recipes/${encodeURIComponent(recipe.slug)}`;
  const flag = approved ? RATING_FLAGS.published : RATING_FLAGS.pending;
  return redirect(`${back}?rating=${flag}#rate`, 303);
}

/** A refused rating, marked `form` to tell it from the comment form's refusal on a page with both. */
function ratingRefused({ status, message, fieldErrors, values }: FormRefusal) {
  return data(
    { ok: false as const, form: "rating" as const, formError: message, fieldErrors, values },
    publicRefusalInit(status),
  );
}
