import { type Page, readPage } from "#app/lib/pagination.ts";
import { type DB, nowSeconds } from "#app/server/db/db.server.ts";
import { countRows, newestFirst } from "./admin-lists.server.ts";

export interface ContactInput {
  first: string;
  last: string;
  email: string;
  phone: string;
  message: string;
}

export async function addContact(db: DB, input: ContactInput) {
  return db
    .insertInto("contacts")
    .values({ ...input, created_at: nowSeconds() })
    .returning(["id"])
    .executeTakeFirstOrThrow();
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
}

/** One page of messages, newest first; a page past the end gives the last page. */
export async function listContactsPage(
  db: DB,
  page = 1,
  perPage = CONTACTS_PER_PAGE,
): Promise<Page<ContactListItem>> {
  return readPage(await countRows(db, "contacts"), page, perPage, async (limit, offset) =>
    (await listContacts(db, limit, offset)).map((r) => ({
      id: r.id,
      first: r.first,
      last: r.last,
      email: r.email,
      phone: r.phone,
      message: r.message,
      createdAt: r.created_at,
    })),
  );
}
