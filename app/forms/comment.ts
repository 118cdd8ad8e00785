import { z } from "zod";
import { COMMENT_FIELDS as F } from "./comment.fields.ts";
import { ELAPSED_FIELD } from "./common.fields.ts";
import { elapsedMs, email, requiredText } from "./common.ts";

export const commentSchema = z.object({
  name: requiredText(F.name),
  email: email(),
  comment: requiredText(F.comment),
  [ELAPSED_FIELD]: elapsedMs(),
});
