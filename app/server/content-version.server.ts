import { sql } from "kysely";
import { createContext, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { type DB, getDb, nowSeconds } from "./db/db.server.ts";

/**
 * One number that changes whenever anything a public page shows may have changed. Kept in the
 * database, so every app server sees a change at once; response caches compare against it.
 */
const KEY = "contentVersion";

export async function readContentVersion(db: DB): Promise<string> {
  const row = await db.selectFrom("settings").select("value").where("key", "=", KEY).executeTakeFirst();
  return row?.value ?? "0";
}

export async function bumpContentVersion(db: DB): Promise<void> {
  const now = nowSeconds();
  await db
    .insertInto("settings")
    .values({ key: KEY, value: "1", updated_at: now })
    .onConflict((oc) =>
      oc.column("key").doUpdateSet({
        value: sql<string>`cast(cast(settings.value as integer) + 1 as text)`,
        updated_at: now,
      }),
    )
    .execute();
}

/** Set by actions whose write no public page shows (a pending comment, a message, a sign-up). */
const publicPagesUnchanged = createContext<boolean>(false);

/** Tells the middleware below that this request's write leaves every public page as it was. */
export function markPublicPagesUnchanged(context: Readonly<RouterContextProvider>): void {
  context.set(publicPagesUnchanged, true);
}

/**
 * Route middleware: after any request that may have written, before its response leaves, bump the
 * version. Refused requests (4xx/5xx, or sent to the login screen) wrote nothing and bump nothing,
 * so they cannot be used to empty every server's cache.
 */
export const bumpContentVersionAfterWrites: MiddlewareFunction<Response> = async ({ request }, next) => {
  const response = await next();
  const refused = response.status >= 400 || response.headers.get("location") === "/admin/login";
  if (request.method !== "GET" && request.method !== "HEAD" && !refused)
    await bumpContentVersion(await getDb());
  return response;
};
