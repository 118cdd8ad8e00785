/**
 * The whole database schema as TypeScript sees it: the tables by area live in app/server/db/schema/,
 * and the Database interface below joins them. The migrations in ./migrations create exactly these
 * tables on SQLite and PostgreSQL. Timestamps are integer seconds and booleans are stored as 0/1
 * integers, so both engines read them the same way.
 */
import type { Selectable } from "kysely";
import type {
  AccountsTable,
  ActivityLogTable,
  LoginThrottleTable,
  PasswordResetsTable,
  RateLimitsTable,
  RecoveryCodesTable,
  SessionsTable,
  SignInChallengesTable,
} from "#app/server/db/schema/accounts.server.ts";
import type {
  AnalyticsDailyTable,
  AnalyticsFoldsTable,
  AnalyticsHitsTable,
  AnalyticsSaltsTable,
} from "#app/server/db/schema/analytics.server.ts";
import type {
  BlogSlugRedirectsTable,
  BlogsTable,
  CategorySlugRedirectsTable,
  CommentsTable,
  DestinationsTable,
  PagesTable,
  RecipeRatingsTable,
  RecipeSlugRedirectsTable,
  RecipesTable,
  SearchDocsTable,
  SearchStateTable,
} from "#app/server/db/schema/content.server.ts";
import type {
  ImportMapTable,
  ImportMediaTable,
  ImportRunsTable,
  PathRedirectsTable,
} from "#app/server/db/schema/imports.server.ts";
import type {
  ContactsTable,
  MailDigestTable,
  MailEventsTable,
  MailOutboxTable,
  NewsletterDeliveriesTable,
  NewsletterPaceTable,
  NewsletterSendsTable,
  UsersTable,
} from "#app/server/db/schema/mail.server.ts";
import type {
  AutosavesTable,
  BackupLeaseTable,
  CategoryCountsTable,
  ContentVersionTable,
  RowCountsTable,
  SettingsTable,
  SiteNumbersTable,
  UploadsTable,
} from "#app/server/db/schema/site.server.ts";

export interface Database {
  analytics_hits: AnalyticsHitsTable;
  analytics_salts: AnalyticsSaltsTable;
  analytics_daily: AnalyticsDailyTable;
  analytics_folds: AnalyticsFoldsTable;
  blogs: BlogsTable;
  blog_slug_redirects: BlogSlugRedirectsTable;
  category_slug_redirects: CategorySlugRedirectsTable;
  comments: CommentsTable;
  recipes: RecipesTable;
  recipe_ratings: RecipeRatingsTable;
  recipe_slug_redirects: RecipeSlugRedirectsTable;
  users: UsersTable;
  contacts: ContactsTable;
  accounts: AccountsTable;
  sessions: SessionsTable;
  recovery_codes: RecoveryCodesTable;
  sign_in_challenges: SignInChallengesTable;
  activity_log: ActivityLogTable;
  site_numbers: SiteNumbersTable;
  settings: SettingsTable;
  rate_limits: RateLimitsTable;
  login_throttle: LoginThrottleTable;
  row_counts: RowCountsTable;
  category_counts: CategoryCountsTable;
  content_version: ContentVersionTable;
  uploads: UploadsTable;
  autosaves: AutosavesTable;
  backup_lease: BackupLeaseTable;
  mail_outbox: MailOutboxTable;
  mail_events: MailEventsTable;
  mail_digest: MailDigestTable;
  newsletter_sends: NewsletterSendsTable;
  newsletter_deliveries: NewsletterDeliveriesTable;
  newsletter_pace: NewsletterPaceTable;
  password_resets: PasswordResetsTable;
  search_docs: SearchDocsTable;
  search_state: SearchStateTable;
  import_map: ImportMapTable;
  import_media: ImportMediaTable;
  path_redirects: PathRedirectsTable;
  pages: PagesTable;
  destinations: DestinationsTable;
  import_runs: ImportRunsTable;
}

export type BlogRow = Selectable<BlogsTable>;
export type RecipeRow = Selectable<RecipesTable>;
export type UploadRow = Selectable<UploadsTable>;
export type PageRow = Selectable<PagesTable>;
export type DestinationRow = Selectable<DestinationsTable>;
