/**
 * A Ghost members CSV through the whole import, on both engines (transfer/import/write/,
 * `writeSubscribers`): only readers the file says opted in are subscribed, a reader already here
 * (whatever the case of their address) keeps their own state, the dry run counts what a run would
 * add and writes nothing, each new reader is recorded in the import map, progress is reported
 * reader by reader, and a second run adds no one.
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { nowSeconds } from "#app/server/db/db.server.ts";
import {
  DEFAULT_IMPORT_OPTIONS,
  type ImportOptions,
  type ImportProgress,
} from "#app/server/transfer/import/report.server.ts";
import { runImport } from "#app/server/transfer/import/run.server.ts";
import { describeEachEngine } from "#tests/support/engines.ts";

/** Ghost's own export of its members (Members → Export), as the fixture of the reader's tests. */
const MEMBERS = join(import.meta.dirname, "../../fixtures/import/ghost/members.csv");

let dir = "";
let more = "";
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "wanderplate-import-members-"));
  more = join(dir, "more-members.csv");
  await writeFile(
    more,
    [
      "id,email,name,note,subscribed_to_emails,complimentary_plan,stripe_customer_id,created_at,deleted_at,labels,tiers",
      "m-1,  Dana@Example.COM ,<b>Dana</b> Ruiz,,true,false,,2022-01-02T03:04:05.000Z,,,",
      "m-2,eli@example.com,Eli,,true,false,,1970-01-01T00:00:00.000Z,,,",
      "",
    ].join("\n"),
  );
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const options = (extra: Partial<ImportOptions> = {}): ImportOptions => ({
  ...DEFAULT_IMPORT_OPTIONS,
  ...extra,
});

describeEachEngine("import of a Ghost members CSV", (db) => {
  const readers = () =>
    db()
      .selectFrom("users")
      .select([
        "id",
        "full_name",
        "email",
        "phone",
        "created_at",
        "subscription",
        "confirm_token_hash",
        "unsubscribe_token",
      ])
      .orderBy("email")
      .execute();

  beforeAll(async () => {
    // A reader who is here already, and unsubscribed: an import never subscribes her again.
    await db()
      .insertInto("users")
      .values({
        full_name: "Ana L.",
        email: "Ana@Example.com",
        phone: "555",
        created_at: 1_600_000_000,
        subscription: "unsubscribed",
        confirm_token_hash: null,
        unsubscribe_token: "ana-token",
      })
      .execute();
  });

  it("a dry run counts the readers a run would add, and writes nothing", async () => {
    const before = await readers();
    const progress: ImportProgress[] = [];
    const report = await runImport(db(), [MEMBERS], options({ dryRun: true }), (p) => progress.push(p));
    expect(report.format).toBe("Ghost members CSV");
    expect(report.counts).toEqual({
      subscribers: {
        total: 3,
        byState: { subscribed: 2, "not subscribed": 1 },
        added: 2,
        updated: 0,
        unchanged: 1,
      },
    });
    expect(report.skipped.byReason).toEqual({
      "it has no valid email address": 1,
      "it was deleted on Ghost": 1,
    });
    expect(progress).toEqual([
      { phase: "writing", done: 1, total: 3 },
      { phase: "writing", done: 2, total: 3 },
      { phase: "writing", done: 3, total: 3 },
      { phase: "done", done: 3, total: 3 },
    ]);
    expect(await readers()).toEqual(before);
    expect(await db().selectFrom("import_map").select("source_id").execute()).toEqual([]);
  });

  it("adds the new readers, subscribed only when they opted in, and leaves a reader already here alone", async () => {
    const startedAt = nowSeconds();
    const progress: ImportProgress[] = [];
    const report = await runImport(db(), [MEMBERS], options(), (p) => progress.push(p));
    expect(report.counts.subscribers).toEqual({
      total: 3,
      byState: { subscribed: 2, "not subscribed": 1 },
      added: 2,
      updated: 0,
      unchanged: 1,
    });
    expect(progress.map((p) => p.done)).toEqual([1, 2, 3, 3]);

    const rows = await readers();
    expect(rows.map(({ id: _, unsubscribe_token: __, created_at: ___, ...rest }) => rest)).toEqual([
      {
        full_name: "Ana L.",
        email: "Ana@Example.com",
        phone: "555",
        subscription: "unsubscribed",
        confirm_token_hash: null,
      },
      {
        full_name: "Ben Ode",
        email: "ben@example.com",
        phone: "",
        subscription: "unsubscribed",
        confirm_token_hash: null,
      },
      {
        full_name: "",
        email: "cleo@example.com",
        phone: "",
        subscription: "subscribed",
        confirm_token_hash: null,
      },
    ]);
    const [ana, ben, cleo] = rows;
    expect(ana?.unsubscribe_token).toBe("ana-token");
    expect(Number(ben?.created_at)).toBe(Date.UTC(2023, 5, 1, 10) / 1000);
    // Cleo's row says nothing of when she joined: the time of the import.
    expect(Number(cleo?.created_at)).toBeGreaterThanOrEqual(startedAt);
    for (const reader of [ben, cleo]) expect(reader?.unsubscribe_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(ben?.unsubscribe_token).not.toBe(cleo?.unsubscribe_token);

    const mapped = await db()
      .selectFrom("import_map")
      .select(["system", "site", "source_type", "source_id", "local_id"])
      .orderBy("source_id")
      .execute();
    expect(mapped).toEqual([
      {
        system: "ghost",
        site: "unknown",
        source_type: "subscriber",
        source_id: "6650b0000000000000000002",
        local_id: ben?.id,
      },
      {
        system: "ghost",
        site: "unknown",
        source_type: "subscriber",
        source_id: "6650b0000000000000000005",
        local_id: cleo?.id,
      },
    ]);
  });

  it("a second run adds no one, and a reader's address is kept in lower case and trimmed", async () => {
    // The file imported (again, when the test before did: then it adds no one either).
    await runImport(db(), [MEMBERS], options());
    const again = await runImport(db(), [MEMBERS], options());
    expect(again.counts.subscribers).toMatchObject({ total: 3, added: 0, unchanged: 3 });
    expect(await readers()).toHaveLength(3);

    const startedAt = nowSeconds();
    const report = await runImport(db(), [more], options());
    expect(report.counts.subscribers).toMatchObject({ total: 2, added: 2, unchanged: 0 });
    const dana = await db()
      .selectFrom("users")
      .select(["full_name", "email", "created_at", "subscription"])
      .where("email", "=", "dana@example.com")
      .executeTakeFirstOrThrow();
    expect({ ...dana, created_at: Number(dana.created_at) }).toEqual({
      full_name: "Dana Ruiz",
      email: "dana@example.com",
      created_at: Date.UTC(2022, 0, 2, 3, 4, 5) / 1000,
      subscription: "subscribed",
    });
    // A sign-up time of 0 (the epoch) is no time at all: the import's.
    const eli = await db()
      .selectFrom("users")
      .select("created_at")
      .where("email", "=", "eli@example.com")
      .executeTakeFirstOrThrow();
    expect(Number(eli.created_at)).toBeGreaterThanOrEqual(startedAt);
    // Dana again, her address as another file writes it: still one Dana.
    const dryAgain = await runImport(db(), [more], options({ dryRun: true }));
    expect(dryAgain.counts.subscribers).toMatchObject({ added: 0, unchanged: 2 });
  });
});
