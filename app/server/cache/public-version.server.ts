import { performance } from "node:perf_hooks";
import { contentChanges, type DB, nowSeconds } from "#app/server/db/db.server.ts";
import { contentVersionReaderSync, readContentVersion } from "./content-version.server.ts";

/**
 * The version cached public answers are checked against: the content version (moved by every
 * write) and the publication epoch, the latest publish time already reached. A scheduled blog or
 * recipe becomes public when its time comes, with no write to move the content version; the epoch
 * moves then, so every answer rendered before that time is stale after it, on every server.
 *
 * A hit costs what it did before: one read of the content version and a look at the clock. The
 * epoch and the next scheduled time are read again only when the content version has moved (a
 * write may have scheduled something) or the remembered next time has passed.
 *
 * `now()` is the same answer at once, and only while nothing else needs reading; undefined means
 * "ask the asynchronous way". On SQLite it reads the content version itself (content-version
 * .server.ts). On PostgreSQL it reads nothing: it answers while the database has not said that the
 * version moved since the last read began (db/postgres-changes.server.ts), and for at most
 * `pushedForMs` after that read, so a notification lost without a word costs at most that long.
 */
export interface PublicVersionReader {
  (): Promise<string>;
  now(): string | undefined;
}

/** How long a version PostgreSQL has not said moved is used without reading it (see `now()`). */
const PUSHED_FOR_MS = 1000;

export function publicVersionReader(
  database: () => Promise<DB>,
  clock: () => number = nowSeconds,
  { pushedForMs = PUSHED_FOR_MS, millis = () => performance.now() } = {},
): PublicVersionReader {
  let known: { content: string; next: number | null; version: string } | null = null;
  // The database the last read used, and how now() may answer for it (it can only after one read):
  // SQLite's read at once, or PostgreSQL's change notifications.
  let opened: DB | undefined;
  let readNow: (() => string) | undefined;
  let changes: ReturnType<typeof contentChanges>;
  // PostgreSQL: the change stamp when the read `known` came from began, if the stamp could be
  // trusted then, and when that was (millis). Set with `known`, so when overlapping reads end out
  // of order, the older answer comes with its older stamp.
  let confirmed: { stamp: number; at: number } | undefined;
  const read = async () => {
    const db = await database();
    if (db !== opened) {
      opened = db;
      readNow = contentVersionReaderSync(db);
      changes = readNow ? undefined : contentChanges(db);
      confirmed = undefined;
    }
    const began = changes?.trusted() ? { stamp: changes.stamp(), at: millis() } : undefined;
    const content = await readContentVersion(db);
    const now = clock();
    if (!(known && known.content === content && (known.next === null || now < known.next))) {
      const { epoch, next } = await readPublicationTimes(db, now);
      known = { content, next, version: `${content}.${epoch}` };
    }
    confirmed = began;
    return known.version;
  };
  const now = (): string | undefined => {
    if (!known) return undefined;
    if (readNow) {
      if (readNow() !== known.content) return undefined;
    } else if (
      !changes ||
      !confirmed ||
      !changes.trusted() ||
      changes.stamp() !== confirmed.stamp ||
      millis() - confirmed.at > pushedForMs
    )
      return undefined;
    if (known.next !== null && clock() >= known.next) return undefined;
    return known.version;
  };
  return Object.assign(read, { now });
}

/**
 * The latest publish time reached at `now` (0 when none) and the earliest still ahead (null when
 * none), over blogs, recipes and pages: six one-row reads of the `(publish_at, id)` indexes.
 */
type PublishedTable = "blogs" | "recipes" | "pages";

async function readPublicationTimes(db: DB, now: number): Promise<{ epoch: number; next: number | null }> {
  // Built with the query builder, not raw SQL: the SQLite driver sends a select to its read-only
  // connection, so this read never waits behind a write that is waiting for the lock.
  const row = await db
    .selectNoFrom((eb) => {
      const reached = (table: PublishedTable) =>
        eb
          .selectFrom(table)
          .select("publish_at")
          .where("publish_at", "<=", now)
          .orderBy("publish_at", "desc")
          .limit(1);
      const ahead = (table: PublishedTable) =>
        eb
          .selectFrom(table)
          .select("publish_at")
          .where("publish_at", ">", now)
          .orderBy("publish_at", "asc")
          .limit(1);
      return [
        reached("blogs").as("be"),
        reached("recipes").as("re"),
        reached("pages").as("pe"),
        ahead("blogs").as("bn"),
        ahead("recipes").as("rn"),
        ahead("pages").as("pn"),
      ];
    })
    .executeTakeFirst();
  const times = (values: (number | string | null | undefined)[]) =>
    values.filter((v): v is number | string => v !== null && v !== undefined).map(Number);
  const reached = times([row?.be, row?.re, row?.pe]);
  const ahead = times([row?.bn, row?.rn, row?.pn]);
  return {
    epoch: reached.length ? Math.max(...reached) : 0,
    next: ahead.length ? Math.min(...ahead) : null,
  };
}
