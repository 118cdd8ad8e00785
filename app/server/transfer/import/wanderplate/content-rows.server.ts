/**
 * Our own export's content rows: recipes, destinations, blogs, pages and comments. A row keeps
 * its import-map entry (context.server.ts), so a second import of the same export updates what the
 * first wrote; old ids become this site's ids in `ctx.ids` for the rows that point to them.
 */

import { checkDestinationSlug } from "#app/lib/destinations.ts";
import { publicationState } from "#app/lib/publication.ts";
import { SANITIZER_VERSION, sanitizeBlogHtml } from "#app/lib/sanitize.server.ts";
import type { DB } from "#app/server/db/db.server.ts";
import { categoryColumns } from "#app/server/models/category-names.server.ts";
import { codeInjectionRebuilt, pageCodeColumn } from "#app/server/models/code-injection.server.ts";
import { importedPageSlug, pagePath } from "#app/server/models/pages.server.ts";
import { moveRecipeSlug } from "#app/server/models/recipes.server.ts";
import { putPathRedirect } from "#app/server/models/redirects.server.ts";
import { indexBlog, indexRecipe } from "#app/server/models/search.server.ts";
import { uniqueSlug } from "#app/server/models/unique-slug.server.ts";
import { rowHash } from "#app/server/transfer/export/format.server.ts";
import {
  blogColumns,
  destinationColumns,
  int,
  intOrNull,
  pageColumns,
  RowProblem,
  recipeColumns,
  slugOf,
  sourceId,
  text,
  textOrNull,
} from "./columns.server.ts";
import {
  count,
  earlier,
  type ImportContext,
  inTransaction,
  localBlog,
  notice,
  remember,
} from "./context.server.ts";

type Row = Record<string, unknown>;

// ---- Blogs and recipes ----

export async function importRecipe(ctx: ImportContext, row: Row): Promise<void> {
  const id = sourceId(row);
  const { columns, steps, ingredients } = recipeColumns(row);
  const hash = rowHash(row);
  const state = publicationState(columns.publish_at, ctx.now);
  const prior = await earlier(ctx, "recipe", id, hash, "recipes");
  if (prior.localId !== null) ctx.ids.recipes.set(Number(id), prior.localId);
  if (prior.localId !== null && !prior.changed) return count(ctx, "recipes", "unchanged", state);
  count(ctx, "recipes", prior.localId === null ? "added" : "updated", state);
  if (ctx.dryRun) {
    if (prior.localId === null) ctx.ids.recipes.set(Number(id), 0);
    return;
  }
  const localId = await inTransaction(ctx, async (trx) => {
    const slug = await uniqueSlug(trx, "recipes", slugOf(row), "recipe", prior.localId ?? undefined);
    const before =
      prior.localId === null
        ? null
        : await trx.selectFrom("recipes").select("slug").where("id", "=", prior.localId).executeTakeFirst();
    const written =
      prior.localId === null
        ? await trx
            .insertInto("recipes")
            .values({ ...columns, slug })
            .returning("id")
            .executeTakeFirstOrThrow()
        : await trx
            .updateTable("recipes")
            .set({ ...columns, slug })
            .where("id", "=", prior.localId)
            .returning("id")
            .executeTakeFirstOrThrow();
    // Renamed on the exporting site since the last import: the old address keeps answering.
    await moveRecipeSlug(trx, prior.localId, before?.slug ?? null, slug);
    await indexRecipe(trx, written.id, { title: columns.title, short: columns.short, ingredients, steps });
    await remember(trx, ctx, "recipe", id, written.id, hash);
    return written.id;
  });
  ctx.ids.recipes.set(Number(id), localId);
}

