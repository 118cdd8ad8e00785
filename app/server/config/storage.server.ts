/**
 * The configuration of what the site keeps on disk or in a bucket: uploads (a folder, or an
 * S3-compatible bucket) and scheduled backups.
 *
 * Node runs this file directly (see config.server.ts), so it keeps to type syntax Node can strip.
 */
import { z } from "zod";
import { blankIsUnset, onOff, variable, wholeNumber } from "#app/server/config/rules.server.ts";

export const UPLOAD_VARIABLES = {
  UPLOADS_DIR: variable({
    schema: blankIsUnset(z.string().default("./data/uploads")),
    meaning: "where uploaded images (and their resized WebP variants) are stored",
  }),
  // ---- Object storage for uploads (off unless S3_BUCKET is set) ----
  S3_BUCKET: variable({
    schema: blankIsUnset(
      z
        .string()
        .trim()
        .regex(
          /^[A-Za-z0-9][A-Za-z0-9.-]{1,61}[A-Za-z0-9]$/,
          "must be a bucket name, such as wanderplate-uploads",
        )
        .optional(),
    ),
    unset: "none (uploads on disk)",
    meaning:
      "uploads go to this S3-compatible bucket, not `UPLOADS_DIR`; credentials from the AWS SDK's " +
      "variables (`AWS_ACCESS_KEY_ID`, `AWS_SECRET_ACCESS_KEY`…), see docs/OPERATIONS.md",
  }),
  S3_ENDPOINT: variable({
    schema: blankIsUnset(
      z
        .url({
          protocol: /^https?$/,
          error: "must be an http:// or https:// URL, such as https://s3.example.com",
        })
        .optional(),
    ),
    unset: "AWS S3",
    meaning: "the S3 API's URL for another service (MinIO, Cloudflare R2, Backblaze B2…)",
  }),
  S3_REGION: variable({
    schema: blankIsUnset(z.string().trim().default("us-east-1")),
    meaning: "the bucket's region (`auto` for Cloudflare R2)",
  }),
  S3_FORCE_PATH_STYLE: variable({
    schema: onOff(false),
    meaning:
      "`true` puts the bucket in the URL's path instead of its host name (MinIO and most self-hosted servers)",
  }),
  S3_PUBLIC_URL: variable({
    schema: blankIsUnset(
      z
        .url({
          protocol: /^https?$/,
          error: "must be an http:// or https:// URL, such as https://images.example.com",
        })
        .transform((url) => url.replace(/\/+$/, ""))
        .optional(),
    ),
    unset: "none (the app streams them)",
    meaning:
      "where the bucket's objects can be read publicly (a CDN or the bucket's public URL): `/uploads/<key>` " +
      "then redirects to `<S3_PUBLIC_URL>/<key>`",
  }),
};

/** Scheduled backups (docs/OPERATIONS.md, "Backups and restore"). */
export const BACKUP_VARIABLES = {
  BACKUP_DIR: variable({
    schema: blankIsUnset(z.string().trim().optional()),
    unset: "none (no scheduled backups)",
    meaning:
      "a folder for scheduled backups: one archive every `BACKUP_INTERVAL_HOURS`, written by one of the " +
      "servers sharing the database (`npm run backup` works without it)",
  }),
  BACKUP_KEEP: variable({
    schema: wholeNumber({ min: 1, max: 10_000, fallback: 7 }),
    meaning:
      "how many scheduled backups to keep in `BACKUP_DIR`; older ones it wrote (`wanderplate-backup-*.tar.gz`) " +
      "are deleted",
  }),
  BACKUP_INTERVAL_HOURS: variable({
    schema: wholeNumber({ min: 1, max: 8760, unit: "hours", fallback: 24 }),
    meaning: "hours between two scheduled backups",
  }),
};
