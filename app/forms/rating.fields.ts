import { defineFields, EMAIL_MAX } from "./common.fields.ts";

/**
 * A reader's rating of a recipe (DESIGN §2, "recipe ratings"): stars from 1 to 5, a name, an email
 * (never shown) and an optional comment. The form posts to the recipe's page, wherever it is shown.
 */
export const RATING_FIELDS = defineFields({
  stars: { label: "Your rating" },
  name: { label: "Name", max: 100 },
  email: { label: "Email", max: EMAIL_MAX },
  comment: { label: "Comment", max: 5000 },
});

/** The stars a reader may give, lowest first. */
export const STAR_CHOICES = [1, 2, 3, 4, 5] as const;

export const STARS_MESSAGE = "Choose a rating from 1 to 5 stars.";

/** The hidden field a blog's rating form names itself in, so the answer returns to the blog. */
export const RATING_FROM_FIELD = "from";
