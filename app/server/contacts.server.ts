import { type DB, nowSeconds } from "./db/db.server.ts";

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
  return db
    .selectFrom("contacts")
    .selectAll()
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .offset(offset)
    .execute();
}
