import { z } from "zod";
import { ELAPSED_FIELD } from "./common.fields.ts";
import { elapsedMs, email, optionalText, requiredText } from "./common.ts";
import { RATING_FIELDS, STARS_MESSAGE } from "./rating.fields.ts";

/** The stars as a browser sends a checked radio: exactly "1" to "5" ("five", "0", "4.5" are refused). */
const stars = () =>
  z
    .string({ error: STARS_MESSAGE })
    .trim()
    .regex(/^[1-5]$/, STARS_MESSAGE)
    .transform(Number);

export const ratingSchema = z.object({
  stars: stars(),
  name: requiredText(RATING_FIELDS.name),
  email: email(),
  comment: optionalText(RATING_FIELDS.comment),
  [ELAPSED_FIELD]: elapsedMs(),
});
