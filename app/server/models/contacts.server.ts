import { type Page, readPage } from "#app/lib/pagination.ts";
import { type DB, nowSeconds } from "#app/server/db/db.server.ts";
import { type Actor, recordActivity } from "./activity.server.ts";
import { newestFirst } from "./admin-lists.server.ts";
import { type SpamJudgement, spamColumns } from "./spam.server.ts";

export interface ContactInput {
  first: string;
  last: string;
  email: string;
  phone: string;
  message: string;
}

/** A visitor's message, with its spam judgement (spam.server.ts) when it was judged. */
export async function addContact(db: DB, input: ContactInput, judgement?: SpamJudgement) {
  return db
    .insertInto("contacts")
    .values({ ...input, ...(judgement ? spamColumns(judgement) : {}), created_at: nowSeconds() })
    .returning(["id"])
    .executeTakeFirstOrThrow();
}

/** The Messages screen's two boxes: what people sent, and what the spam score held back. */
export type ContactBox = "inbox" | "spam";

export function parseContactBox(value: string | null | undefined): ContactBox {
  return value === "spam" ? "spam" : "inbox";
}

/** How many messages each box holds. */
export async function countContactsByBox(db: DB): Promise<Record<ContactBox, number>> {
  const rows = await db
    .selectFrom("contacts")
    .select((eb) => ["spam", eb.fn.countAll<number>().as("n")])
    .groupBy("spam")
    .execute();
  const counts = { inbox: 0, spam: 0 };
  for (const r of rows) counts[Number(r.spam) === 1 ? "spam" : "inbox"] += Number(r.n);
  return counts;
}

/**
 * Moves a message into the Spam box or back to the inbox ("Not spam"), recorded in the activity log
 * in the same transaction. Null if there is no such message.
 */
export async function markContactSpam(
  db: DB,
  actor: Actor,
  id: number,
  spam: boolean,
): Promise<boolean | null> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable("contacts")
      .set(spam ? { spam: 1, not_spam: 0 } : { spam: 0, not_spam: 1 })
      .where("id", "=", id)
      .returning(["first", "last"])
      .executeTakeFirst();
    if (!row) return null;
    await recordActivity(trx, actor, spam ? "message_spam" : "message_not_spam", {
      item: { type: "message", id, label: `${row.first} ${row.last}`.trim() },
    });
    return spam;
  });
}

/** Newest first, bounded. */
export async function listContacts(db: DB, limit = 200, offset = 0) {
  return newestFirst(db.selectFrom("contacts").selectAll()).limit(limit).offset(offset).execute();
}

export const CONTACTS_PER_PAGE = 50;

/** A row of the admin Customer Messages table. */
export interface ContactListItem {
  id: number;
  first: string;
  last: string;
  email: string;
  phone: string;
  message: string;
  createdAt: number;
  /** Why the spam score held it back (one reason a line); empty in the inbox. */
  spamReasons: string[];
}

/** One page of a box's messages, newest first; a page past the end gives the last page. */
export async function listContactsPage(
  db: DB,
  page = 1,
  perPage = CONTACTS_PER_PAGE,
  box: ContactBox = "inbox",
): Promise<Page<ContactListItem>> {
  const spam = box === "spam" ? 1 : 0;
  const total = (await countContactsByBox(db))[box];
  return readPage(total, page, perPage, async (limit, offset) => {
    const rows = await newestFirst(db.selectFrom("contacts").selectAll().where("spam", "=", spam))
      .limit(limit)
      .offset(offset)
      .execute();
    return rows.map((r) => ({
      id: r.id,
      first: r.first,
      last: r.last,
      email: r.email,
      phone: r.phone,
      message: r.message,
      createdAt: r.created_at,
      spamReasons: spam && r.spam_reasons ? r.spam_reasons.split("\n") : [],
    }));
  });
}
