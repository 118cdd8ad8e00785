/** Imported pages: the old site's pages become ours at `/{slug}`. */
import { nowSeconds } from "#app/server/db/db.server.ts";
import { saveImportedPage } from "#app/server/models/pages.server.ts";
import { imageUrlsIn } from "../images.server.ts";
import type { ImportedPage } from "../items.server.ts";
import { liveRouteOwning } from "../live-paths.server.ts";
import { importSlug, plainText, plainTitle } from "../titles-and-slugs.server.ts";
import { bodyHtml, withImages } from "./bodies.server.ts";
import {
  absoluteUrl,
  hashOf,
  importTransaction,
  mappedRow,
  outcomeOf,
  publishAtOf,
  RETRY,
  rememberAll,
  tick,
  type WriteContext,
} from "./context.server.ts";
import { writeRedirects } from "./redirects.server.ts";

/**
 * The old site's pages become pages of ours at `/{slug}`, their bodies converted as posts' are.
 * A child page becomes a page of its own: ours are flat.
 */
export async function writePages(ctx: WriteContext, done: number, total: number): Promise<number> {
  for (const page of ctx.staging.each<ImportedPage>("page")) {
    ctx.report.counted("pages", page.state);
    const title = plainTitle(page.title);
    if (page.draftReason) ctx.report.notice("made-draft", `"${title}": ${page.draftReason}`);
    if (!title)
      ctx.report.notice(
        "no-title",
        `A page without a title (source id ${page.sourceId}) is imported as "(no title)".`,
      );
    const parent = page.parentSourceId ? ctx.staging.get<ImportedPage>("page", page.parentSourceId) : null;
    if (parent)
      ctx.report.notice(
        "child-page",
        `"${title}" was under "${plainTitle(parent.title)}" on the old site: here it is a page of its own.`,
      );
    const { html } = await bodyHtml(ctx, page, title);
    const key = { type: "page", sourceId: page.sourceId };
    const hash = hashOf(page, ctx.imageMode);
    const mapped = await mappedRow(ctx, key);
    if (ctx.dryRun) {
      ctx.report.wrote("pages", outcomeOf(mapped, hash));
      for (const url of imageUrlsIn(html)) ctx.report.imageHost(absoluteUrl(url, ctx.baseUrl));
      for (const path of page.oldPaths) {
        const owner = liveRouteOwning(path);
        if (owner) ctx.report.redirectRefused(path, owner);
        else ctx.report.redirectMade();
      }
    } else if (mapped?.content_hash === hash) ctx.report.wrote("pages", "unchanged");
    else {
      const body = await withImages(ctx, html);
      const createdAt = page.createdAt || nowSeconds();
      await importTransaction(ctx, async (trx) => {
        const saved = await saveImportedPage(
          trx,
          {
            title: title || "(no title)",
            slug: importSlug(page.slug, title),
            content: body.html,
            seoTitle: page.seoTitle,
            seoDescription: page.seoDescription || plainText(page.excerpt),
            createdAt,
            publishAt: publishAtOf(page.state, page.publishAt, createdAt),
          },
          mapped?.local_id ?? null,
        );
        await writeRedirects(trx, ctx, { pageId: saved.id }, page.oldPaths, []);
        await rememberAll(trx, ctx, [{ key, localId: saved.id, hash: body.failed ? RETRY : hash }]);
      });
      ctx.report.wrote("pages", mapped ? "updated" : "added");
    }
    await tick(ctx, ++done, total);
  }
  return done;
}
