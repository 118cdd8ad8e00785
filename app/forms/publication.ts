import { z } from "zod";
import { isTimeZone, type PublishAt, zonedLocalToSeconds } from "#app/lib/publication.ts";
import { optionalText } from "./common.ts";
import { parseForm } from "./parse.ts";
import {
  PUBLICATION_FIELDS as F,
  FALLBACK_ZONE,
  PUBLICATION_MESSAGES as M,
  PUBLICATION_INTENTS,
} from "./publication.fields.ts";

/**
 * The publication part of a blog or recipe form. Without `publication` (a client that only knows
 * the spec's form) a save publishes, as the spec's Add Blog always did.
 */
const publicationSchema = z
  .object({
    publication: z.string().trim(),
    publishAt: optionalText(F.publishAt),
    publishZone: optionalText(F.publishZone).transform((zone) => zone || FALLBACK_ZONE),
  })
  .superRefine((v, ctx) => {
    if (v.publication === PUBLICATION_INTENTS.draft || v.publishAt === "") return;
    if (!isTimeZone(v.publishZone))
      ctx.addIssue({ code: "custom", path: ["publishAt"], message: M.unknownZone });
    else if (zonedLocalToSeconds(v.publishAt, v.publishZone) === null)
      ctx.addIssue({ code: "custom", path: ["publishAt"], message: M.notADateTime });
  });

export type PublicationChoice =
  | { ok: true; draft: boolean; publishAt: PublishAt }
  | { ok: false; message: string; fieldErrors: Record<string, string>; values: Record<string, string> };

/**
 * What a submitted form asks for: Save draft is a draft (a Publish at value is ignored), the main
 * submit with a Publish at value is that time, and without one is "now".
 */
export function readPublication(form: FormData): PublicationChoice {
  const parsed = parseForm(publicationSchema, form);
  if (!parsed.ok)
    return { ok: false, message: parsed.summary, fieldErrors: parsed.fieldErrors, values: parsed.values };
  const { publication, publishAt, publishZone } = parsed.data;
  if (publication === PUBLICATION_INTENTS.draft) return { ok: true, draft: true, publishAt: null };
  if (publishAt === "") return { ok: true, draft: false, publishAt: "now" };
  return { ok: true, draft: false, publishAt: zonedLocalToSeconds(publishAt, publishZone) as number };
}
