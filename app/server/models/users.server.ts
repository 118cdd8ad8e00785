import { type Page, readPage } from "#app/lib/pagination.ts";
import { type DB, nowSeconds } from "#app/server/db/db.server.ts";
import { type Actor, recordActivity } from "./activity.server.ts";
import { countRows, newestFirst } from "./admin-lists.server.ts";

export interface UserInput {
  fullName: string;
  email: string;
  phone: string;
}

/**
 * A reader's subscription: `pending` until they follow the confirm link of a double opt-in;
 * `bounced` once their mail server refused MAIL_BOUNCE_LIMIT mails for good.
 */
type Subscription = "pending" | "subscribed" | "unsubscribed" | "bounced";

/** How a new user starts: subscribed (as every sign-up did before mail), or pending a confirmation. */
export interface NewSubscription {
  subscription: Subscription;
  confirmTokenHash: string | null;
  unsubscribeToken: string | null;
}

export async function addUser(db: DB, input: UserInput, start?: NewSubscription) {
  return db
    .insertInto("users")
    .values({
      full_name: input.fullName,
      email: input.email,
      phone: input.phone,
      created_at: nowSeconds(),
      ...(start && {
        subscription: start.subscription,
        confirm_token_hash: start.confirmTokenHash,
        unsubscribe_token: start.unsubscribeToken,
      }),
    })
    .returning(["id"])
    .executeTakeFirstOrThrow();
}

export async function listUsers(db: DB, limit = 200, offset = 0) {
  return newestFirst(db.selectFrom("users").selectAll()).limit(limit).offset(offset).execute();
}

/**
 * Deletes a reader, recorded in the activity log as `actor`'s in the same transaction. The entry
 * names them by their full name only: a deleted reader's email address must not stay behind.
 */
export async function deleteUser(db: DB, actor: Actor, id: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const row = await trx.deleteFrom("users").where("id", "=", id).returning("full_name").executeTakeFirst();
    if (!row) return false;
    await recordActivity(trx, actor, "user_deleted", {
      item: { type: "user", id, label: row.full_name.trim() },
    });
    return true;
  });
}

export const USERS_PER_PAGE = 50;

/** A row of the admin Users table. */
export interface UserListItem {
  id: number;
  fullName: string;
  email: string;
  phone: string;
  createdAt: number;
  subscription: Subscription;
}

const asSubscription = (value: string): Subscription =>
  value === "pending" || value === "unsubscribed" || value === "bounced" ? value : "subscribed";

/** One page of users, newest first; a page past the end gives the last page. */
export async function listUsersPage(db: DB, page = 1, perPage = USERS_PER_PAGE): Promise<Page<UserListItem>> {
  return readPage(await countRows(db, "users"), page, perPage, async (limit, offset) =>
    (await listUsers(db, limit, offset)).map((r) => ({
      id: r.id,
      fullName: r.full_name,
      email: r.email,
      phone: r.phone,
      createdAt: r.created_at,
      subscription: asSubscription(r.subscription),
    })),
  );
}

/** The most rows one subscriber export holds. */
const SUBSCRIBERS_EXPORT_LIMIT = 100_000;

/** Subscribed readers (confirmed, or signed up before confirmation existed), oldest first. */
export async function listSubscribers(db: DB, limit = SUBSCRIBERS_EXPORT_LIMIT) {
  return db
    .selectFrom("users")
    .select(["full_name", "email", "phone", "created_at"])
    .where("subscription", "=", "subscribed")
    .orderBy("created_at", "asc")
    .orderBy("id", "asc")
    .limit(limit)
    .execute();
}
