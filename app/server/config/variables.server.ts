/**
 * Every variable of the configuration, gathered from the declarations by area in the order the
 * README's table lists them (and parseConfig reports problems in).
 *
 * Node runs this file directly (see config.server.ts), so it keeps to type syntax Node can strip.
 */
import { DATABASE_VARIABLES } from "#app/server/config/database.server.ts";
import { HTTP_VARIABLES } from "#app/server/config/http.server.ts";
import { MAIL_SENDING_VARIABLES, MAIL_SERVER_VARIABLES } from "#app/server/config/mail.server.ts";
import {
  ACTIVITY_VARIABLES,
  ANALYTICS_VARIABLES,
  TELEMETRY_VARIABLES,
} from "#app/server/config/operations.server.ts";
import { SITE_VARIABLES } from "#app/server/config/site.server.ts";
import { BACKUP_VARIABLES, UPLOAD_VARIABLES } from "#app/server/config/storage.server.ts";

/** The groups taken apart below, named so that leaving one of their variables out is a type error. */
type SplitGroups = typeof HTTP_VARIABLES & typeof DATABASE_VARIABLES & typeof UPLOAD_VARIABLES;

export const VARIABLES = {
  PORT: HTTP_VARIABLES.PORT,
  HOST: HTTP_VARIABLES.HOST,
  PUBLIC_URL: HTTP_VARIABLES.PUBLIC_URL,
  DATABASE_URL: DATABASE_VARIABLES.DATABASE_URL,
  UPLOADS_DIR: UPLOAD_VARIABLES.UPLOADS_DIR,
  ...SITE_VARIABLES,
  TRUST_PROXY: HTTP_VARIABLES.TRUST_PROXY,
  DATABASE_POOL_SIZE: DATABASE_VARIABLES.DATABASE_POOL_SIZE,
  DATABASE_CONNECT_TIMEOUT_MS: DATABASE_VARIABLES.DATABASE_CONNECT_TIMEOUT_MS,
  DATABASE_STATEMENT_TIMEOUT_MS: DATABASE_VARIABLES.DATABASE_STATEMENT_TIMEOUT_MS,
  FORM_RATE_LIMIT: HTTP_VARIABLES.FORM_RATE_LIMIT,
  BODY_TIMEOUT_MS: HTTP_VARIABLES.BODY_TIMEOUT_MS,
  RESPONSE_CACHE: HTTP_VARIABLES.RESPONSE_CACHE,
  CDN_PURGE_URL: HTTP_VARIABLES.CDN_PURGE_URL,
  CDN_PURGE_HEADER: HTTP_VARIABLES.CDN_PURGE_HEADER,
  BUILD_DIR: HTTP_VARIABLES.BUILD_DIR,
  NODE_ENV: HTTP_VARIABLES.NODE_ENV,
  S3_BUCKET: UPLOAD_VARIABLES.S3_BUCKET,
  S3_ENDPOINT: UPLOAD_VARIABLES.S3_ENDPOINT,
  S3_REGION: UPLOAD_VARIABLES.S3_REGION,
  S3_FORCE_PATH_STYLE: UPLOAD_VARIABLES.S3_FORCE_PATH_STYLE,
  S3_PUBLIC_URL: UPLOAD_VARIABLES.S3_PUBLIC_URL,
  ...BACKUP_VARIABLES,
  ...TELEMETRY_VARIABLES,
  ...MAIL_SERVER_VARIABLES,
  ...ACTIVITY_VARIABLES,
  ...ANALYTICS_VARIABLES,
  ...MAIL_SENDING_VARIABLES,
} satisfies Record<keyof SplitGroups, unknown>;

type Variables = typeof VARIABLES;
export type VariableName = keyof Variables;

export const NAMES = Object.keys(VARIABLES) as VariableName[];