export async function importBlog(ctx: ImportContext, row: Row): Promise<void> {
  const id = sourceId(row);
  const columns = { ...blogColumns(row, sanitizeBlogHtml), content_sanitizer: SANITIZER_VERSION };
  const category = text(row, "category", "");
  const featuredOld = "featured_recipe_id" in row ? intOrNull(row, "featured_recipe_id") : null;
  const destinationOld = "destination_id" in row ? intOrNull(row, "destination_id") : null;
  const hash = rowHash(row);
  const state = publicationState(columns.publish_at, ctx.now);
  const prior = await earlier(ctx, "blog", id, hash, "blogs");
  if (prior.localId !== null) ctx.ids.blogs.set(Number(id), prior.localId);
  if (prior.localId !== null && !prior.changed) return count(ctx, "blogs", "unchanged", state);
  count(ctx, "blogs", prior.localId === null ? "added" : "updated", state);
  if (ctx.dryRun) {
    if (prior.localId === null) ctx.ids.blogs.set(Number(id), 0);
    return;
  }
  // A featured recipe the export did not bring (or that was skipped) is left out, not guessed.
  const featured = featuredOld === null ? null : (ctx.ids.recipes.get(featuredOld) ?? null);
  // Likewise its destination (destinations come before blogs in the export).
  const destination = destinationOld === null ? null : (ctx.ids.destinations.get(destinationOld) ?? null);
  const localId = await inTransaction(ctx, async (trx) => {
    const exceptId = prior.localId ?? undefined;
    const slug = await uniqueSlug(trx, "blogs", slugOf(row), "post", exceptId);
    const values = {
      ...columns,
      ...(await categoryColumns(trx, category, exceptId)),
      slug,
      featured_recipe_id: featured,
      destination_id: destination,
      code_injection: blogCode(ctx, columns.title, text(row, "code_injection", "")),
    };
    let written: { id: number };
    if (prior.localId === null) {
      written = await trx.insertInto("blogs").values(values).returning("id").executeTakeFirstOrThrow();
    } else {
      const current = await trx
        .selectFrom("blogs")
        .select("slug")
        .where("id", "=", prior.localId)
        .executeTakeFirstOrThrow();
      // Renamed on the exporting site since the last import: the old address keeps answering.
      if (current.slug !== slug) {
        await trx
          .insertInto("blog_slug_redirects")
          .values({ slug: current.slug, blog_id: prior.localId })
          .onConflict((oc) => oc.column("slug").doUpdateSet({ blog_id: prior.localId ?? 0 }))
          .execute();
      }
      written = await trx
        .updateTable("blogs")
        .set(values)
        .where("id", "=", prior.localId)
        .returning("id")
        .executeTakeFirstOrThrow();
    }
    // The blog takes a slug an older blog of this site used to have: the live blog wins.
    await trx.deleteFrom("blog_slug_redirects").where("slug", "=", slug).execute();
    await indexBlog(trx, written.id, columns.title, columns.content);
    await remember(trx, ctx, "blog", id, written.id, hash);
    return written.id;
  });
  ctx.ids.blogs.set(Number(id), localId);
}

/**
 * A page. The owner's own pages are added, or updated, as blogs are. A built-in page (About Us,
 * the disclaimer…) is the site's text: it overwrites this site's page of the same name in place,
 * which keeps its fixed path.
 */
export async function importPage(ctx: ImportContext, row: Row): Promise<void> {
  const id = sourceId(row);
  const builtin = textOrNull(row, "builtin");
  const columns = { ...pageColumns(row, sanitizeBlogHtml), content_sanitizer: SANITIZER_VERSION };
  const hash = rowHash(row);
  const state = publicationState(columns.publish_at, ctx.now);
  const prior = await earlier(ctx, "page", id, hash, "pages");
  const target = builtin === null ? prior.localId : await builtinPageId(ctx.db, builtin);
  if (target !== null) ctx.ids.pages.set(Number(id), target);
  if (prior.localId !== null && prior.localId === target && !prior.changed)
    return count(ctx, "pages", "unchanged", state);
  count(ctx, "pages", target === null ? "added" : "updated", state);
  if (ctx.dryRun) {
    if (target === null) ctx.ids.pages.set(Number(id), 0);
    return;
  }
  const localId = await inTransaction(ctx, async (trx) => {
    if (builtin !== null && target !== null) {
      // Its texts and times come across; the row keeps its own path and creation.
      const { created_at: _created, ...texts } = columns;
      await trx.updateTable("pages").set(texts).where("id", "=", target).execute();
      await remember(trx, ctx, "page", id, target, hash);
      return target;
    }
    let written: { id: number; slug: string };
    if (target === null) {
      const slug = await importedPageSlug(trx, slugOf(row) || "page");
      written = await trx
        .insertInto("pages")
        .values({ ...columns, builtin: null, slug })
        .returning(["id", "slug"])
        .executeTakeFirstOrThrow();
    } else {
      const current = await trx
        .selectFrom("pages")
        .select("slug")
        .where("id", "=", target)
        .executeTakeFirstOrThrow();
      const slug = await importedPageSlug(trx, slugOf(row) || "page", target);
      written = await trx
        .updateTable("pages")
        .set({ ...columns, slug })
        .where("id", "=", target)
        .returning(["id", "slug"])
        .executeTakeFirstOrThrow();
      // Renamed on the exporting site since the last import: the old address keeps answering.
      if (current.slug !== slug) await putPathRedirect(trx, pagePath(current), { pageId: target });
    }
    // The page takes an address a redirect had: the live page wins.
    await trx.deleteFrom("path_redirects").where("path", "=", pagePath(written)).execute();
    await remember(trx, ctx, "page", id, written.id, hash);
    return written.id;
  });
  ctx.ids.pages.set(Number(id), localId);
}

/** This site's built-in page of that name, or RowProblem: a name this version does not know. */
async function builtinPageId(db: DB, builtin: string): Promise<number> {
  const row = await db.selectFrom("pages").select("id").where("builtin", "=", builtin).executeTakeFirst();
  if (!row) throw new RowProblem(`this site has no built-in page "${builtin}"`);
  return row.id;
}

/**
 * A destination. A built-in one (`builtin` set) overwrites this site's destination of the same key
 * in place, every column, or comes back with that key where this site deleted it; the owner's own
 * are added, or updated, through the import map as pages are. Its address is its slug, made from
 * its name (the model's rule): kept when free; one another destination of this site already has
 * is refused, as the admin's form refuses it, and the row is skipped (its blogs then name this
 * site's built-in destination of the same key, or none).
 */
