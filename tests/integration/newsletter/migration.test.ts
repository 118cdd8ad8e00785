/**
 * Migration 019_newsletter on both engines: existing readers and mail keep their rows (no bounce,
 * no delivery), the pace row starts at zero, a blog has at most one round 1, and the down step
 * removes every table and column it added (then up again works).
 */
import { type Kysely, sql } from "kysely";
import { expect, it } from "vitest";
import { migrateToLatest } from "#app/server/db/migrate.server.ts";
import { describeEachEngine } from "#tests/support/engines.ts";
import { migrateTo } from "#tests/support/migrations.ts";

const TABLES = ["newsletter_deliveries", "newsletter_pace", "newsletter_sends"];

async function tables(db: Kysely<unknown>) {
  const all = await db.introspection.getTables();
  const columns = (name: string) => (all.find((t) => t.name === name)?.columns ?? []).map((c) => c.name);
  return {
    newsletter: all
      .map((t) => t.name)
      .filter((t) => TABLES.includes(t))
      .sort(),
    users: columns("users"),
    outbox: columns("mail_outbox"),
  };
}

describeEachEngine("migration 019_newsletter", (migrated, engine) => {
  it("goes down to 018 and up again; earlier readers and mail keep their rows", async () => {
    const db = migrated() as unknown as Kysely<unknown>;
    await migrateTo(db, engine, "018_imports");
    const before = await tables(db);
    expect(before.newsletter).toEqual([]);
    expect(before.users).not.toContain("hard_bounces");
    expect(before.outbox).not.toContain("newsletter_delivery_id");

    await sql`insert into users (full_name, email, phone, created_at) values ('Ana', 'ana@example.com', '', 1)`.execute(
      db,
    );
    await sql`insert into mail_outbox (to_address, subject, text_body, html_body, next_attempt_at, created_at)
              values ('ana@example.com', 'Hi', 'Hi', '<p>Hi</p>', 1, 1)`.execute(db);
    await migrateToLatest(migrated(), engine);

    const after = await tables(db);
    expect(after.newsletter).toEqual(TABLES);
    const ana = await migrated()
      .selectFrom("users")
      .select(["subscription", "hard_bounces"])
      .where("email", "=", "ana@example.com")
      .executeTakeFirstOrThrow();
    expect(ana).toEqual({ subscription: "subscribed", hard_bounces: 0 });
    const queued = await migrated().selectFrom("mail_outbox").select("newsletter_delivery_id").execute();
    expect(queued).toEqual([{ newsletter_delivery_id: null }]);
    const pace = await migrated().selectFrom("newsletter_pace").selectAll().execute();
    expect(pace.map((r) => ({ id: r.id, fed: Number(r.fed_until) }))).toEqual([{ id: 1, fed: 0 }]);

    // The database itself refuses a second round 1 for a blog: "never twice" holds under any race.
    await sql`insert into blogs (slug, title, content, excerpt, text_length, author, date, category,
              seo_title, seo_description, seo_keywords, created_at, updated_at, publish_at)
              values ('b', 'B', '', '', 0, 'Ana', '2025-01-01', '', '', '', '', 1, 1, 1)`.execute(db);
    const blog = await migrated().selectFrom("blogs").select("id").executeTakeFirstOrThrow();
    const round1 = () =>
      migrated()
        .insertInto("newsletter_sends")
        .values({ blog_id: blog.id, round: 1, status: "waiting", requested_at: 1 })
        .execute();
    await round1();
    await expect(round1()).rejects.toThrow();

    await migrateTo(db, engine, "018_imports");
    expect(await tables(db)).toEqual(before);
    await migrateToLatest(migrated(), engine);
  });
});
