/** Imported newsletter readers (Ghost's members CSV, or a JSON export's members). */
import { randomBytes } from "node:crypto";
import { nowSeconds } from "#app/server/db/db.server.ts";
import type { ImportedSubscriber } from "../items.server.ts";
import { plainText } from "../titles-and-slugs.server.ts";
import { hashOf, importTransaction, rememberAll, tick, type WriteContext } from "./context.server.ts";

/** Readers of the old site's newsletter: only those the file says opted in become subscribers. */
export async function writeSubscribers(ctx: WriteContext, done: number, total: number): Promise<number> {
  for (const reader of ctx.staging.each<ImportedSubscriber>("subscriber")) {
    const state = reader.subscribed ? "subscribed" : "not subscribed";
    ctx.report.counted("subscribers", state);
    const email = reader.email.trim().toLowerCase();
    const existing = await ctx.db
      .selectFrom("users")
      .select("id")
      .where((eb) => eb(eb.fn("lower", ["email"]), "=", email))
      .executeTakeFirst();
    // A reader already here keeps their own state: an import never re-subscribes anyone.
    if (existing) ctx.report.wrote("subscribers", "unchanged");
    else if (ctx.dryRun) ctx.report.wrote("subscribers", "added");
    else {
      await importTransaction(ctx, async (trx) => {
        const row = await trx
          .insertInto("users")
          .values({
            full_name: plainText(reader.name),
            email,
            phone: "",
            created_at: reader.createdAt || nowSeconds(),
            subscription: reader.subscribed ? "subscribed" : "unsubscribed",
            confirm_token_hash: null,
            unsubscribe_token: randomBytes(32).toString("base64url"),
          })
          .returning("id")
          .executeTakeFirstOrThrow();
        await rememberAll(trx, ctx, [
          {
            key: { type: "subscriber", sourceId: reader.sourceId },
            localId: row.id,
            hash: hashOf(reader, ""),
          },
        ]);
      });
      ctx.report.wrote("subscribers", "added");
    }
    await tick(ctx, ++done, total);
  }
  return done;
}
