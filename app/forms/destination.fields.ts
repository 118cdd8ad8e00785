import { MAX_HIGHLIGHTS } from "#app/lib/destinations.ts";
import { defineFields } from "./common.fields.ts";

/**
 * The Add Destination and edit destination form (the spec's Destination), in form order. The image
 * is read beside these (forms/image.fields.ts: upload, library pick or URL). Highlights are two
 * lists read side by side, a name and an image per row.
 */
export const DESTINATION_FIELDS = defineFields({
  name: { label: "Name", max: 120 },
  short: { label: "Short", max: 300 },
  description: { label: "Description", max: 20_000 },
  highlightName: { label: "Highlight name", max: 100 },
  highlightImage: { label: "Highlight image", max: 2000 },
  location: { label: "Location", max: 120 },
  bestTime: { label: "Best time", max: 120 },
  theme: { label: "Theme", max: 120 },
  tag: { label: "Tag" },
  latitude: { label: "Latitude", max: 20 },
  longitude: { label: "Longitude", max: 20 },
});

export type DestinationFormValues = Record<keyof typeof DESTINATION_FIELDS, string>;

/** The Tag choices: the spec's one tag, or none. */
export const DESTINATION_TAGS = [
  { value: "", label: "None" },
  { value: "trending", label: "Trending" },
] as const;

export const DESTINATION_MESSAGES = {
  saved: "Destination saved",
  deleted: "Destination deleted",
  deleteQuestion: "Are you sure you want to delete this destination?",
  deleteFailed: "Error deleting destination.",
  gone: "Error deleting destination: it no longer exists.",
  saveFailed: "Error saving destination",
  notFound: "No destination found.",
  imageMissing: "Upload an image, pick one from the library or give an image URL.",
  imageRefused: "Check the image.",
  imageUnreadable: "Choose another image file.",
  badTag: "Choose Trending or None.",
  highlightsHint: `Up to ${MAX_HIGHLIGHTS}, each with a name and an image: an https:// address, or an image of the media library (its address, /uploads/…).`,
  coordinatesHint:
    "Optional: where the destination's marker sits on the map of /destinations, in decimal degrees (Kyoto: 35.0116, 135.7681).",
};
