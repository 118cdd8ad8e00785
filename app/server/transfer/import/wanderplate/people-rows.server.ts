import type { DB } from "#app/server/db/db.server.ts";
import { rowHash } from "#app/server/transfer/export/format.server.ts";
import { int, RowProblem, sourceId, text, textOrNull } from "./columns.server.ts";
import { count, earlier, type ImportContext, inTransaction, remember } from "./context.server.ts";

type Row = Record<string, unknown>;

/**
 * What a new account gets instead of a password: no password check ever accepts it (it is not an
 * scrypt hash; accounts.server.ts), so the owner sets one with create-admin or a reset link.
 */
const UNUSABLE_PASSWORD = "!imported: no password until one is set";

// ---- People ----

export async function importAccount(ctx: ImportContext, row: Row): Promise<void> {
  const id = sourceId(row);
  const email = text(row, "email").trim().toLowerCase();
  if (!email) throw new RowProblem("it has no email");
  const hash = rowHash(row);
  const prior = await earlier(ctx, "account", id, hash, "accounts");
  // An account is never changed by an import (its role and password are this site's own).
  if (prior.localId !== null) return count(ctx, "authors", "unchanged");
  const same = await ctx.db.selectFrom("accounts").select("id").where("email", "=", email).executeTakeFirst();
  count(ctx, "authors", same ? "unchanged" : "added");
  if (ctx.dryRun) return;
  await inTransaction(ctx, async (trx) => {
    const local =
      same ??
      (await trx
        .insertInto("accounts")
        .values({
          email,
          password_hash: UNUSABLE_PASSWORD,
          role: text(row, "role", ""),
          created_at: int(row, "created_at", ctx.now),
        })
        .returning("id")
        .executeTakeFirstOrThrow());
    await remember(trx, ctx, "account", id, local.id, hash);
  });
}

export async function importSubscriber(ctx: ImportContext, row: Row): Promise<void> {
  const id = sourceId(row);
  const email = text(row, "email").trim();
  if (!email) throw new RowProblem("it has no email");
  const columns = {
    full_name: text(row, "full_name", ""),
    email,
    phone: text(row, "phone", ""),
    created_at: int(row, "created_at"),
    subscription: text(row, "subscription", "subscribed"),
  };
  const hash = rowHash(row);
  const prior = await earlier(ctx, "subscriber", id, hash, "users");
  if (prior.localId !== null && !prior.changed)
    return count(ctx, "subscribers", "unchanged", columns.subscription);
  // A reader this site already has (by email) stays as this site knows them.
  const same =
    prior.localId === null
      ? await ctx.db
          .selectFrom("users")
          .select("id")
          .where((eb) => eb(eb.fn("lower", ["email"]), "=", email.toLowerCase()))
          .executeTakeFirst()
      : undefined;
  count(
    ctx,
    "subscribers",
    same ? "unchanged" : prior.localId === null ? "added" : "updated",
    columns.subscription,
  );
  if (ctx.dryRun) return;
  await inTransaction(ctx, async (trx) => {
    let localId = same?.id ?? prior.localId;
    if (localId === null) {
      const tokens = {
        confirm_token_hash: await unusedToken(
          trx,
          "confirm_token_hash",
          textOrNull(row, "confirm_token_hash"),
        ),
        unsubscribe_token: await unusedToken(trx, "unsubscribe_token", textOrNull(row, "unsubscribe_token")),
      };
      localId = (
        await trx
          .insertInto("users")
          .values({ ...columns, ...tokens })
          .returning("id")
          .executeTakeFirstOrThrow()
      ).id;
    } else if (!same) {
      await trx.updateTable("users").set(columns).where("id", "=", localId).execute();
    }
    await remember(trx, ctx, "subscriber", id, localId, hash);
  });
}

/** A reader's token, unless this site already has it (tokens are unique); then none. */
async function unusedToken(
  trx: DB,
  column: "confirm_token_hash" | "unsubscribe_token",
  token: string | null,
) {
  if (token === null) return null;
  const taken = await trx.selectFrom("users").select("id").where(column, "=", token).executeTakeFirst();
  return taken ? null : token;
}

export async function importContact(ctx: ImportContext, row: Row): Promise<void> {
  const id = sourceId(row);
  const columns = {
    first: text(row, "first", ""),
    last: text(row, "last", ""),
    email: text(row, "email", ""),
    phone: text(row, "phone", ""),
    message: text(row, "message"),
    created_at: int(row, "created_at"),
  };
  const hash = rowHash(row);
  const prior = await earlier(ctx, "contact", id, hash, "contacts");
  if (prior.localId !== null && !prior.changed) return count(ctx, "contacts", "unchanged");
  count(ctx, "contacts", prior.localId === null ? "added" : "updated");
  if (ctx.dryRun) return;
  await inTransaction(ctx, async (trx) => {
    const written =
      prior.localId === null
        ? await trx.insertInto("contacts").values(columns).returning("id").executeTakeFirstOrThrow()
        : await trx
            .updateTable("contacts")
            .set(columns)
            .where("id", "=", prior.localId)
            .returning("id")
            .executeTakeFirstOrThrow();
    await remember(trx, ctx, "contact", id, written.id, hash);
  });
}
