import { z } from "zod";

/** A draft's key: what it is a draft of, `blog:new`, `recipe:new`, `page:new`, or `blog:`, `recipe:`, `page:` and an id. */
export const DRAFT_KEY = /^(blog|recipe|page):(new|[1-9]\d{0,14})$/;

const key = z.string().regex(DRAFT_KEY, "Unknown draft.");

/**
 * The autosave post (components/admin/autosave.tsx): `save` with the draft's generation, or
 * `clear` (Discard). The draft's own fields are the blog or recipe form's, half filled as they may
 * be: the model checks them against that form's limits (`readDraftFields`), not against its rules.
 */
export const autosaveForm = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("clear"), key }),
    z.object({
      intent: z.literal("save"),
      key,
      generation: z
        .string()
        .regex(/^(0|[1-9]\d{0,8})$/, "Unknown draft generation.")
        .transform(Number),
    }),
  ],
  { error: "Unknown action." },
);

/** The fields of the autosave post itself, as opposed to the draft's. */
export const AUTOSAVE_CONTROLS = new Set(["key", "intent", "generation"]);
