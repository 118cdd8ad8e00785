/**
 * The image inputs of the blog and recipe forms: "Upload Image" (a file), "Or Image URL", a pick
 * from the media library, and the image's "Alt text". They are read on the server by
 * `readImageChoice` (editing/image-input.server.ts), not by a schema: an upload wins over a pick,
 * a pick over a URL, and a file is only proved an image by decoding it.
 */
export const IMAGE_FIELDS = {
  file: { name: "imageFile", label: "Upload Image" },
  url: { name: "imageUrl", label: "Or Image URL" },
  /** The id of an upload already in the media library. */
  pick: { name: "imagePick", label: "Or pick from the library" },
  alt: { name: "imageAlt", label: "Alt text", max: 300 },
} as const;

export const IMAGE_MESSAGES = {
  notAnImage: "The uploaded file must be an image.",
  badUrl: "Image URL must be a valid http:// or https:// address.",
  altTooLong: `Alt text must be ${IMAGE_FIELDS.alt.max} characters or fewer.`,
  pickMissing: "The image picked from the library no longer exists. Pick another one.",
  neededToPublish: "Add an image before publishing: only a draft can be saved without one.",
  altHint: "Describe what the image shows for readers who cannot see it. Left empty, the title is used.",
};
