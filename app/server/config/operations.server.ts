/**
 * The configuration of what the site records about itself: log lines, who may read the metrics,
 * how long the activity log is kept, and readers' numbers (analytics).
 *
 * Node runs this file directly (see config.server.ts), so it keeps to type syntax Node can strip.
 */
import { z } from "zod";
import { blankIsUnset, onOff, variable, wholeNumber } from "#app/server/config/rules.server.ts";

/** Logs and metrics. */
export const TELEMETRY_VARIABLES = {
  LOG_LEVEL: variable({
    schema: blankIsUnset(
      z
        .enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"], {
          error: "must be fatal, error, warn, info, debug, trace or silent",
        })
        .default("info"),
    ),
    meaning:
      "the least severe log lines written (JSON, one per line, on standard output); `info` includes one " +
      "line per request, `warn` only refusals and faults, `silent` none",
  }),
  LOG_REQUESTS: variable({
    schema: blankIsUnset(
      z.enum(["all", "errors", "none"], { error: "must be all, errors or none" }).default("all"),
    ),
    meaning:
      "which requests get their line (at `LOG_LEVEL` info or below): `all`; `errors`, only answers " +
      "with status 500 or more; `none`, for sites whose proxy logs requests already (metrics still count every one)",
  }),
  METRICS_TOKEN: variable({
    schema: blankIsUnset(
      z.string().trim().min(16, "must be at least 16 characters (a long random token)").optional(),
    ),
    unset: "none",
    secret: true,
    meaning:
      "lets a scraper read `GET /metrics` from elsewhere with `Authorization: Bearer <token>`; without " +
      "it only clients on this machine (loopback, after the `TRUST_PROXY` rules) may",
  }),
};

export const ACTIVITY_VARIABLES = {
  ACTIVITY_KEEP_DAYS: variable({
    schema: wholeNumber({ min: 1, max: 36500, unit: "days", fallback: 365 }),
    meaning:
      "days an entry of the activity log (/admin/activity: sign-ins, publishing, deletions, settings, " +
      "imports, backups) is kept before it is deleted",
  }),
};

/** Readers' numbers, counted on the server (app/server/analytics/). */
export const ANALYTICS_VARIABLES = {
  ANALYTICS: variable({
    schema: onOff(true),
    meaning:
      "`false` counts no page views (/admin/analytics then shows what was counted before); counting " +
      "uses no cookie, no script and stores no address",
  }),
  ANALYTICS_RAW_HOURS: variable({
    schema: wholeNumber({ min: 25, max: 8760, unit: "hours", fallback: 48 }),
    meaning:
      "hours each counted page view is kept as a row (the live view, today's numbers); after that " +
      "only the daily totals stay",
  }),
};
