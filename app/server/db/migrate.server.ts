import type { Kysely } from "kysely";
import { type Migration, type MigrationProvider, Migrator } from "kysely/migration";
import type { Dialect } from "./dialect.ts";
import { initialMigration } from "./migrations/001_initial.ts";
import { blogSitemapIndexMigration } from "./migrations/002_blog_sitemap_index.ts";
import { blogCountMigration } from "./migrations/003_blog_count.ts";
import { contentVersionMigration } from "./migrations/004_content_version.ts";
import { loginThrottleMigration } from "./migrations/005_login_throttle.ts";
import type { Database } from "./schema.ts";

/** Static list (not file-system discovery) so migrations survive the server bundle. */
export function migrationsFor(dialect: Dialect): Record<string, Migration> {
  return {
    "001_initial": initialMigration(dialect),
    "002_blog_sitemap_index": blogSitemapIndexMigration,
    "003_blog_count": blogCountMigration(dialect),
    "004_content_version": contentVersionMigration(dialect),
    "005_login_throttle": loginThrottleMigration(dialect),
  };
}

export async function migrateToLatest(db: Kysely<Database>, dialect: Dialect): Promise<void> {
  const provider: MigrationProvider = { getMigrations: async () => migrationsFor(dialect) };
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  for (const r of results ?? []) {
    if (r.status === "Error") console.error(`migration ${r.migrationName} failed`);
  }
  if (error) throw error;
}
