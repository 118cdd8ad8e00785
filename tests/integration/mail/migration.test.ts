/**
 * Migration 009_mail on both engines: readers who signed up before it count as subscribed, and
 * its down step removes every table and column it added (then up again works).
 */
import { type Kysely, sql } from "kysely";
import { expect, it } from "vitest";
import { migrateToLatest } from "#app/server/db/migrate.server.ts";
import { describeEachEngine } from "#tests/support/engines.ts";
import { migrateTo } from "#tests/support/migrations.ts";

const MAIL_TABLES = ["mail_outbox", "mail_events", "mail_digest", "password_resets"];

async function tableNames(db: Kysely<unknown>): Promise<string[]> {
  const tables = await db.introspection.getTables();
  return tables.map((t) => t.name);
}

async function userColumns(db: Kysely<unknown>): Promise<string[]> {
  const tables = await db.introspection.getTables();
  return (tables.find((t) => t.name === "users")?.columns ?? []).map((c) => c.name).sort();
}

describeEachEngine("migration 009_mail", (migrated, engine) => {
  it("goes down to 008 and up again, and earlier readers are subscribed", async () => {
    const db = migrated() as unknown as Kysely<unknown>;
    await migrateTo(db, engine, "008_autosave");
    expect((await tableNames(db)).filter((t) => MAIL_TABLES.includes(t))).toEqual([]);
    expect(await userColumns(db)).toEqual(["created_at", "email", "full_name", "id", "phone"]);

    await sql`insert into users (full_name, email, phone, created_at) values ('Ana', 'ana@example.com', '', 1)`.execute(
      db,
    );
    await migrateToLatest(migrated(), engine);
    expect((await tableNames(db)).filter((t) => MAIL_TABLES.includes(t)).sort()).toEqual(
      [...MAIL_TABLES].sort(),
    );
    const ana = await migrated()
      .selectFrom("users")
      .select(["subscription", "confirm_token_hash", "unsubscribe_token"])
      .where("email", "=", "ana@example.com")
      .executeTakeFirstOrThrow();
    expect(ana).toEqual({ subscription: "subscribed", confirm_token_hash: null, unsubscribe_token: null });
    const digest = await migrated().selectFrom("mail_digest").selectAll().execute();
    expect(digest.map((r) => ({ id: r.id, last: Number(r.last_queued_at) }))).toEqual([{ id: 1, last: 0 }]);
  });
});
