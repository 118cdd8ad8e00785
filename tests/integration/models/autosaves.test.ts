/**
 * Autosaved blog drafts (migration 008): kept per admin account and per blog, cleared on demand,
 * bounded in size, and invisible to the public cache (they never move the content version).
 */
import { expect, it } from "vitest";
import { upsertAccount } from "#app/server/auth/accounts.server.ts";
import { readContentVersion } from "#app/server/cache/content-version.server.ts";
import type { DB } from "#app/server/db/db.server.ts";
import {
  AUTOSAVE_MAX_CHARS,
  AutosaveTooLarge,
  clearAutosave,
  forgetAutosave,
  loadAutosave,
  parseDraftKey,
  readDraftFields,
  saveAutosave,
} from "#app/server/models/autosaves.server.ts";
import { describeEachEngine } from "#tests/support/engines.ts";

const account = async (db: DB, email: string) =>
  (await upsertAccount(db, email, "long enough password 1")).id;

describeEachEngine("autosaved drafts", (db) => {
  it("saves, replaces and loads a draft per account and blog; another account reads nothing", async () => {
    const ana = await account(db(), "ana@autosave.test");
    const ben = await account(db(), "ben@autosave.test");
    await saveAutosave(
      db(),
      ana,
      "blog:new",
      { title: "Harbour", content: "<p>Fishing boats</p>" },
      1_750_000_000,
    );
    await saveAutosave(db(), ana, "blog:7", { title: "Kyoto in rain" }, 1_750_000_010);
    await saveAutosave(
      db(),
      ana,
      "blog:new",
      { title: "Harbour dawn", content: "<p>Fishing boats at six</p>" },
      1_750_000_020,
    );

    expect(await loadAutosave(db(), ana, "blog:new")).toEqual({
      fields: { title: "Harbour dawn", content: "<p>Fishing boats at six</p>" },
      savedAt: 1_750_000_020,
    });
    expect(await loadAutosave(db(), ana, "blog:7")).toEqual({
      fields: { title: "Kyoto in rain" },
      savedAt: 1_750_000_010,
    });
    expect(await loadAutosave(db(), ana, "blog:8")).toBeNull();
    expect(await loadAutosave(db(), ben, "blog:new")).toBeNull();
    expect(await loadAutosave(db(), ben, "blog:7")).toBeNull();

    // Ben's own draft of the same blog is his alone, and clearing it leaves Ana's.
    await saveAutosave(db(), ben, "blog:7", { title: "Ben's Kyoto" }, 1_750_000_030);
    await clearAutosave(db(), ben, "blog:7");
    expect(await loadAutosave(db(), ben, "blog:7")).toBeNull();
    expect((await loadAutosave(db(), ana, "blog:7"))?.fields.title).toBe("Kyoto in rain");

    await clearAutosave(db(), ana, "blog:new");
    expect(await loadAutosave(db(), ana, "blog:new")).toBeNull();
    await forgetAutosave(db(), ana, "blog:7");
    expect(await loadAutosave(db(), ana, "blog:7")).toBeNull();
  });

  it("refuses a draft over the size bound and keeps the earlier one", async () => {
    const ana = await account(db(), "ana-big@autosave.test");
    await saveAutosave(db(), ana, "blog:new", { title: "Small" }, 1_750_000_000);
    const words = "Saffron, cardamom and clove in the market. ";
    const tooBig = words.repeat(Math.ceil((AUTOSAVE_MAX_CHARS + 1) / words.length));
    await expect(saveAutosave(db(), ana, "blog:new", { content: tooBig })).rejects.toBeInstanceOf(
      AutosaveTooLarge,
    );
    expect((await loadAutosave(db(), ana, "blog:new"))?.fields).toEqual({ title: "Small" });
    // At the bound itself it is kept, every character (multi-byte ones included).
    const atBound = "é".repeat(200_000);
    await saveAutosave(db(), ana, "blog:new", { content: atBound });
    expect((await loadAutosave(db(), ana, "blog:new"))?.fields.content).toBe(atBound);
  });

  it("never moves the content version (public pages stay cached)", async () => {
    const ana = await account(db(), "ana-cache@autosave.test");
    const before = Number(await readContentVersion(db()));
    await saveAutosave(db(), ana, "blog:new", { title: "Unseen" });
    await saveAutosave(db(), ana, "blog:new", { title: "Unseen still" });
    await clearAutosave(db(), ana, "blog:new");
    expect(Number(await readContentVersion(db()))).toBe(before);
  });

  it("goes when its account goes", async () => {
    const gone = await account(db(), "gone@autosave.test");
    await saveAutosave(db(), gone, "blog:new", { title: "Orphan" });
    await db().deleteFrom("accounts").where("id", "=", gone).execute();
    const left = await db()
      .selectFrom("autosaves")
      .select("draft_key")
      .where("account_id", "=", gone)
      .execute();
    expect(left).toEqual([]);
  });
});

it("reads only the blog form's own fields, within their limits", () => {
  expect(
    readDraftFields([
      ["title", "Harbour"],
      ["date", "2025-04-02"],
    ]),
  ).toEqual({
    title: "Harbour",
    date: "2025-04-02",
  });
  expect(readDraftFields([["password", "x"]])).toBe('Unknown field "password".');
  expect(readDraftFields([["title", "Long title ".repeat(19)]])).toBe(
    'Field "title" is longer than 200 characters.',
  );
  expect(readDraftFields([["date", "2025-04-02".repeat(4)]])).toBe(
    'Field "date" is longer than 32 characters.',
  );
  expect(parseDraftKey("blog:new")).toBe("blog:new");
  expect(parseDraftKey("blog:42")).toBe("blog:42");
  for (const bad of ["blog:0", "blog:-1", "blog:01", "recipe:1", "blog:new ", "", null]) {
    expect(parseDraftKey(bad)).toBeNull();
  }
});
