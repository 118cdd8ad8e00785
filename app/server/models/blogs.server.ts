import { sql } from "kysely";
import type { Blog, BlogCard } from "#app/lib/content-shapes.ts";
import { excerptOf, hasMore } from "#app/lib/excerpt.ts";
import { imageRef } from "#app/lib/images.ts";
import { type Page, readPage } from "#app/lib/pagination.ts";
import type { PublicationState, PublishAt } from "#app/lib/publication.ts";
import { SANITIZER_VERSION, sanitizeBlogHtml, storedBlogHtml } from "#app/lib/sanitize.server.ts";
import { normalizeKeywords } from "#app/lib/slug.ts";
import { type DB, nowSeconds } from "#app/server/db/db.server.ts";
import type { BlogRow } from "#app/server/db/schema.server.ts";
import { uploadsBase } from "#app/server/media/public-uploads.server.ts";
import type { UploadInfo } from "#app/server/media/storage.server.ts";
import type { Actor } from "./activity.server.ts";
import { dropAutosavesOfBlog } from "./autosaves.server.ts";
import { categoryColumns } from "./category-names.server.ts";
import { type InjectedCode, type PageCode, pageCodeColumn, pageCodeOf } from "./code-injection.server.ts";
import { featuredRecipeColumn } from "./featured-recipes.server.ts";
import {
  type AdminListOptions,
  adminListPage,
  editedImageAndPublication,
  newItemPublishAt,
  publishedNewestFirst,
  recordDeletion,
  recordPublication,
  unpublishedCounts,
} from "./publication.server.ts";
import { indexBlog, unindex } from "./search.server.ts";
import { rowStillThere, uniqueSlug } from "./unique-slug.server.ts";
import { claimImage } from "./uploads.server.ts";

const BLOGS_PER_PAGE = 9;

/** An admin list card: every blog, with its publication state. */
export interface AdminBlogCard extends BlogCard {
  publishAt: number | null;
  state: PublicationState;
}

export interface BlogInput {
  title: string;
  content: string;
  author: string;
  date: string;
  category?: string;
  imageId?: string | null;
  imageUrl?: string | null;
  /** Alt text; empty or missing: the title. */
  imageAlt?: string;
  /** The upload this request stored for `imageId` (recorded in the media library). */
  upload?: UploadInfo | null;
  /** `imageId` was picked from the media library: it must still exist. */
  picked?: boolean;
  seoTitle?: string;
  seoDescription?: string;
  seoKeywords?: string;
  /** Adding: absent is "now". Editing: absent keeps the blog's publish time. */
  publishAt?: PublishAt;
  /** The recipe the blog ends with (featured-recipes.server.ts); absent keeps it, null is none. */
  featuredRecipe?: number | null;
  /** The destination the blog is about; absent keeps it, null is none. */
  destination?: number | null;
  /** The editor's Show disclosure switch; absent keeps it (an import), new blogs start without. */
  showDisclosure?: boolean;
  /** The blog's own Header code and Footer code; absent keeps them (an import). */
  headerCode?: InjectedCode;
  footerCode?: InjectedCode;
}

export const cardColumns = [
  "id",
  "slug",
  "title",
  "excerpt",
  "text_length",
  "date",
  "category",
  "created_at",
  "image_id",
  "image_url",
  "image_alt",
] as const;

type CardRow = Pick<BlogRow, (typeof cardColumns)[number]>;

export function toCard(row: CardRow): BlogCard {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    excerpt: row.excerpt,
    hasMore: hasMore(row.text_length),
    date: row.date,
    category: row.category,
    createdAt: row.created_at,
    image: imageRef(row.image_id, row.image_url, uploadsBase()),
    imageAlt: row.image_alt,
  };
}

function toBlog(row: BlogRow): Blog {
  return {
    ...toCard(row),
    content: storedBlogHtml(row.content, row.content_sanitizer),
    author: row.author,
    seoTitle: row.seo_title,
    seoDescription: row.seo_description,
    seoKeywords: row.seo_keywords,
    updatedAt: row.updated_at,
    publishAt: row.publish_at,
    showDisclosure: row.show_disclosure === 1,
  };
}

/**
 * The blog column for the form's Destination: nothing when the input does not say, null for none,
 * else the destination's id if it exists (one deleted meanwhile is stored as none, on both engines).
 */
