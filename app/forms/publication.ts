import { z } from "zod";
import { isTimeZone, type PublishAt, zonedLocalToSeconds } from "#app/lib/publication.ts";
import { optionalText } from "./common.ts";
import {
  FALLBACK_ZONE,
  PUBLICATION_FIELDS,
  PUBLICATION_INTENTS,
  PUBLICATION_MESSAGES,
} from "./publication.fields.ts";

/**
 * The publication part of the blog and recipe forms, spread into their schemas
 * (`{ ...publicationFields }`, then `.superRefine(checkPublication)`). Without `publication` (a
 * client that only knows the spec's form) a save publishes, as the spec's Add Blog always did.
 */
export const publicationFields = {
  publication: z.string().trim(),
  publishAt: optionalText(PUBLICATION_FIELDS.publishAt),
  publishZone: optionalText(PUBLICATION_FIELDS.publishZone).transform((zone) => zone || FALLBACK_ZONE),
};

type PublicationInput = { publication: string; publishAt: string; publishZone: string };

/** A Publish at value must be a real time in a zone this server knows (a draft ignores it). */
export function checkPublication(v: PublicationInput, ctx: z.RefinementCtx) {
  if (v.publication === PUBLICATION_INTENTS.draft || v.publishAt === "") return;
  if (!isTimeZone(v.publishZone))
    ctx.addIssue({ code: "custom", path: ["publishAt"], message: PUBLICATION_MESSAGES.unknownZone });
  else if (zonedLocalToSeconds(v.publishAt, v.publishZone) === null)
    ctx.addIssue({ code: "custom", path: ["publishAt"], message: PUBLICATION_MESSAGES.notADateTime });
}

/**
 * What a checked form asks for: Save draft is a draft (a Publish at value is ignored), the main
 * submit with a Publish at value is that time, and without one is "now".
 */
export function publicationOf(v: PublicationInput): { draft: boolean; publishAt: PublishAt } {
  if (v.publication === PUBLICATION_INTENTS.draft) return { draft: true, publishAt: null };
  if (v.publishAt === "") return { draft: false, publishAt: "now" };
  return { draft: false, publishAt: zonedLocalToSeconds(v.publishAt, v.publishZone) as number };
}
