import type { Kysely } from "kysely";
import { type Migration, type MigrationProvider, Migrator } from "kysely/migration";
import type { Dialect } from "#app/server/config.server.ts";
import { initialMigration } from "#app/server/db/migrations/001_initial.server.ts";
import { blogSitemapIndexMigration } from "#app/server/db/migrations/002_blog_sitemap_index.server.ts";
import { blogCountMigration } from "#app/server/db/migrations/003_blog_count.server.ts";
import { contentVersionMigration } from "#app/server/db/migrations/004_content_version.server.ts";
import { loginThrottleMigration } from "#app/server/db/migrations/005_login_throttle.server.ts";
import { publicationMigration } from "#app/server/db/migrations/006_publication.server.ts";
import { mediaMigration } from "#app/server/db/migrations/007_media.server.ts";
import { autosaveMigration } from "#app/server/db/migrations/008_autosave.server.ts";
import { mailMigration } from "#app/server/db/migrations/009_mail.server.ts";
import { backupMigration } from "#app/server/db/migrations/010_backup.server.ts";
import { autosaveGenerationMigration } from "#app/server/db/migrations/011_autosave_generation.server.ts";
import { searchMigration } from "#app/server/db/migrations/012_search.server.ts";
import { categoriesMigration } from "#app/server/db/migrations/013_categories.server.ts";
import { recipeCardsMigration } from "#app/server/db/migrations/014_recipe_cards.server.ts";
import { relatedMigration } from "#app/server/db/migrations/015_related.server.ts";
import { categoryKeysMigration } from "#app/server/db/migrations/016_category_keys.server.ts";
import { searchVectorMigration } from "#app/server/db/migrations/017_search_vector.server.ts";
import { importsMigration } from "#app/server/db/migrations/018_imports.server.ts";
import { newsletterMigration } from "#app/server/db/migrations/019_newsletter.server.ts";
import { ownerAccountMigration } from "#app/server/db/migrations/020_owner_account.server.ts";
import { spamMigration } from "#app/server/db/migrations/021_spam.server.ts";
import { searchStemmingMigration } from "#app/server/db/migrations/022_search_stemming.server.ts";
import { sanitizedContentMigration } from "#app/server/db/migrations/023_sanitized_content.server.ts";
import { pagesMigration } from "#app/server/db/migrations/024_pages.server.ts";
import { destinationsMigration } from "#app/server/db/migrations/025_destinations.server.ts";
import { recipeSlugRedirectsMigration } from "#app/server/db/migrations/026_recipe_slug_redirects.server.ts";
import { blogDisclosureMigration } from "#app/server/db/migrations/027_blog_disclosure.server.ts";
import { blogCodeMigration } from "#app/server/db/migrations/028_blog_code.server.ts";
import { recipeRatingsMigration } from "#app/server/db/migrations/029_recipe_ratings.server.ts";
import { analyticsMigration } from "#app/server/db/migrations/030_analytics.server.ts";
import { analyticsViewsMigration } from "#app/server/db/migrations/031_analytics_views.server.ts";
import { namedChangesMigration } from "#app/server/db/migrations/032_named_changes.server.ts";
import { spamHistoryIndexesMigration } from "#app/server/db/migrations/033_spam_history_indexes.server.ts";
import { contentVersionNotifyMigration } from "#app/server/db/migrations/034_content_version_notify.server.ts";
import { recipeReviewsIndexMigration } from "#app/server/db/migrations/035_recipe_reviews_index.server.ts";
import { backOfficeIndexesMigration } from "#app/server/db/migrations/036_back_office_indexes.server.ts";
import { categoryCountsMigration } from "#app/server/db/migrations/037_category_counts.server.ts";
import { analyticsDayVisitorsMigration } from "#app/server/db/migrations/038_analytics_day_visitors.server.ts";
import { analyticsHitsInTimeOrderMigration } from "#app/server/db/migrations/039_analytics_hits_in_time_order.server.ts";
import { log } from "#app/server/telemetry/log.server.ts";
import type { Database } from "./schema.server.ts";

/** Static list (not file-system discovery) so migrations survive the server bundle. */
export function migrationsFor(dialect: Dialect): Record<string, Migration> {
  return {
    "001_initial": initialMigration(dialect),
    "002_blog_sitemap_index": blogSitemapIndexMigration,
    "003_blog_count": blogCountMigration(dialect),
    "004_content_version": contentVersionMigration(dialect),
    "005_login_throttle": loginThrottleMigration(dialect),
    "006_publication": publicationMigration(dialect),
    "007_media": mediaMigration(dialect),
    "008_autosave": autosaveMigration(dialect),
    "009_mail": mailMigration(dialect),
    "010_backup": backupMigration(dialect),
    "011_autosave_generation": autosaveGenerationMigration,
    "012_search": searchMigration(dialect),
    "013_categories": categoriesMigration,
    "014_recipe_cards": recipeCardsMigration(dialect),
    "015_related": relatedMigration,
    "016_category_keys": categoryKeysMigration,
    "017_search_vector": searchVectorMigration(dialect),
    "018_imports": importsMigration(dialect),
    "019_newsletter": newsletterMigration(dialect),
    "020_owner_account": ownerAccountMigration(dialect),
    "021_spam": spamMigration(dialect),
    "022_search_stemming": searchStemmingMigration(dialect),
    "023_sanitized_content": sanitizedContentMigration,
    "024_pages": pagesMigration(dialect),
    "025_destinations": destinationsMigration(dialect),
    "026_recipe_slug_redirects": recipeSlugRedirectsMigration(dialect),
    "027_blog_disclosure": blogDisclosureMigration,
    "028_blog_code": blogCodeMigration,
    "029_recipe_ratings": recipeRatingsMigration(dialect),
    "030_analytics": analyticsMigration(dialect),
    "031_analytics_views": analyticsViewsMigration,
    "032_named_changes": namedChangesMigration(dialect),
    "033_spam_history_indexes": spamHistoryIndexesMigration,
    "034_content_version_notify": contentVersionNotifyMigration(dialect),
    "035_recipe_reviews_index": recipeReviewsIndexMigration,
    "036_back_office_indexes": backOfficeIndexesMigration,
    "037_category_counts": categoryCountsMigration(dialect),
    "038_analytics_day_visitors": analyticsDayVisitorsMigration,
    "039_analytics_hits_in_time_order": analyticsHitsInTimeOrderMigration,
  };
}

export async function migrateToLatest(db: Kysely<Database>, dialect: Dialect): Promise<void> {
  const provider: MigrationProvider = { getMigrations: async () => migrationsFor(dialect) };
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  for (const r of results ?? []) {
    if (r.status === "Error") log.error(`migration ${r.migrationName} failed`);
  }
  if (error) throw error;
}
