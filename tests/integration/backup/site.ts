/**
 * Sites for the backup tests: a database of either engine with its own uploads folder, filled
 * through the models and the storage module as the admin screens fill them.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { upsertAccount } from "#app/server/auth/accounts.server.ts";
import { type DatabaseHandle, type DB, openDatabase } from "#app/server/db/db.server.ts";
import { localDiskStore } from "#app/server/media/local-disk.server.ts";
import { storeUpload } from "#app/server/media/storage.server.ts";
import type { UploadStore } from "#app/server/media/upload-store.server.ts";
import { clearAutosave, saveAutosave } from "#app/server/models/autosaves.server.ts";
import { createBlog, deleteBlog, updateBlog } from "#app/server/models/blogs.server.ts";
import { addComment, toggleApproved } from "#app/server/models/comments.server.ts";
import { addContact } from "#app/server/models/contacts.server.ts";
import {
  createDestination,
  deleteDestination,
  updateDestination,
} from "#app/server/models/destinations.server.ts";
import { rateRecipe } from "#app/server/models/ratings.server.ts";
import { createRecipe } from "#app/server/models/recipes.server.ts";
import { saveSiteNumbers, setPopupEnabled } from "#app/server/models/settings.server.ts";
import { addUser } from "#app/server/models/users.server.ts";
import { BACKED_UP, COMPUTED_COLUMNS } from "#app/server/transfer/backup/tables.server.ts";
import { blogInput, TEST_ACTOR } from "#tests/support/content.ts";
import { type Engine, emptyDatabaseUrl } from "#tests/support/engines.ts";
import { listKeys } from "#tests/support/upload-store-contract.ts";

export interface Site {
  engine: Engine;
  url: string;
  handle: DatabaseHandle;
  db: DB;
  uploadsDir: string;
  store: UploadStore;
  close(): Promise<void>;
}

/** A new site: an empty database (migrated unless `migrate: false`, as a restore target is). */
export async function newSite(engine: Engine, { migrate = true } = {}): Promise<Site> {
  const { url, cleanup } = await emptyDatabaseUrl(engine);
  const uploadsDir = await mkdtemp(join(tmpdir(), "wanderplate-backup-uploads-"));
  const handle = await openDatabase(url, { migrate });
  return {
    engine,
    url,
    handle,
    db: handle.db,
    uploadsDir,
    store: localDiskStore(uploadsDir),
    async close() {
      await handle.destroy();
      await cleanup();
      await rm(uploadsDir, { recursive: true, force: true });
    },
  };
}

export const ADMIN = { email: "owner@example.com", password: "a long restored passphrase" };

let picture = 0;
/** A small real image, a different colour each time. */
function png(): Promise<Buffer> {
  picture += 1;
  const shade = (picture * 37) % 256;
  return sharp({
    create: { width: 40, height: 30, channels: 3, background: { r: shade, g: 90, b: 255 - shade } },
  })
    .png()
    .toBuffer();
}

/** A blog with an uploaded image, as the admin's Add Blog form makes it. */
export async function blogWithImage(site: Site, title: string) {
  const upload = await storeUpload(await png(), site.store);
  return createBlog(site.db, TEST_ACTOR, {
    title,
    content: `<p>${title}: a <strong>trip</strong> worth a long paragraph, “quoted” and accented: é ü ñ.</p>`,
    author: "Ana",
    date: "2026-05-01",
    category: "Travel",
    imageId: upload.id,
    upload,
  });
}

/** The "Pastel de nata" recipe with an uploaded image of its own. */
export async function recipeWithImage(site: Site) {
  const upload = await storeUpload(await png(), site.store);
  return createRecipe(site.db, TEST_ACTOR, {
    title: "Pastel de nata",
    short: "Custard tarts",
    steps: ["Bake", "Eat"],
    ingredients: ["Eggs", "Cream"],
    nutritionalValues: { calories: 300, protein: 5, fats: 12, carbs: 40 },
    type: "dessert",
    imageId: upload.id,
    upload,
  });
}

/** A draft blog: a restore or an import must bring it back a draft. */
export function draftBlog(db: DB) {
  return createBlog(db, TEST_ACTOR, {
    title: "A draft",
    content: "<p>Not yet.</p>",
    author: "Ana",
    date: "2026-06-01",
    publishAt: null,
  });
}

/**
 * What readers and the owner add to a site besides its content, as the backup and the export
 * tests both fill it: an approved comment on `approvedOn` and a waiting one on `waitingOn`, a
 * subscriber, a message (two lines), the site numbers and the sign-up popup on.
 */
export async function addReadersAndSettings(db: DB, approvedOn: number, waitingOn: number): Promise<void> {
  const comment = await addComment(db, approvedOn, {
    name: "Bea",
    email: "bea@example.com",
    comment: "Lovely!",
  });
  await toggleApproved(db, TEST_ACTOR, comment.id);
  await addComment(db, waitingOn, { name: "Cid", email: "cid@example.com", comment: "Waiting for approval" });
  await addUser(db, { fullName: "Dora Subscriber", email: "dora@example.com", phone: "" });
  await addContact(db, {
    first: "Eva",
    last: "Writer",
    email: "eva@example.com",
    phone: "1",
    message: "Hello\nthere",
  });
  await saveSiteNumbers(db, TEST_ACTOR, "example.com", { numberIntl: "+351 1", numberLocal: "1" });
  await setPopupEnabled(db, TEST_ACTOR, true);
}

