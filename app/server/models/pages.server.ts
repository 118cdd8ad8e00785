import { PAGE_MESSAGES } from "#app/forms/page.fields.ts";
import type { SitePage } from "#app/lib/content-shapes.ts";
import { type Page, readPage } from "#app/lib/pagination.ts";
import { type PublicationState, type PublishAt, publicationState } from "#app/lib/publication.ts";
import { SANITIZER_VERSION, sanitizeBlogHtml, storedBlogHtml } from "#app/lib/sanitize.server.ts";
import { choosePageSlug } from "#app/lib/site-pages.ts";
import { slugify } from "#app/lib/slug.ts";
import { type DB, nowSeconds } from "#app/server/db/db.server.ts";
import type { PageRow } from "#app/server/db/schema.server.ts";
import type { Actor } from "./activity.server.ts";
import { dropAutosavesOf, pageDraftKey } from "./autosaves.server.ts";
import {
  newItemPublishAt,
  publicationColumn,
  recordDeletion,
  recordPublication,
} from "./publication.server.ts";
import { putPathRedirect } from "./redirects.server.ts";

/**
 * The site's pages (migration 024): the four built-in ones, whose paths are fixed and which cannot
 * be deleted, and the owner's own at `/{slug}`. Written like blogs: sanitized HTML, the same
 * publication states (draft, scheduled, published), recorded in the activity log.
 */

const ADMIN_PAGES_PER_PAGE = 50;

export interface PageInput {
  title: string;
  content: string;
  intro?: string;
  /** The Slug field: empty makes it from the title. Ignored for a built-in page. */
  slug?: string;
  seoTitle?: string;
  seoDescription?: string;
  /** Adding: absent is "now". Editing: absent keeps the page's publish time. */
  publishAt?: PublishAt;
}

/** A save the admin must fix: the field and its message (a slug taken or owned by the site). */
export class PageInputError extends Error {
  readonly field: "slug" | "title";
  constructor(field: "slug" | "title", message: string) {
    super(message);
    this.field = field;
  }
}

/** An admin list row: every page, with its state. */
export interface AdminPageCard {
  id: number;
  builtin: string | null;
  slug: string;
  title: string;
  publishAt: number | null;
  updatedAt: number;
  state: PublicationState;
}

function toPage(row: PageRow): SitePage {
  return {
    id: row.id,
    builtin: row.builtin,
    slug: row.slug,
    title: row.title,
    intro: row.intro,
    content: storedBlogHtml(row.content, row.content_sanitizer),
    seoTitle: row.seo_title,
    seoDescription: row.seo_description,
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
    publishAt: row.publish_at === null ? null : Number(row.publish_at),
  };
}

/** The public path of a page: a built-in page's fixed one, or `/{slug}`. */
export const pagePath = (page: { slug: string }) => `/${page.slug}`;

function textColumns(input: PageInput) {
  return {
    title: input.title.trim(),
    intro: input.intro?.trim() ?? "",
    content: sanitizeBlogHtml(input.content),
    content_sanitizer: SANITIZER_VERSION,
    seo_title: input.seoTitle?.trim() ?? "",
    seo_description: input.seoDescription?.trim() ?? "",
  };
}

/**
 * The slug a save of an owner's page gets: the page slug rule (lib/site-pages.ts), then unique among
 * pages. A slug typed in the Slug field that another page holds is refused (the owner asked for that
 * address); one made from the title gets -2, -3… as blogs do.
 */
async function pageSlugFor(trx: DB, input: PageInput, exceptId?: number): Promise<string> {
  const choice = choosePageSlug(input.slug ?? "", input.title);
  if (!choice.ok) throw new PageInputError(choice.field, choice.message);
  const rows = await trx
    .selectFrom("pages")
    .select(["id", "slug"])
    .where((eb) => eb.or([eb("slug", "=", choice.slug), eb("slug", "like", `${choice.slug}-%`)]))
    .execute();
  const taken = new Set(rows.filter((r) => r.id !== exceptId).map((r) => r.slug));
  if (!taken.has(choice.slug)) return choice.slug;
  if (!choice.fromTitle) throw new PageInputError("slug", PAGE_MESSAGES.slugTaken(choice.slug));
  for (let n = 2; ; n++) if (!taken.has(`${choice.slug}-${n}`)) return `${choice.slug}-${n}`;
}

