import { type Page, readPage } from "#app/lib/pagination.ts";
import { type DB, nowSeconds } from "#app/server/db/db.server.ts";

export interface UserInput {
  fullName: string;
  email: string;
  phone: string;
}

export async function addUser(db: DB, input: UserInput) {
  return db
    .insertInto("users")
    .values({ full_name: input.fullName, email: input.email, phone: input.phone, created_at: nowSeconds() })
    .returning(["id"])
    .executeTakeFirstOrThrow();
}

export async function listUsers(db: DB, limit = 200, offset = 0) {
  return db
    .selectFrom("users")
    .selectAll()
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .offset(offset)
    .execute();
}

export async function deleteUser(db: DB, id: number): Promise<boolean> {
  const r = await db.deleteFrom("users").where("id", "=", id).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

export const USERS_PER_PAGE = 50;

/** A row of the admin Users table. */
export interface UserListItem {
  id: number;
  fullName: string;
  email: string;
  phone: string;
  createdAt: number;
}

async function countUsers(db: DB): Promise<number> {
  const { n } = await db
    .selectFrom("users")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(n);
}

/** One page of users, newest first; a page past the end gives the last page. */
export async function listUsersPage(db: DB, page = 1, perPage = USERS_PER_PAGE): Promise<Page<UserListItem>> {
  return readPage(await countUsers(db), page, perPage, async (limit, offset) =>
    (await listUsers(db, limit, offset)).map((r) => ({
      id: r.id,
      fullName: r.full_name,
      email: r.email,
      phone: r.phone,
      createdAt: r.created_at,
    })),
  );
}
