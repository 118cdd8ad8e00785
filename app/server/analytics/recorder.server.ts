import { randomBytes } from "node:crypto";
import { CompiledQuery } from "kysely";
import { type DB, nowSeconds } from "#app/server/db/db.server.ts";
import { onRequestFinished, type TrustProxy, trustsProxy } from "#app/server/telemetry/http.server.ts";
import { log } from "#app/server/telemetry/log.server.ts";
import { processWide } from "#app/server/telemetry/process-wide.server.ts";
import { dayOf, FOLD_GRACE_SECONDS, foldFinishedDays } from "./fold.server.ts";
import { counter, countPageView, type PendingView, takePendingViews } from "./page-views.server.ts";
import { type RecordedView, recordedView } from "./view-details.server.ts";

/**
 * The recorder of page views (DESIGN §2, "analytics"): every few seconds it takes the views the
 * request path kept (page-views.server.ts), works out what each is recorded as (bots left out, the
 * day's visitor id, families, country: view-details.server.ts) and writes them in one statement.
 * Once a minute it folds the days that are over into their totals (fold.server.ts) and deletes raw
 * views older than ANALYTICS_RAW_HOURS and salts of days that are over.
 *
 * A database that is away loses at most the batch being written (it is logged and dropped, never
 * retried into a growing pile), and never slows a page: writing runs on a timer, never in a
 * request. At shutdown the last batch is written (`flushAnalytics`).
 *
 * The salt: random, made for each UTC day, shared by the site's servers through
 * `analytics_salts` (the first server to need it writes it; the others read it), held in memory,
 * and deleted when the day is over (after FOLD_GRACE_SECONDS, for the views of its last seconds
 * still on their way), so no one can tell tomorrow that today's visitor came back.
 */

const FLUSH_EVERY_MS = 5_000;
const TIDY_EVERY_MS = 60_000;
/** Rows per insert statement (12 columns: well under both engines' limits on parameters). */
const ROWS_PER_STATEMENT = 500;

interface Recorder {
  db: DB;
  rawHours: number;
  salts: Map<string, string>;
  flushing: Promise<void> | null;
  timers: NodeJS.Timeout[];
}

const state = processWide<{ recorder: Recorder | null }>("analytics-recorder", () => ({ recorder: null }));

/** The day's salt: from memory, else the database, else a new random one (the first writer wins). */
export async function saltFor(db: DB, day: string, memory?: Map<string, string>): Promise<string> {
  const known = memory?.get(day);
  if (known) return known;
  await db
    .insertInto("analytics_salts")
    .values({ day, salt: randomBytes(16).toString("hex") })
    .onConflict((oc) => oc.column("day").doNothing())
    .execute();
  const row = await db
    .selectFrom("analytics_salts")
    .select("salt")
    .where("day", "=", day)
    .executeTakeFirstOrThrow();
  memory?.set(day, row.salt);
  return row.salt;
}

/** Forgets the salts of days that are over (in memory and in the database). */
export async function forgetOldSalts(
  db: DB,
  now = nowSeconds(),
  memory?: Map<string, string>,
): Promise<void> {
  const oldest = dayOf(now - FOLD_GRACE_SECONDS);
  await db.deleteFrom("analytics_salts").where("day", "<", oldest).execute();
  for (const day of memory?.keys() ?? []) if (day < oldest) memory?.delete(day);
}

/** Views worked out between two turns of the event loop: a big batch never holds requests up long. */
const VIEWS_PER_TURN = 1_000;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A recorded view as written: with how many alike views it stands for. */
type HitRow = RecordedView & { views: number };

/** The fields that make two recorded views the same row (all but the count). */
const rowKey = (r: RecordedView) =>
  `${r.at}\n${r.path}\n${r.visitor}\n${r.referrer}\n${r.source}\n${r.medium}\n${r.campaign}\n${r.country}\n${r.browser}\n${r.device}`;

/**
 * Writes a batch of views as they are recorded: views that agree on everything stored (the same
 * second, page and visitor, the same details) become one row with their count, so a reader
 * reloading, or a flood from one client, costs one row. Returns how many views were written (bots
 * are not). Works in slices, giving the event loop back between them.
 */
export async function writeViews(
  db: DB,
  views: readonly PendingView[],
  { trust, salts = new Map<string, string>() }: { trust: TrustProxy; salts?: Map<string, string> },
): Promise<number> {
  const rows = new Map<string, HitRow>();
  let written = 0;
  let second = Number.NaN;
  let day = "";
  let salt = "";
  for (let i = 0; i < views.length; i++) {
    const view = views[i] as PendingView;
    const at = Math.floor(view.at / 1000);
    if (at !== second) {
      second = at;
      const viewDay = dayOf(at);
      if (viewDay !== day) {
        day = viewDay;
        salt = await saltFor(db, day, salts);
      }
    }
    const row = recordedView(view, { salt, day, trust });
    if (row) {
      const views = view.views ?? 1;
      written += views;
      const key = rowKey(row);
      const same = rows.get(key);
      if (same) same.views += views;
      else rows.set(key, { ...row, views });
    }
    if ((i + 1) % VIEWS_PER_TURN === 0) await nextTurn();
  }
  const all = [...rows.values()];
  for (let i = 0; i < all.length; i += ROWS_PER_STATEMENT) {
    if (i > 0) await nextTurn();
    await db.executeQuery(insertOf(db, all.slice(i, i + ROWS_PER_STATEMENT)));
  }
  return written;
}

