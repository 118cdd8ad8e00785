import { z } from "zod";
import { COMMENT_FIELDS } from "./comment.fields.ts";
import { ELAPSED_FIELD } from "./common.fields.ts";
import { elapsedMs, email, requiredText } from "./common.ts";

export const commentSchema = z.object({
  name: requiredText(COMMENT_FIELDS.name),
  email: email(),
  comment: requiredText(COMMENT_FIELDS.comment),
  [ELAPSED_FIELD]: elapsedMs(),
});
