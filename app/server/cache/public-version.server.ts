import { type DB, nowSeconds } from "#app/server/db/db.server.ts";
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
 * `now()` is the same read at once, where the engine allows (SQLite, content-version.server.ts),
 * and only while nothing else needs reading; undefined means "ask the asynchronous way".
 */
export interface PublicVersionReader {
  (): Promise<string>;
  now(): string | undefined;
}

export function publicVersionReader(
  database: () => Promise<DB>,
  clock: () => number = nowSeconds,
): PublicVersionReader {
  let known: { content: string; next: number | null; version: string } | null = null;
  // The database the last read used, and its read at once: now() reads it too, so it can only
  // answer after one read.
  let opened: DB | undefined;
  let readNow: (() => string) | undefined;
  const read = async () => {
    const db = await database();
    if (db !== opened) {
      opened = db;
      readNow = contentVersionReaderSync(db);
    }
    const content = await readContentVersion(db);
    const now = clock();
    if (known && known.content === content && (known.next === null || now < known.next)) return known.version;
    const { epoch, next } = await readPublicationTimes(db, now);
    known = { content, next, version: `${content}.${epoch}` };
    return known.version;
  };
  const now = (): string | undefined => {
    if (!known || !readNow) return undefined;
    const content = readNow();
    if (content !== known.content || (known.next !== null && clock() >= known.next)) return undefined;
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
