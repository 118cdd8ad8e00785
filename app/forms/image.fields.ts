/**
 * The image inputs of the blog and recipe forms: "Upload Image" (a file) and "Or Image URL".
 * They are read on the server by `readImageChoice` (media/image-input.server.ts), not by a schema:
 * an upload wins over a URL, and a file is only proved an image by decoding it.
 */
export const IMAGE_FIELDS = {
  file: { name: "imageFile", label: "Upload Image" },
  url: { name: "imageUrl", label: "Or Image URL" },
} as const;

export const IMAGE_MESSAGES = {
  notAnImage: "The uploaded file must be an image.",
  badUrl: "Image URL must be a valid http:// or https:// address.",
};