function destinationColumn(id: number | null | undefined) {
  if (id === undefined) return {};
  if (id === null) return { destination_id: null };
  return { destination_id: sql<number | null>`(select id from destinations where id = ${id})` };
}

/** The destination a blog names, or null (the blog form's current choice). */
export async function destinationIdOf(db: DB, blogId: number): Promise<number | null> {
  const row = await db
    .selectFrom("blogs")
    .select("destination_id")
    .where("id", "=", blogId)
    .executeTakeFirst();
  return row?.destination_id ?? null;
}

const uniqueBlogSlug = (db: DB, title: string, exceptId?: number) =>
  uniqueSlug(db, "blogs", title, "post", exceptId);

function contentColumns(input: BlogInput) {
  const content = sanitizeBlogHtml(input.content);
  const { excerpt, textLength } = excerptOf(content);
  return {
    title: input.title.trim(),
    content,
    content_sanitizer: SANITIZER_VERSION,
    excerpt,
    text_length: textLength,
    author: input.author.trim(),
    date: input.date.trim(),
    category: input.category?.trim() ?? "",
    image_id: input.imageId ?? null,
    image_url: input.imageId ? null : (input.imageUrl?.trim() ?? null),
    image_alt: input.imageAlt?.trim() || input.title.trim(),
    seo_title: input.seoTitle?.trim() ?? "",
    seo_description: input.seoDescription?.trim() ?? "",
    seo_keywords: normalizeKeywords(input.seoKeywords ?? ""),
    ...featuredRecipeColumn(input.featuredRecipe),
    ...destinationColumn(input.destination),
    ...(input.showDisclosure === undefined ? {} : { show_disclosure: input.showDisclosure ? 1 : 0 }),
    ...(input.headerCode && input.footerCode
      ? { code_injection: pageCodeColumn({ header: input.headerCode, footer: input.footerCode }) }
      : {}),
  };
}

/**
 * More writes that belong with a blog's save (the editor's Send to subscribers choice): run in the
 * save's transaction once the blog's row is written, so the save and they happen together or not at all.
 */
export type WithBlogSaved = (trx: DB, blogId: number) => Promise<void>;

/**
 * Adds a blog. Publishing or scheduling it is recorded in the activity log as `actor`'s, in the
 * same transaction (a draft added is not).
 */
export async function createBlog(
  db: DB,
  actor: Actor,
  input: BlogInput,
  createdAt = nowSeconds(),
  withSaved?: WithBlogSaved,
): Promise<Blog> {
  return db.transaction().execute(async (trx) => {
    await claimImage(trx, input, createdAt);
    const row = await insertBlog(
      trx,
      input,
      input.title,
      createdAt,
      newItemPublishAt(input.publishAt, createdAt),
    );
    await recordPublication(trx, actor, "blogs", row, null);
    await withSaved?.(trx, row.id);
    return toBlog(row);
  });
}

