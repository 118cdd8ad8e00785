/**
 * The import of our own export, one row at a time (import-export.server.ts reads the archive and calls
 * `importRow` for each row, table by table, in the export's order: recipes and destinations before
 * the blogs that feature or name them, blogs and pages before the comments and redirects that point
 * to them). Each row is written in its own transaction together with its import-map entry, so an
 * interrupted import resumes where it was.
 * In a dry run every row is read and counted the same way, and nothing is written.
 */
import { checkDestinationSlug } from "#app/lib/destinations.ts";
import { publicationState } from "#app/lib/publication.ts";
import { SANITIZER_VERSION, sanitizeBlogHtml } from "#app/lib/sanitize.server.ts";
import type { DB } from "#app/server/db/db.server.ts";
import { categoryColumns } from "#app/server/models/category-names.server.ts";
import { importedPageSlug, pagePath } from "#app/server/models/pages.server.ts";
import { moveRecipeSlug } from "#app/server/models/recipes.server.ts";
import { putPathRedirect } from "#app/server/models/redirects.server.ts";
import { indexBlog, indexRecipe } from "#app/server/models/search.server.ts";
import { uniqueSlug } from "#app/server/models/unique-slug.server.ts";
import { rowHash, SITE_ID_SETTING } from "./format.server.ts";
import {
  count,
  earlier,
  type ImportContext,
  inTransaction,
  mapped,
  notice,
  refuseRedirect,
  remember,
  SYSTEM,
} from "./import-context.server.ts";
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
} from "./rows.server.ts";

type Row = Record<string, unknown>;

/**
 * What a new account gets instead of a password: no password check ever accepts it (it is not an
 * scrypt hash; accounts.server.ts), so the owner sets one with create-admin or a reset link.
 */
const UNUSABLE_PASSWORD = "!imported: no password until one is set";

export async function importRow(ctx: ImportContext, table: string, row: Row): Promise<void> {
  switch (table) {
    case "accounts":
      return importAccount(ctx, row);
    case "recipes":
      return importRecipe(ctx, row);
    case "destinations":
      return importDestination(ctx, row);
    case "blogs":
      return importBlog(ctx, row);
    case "pages":
      return importPage(ctx, row);
    case "blog_slug_redirects":
      return importBlogSlugRedirect(ctx, row);
    case "recipe_slug_redirects":
      return importRecipeSlugRedirect(ctx, row);
    case "category_slug_redirects":
      return importCategoryRedirect(ctx, row);
    case "comments":
      return importComment(ctx, row);
    case "users":
      return importSubscriber(ctx, row);
    case "contacts":
      return importContact(ctx, row);
    case "site_numbers":
    case "settings":
      return importSetting(ctx, table, row);
    case "uploads":
      return importUploadRow(ctx, row);
    case "path_redirects":
      return importPathRedirect(ctx, row);
    default:
      throw new RowProblem(`the table ${table} is not imported`);
  }
}

// ---- Blogs and recipes ----

