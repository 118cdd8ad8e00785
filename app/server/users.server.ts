import { type DB, nowSeconds } from "./db/db.server.ts";

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