/** A site with something in every backed-up table, a deleted blog among them. */
export async function fillSite(site: Site): Promise<void> {
  const { db } = site;
  const account = await upsertAccount(db, ADMIN.email, ADMIN.password);
  const first = await blogWithImage(site, "Lisbon by tram");
  const second = await blogWithImage(site, "Porto at night");
  await draftBlog(db);
  const doomed = await createBlog(db, TEST_ACTOR, blogInput("Deleted later", { content: "<p>Gone.</p>" }));
  await deleteBlog(db, TEST_ACTOR, doomed.id);
  const nata = await recipeWithImage(site);
  // Readers' ratings of it (migration 029): a restore must put them in after the recipes.
  await rateRecipe(
    db,
    nata.id,
    { stars: 5, name: "Bea", email: "bea@example.com", comment: "Silky." },
    { approve: true },
  );
  await rateRecipe(db, nata.id, { stars: 3, name: "Cid", email: "cid@example.com", comment: "" });
  // A blog featuring a recipe points at it: a restore must put the recipes in first.
  await updateBlog(db, TEST_ACTOR, second.id, {
    title: second.title,
    content: second.content,
    author: second.author,
    date: second.date,
    category: second.category,
    keepImage: true,
    featuredRecipe: nata.id,
  });
  // Destinations (migration 025): a built-in one edited, another deleted, one of the owner's, and a
  // blog about it. A restore into a new database must put exactly these in place of its own four.
  await updateDestination(db, TEST_ACTOR, 2, {
    name: "Kyoto and Nara, Japan",
    short: "Temples twice over.",
    description: "Two cities.\n\nOne trip.",
    highlights: [{ name: "Nara Park", image: "https://example.com/nara.jpg" }],
    location: "Japan",
    bestTime: "Autumn",
    theme: "Culture",
    tag: null,
    latitude: 34.6851,
    longitude: 135.8048,
    keepImage: true,
  });
  await deleteDestination(db, TEST_ACTOR, 3);
  const porto = await createDestination(db, TEST_ACTOR, {
    name: "Porto, Portugal",
    short: "Tiles and port.",
    description: "",
    highlights: [],
    location: "Portugal",
    bestTime: "May to September",
    theme: "City",
    tag: "trending",
    latitude: 41.1579,
    longitude: -8.6291,
    imageUrl: "https://example.com/porto.jpg",
  });
  await updateBlog(db, TEST_ACTOR, first.id, {
    title: first.title,
    content: first.content,
    author: first.author,
    date: first.date,
    keepImage: true,
    destination: porto.id,
  });
  await addReadersAndSettings(db, first.id, second.id);
  await saveAutosave(db, account.id, `blog:${first.id}`, { title: "Lisbon by tram, revised" }, 0);
  // An ended draft (a row with its generation moved on) must survive too.
  await clearAutosave(db, account.id, "blog:new");
}

/**
 * Every backed-up table's rows as the database returns them, in primary-key order (sorted here:
 * the engines order text differently), without the columns one engine computes itself.
 */
export async function tableContents(db: DB): Promise<Record<string, Record<string, unknown>[]>> {
  const contents: Record<string, Record<string, unknown>[]> = {};
  for (const table of BACKED_UP) {
    const rows: Record<string, unknown>[] = await db.selectFrom(table.name).selectAll().execute();
    for (const row of rows) for (const column of COMPUTED_COLUMNS[table.name] ?? []) delete row[column];
    const keyOf = (row: Record<string, unknown>) => table.key.map((column) => row[column]);
    contents[table.name] = rows.sort((a, b) => compareKeys(keyOf(a), keyOf(b)));
  }
  return contents;
}

/**
 * `tableContents` of a restored site less the activity log's restore entries: a restore records
 * itself beside the rows it brings back, so what is left compares with the site backed up.
 */
export async function restoredContents(db: DB): Promise<Record<string, Record<string, unknown>[]>> {
  const contents = await tableContents(db);
  contents.activity_log = (contents.activity_log ?? []).filter((row) => row.kind !== "restore");
  return contents;
}

function compareKeys(a: unknown[], b: unknown[]): number {
  for (let i = 0; i < a.length; i++) {
    const [x, y] = [a[i], b[i]] as [string | number, string | number];
    if (x !== y) return x < y ? -1 : 1;
  }
  return 0;
}

/** Every stored upload's bytes, by key. */
export async function uploadContents(store: UploadStore): Promise<Record<string, string>> {
  const contents: Record<string, string> = {};
  for (const key of await listKeys(store))
    contents[key] = Buffer.from((await store.read(key)) ?? []).toString("base64");
  return contents;
}
