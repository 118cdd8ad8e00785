/**
 * Where readers fetch uploads. Kept apart from storage.server.ts so the models and routes that
 * link uploads do not load the image processing (sharp) to learn a URL.
 */
import { UPLOADS_PATH } from "#app/lib/images.ts";
import { getConfig } from "#app/server/config.server.ts";

/**
 * S3_PUBLIC_URL when the uploads are in a bucket that is read publicly, UPLOADS_PATH otherwise.
 * Pages link the public URL directly: `/uploads/...` would answer each image with a redirect
 * there, a round trip per image for every reader. Asked at each call, like uploadStore.
 */
export function uploadsBase(): string {
  const config = getConfig();
  return config.S3_BUCKET && config.S3_PUBLIC_URL ? config.S3_PUBLIC_URL : UPLOADS_PATH;
}
