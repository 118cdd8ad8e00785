/**
 * Writing the search index: a blog's or recipe's search document, written (or removed) in the
 * item's own transaction and stemmed in the index's current language.
 */
import { blogDocument, recipeDocument, type SearchDocument } from "#app/lib/search.ts";
import type { SearchLanguage } from "#app/lib/search-languages.ts";
import type { DB } from "#app/server/db/db.server.ts";
import { isPostgres, languageOf } from "#app/server/models/search/index-state.server.ts";

/** Writes (or rewrites) a blog's search document; call it in the blog's own transaction. */
export async function indexBlog(db: DB, id: number, title: string, html: string): Promise<void> {
  await putDocument(db, "blog", id, blogDocument(title, html, await writingLanguage(db)));
}

/** Writes (or rewrites) a recipe's search document; call it in the recipe's own transaction. */
export async function indexRecipe(
  db: DB,
  id: number,
  recipe: Parameters<typeof recipeDocument>[0],
): Promise<void> {
  await putDocument(db, "recipe", id, recipeDocument(recipe, await writingLanguage(db)));
}

/**
 * The language a document written now is stemmed in: the index's own (`search_state.language`).
 * On PostgreSQL the row is read with a share lock, held to the end of the item's transaction, so
 * a re-index cannot finish (and stop looking for this language's stems) between this read and
 * the document's write. SQLite runs one write transaction at a time.
 */
async function writingLanguage(db: DB): Promise<SearchLanguage> {
  let read = db.selectFrom("search_state").select("language").where("id", "=", 1);
  if (isPostgres(db)) read = read.forShare();
  const row = await read.executeTakeFirst();
  return languageOf(row?.language);
}

/** Removes an item's search document (its item is being deleted in the same transaction). */
export async function unindex(db: DB, kind: "blog" | "recipe", id: number): Promise<void> {
  await db.deleteFrom("search_docs").where("kind", "=", kind).where("item_id", "=", id).execute();
}

async function putDocument(db: DB, kind: "blog" | "recipe", id: number, doc: SearchDocument): Promise<void> {
  await db
    .insertInto("search_docs")
    .values({ kind, item_id: id, ...doc })
    .onConflict((oc) => oc.columns(["kind", "item_id"]).doUpdateSet(doc))
    .execute();
}
