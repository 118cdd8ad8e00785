import { ACTIVITY_KINDS, type ActivityKind } from "#app/lib/activity-kinds.ts";
import { type Page, readPage } from "#app/lib/pagination.ts";
import { getConfig } from "#app/server/config.server.ts";
import { type DB, nowSeconds } from "#app/server/db/db.server.ts";

/**
 * The activity log (/admin/activity; migration 020): who did what, to which item, when, from where.
 * An entry is written with `recordActivity` inside the transaction of the change it records, so
 * the change and its entry are committed together or not at all. Nothing updates an entry (the
 * database refuses it); entries leave only by age (ACTIVITY_KEEP_DAYS).
 */

/** Who acts: a signed-in account and the address its request came from, or the server itself. */
export interface Actor {
  accountId: number | null;
  /** The account's email, or a name for the server's own work ("command line"). */
  name: string;
  /** The client's address; empty for the command line. */
  address: string;
}

/** Work started from a terminal (npm run import, backup, restore…), not by a signed-in account. */
export const COMMAND_LINE: Actor = { accountId: null, name: "command line", address: "" };

/** The server's own scheduled work (a scheduled backup). */
export const SERVER: Actor = { accountId: null, name: "server", address: "" };

export interface ActivityItem {
  type:
    | "blog"
    | "recipe"
    | "page"
    | "destination"
    | "comment"
    | "message"
    | "user"
    | "account"
    | "session"
    | "settings"
    | "file";
  id?: number | string;
  /** What the item was called at the time (a blog's title), so the entry reads well after a delete. */
  label?: string;
}

export interface ActivityEntry {
  id: number;
  at: number;
  actor: string;
  kind: ActivityKind;
  kindLabel: string;
  itemType: string;
  itemId: string;
  itemLabel: string;
  detail: string;
  address: string;
}

const LABEL_LIMIT = 300;
const DETAIL_LIMIT = 1000;
const clip = (text: string, limit: number) =>
  [...text].length > limit ? `${[...text].slice(0, limit - 1).join("")}…` : text;

/**
 * Appends one entry. Call it with the transaction that makes the change (`trx`), so both commit
 * together; a sign-in failure, which changes nothing else, passes the database handle.
 */
export async function recordActivity(
  trx: DB,
  actor: Actor,
  kind: ActivityKind,
  { item, detail = "", now = nowSeconds() }: { item?: ActivityItem; detail?: string; now?: number } = {},
): Promise<void> {
  await trx
    .insertInto("activity_log")
    .values({
      at: now,
      account_id: actor.accountId,
      actor: clip(actor.name, 254),
      kind,
      item_type: item?.type ?? "",
      item_id: item?.id === undefined ? "" : String(item.id),
      item_label: clip(item?.label ?? "", LABEL_LIMIT),
      detail: clip(detail, DETAIL_LIMIT),
      address: clip(actor.address, 100),
    })
    .execute();
}

export const ACTIVITY_PER_PAGE = 50;

export interface ActivityFilter {
  /** An actor as the log names it (an email, "command line"); empty for everyone. */
  actor?: string;
  kind?: ActivityKind;
  page?: number;
}

/** One page of the log, newest first, narrowed by person and kind. */
export async function listActivity(db: DB, filter: ActivityFilter = {}): Promise<Page<ActivityEntry>> {
  let query = db.selectFrom("activity_log");
  if (filter.actor) query = query.where("actor", "=", filter.actor);
  if (filter.kind) query = query.where("kind", "=", filter.kind);
  const { n } = await query
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .executeTakeFirstOrThrow();
  return readPage(Number(n), filter.page ?? 1, ACTIVITY_PER_PAGE, async (limit, offset) => {
    const rows = await query
      .selectAll()
      .orderBy("at", "desc")
      .orderBy("id", "desc")
      .limit(limit)
      .offset(offset)
      .execute();
    return rows.map((row) => ({
      id: row.id,
      at: row.at,
      actor: row.actor,
      kind: row.kind as ActivityKind,
      kindLabel: ACTIVITY_KINDS[row.kind as ActivityKind] ?? row.kind,
      itemType: row.item_type,
      itemId: row.item_id,
      itemLabel: row.item_label,
      detail: row.detail,
      address: row.address,
    }));
  });
}

/** Everyone who appears in the log, for the screen's filter (a bounded list). */
export async function activityActors(db: DB, limit = 200): Promise<string[]> {
  const rows = await db
    .selectFrom("activity_log")
    .select("actor")
    .distinct()
    .orderBy("actor")
    .limit(limit)
    .execute();
  return rows.map((r) => r.actor);
}

/** Deletes entries older than the configured time (ACTIVITY_KEEP_DAYS). Returns how many went. */
export async function pruneActivity(
  db: DB,
  { now = nowSeconds(), keepSeconds = getConfig().ACTIVITY_KEEP_DAYS * 24 * 3600 } = {},
): Promise<number> {
  const result = await db
    .deleteFrom("activity_log")
    .where("at", "<", now - keepSeconds)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

const HOUR_MS = 3600 * 1000;

/** When this process may prune next (milliseconds): one prune an hour is plenty. */
let nextPruneAt = 0;

/**
 * Deletes the activity log's entries past their time (`pruneActivity`) at most once an hour in
 * this process. The log's screen calls it on every view, so old entries go even on a quiet site,
 * and a busy screen costs one comparison. Answers how many went, or null when it was not yet time.
 */
export async function pruneActivityHourly(db: DB, now = Date.now()): Promise<number | null> {
  if (now < nextPruneAt) return null;
  nextPruneAt = now + HOUR_MS;
  return pruneActivity(db);
}
