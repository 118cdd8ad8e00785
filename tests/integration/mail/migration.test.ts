/**
 * Migration 009_mail on both engines: readers who signed up before it count as subscribed, and
 * its down step removes every table and column it added (then up again works).
 */
import { type Kysely, sql } from "kysely";
import { Migrator } from "kysely/migration";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "#app/server/db/db.server.ts";
import { migrationsFor } from "#app/server/db/migrate.server.ts";
import { ENGINES, emptyDatabaseUrl } from "#tests/support/engines.ts";

const MAIL_TABLES = ["mail_outbox", "mail_events", "mail_digest", "password_resets"];

async function tableNames(db: Kysely<unknown>): Promise<string[]> {
  const tables = await db.introspection.getTables();
  return tables.map((t) => t.name);
}

async function userColumns(db: Kysely<unknown>): Promise<string[]> {
  const tables = await db.introspection.getTables();
  return (tables.find((t) => t.name === "users")?.columns ?? []).map((c) => c.name).sort();
}

for (const engine of ENGINES) {
  describe(`migration 009_mail [${engine}]`, () => {
    let handle: DatabaseHandle;
    let cleanup: () => Promise<void>;

    beforeAll(async () => {
      const created = await emptyDatabaseUrl(engine);
      cleanup = created.cleanup;
      handle = await openDatabase(created.url);
    });

    afterAll(async () => {
      await handle?.destroy();
      await cleanup?.();
    });

    it("goes down to 008 and up again, and earlier readers are subscribed", async () => {
      const db = handle.db as unknown as Kysely<unknown>;
      const migrator = new Migrator({ db, provider: { getMigrations: async () => migrationsFor(engine) } });
      const down = await migrator.migrateTo("008_autosave");
      expect(down.error).toBeUndefined();
      expect((await tableNames(db)).filter((t) => MAIL_TABLES.includes(t))).toEqual([]);
      expect(await userColumns(db)).toEqual(["created_at", "email", "full_name", "id", "phone"]);

      await sql`insert into users (full_name, email, phone, created_at) values ('Ana', 'ana@example.com', '', 1)`.execute(
        db,
      );
      const up = await migrator.migrateToLatest();
      expect(up.error).toBeUndefined();
      expect((await tableNames(db)).filter((t) => MAIL_TABLES.includes(t)).sort()).toEqual(
        [...MAIL_TABLES].sort(),
      );
      const ana = await handle.db
        .selectFrom("users")
        .select(["subscription", "confirm_token_hash", "unsubscribe_token"])
        .where("email", "=", "ana@example.com")
        .executeTakeFirstOrThrow();
      expect(ana).toEqual({ subscription: "subscribed", confirm_token_hash: null, unsubscribe_token: null });
      const digest = await handle.db.selectFrom("mail_digest").selectAll().execute();
      expect(digest.map((r) => ({ id: r.id, last: Number(r.last_queued_at) }))).toEqual([{ id: 1, last: 0 }]);
    });
  });
}