/** Adds an owner's page; publishing or scheduling it is recorded in the activity log. */
export async function createPage(
  db: DB,
  actor: Actor,
  input: PageInput,
  now = nowSeconds(),
): Promise<SitePage> {
  return db.transaction().execute(async (trx) => {
    const slug = await pageSlugFor(trx, input);
    const row = await trx
      .insertInto("pages")
      .values({
        ...textColumns(input),
        builtin: null,
        slug,
        created_at: now,
        updated_at: now,
        publish_at: newItemPublishAt(input.publishAt, now),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    // A page now lives where an imported page's old address redirected: the page wins.
    await trx.deleteFrom("path_redirects").where("path", "=", pagePath(row)).execute();
    await recordPublication(trx, actor, "pages", row, null);
    return toPage(row);
  });
}

/**
 * Updates a page. A built-in page keeps its path; an owner's page whose slug changes leaves its old
 * address redirecting to it (permanently). Null if there is no such page.
 */
export async function updatePage(
  db: DB,
  actor: Actor,
  id: number,
  input: PageInput,
): Promise<SitePage | null> {
  return db.transaction().execute(async (trx) => {
    const current = await trx
      .selectFrom("pages")
      .select(["slug", "builtin", "publish_at"])
      .where("id", "=", id)
      .executeTakeFirst();
    if (!current) return null;
    const slug = current.builtin ? current.slug : await pageSlugFor(trx, input, id);
    const publishAt = publicationColumn(input.publishAt, current.publish_at, nowSeconds());
    const row = await trx
      .updateTable("pages")
      .set({ ...textColumns(input), slug, publish_at: publishAt, updated_at: nowSeconds() })
      .where("id", "=", id)
      .returningAll()
      .executeTakeFirstOrThrow();
    if (slug !== current.slug) {
      await trx.deleteFrom("path_redirects").where("path", "=", pagePath(row)).execute();
      await putPathRedirect(trx, pagePath(current), { pageId: id });
    }
    await recordPublication(trx, actor, "pages", row, current.publish_at);
    return toPage(row);
  });
}

/**
 * Deletes an owner's page with its redirects and autosaved drafts. A built-in page is kept
 * ("builtin"): the site's links point at it. Recorded in the activity log.
 */
export async function deletePage(
  db: DB,
  actor: Actor,
  id: number,
): Promise<"deleted" | "missing" | "builtin"> {
  return db.transaction().execute(async (trx) => {
    const current = await trx.selectFrom("pages").select(["builtin"]).where("id", "=", id).executeTakeFirst();
    if (!current) return "missing";
    if (current.builtin) return "builtin";
    const row = await trx
      .deleteFrom("pages")
      .where("id", "=", id)
      .where("builtin", "is", null)
      .returning(["id", "title"])
      .executeTakeFirst();
    if (!row) return "missing";
    await dropAutosavesOf(trx, pageDraftKey(id));
    await recordDeletion(trx, actor, "pages", row);
    return "deleted";
  });
}

export async function findPageById(db: DB, id: number): Promise<SitePage | null> {
  const row = await db.selectFrom("pages").selectAll().where("id", "=", id).executeTakeFirst();
  return row ? toPage(row) : null;
}

/** Whether a page with this id exists, in any state. */
export async function pageExists(db: DB, id: number): Promise<boolean> {
  return (await db.selectFrom("pages").select("id").where("id", "=", id).executeTakeFirst()) !== undefined;
}

/**
 * A published page for the public: a built-in one by its name, or an owner's by slug (a built-in
 * page is only ever found by its name, so its own route answers it). Null for a draft, a scheduled
 * page or none.
 */
export async function findPublishedPage(
  db: DB,
  which: { builtin: string } | { slug: string },
  now = nowSeconds(),
): Promise<SitePage | null> {
  const row = await db
    .selectFrom("pages")
    .selectAll()
    .$if("builtin" in which, (q) => q.where("builtin", "=", "builtin" in which ? which.builtin : ""))
    .$if("slug" in which, (q) =>
      q.where("slug", "=", "slug" in which ? which.slug : "").where("builtin", "is", null),
    )
    .where("publish_at", "<=", now)
    .executeTakeFirst();
  return row ? toPage(row) : null;
}

/** The admin's list: built-in pages first, then the owner's by title. */
export async function listAdminPages(db: DB, page = 1, now = nowSeconds()): Promise<Page<AdminPageCard>> {
  const { n } = await db
    .selectFrom("pages")
    .select((eb) => eb.fn.countAll().as("n"))
    .executeTakeFirstOrThrow();
  return readPage(Number(n), page, ADMIN_PAGES_PER_PAGE, async (limit, offset) => {
    const rows = await db
      .selectFrom("pages")
      .select(["id", "builtin", "slug", "title", "publish_at", "updated_at"])
      .orderBy((eb) => eb.case().when("builtin", "is", null).then(1).else(0).end())
      .orderBy("title")
      .orderBy("id")
      .limit(limit)
      .offset(offset)
      .execute();
    return rows.map((r) => ({
      id: r.id,
      builtin: r.builtin,
      slug: r.slug,
      title: r.title,
      publishAt: r.publish_at === null ? null : Number(r.publish_at),
      updatedAt: Number(r.updated_at),
      state: publicationState(r.publish_at === null ? null : Number(r.publish_at), now),
    }));
  });
}

/** The sitemap's pages: every published page's path and when it last changed. */
export async function publishedPagePaths(db: DB, now = nowSeconds()) {
  const rows = await db
    .selectFrom("pages")
    .select(["slug", "updated_at", "publish_at"])
    .where("publish_at", "<=", now)
    .orderBy("id")
    .execute();
  return rows.map((r) => ({
    path: pagePath(r),
    updatedAt: Math.max(Number(r.updated_at), Number(r.publish_at ?? 0)),
  }));
}

/** A page as an import brings it: its old slug (made ours here), its own times and state. */
export interface ImportedPageInput extends PageInput {
  createdAt: number;
  /** Null: a draft. */
  publishAt: number | null;
}

/**
 * Writes a page an import brings, inside the import's transaction: a new row, or the row an earlier
 * run of the same import wrote (`existingId`) rewritten in place, keeping its slug. A slug the site
 * owns, or another page holds, gets -2, -3… (an import never fails on an address).
 */
export async function saveImportedPage(
  trx: DB,
  input: ImportedPageInput,
  existingId: number | null,
): Promise<{ id: number; slug: string }> {
  const existing =
    existingId === null
      ? undefined
      : await trx
          .selectFrom("pages")
          .select(["id", "slug"])
          .where("id", "=", existingId)
          .where("builtin", "is", null)
          .executeTakeFirst();
  if (existing) {
    await trx
      .updateTable("pages")
      .set({ ...textColumns(input), updated_at: nowSeconds(), publish_at: input.publishAt })
      .where("id", "=", existing.id)
      .execute();
    return existing;
  }
  const wanted = slugify(input.slug || input.title) || "page";
  const slug = await importedPageSlug(trx, wanted);
  const row = await trx
    .insertInto("pages")
    .values({
      ...textColumns(input),
      builtin: null,
      slug,
      created_at: input.createdAt,
      updated_at: input.createdAt,
      publish_at: input.publishAt,
    })
    .returning(["id", "slug"])
    .executeTakeFirstOrThrow();
  return row;
}

/**
 * A free slug for an imported page: `wanted` unless the site owns it or a page other than
 * `exceptId` has it, else -2, -3…
 */
export async function importedPageSlug(trx: DB, wanted: string, exceptId?: number): Promise<string> {
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? wanted : `${wanted}-${n}`;
    if (!choosePageSlug(candidate, "").ok) continue;
    const holder = await trx
      .selectFrom("pages")
      .select("id")
      .where("slug", "=", candidate)
      .executeTakeFirst();
    if (!holder || holder.id === exceptId) return candidate;
  }
}
