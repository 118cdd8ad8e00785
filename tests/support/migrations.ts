/**
 * A database at migration N, for the tests of one migration: rows written as the site stood
 * before it, then the step up (and down) checked. The migrations are the app's own list
 * (`migrationsFor` in app/server/db/migrate.server.ts), under the names the app records, so a
 * database taken to a name here is the one a site at that point has; `migrateToLatest` from that
 * module takes it the rest of the way, as the app does on start.
 */
import type { Kysely } from "kysely";
import { Migrator } from "kysely/migration";
import { type DB, openDatabase } from "#app/server/db/db.server.ts";
import { migrationsFor } from "#app/server/db/migrate.server.ts";
import { type Engine, emptyDatabaseUrl } from "./engines.ts";

/**
 * Takes `db` up or down to just after the migration `name` (e.g. "008_autosave"). Returns the
 * names of the migrations it ran, in order; a step that fails throws, naming it.
 */
export async function migrateTo<T>(db: Kysely<T>, engine: Engine, name: string): Promise<string[]> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrationsFor(engine) } });
  const { error, results = [] } = await migrator.migrateTo(name);
  if (error) {
    const failed = results.find((r) => r.status === "Error")?.migrationName ?? name;
    throw new Error(`migrating to ${name} failed at ${failed}`, { cause: error });
  }
  return results.map((r) => r.migrationName);
}

export interface DatabaseAtMigration {
  /** The app's connection to it (`openDatabase` without migrating): nothing moves it but the test. */
  db: DB;
  /** The migrations run to get there, in order. */
  ran: string[];
  /** Closes the connection and removes the database. */
  close(): Promise<void>;
}

/** A new database of `engine` migrated up to `name` and no further. */
export async function databaseAtMigration(engine: Engine, name: string): Promise<DatabaseAtMigration> {
  const { url, cleanup } = await emptyDatabaseUrl(engine);
  const handle = await openDatabase(url, { migrate: false });
  const close = async () => {
    await handle.destroy();
    await cleanup();
  };
  try {
    return { db: handle.db, ran: await migrateTo(handle.db, engine, name), close };
  } catch (error) {
    await close();
    throw error;
  }
}

/**
 * A `blogs` row of a site as it stood early on: the columns migration 001 made, with plain
 * values, and none a later one added (publish_at, image_alt, category_slug…). `fields` gives the
 * slug and title, and changes or adds what the test is about.
 */
export function earlyBlogRow<F extends { slug: string; title: string }>(fields: F) {
  return {
    content: "<p>Old.</p>",
    excerpt: "Old.",
    text_length: 4,
    author: "Ana",
    date: "2024-06-01",
    category: "",
    seo_title: "",
    seo_description: "",
    seo_keywords: "",
    created_at: 1_717_200_000,
    updated_at: 1_717_200_000,
    ...fields,
  };
}