async function importRecipe(ctx: ImportContext, row: Row): Promise<void> {
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

async function importBlog(ctx: ImportContext, row: Row): Promise<void> {
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
async function importPage(ctx: ImportContext, row: Row): Promise<void> {
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
async function importDestination(ctx: ImportContext, row: Row): Promise<void> {
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

/** The blog on this site an old blog id became, or RowProblem when the export did not bring it. */
function localBlog(ctx: ImportContext, row: Row): number {
  const local = ctx.ids.blogs.get(int(row, "blog_id"));
  if (local === undefined) throw new RowProblem("its blog was not imported");
  return local;
}

// ---- Comments ----

async function importComment(ctx: ImportContext, row: Row): Promise<void> {
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

// ---- People ----

async function importAccount(ctx: ImportContext, row: Row): Promise<void> {
  const id = sourceId(row);
  const email = text(row, "email").trim().toLowerCase();
  if (!email) throw new RowProblem("it has no email");
  const hash = rowHash(row);
  const prior = await earlier(ctx, "account", id, hash, "accounts");
  // An account is never changed by an import (its role and password are this site's own).
  if (prior.localId !== null) return count(ctx, "authors", "unchanged");
  const same = await ctx.db.selectFrom("accounts").select("id").where("email", "=", email).executeTakeFirst();
  count(ctx, "authors", same ? "unchanged" : "added");
  if (ctx.dryRun) return;
  await inTransaction(ctx, async (trx) => {
    const local =
      same ??
      (await trx
        .insertInto("accounts")
        .values({
          email,
          password_hash: UNUSABLE_PASSWORD,
          role: text(row, "role", ""),
          created_at: int(row, "created_at", ctx.now),
        })
        .returning("id")
        .executeTakeFirstOrThrow());
    await remember(trx, ctx, "account", id, local.id, hash);
  });
}

async function importSubscriber(ctx: ImportContext, row: Row): Promise<void> {
  const id = sourceId(row);
  const email = text(row, "email").trim();
  if (!email) throw new RowProblem("it has no email");
  const columns = {
    full_name: text(row, "full_name", ""),
    email,
    phone: text(row, "phone", ""),
    created_at: int(row, "created_at"),
    subscription: text(row, "subscription", "subscribed"),
  };
  const hash = rowHash(row);
  const prior = await earlier(ctx, "subscriber", id, hash, "users");
  if (prior.localId !== null && !prior.changed)
    return count(ctx, "subscribers", "unchanged", columns.subscription);
  // A reader this site already has (by email) stays as this site knows them.
  const same =
    prior.localId === null
      ? await ctx.db
          .selectFrom("users")
          .select("id")
          .where((eb) => eb(eb.fn("lower", ["email"]), "=", email.toLowerCase()))
          .executeTakeFirst()
      : undefined;
  count(
    ctx,
    "subscribers",
    same ? "unchanged" : prior.localId === null ? "added" : "updated",
    columns.subscription,
  );
  if (ctx.dryRun) return;
  await inTransaction(ctx, async (trx) => {
    let localId = same?.id ?? prior.localId;
    if (localId === null) {
      const tokens = {
        confirm_token_hash: await unusedToken(
          trx,
          "confirm_token_hash",
          textOrNull(row, "confirm_token_hash"),
        ),
        unsubscribe_token: await unusedToken(trx, "unsubscribe_token", textOrNull(row, "unsubscribe_token")),
      };
      localId = (
        await trx
          .insertInto("users")
          .values({ ...columns, ...tokens })
          .returning("id")
          .executeTakeFirstOrThrow()
      ).id;
    } else if (!same) {
      await trx.updateTable("users").set(columns).where("id", "=", localId).execute();
    }
    await remember(trx, ctx, "subscriber", id, localId, hash);
  });
}

/** A reader's token, unless this site already has it (tokens are unique); then none. */
async function unusedToken(
  trx: DB,
  column: "confirm_token_hash" | "unsubscribe_token",
  token: string | null,
) {
  if (token === null) return null;
  const taken = await trx.selectFrom("users").select("id").where(column, "=", token).executeTakeFirst();
  return taken ? null : token;
}

async function importContact(ctx: ImportContext, row: Row): Promise<void> {
  const id = sourceId(row);
  const columns = {
    first: text(row, "first", ""),
    last: text(row, "last", ""),
    email: text(row, "email", ""),
    phone: text(row, "phone", ""),
    message: text(row, "message"),
    created_at: int(row, "created_at"),
  };
  const hash = rowHash(row);
  const prior = await earlier(ctx, "contact", id, hash, "contacts");
  if (prior.localId !== null && !prior.changed) return count(ctx, "contacts", "unchanged");
  count(ctx, "contacts", prior.localId === null ? "added" : "updated");
  if (ctx.dryRun) return;
  await inTransaction(ctx, async (trx) => {
    const written =
      prior.localId === null
        ? await trx.insertInto("contacts").values(columns).returning("id").executeTakeFirstOrThrow()
        : await trx
            .updateTable("contacts")
            .set(columns)
            .where("id", "=", prior.localId)
            .returning("id")
            .executeTakeFirstOrThrow();
    await remember(trx, ctx, "contact", id, written.id, hash);
  });
}

// ---- Redirects ----

async function importBlogSlugRedirect(ctx: ImportContext, row: Row): Promise<void> {
  const slug = text(row, "slug");
  const blogId = localBlog(ctx, row);
  const path = `/blogs/${slug}`;
  const live = await ctx.db.selectFrom("blogs").select("id").where("slug", "=", slug).executeTakeFirst();
  if (live) {
    if (live.id !== blogId) refuseRedirect(ctx, path, "a blog of this site has that address");
    return;
  }
  const existing = await ctx.db
    .selectFrom("blog_slug_redirects")
    .select("blog_id")
    .where("slug", "=", slug)
    .executeTakeFirst();
  if (existing) {
    if (existing.blog_id !== blogId)
      refuseRedirect(ctx, path, "it already leads to another blog of this site");
    return;
  }
  ctx.report.redirects.made += 1;
  if (ctx.dryRun) return;
  await ctx.db
    .insertInto("blog_slug_redirects")
    .values({ slug, blog_id: blogId })
    .onConflict((oc) => oc.column("slug").doNothing())
    .execute();
}

async function importRecipeSlugRedirect(ctx: ImportContext, row: Row): Promise<void> {
  const slug = text(row, "slug");
  const recipeId = ctx.ids.recipes.get(int(row, "recipe_id"));
  if (recipeId === undefined) throw new RowProblem("its recipe was not imported");
  const path = `/recipes/${slug}`;
  const live = await ctx.db.selectFrom("recipes").select("id").where("slug", "=", slug).executeTakeFirst();
  if (live) {
    if (live.id !== recipeId) refuseRedirect(ctx, path, "a recipe of this site has that address");
    return;
  }
  const existing = await ctx.db
    .selectFrom("recipe_slug_redirects")
    .select("recipe_id")
    .where("slug", "=", slug)
    .executeTakeFirst();
  if (existing) {
    if (existing.recipe_id !== recipeId)
      refuseRedirect(ctx, path, "it already leads to another recipe of this site");
    return;
  }
  ctx.report.redirects.made += 1;
  if (ctx.dryRun) return;
  await ctx.db
    .insertInto("recipe_slug_redirects")
    .values({ slug, recipe_id: recipeId })
    .onConflict((oc) => oc.column("slug").doNothing())
    .execute();
}

async function importCategoryRedirect(ctx: ImportContext, row: Row): Promise<void> {
  const slug = text(row, "slug");
  const toSlug = text(row, "to_slug");
  const existing = await ctx.db
    .selectFrom("category_slug_redirects")
    .select("to_slug")
    .where("slug", "=", slug)
    .executeTakeFirst();
  if (existing) return;
  const live = await ctx.db
    .selectFrom("blogs")
    .select("id")
    .where("category_slug", "=", slug)
    .limit(1)
    .executeTakeFirst();
  if (live) return refuseRedirect(ctx, `/blogs/category/${slug}`, "a category of this site has that address");
  ctx.report.redirects.made += 1;
  if (ctx.dryRun) return;
  await ctx.db
    .insertInto("category_slug_redirects")
    .values({ slug, to_slug: toSlug })
    .onConflict((oc) => oc.column("slug").doNothing())
    .execute();
}

async function importPathRedirect(ctx: ImportContext, row: Row): Promise<void> {
  const path = text(row, "path");
  const local = (ids: Map<number, number>, column: string) => {
    const old = intOrNull(row, column);
    return old === null ? null : (ids.get(old) ?? null);
  };
  const blogId = local(ctx.ids.blogs, "blog_id");
  const recipeId = blogId === null ? local(ctx.ids.recipes, "recipe_id") : null;
  const pageId = blogId === null && recipeId === null ? local(ctx.ids.pages, "page_id") : null;
  if (blogId === null && recipeId === null && pageId === null)
    throw new RowProblem("what it leads to was not imported");
  const target = { blog_id: blogId, recipe_id: recipeId, page_id: pageId };
  const existing = await ctx.db
    .selectFrom("path_redirects")
    .select(["blog_id", "recipe_id", "page_id"])
    .where("path", "=", path)
    .executeTakeFirst();
  if (existing) {
    if (
      existing.blog_id !== target.blog_id ||
      existing.recipe_id !== target.recipe_id ||
      existing.page_id !== target.page_id
    )
      refuseRedirect(ctx, path, "it already leads elsewhere on this site");
    return;
  }
  ctx.report.redirects.made += 1;
  if (ctx.dryRun) return;
  await ctx.db
    .insertInto("path_redirects")
    .values({ path, ...target })
    .onConflict((oc) => oc.column("path").doNothing())
    .execute();
}

// ---- Settings, site numbers ----

/**
 * Settings and site numbers are the site's own: the export's are written only when this site has
 * none of its own, or only those an earlier import of the same export wrote (then they follow
 * the export's changes). Decided once per table, before its first row is written.
 */
async function settingsAllowed(ctx: ImportContext, table: "settings" | "site_numbers"): Promise<boolean> {
  const known = ctx.settingsAllowed.get(table);
  if (known !== undefined) return known;
  const type = table === "settings" ? "setting" : "site_number";
  const own =
    table === "settings"
      ? (await ctx.db.selectFrom("settings").select("key").where("key", "!=", SITE_ID_SETTING).execute()).map(
          (r) => r.key,
        )
      : (await ctx.db.selectFrom("site_numbers").select("domain").execute()).map((r) => r.domain);
  const ours = new Set(
    (
      await ctx.db
        .selectFrom("import_map")
        .select("source_id")
        .where("system", "=", SYSTEM)
        .where("site", "=", ctx.siteId)
        .where("source_type", "=", type)
        .execute()
    ).map((r) => r.source_id),
  );
  const allowed = own.every((key) => ours.has(key));
  if (!allowed) {
    const what = table === "settings" ? "settings" : "site numbers";
    notice(ctx, "settings-kept", `This site has ${what} of its own: the export's ${what} were not imported.`);
  }
  ctx.settingsAllowed.set(table, allowed);
  return allowed;
}

async function importSetting(
  ctx: ImportContext,
  table: "settings" | "site_numbers",
  row: Row,
): Promise<void> {
  const key = text(row, table === "settings" ? "key" : "domain");
  // The exporting site's own export id names that site, never this one.
  if (table === "settings" && key === SITE_ID_SETTING) return;
  if (table === "settings" && key === "siteInfo") ctx.report.source.title = siteName(row);
  if (!(await settingsAllowed(ctx, table))) return;
  const type = table === "settings" ? "setting" : "site_number";
  const hash = rowHash(row);
  const prior = await mapped(ctx, type, key);
  if (prior?.content_hash === hash) return count(ctx, "settings", "unchanged");
  count(ctx, "settings", prior ? "updated" : "added");
  if (ctx.dryRun) return;
  await inTransaction(ctx, async (trx) => {
    if (table === "settings") {
      const values = { value: text(row, "value"), updated_at: int(row, "updated_at", ctx.now) };
      await trx
        .insertInto("settings")
        .values({ key, ...values })
        .onConflict((oc) => oc.column("key").doUpdateSet(values))
        .execute();
    } else {
      const values = {
        number_intl: text(row, "number_intl", ""),
        number_local: text(row, "number_local", ""),
      };
      await trx
        .insertInto("site_numbers")
        .values({ domain: key, ...values })
        .onConflict((oc) => oc.column("domain").doUpdateSet(values))
        .execute();
    }
    await remember(trx, ctx, type, key, 0, hash);
  });
}

function siteName(row: Row): string {
  try {
    const info: unknown = JSON.parse(text(row, "value", "{}"));
    const name = (info as { name?: unknown } | null)?.name;
    return typeof name === "string" ? name : "";
  } catch {
    return "";
  }
}

// ---- The media library and its files ----

const UPLOAD_ID = /^[0-9a-f]{24}$/;
const VARIANT_KEY = /^[0-9a-f]{24}-\d{1,5}\.webp$/;

async function importUploadRow(ctx: ImportContext, row: Row): Promise<void> {
  const id = text(row, "id");
  if (!UPLOAD_ID.test(id)) throw new RowProblem("its id is not one this site makes");
  const present = await ctx.db.selectFrom("uploads").select("id").where("id", "=", id).executeTakeFirst();
  count(ctx, "media", present ? "unchanged" : "added");
  if (present || ctx.dryRun) return;
  await ctx.db
    .insertInto("uploads")
    .values({
      id,
      bytes: intOrNull(row, "bytes"),
      width: intOrNull(row, "width"),
      height: intOrNull(row, "height"),
      created_at: int(row, "created_at", ctx.now),
    })
    .onConflict((oc) => oc.column("id").doNothing())
    .execute();
}

/** An upload file goes into this site's store under its own key, unless the store has it already. */
export async function importUploadFile(ctx: ImportContext, key: string, bytes: Uint8Array): Promise<void> {
  if (!VARIANT_KEY.test(key)) {
    notice(ctx, "unknown-file", `${key} is not an image width this site makes: left out.`);
    return;
  }
  const present = (await ctx.store.read(key)) !== null;
  count(ctx, "mediaFiles", present ? "unchanged" : "added");
  if (present || ctx.dryRun) return;
  await ctx.store.put(key, bytes, "image/webp");
}