/** A new blog row under a unique slug made of `slugSource`, with its search document. */
async function insertBlog(
  trx: DB,
  input: BlogInput,
  slugSource: string,
  createdAt: number,
  publishAt: number | null,
): Promise<BlogRow> {
  const slug = await uniqueBlogSlug(trx, slugSource);
  // A new blog may take a slug an older blog used to have: the live blog wins.
  await trx.deleteFrom("blog_slug_redirects").where("slug", "=", slug).execute();
  const row = await trx
    .insertInto("blogs")
    .values({
      ...contentColumns(input),
      ...(await categoryColumns(trx, input.category)),
      slug,
      created_at: createdAt,
      updated_at: createdAt,
      publish_at: publishAt,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await indexBlog(trx, row.id, row.title, row.content);
  return row;
}

/**
 * How many blogs there are, drafts and scheduled ones included (the admin's count): a number the
 * database keeps (triggers), not a count of every row.
 */
export async function countBlogs(db: DB): Promise<number> {
  const { n } = await db
    .selectFrom("row_counts")
    .select("n")
    .where("name", "=", "blogs")
    .executeTakeFirstOrThrow();
  return Number(n);
}

/**
 * How many blogs the public sees: the kept total less the few not yet published (index ranges),
 * read in one statement (on PostgreSQL each is a round trip, and the list waits for its count).
 */
export async function countPublishedBlogs(db: DB, now = nowSeconds()): Promise<number> {
  const row = await db
    .selectNoFrom((eb) => [
      eb.selectFrom("row_counts").select("n").where("name", "=", "blogs").as("total"),
      ...unpublishedCounts(eb, "blogs", now),
    ])
    .executeTakeFirstOrThrow();
  return Number(row.total) - Number(row.draft) - Number(row.scheduled);
}

/** One page of the public blog list, most recently published first. */
export async function listBlogs(
  db: DB,
  page = 1,
  perPage = BLOGS_PER_PAGE,
  now = nowSeconds(),
): Promise<Page<BlogCard>> {
  return readPage(countPublishedBlogs(db, now), page, perPage, (limit, offset) =>
    publishedBlogCards(db, { limit, offset, now }),
  );
}

export async function latestBlogs(db: DB, limit: number, now = nowSeconds()): Promise<BlogCard[]> {
  return publishedBlogCards(db, { limit, offset: 0, now });
}

/**
 * Cards of published blogs, most recently published first: the blog list, the home page and a
 * category's page (`categorySlug`, a range of the `(category_slug, publish_at, id)` index).
 */
export async function publishedBlogCards(
  db: DB,
  { limit, offset, now, categorySlug }: { limit: number; offset: number; now: number; categorySlug?: string },
): Promise<BlogCard[]> {
  const blogs = db.selectFrom("blogs").select(cardColumns);
  const rows = await publishedNewestFirst(
    categorySlug === undefined ? blogs : blogs.where("category_slug", "=", categorySlug),
    now,
  )
    .limit(limit)
    .offset(offset)
    .execute();
  return rows.map(toCard);
}

/** One page of the admin's blog list: every blog or those in one state, newest first. */
export async function listAdminBlogs(db: DB, options: AdminListOptions): Promise<Page<AdminBlogCard>> {
  return adminListPage(
    db,
    {
      table: "blogs",
      query: db.selectFrom("blogs").select([...cardColumns, "publish_at"]),
      countAll: countBlogs,
      perPage: BLOGS_PER_PAGE,
      toItem: (row) => ({ ...toCard(row), publishAt: row.publish_at }),
    },
    options,
  );
}

/** `featuredRecipeId`: the recipe the blog ends with, whatever its state (publishedRecipeById tells). */
export type BlogLookup =
  | { blog: Blog; pageCode: PageCode; featuredRecipeId: number | null }
  | { redirectTo: string }
  | null;

/**
 * A published blog by slug, with its own code for the page and the recipe it features (read in the
 * same row; the code is never sent to the browser as the blog's data); an old slug of a renamed
 * published blog answers with the slug to redirect to. A draft or a scheduled blog is not found,
 * by either.
 */
export async function findBlogBySlug(db: DB, slug: string, now = nowSeconds()): Promise<BlogLookup> {
  const row = await db
    .selectFrom("blogs")
    .selectAll()
    .where("slug", "=", slug)
    .where("publish_at", "<=", now)
    .executeTakeFirst();
  const featuredRecipeId = row?.featured_recipe_id ?? null;
  if (row) return { blog: toBlog(row), pageCode: pageCodeOf(row.code_injection), featuredRecipeId };
  const moved = await db
    .selectFrom("blog_slug_redirects")
    .innerJoin("blogs", "blogs.id", "blog_slug_redirects.blog_id")
    .select("blogs.slug")
    .where("blog_slug_redirects.slug", "=", slug)
    .where("blogs.publish_at", "<=", now)
    .executeTakeFirst();
  return moved ? { redirectTo: moved.slug } : null;
}

/** Whether a blog with this id exists, in any state. */
export async function blogExists(db: DB, id: number): Promise<boolean> {
  return (await db.selectFrom("blogs").select("id").where("id", "=", id).executeTakeFirst()) !== undefined;
}

export async function findBlogById(db: DB, id: number): Promise<Blog | null> {
  const row = await db.selectFrom("blogs").selectAll().where("id", "=", id).executeTakeFirst();
  return row ? toBlog(row) : null;
}

/**
 * Rows for the feed: the published blogs (of one category when its slug is given), most recently
 * published first, bounded.
 */
export async function blogFeedEntries(db: DB, limit: number, now = nowSeconds(), categorySlug?: string) {
  const blogs = db
    .selectFrom("blogs")
    .select([
      "slug",
      "title",
      "excerpt",
      "author",
      "created_at",
      "updated_at",
      "category",
      "publish_at",
      "image_id",
      "image_url",
      "image_alt",
    ])
    .$if(categorySlug !== undefined, (q) => q.where("category_slug", "=", categorySlug ?? ""));
  return publishedNewestFirst(blogs, now).limit(limit).execute();
}

/**
 * Updates a blog. A changed title regenerates the slug, and the old slug keeps answering with a
 * permanent redirect. An image it no longer uses stays in the media library (uploads.server.ts),
 * which may delete it once no row uses it. A move of its publication (published, scheduled,
 * unpublished) is recorded in the activity log as `actor`'s. Null if there is no such blog.
 */
export async function updateBlog(
  db: DB,
  actor: Actor,
  id: number,
  input: BlogInput & { keepImage?: boolean },
  withSaved?: WithBlogSaved,
): Promise<Blog | null> {
  return db.transaction().execute(async (trx) => {
    const current = await trx
      .selectFrom("blogs")
      .select(["slug", "image_id", "image_url", "publish_at"])
      .where("id", "=", id)
      .executeTakeFirst();
    if (!current) return null;
    const slug = await uniqueBlogSlug(trx, input.title, id);
    if (slug !== current.slug) {
      await trx
        .insertInto("blog_slug_redirects")
        .values({ slug: current.slug, blog_id: id })
        .onConflict((oc) => oc.column("slug").doUpdateSet({ blog_id: id }))
        .execute();
    }
    await trx.deleteFrom("blog_slug_redirects").where("slug", "=", slug).execute();
    const columns = { ...contentColumns(input), ...(await categoryColumns(trx, input.category, id)) };
    const edited = await editedImageAndPublication(trx, current, columns, input);
    const row = await trx
      .updateTable("blogs")
      .set({ ...columns, ...edited, slug })
      .where("id", "=", id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await indexBlog(trx, id, row.title, row.content);
    await recordPublication(trx, actor, "blogs", row, current.publish_at);
    await withSaved?.(trx, id);
    return toBlog(row);
  });
}

/**
 * Deletes a blog with its comments, redirects and every draft autosaved of it (nothing is left to
 * restore them into); its uploaded image stays in the media library. The deletion is recorded in
 * the activity log as `actor`'s. Returns whether it existed.
 */
export async function deleteBlog(db: DB, actor: Actor, id: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .deleteFrom("blogs")
      .where("id", "=", id)
      .returning(["id", "title"])
      .executeTakeFirst();
    if (!row) return false;
    await dropAutosavesOfBlog(trx, id);
    await unindex(trx, "blog", id);
    await recordDeletion(trx, actor, "blogs", row);
    return true;
  });
}

/** The admin blog reader: the blog whose title matches, ignoring case and surrounding spaces. */
export async function findBlogByTitle(db: DB, title: string): Promise<Blog | null> {
  const wanted = title.trim().toLowerCase();
  if (!wanted) return null;
  const row = await db
    .selectFrom("blogs")
    .selectAll()
    .where((eb) => eb(eb.fn("lower", [eb.fn("trim", [eb.ref("title")])]), "=", wanted))
    .orderBy("created_at", "desc")
    .executeTakeFirst();
  return row ? toBlog(row) : null;
}

/** A blog as an import brings it: the slug it had (made unique here), its own times and state. */
export interface ImportedBlogInput extends BlogInput {
  /** Already in our slug form, or "" (the title's slug is used). */
  slug: string;
  createdAt: number;
  /** Null: a draft. */
  publishAt: number | null;
}

/**
 * Writes a blog an import brings, inside the import's own transaction: a new row, or the row an
 * earlier run of the same import wrote (`existingId`, from the import map) rewritten in place. An
 * updated blog keeps its slug: links to it may already be out.
 */
export async function saveImportedBlog(
  trx: DB,
  input: ImportedBlogInput,
  existingId: number | null,
): Promise<{ id: number; slug: string }> {
  await claimImage(trx, input, input.createdAt);
  const existing = await rowStillThere(trx, "blogs", existingId);
  if (existing) {
    const row = await trx
      .updateTable("blogs")
      .set({
        ...contentColumns(input),
        ...(await categoryColumns(trx, input.category, existing.id)),
        updated_at: nowSeconds(),
        publish_at: input.publishAt,
      })
      .where("id", "=", existing.id)
      .returning(["id", "slug", "title", "content"])
      .executeTakeFirstOrThrow();
    await indexBlog(trx, row.id, row.title, row.content);
    return { id: row.id, slug: row.slug };
  }
  const row = await insertBlog(trx, input, input.slug || input.title, input.createdAt, input.publishAt);
  return { id: row.id, slug: row.slug };
}
