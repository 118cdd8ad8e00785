import { z } from "zod";
import {
  COORDINATE_MESSAGES,
  checkDestinationSlug,
  checkHighlights,
  type Highlight,
  parseCoordinate,
} from "#app/lib/destinations.ts";
import { optionalText, requiredText } from "./common.ts";
import { DESTINATION_FIELDS, DESTINATION_MESSAGES } from "./destination.fields.ts";
import { IMAGE_FIELDS } from "./image.fields.ts";

const coordinate = (limit: 90 | 180, message: string) =>
  z
    .string()
    .trim()
    .refine((v) => parseCoordinate(v, limit) !== "invalid", message)
    .transform((v) => parseCoordinate(v, limit) as number | null);

/**
 * The destination form's fields; the image is read beside it (`readImageChoice`). The name must
 * make an address by the spec's slug rule (whether another destination holds it, the model
 * decides); highlights are rows of a name and an image; coordinates are both given or neither.
 */
export const destinationSchema = z
  .object({
    name: requiredText(DESTINATION_FIELDS.name).superRefine((name, ctx) => {
      const check = checkDestinationSlug(name);
      if (!check.ok) ctx.addIssue({ code: "custom", message: check.message });
    }),
    short: requiredText(DESTINATION_FIELDS.short),
    description: optionalText(DESTINATION_FIELDS.description),
    highlightName: z.array(z.string()),
    highlightImage: z.array(z.string()),
    location: optionalText(DESTINATION_FIELDS.location),
    bestTime: optionalText(DESTINATION_FIELDS.bestTime),
    theme: optionalText(DESTINATION_FIELDS.theme),
    tag: z
      .string()
      .trim()
      .refine((v) => v === "" || v === "trending", DESTINATION_MESSAGES.badTag)
      .transform((v) => (v === "trending" ? ("trending" as const) : null)),
    latitude: coordinate(90, COORDINATE_MESSAGES.latitude),
    longitude: coordinate(180, COORDINATE_MESSAGES.longitude),
    imageAlt: optionalText(IMAGE_FIELDS.alt),
  })
  .superRefine((v, ctx) => {
    if ((v.latitude === null) !== (v.longitude === null))
      ctx.addIssue({
        code: "custom",
        path: [v.latitude === null ? "latitude" : "longitude"],
        message: COORDINATE_MESSAGES.both,
      });
    const highlights = checkHighlights(
      v.highlightName,
      v.highlightImage,
      DESTINATION_FIELDS.highlightName.max,
    );
    if (!highlights.ok) ctx.addIssue({ code: "custom", path: ["highlights"], message: highlights.message });
  });

export type DestinationSubmission = z.output<typeof destinationSchema>;

/** What the model stores from a checked form: the highlight rows joined into {name, image}. */
export function destinationFields({ highlightName, highlightImage, ...rest }: DestinationSubmission) {
  const checked = checkHighlights(highlightName, highlightImage, DESTINATION_FIELDS.highlightName.max);
  return { ...rest, highlights: checked.ok ? checked.highlights : ([] as Highlight[]) };
}