/** analytics_hits' columns as a batch writes them, in the order of their parameters. */
const HIT_COLUMNS = [
  "at",
  "day",
  "path",
  "visitor",
  "referrer",
  "source",
  "medium",
  "campaign",
  "country",
  "browser",
  "device",
  "views",
] as const satisfies readonly (keyof RecordedView | "views")[];

/** A row with its fields in HIT_COLUMNS order (Kysely lays parameters out in its first row's order). */
const hitRow = (r: HitRow): HitRow => ({
  at: r.at,
  day: r.day,
  path: r.path,
  visitor: r.visitor,
  referrer: r.referrer,
  source: r.source,
  medium: r.medium,
  campaign: r.campaign,
  country: r.country,
  browser: r.browser,
  device: r.device,
  views: r.views,
});

/** Insert statements by database and row count: the same few texts, batch after batch. */
const insertTexts = new WeakMap<DB, Map<number, string>>();

/**
 * The insert of `rows` into analytics_hits. Kysely compiling 500 rows of 12 values costs more CPU
 * than SQLite storing them, and the text is the same for every batch of that size: it is compiled
 * once (per database and row count) and then only the parameters are laid out, in HIT_COLUMNS
 * order, as the compiled text takes them (checked on the first compile).
 */
function insertOf(db: DB, rows: readonly HitRow[]): CompiledQuery {
  const parameters: unknown[] = [];
  for (const row of rows) for (const column of HIT_COLUMNS) parameters.push(row[column]);
  const texts = insertTexts.get(db) ?? new Map<number, string>();
  insertTexts.set(db, texts);
  const known = texts.get(rows.length);
  if (known !== undefined) return CompiledQuery.raw(known, parameters);
  const compiled = db.insertInto("analytics_hits").values(rows.map(hitRow)).compile();
  const same =
    compiled.parameters.length === parameters.length &&
    compiled.parameters.every((value, i) => value === parameters[i]);
  // Only a text whose parameters are laid out as ours is kept; otherwise Kysely's answer stands alone.
  if (same) texts.set(rows.length, compiled.sql);
  return compiled;
}

/** Deletes raw views older than `rawHours`, of days already folded (their totals are kept). */
export async function pruneRawViews(db: DB, rawHours: number, now = nowSeconds()): Promise<void> {
  await db
    .deleteFrom("analytics_hits")
    .where("at", "<", now - rawHours * 3600)
    .where("day", "in", (eb) => eb.selectFrom("analytics_folds").select("day"))
    .execute();
}

/** Writes what is pending now; one write at a time (a frozen database does not stack them up). */
export function flushAnalytics(): Promise<void> {
  const recorder = state.recorder;
  if (!recorder) return Promise.resolve();
  if (recorder.flushing) return recorder.flushing;
  const batch = takePendingViews();
  if (batch.length === 0) return Promise.resolve();
  recorder.flushing = writeViews(recorder.db, batch, { trust: trustsProxy, salts: recorder.salts })
    .then(
      () => undefined,
      (error: unknown) => {
        log.warn(
          { err: error, views: batch.length },
          "analytics: a batch of page views could not be written",
        );
      },
    )
    .finally(() => {
      recorder.flushing = null;
    });
  return recorder.flushing;
}

/** Folds finished days, prunes old raw views and forgets old salts. */
async function tidy(recorder: Recorder): Promise<void> {
  try {
    await foldFinishedDays(recorder.db);
    await pruneRawViews(recorder.db, recorder.rawHours);
    await forgetOldSalts(recorder.db, nowSeconds(), recorder.salts);
  } catch (error) {
    log.warn({ err: error }, "analytics: folding or pruning failed; tried again in a minute");
  }
}

/**
 * Starts counting (the ANALYTICS setting on): the request path begins keeping views, a timer
 * writes them, another folds and prunes. `sessionCookies`: the cookies of a signed-in admin.
 */
export function startAnalytics(
  db: DB,
  { rawHours, sessionCookies }: { rawHours: number; sessionCookies: string[] },
): void {
  stopAnalytics();
  const recorder: Recorder = { db, rawHours, salts: new Map(), flushing: null, timers: [] };
  state.recorder = recorder;
  counter.sessionCookies = sessionCookies;
  counter.on = true;
  onRequestFinished(countPageView);
  recorder.timers.push(
    setInterval(() => void flushAnalytics(), FLUSH_EVERY_MS).unref(),
    setInterval(() => void tidy(recorder), TIDY_EVERY_MS).unref(),
  );
}

/** Stops counting (tests; a process that stops writes its last batch with flushAnalytics first). */
export function stopAnalytics(): void {
  counter.on = false;
  const recorder = state.recorder;
  if (!recorder) return;
  for (const timer of recorder.timers) clearInterval(timer);
  state.recorder = null;
}
