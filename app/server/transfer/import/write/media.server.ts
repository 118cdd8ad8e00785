/** The old site's media library, fetched into ours. */
import { isImageFileUrl } from "../images-html.server.ts";
import type { ImportedAttachment } from "../items.server.ts";
import { resolveImage } from "./bodies.server.ts";
import { absoluteUrl, tick, type WriteContext } from "./context.server.ts";

/**
 * WordPress's media library: every image attachment becomes an item of ours (fetched once, like an
 * upload), used or not, so the blogger's library comes across whole. With `--images=keep` the
 * library stays on the old site: nothing to store.
 */
export async function writeMedia(ctx: WriteContext, done: number, total: number): Promise<number> {
  for (const attachment of ctx.staging.each<ImportedAttachment>("attachment")) {
    if (!isImageFileUrl(attachment.url)) {
      ctx.report.skipped(
        "attachment",
        attachment.sourceId,
        attachment.title,
        "only images come into the media library",
      );
      // Counted in the run's total all the same: progress still reaches it.
      await tick(ctx, ++done, total);
      continue;
    }
    ctx.report.counted("media", "image");
    if (!ctx.images) ctx.report.imageHost(absoluteUrl(attachment.url, ctx.baseUrl));
    else if (ctx.imageMode === "download") {
      const result = await resolveImage(ctx, attachment.url);
      // Fetched by this run (here or for a post): added; by an earlier run: unchanged.
      if ("uploadId" in result)
        ctx.report.wrote("media", ctx.images.fetchedThisRun(result.uploadId) ? "added" : "unchanged");
    }
    await tick(ctx, ++done, total);
  }
  return done;
}