export async function importDestination(ctx: ImportContext, row: Row): Promise<void> {
  const id = sourceId(row);
  const builtin = textOrNull(row, "builtin");
  const columns = destinationColumns(row);
  const hash = rowHash(row);
  const prior = await earlier(ctx, "destination", id, hash, "destinations");
  const target = builtin === null ? prior.localId : await builtinDestinationId(ctx.db, builtin);
  // Its blogs name this site's row, even when the export's copy is skipped below.
  if (target !== null) ctx.ids.destinations.set(Number(id), target);
  if (prior.localId !== null && prior.localId === target && !prior.changed)
    return count(ctx, "destinations", "unchanged");
  // A row the admin's form would refuse is skipped before it is counted, in a dry run too.
  await destinationSlugFor(ctx.db, row, columns.name, target);
  count(ctx, "destinations", target === null ? "added" : "updated");
  if (ctx.dryRun) {
    if (target === null) ctx.ids.destinations.set(Number(id), 0);
    return;
  }
  const localId = await inTransaction(ctx, async (trx) => {
    // Checked again where it is written: an admin may have taken the address since.
    const values = { ...columns, builtin, slug: await destinationSlugFor(trx, row, columns.name, target) };
    const written =
      target === null
        ? await trx.insertInto("destinations").values(values).returning("id").executeTakeFirstOrThrow()
        : await trx
            .updateTable("destinations")
            .set(values)
            .where("id", "=", target)
            .returning("id")
            .executeTakeFirstOrThrow();
    await remember(trx, ctx, "destination", id, written.id, hash);
    return written.id;
  });
  ctx.ids.destinations.set(Number(id), localId);
}

/** This site's built-in destination of that key, or null (deleted here, or one this version lacks). */
async function builtinDestinationId(db: DB, builtin: string): Promise<number | null> {
  const row = await db
    .selectFrom("destinations")
    .select("id")
    .where("builtin", "=", builtin)
    .executeTakeFirst();
  return row?.id ?? null;
}

/**
 * A destination's slug on this site: the exported one when it is what the slug rule makes of
 * itself (an address we can serve), else the rule applied to the name; RowProblem when the rule
 * makes none, or when another destination of this site (not `exceptId`) lives there.
 */
async function destinationSlugFor(db: DB, row: Row, name: string, exceptId: number | null): Promise<string> {
  const exported = text(row, "slug", "");
  const own = checkDestinationSlug(exported);
  const check = own.ok && own.slug === exported ? own : checkDestinationSlug(name);
  if (!check.ok) throw new RowProblem(`its address cannot be made from its name (${check.message})`);
  const holder = await db
    .selectFrom("destinations")
    .select("id")
    .where("slug", "=", check.slug)
    .executeTakeFirst();
  if (holder && holder.id !== exceptId)
    throw new RowProblem(`another destination of this site lives at /destinations/${check.slug}`);
  return check.slug;
}

// ---- Comments ----

export async function importComment(ctx: ImportContext, row: Row): Promise<void> {
  const id = sourceId(row);
  const blogId = localBlog(ctx, row);
  const approved = int(row, "approved", 0) ? 1 : 0;
  const columns = {
    blog_id: blogId,
    name: text(row, "name", ""),
    email: text(row, "email", ""),
    comment: text(row, "comment"),
    approved,
    created_at: int(row, "created_at"),
  };
  const hash = rowHash(row);
  const state = approved ? "approved" : "pending";
  const prior = await earlier(ctx, "comment", id, hash, "comments");
  if (prior.localId !== null && !prior.changed) return count(ctx, "comments", "unchanged", state);
  count(ctx, "comments", prior.localId === null ? "added" : "updated", state);
  if (ctx.dryRun) return;
  await inTransaction(ctx, async (trx) => {
    const { localId } = prior;
    // An export without personal data has blank emails: an email this site already has stays.
    const { email, ...rest } = columns;
    const written =
      localId === null
        ? await trx.insertInto("comments").values(columns).returning("id").executeTakeFirstOrThrow()
        : await trx
            .updateTable("comments")
            .set(email === "" ? rest : columns)
            .where("id", "=", localId)
            .returning("id")
            .executeTakeFirstOrThrow();
    await remember(trx, ctx, "comment", id, written.id, hash);
  });
}

/**
 * A blog's own code, rebuilt from what was typed (models/code-injection.server.ts): never taken
 * as the file says it runs. A part that breaks the form's rules is left empty and reported.
 */
function blogCode(ctx: ImportContext, title: string, column: string): string {
  if (!column) return "";
  const { value, refused } = codeInjectionRebuilt(column, { header: "Header code", footer: "Footer code" });
  for (const message of refused)
    notice(ctx, "code-injection-refused", `"${title}": ${message} That part of its code was left empty.`);
  return pageCodeColumn({ header: value.header, footer: value.footer });
}
