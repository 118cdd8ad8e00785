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
  AutosaveStale,
  AutosaveTooLarge,
  blogDraftKey,
  clearAutosave,
  forgetAutosave,
  loadAutosave,
  parseDraftKey,
  readDraftFields,
  saveAutosave,
} from "#app/server/models/autosaves.server.ts";
import { createBlog, deleteBlog } from "#app/server/models/blogs.server.ts";
import { describeEachEngine } from "#tests/support/engines.ts";

const sampleBlogInput = (title: string) => ({
  title,
  content: "<p>Body</p>",
  author: "Ana",
  date: "2025-04-02",
  imageUrl: "https://images.example/harbour.jpg",
});

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
      0,
      1_750_000_000,
    );
    await saveAutosave(db(), ana, "blog:7", { title: "Kyoto in rain" }, 0, 1_750_000_010);
    await saveAutosave(
      db(),
      ana,
      "blog:new",
      { title: "Harbour dawn", content: "<p>Fishing boats at six</p>" },
      0,
      1_750_000_020,
    );

    expect(await loadAutosave(db(), ana, "blog:new")).toEqual({
      draft: {
        fields: { title: "Harbour dawn", content: "<p>Fishing boats at six</p>" },
        savedAt: 1_750_000_020,
      },
      generation: 0,
    });
    expect(await loadAutosave(db(), ana, "blog:7")).toEqual({
      draft: { fields: { title: "Kyoto in rain" }, savedAt: 1_750_000_010 },
      generation: 0,
    });
    expect((await loadAutosave(db(), ana, "blog:8")).draft).toBeNull();
    expect((await loadAutosave(db(), ben, "blog:new")).draft).toBeNull();
    expect((await loadAutosave(db(), ben, "blog:7")).draft).toBeNull();

    // Ben's own draft of the same blog is his alone, and clearing it leaves Ana's.
    await saveAutosave(db(), ben, "blog:7", { title: "Ben's Kyoto" }, 0, 1_750_000_030);
    await clearAutosave(db(), ben, "blog:7");
    expect((await loadAutosave(db(), ben, "blog:7")).draft).toBeNull();
    expect((await loadAutosave(db(), ana, "blog:7")).draft?.fields.title).toBe("Kyoto in rain");

    await clearAutosave(db(), ana, "blog:new");
    expect((await loadAutosave(db(), ana, "blog:new")).draft).toBeNull();
    await forgetAutosave(db(), ana, "blog:7");
    expect((await loadAutosave(db(), ana, "blog:7")).draft).toBeNull();
  });

  it("refuses a draft over the size bound and keeps the earlier one", async () => {
    const ana = await account(db(), "ana-big@autosave.test");
    await saveAutosave(db(), ana, "blog:new", { title: "Small" }, 0, 1_750_000_000);
    const words = "Saffron, cardamom and clove in the market. ";
    const tooBig = words.repeat(Math.ceil((AUTOSAVE_MAX_CHARS + 1) / words.length));
    await expect(saveAutosave(db(), ana, "blog:new", { content: tooBig }, 0)).rejects.toBeInstanceOf(
      AutosaveTooLarge,
    );
    expect((await loadAutosave(db(), ana, "blog:new")).draft?.fields).toEqual({ title: "Small" });
    // At the bound itself it is kept, every character (multi-byte ones included).
    const atBound = "é".repeat(200_000);
    await saveAutosave(db(), ana, "blog:new", { content: atBound }, 0);
    expect((await loadAutosave(db(), ana, "blog:new")).draft?.fields.content).toBe(atBound);
  });

  it("never moves the content version (public pages stay cached)", async () => {
    const ana = await account(db(), "ana-cache@autosave.test");
    const before = Number(await readContentVersion(db()));
    await saveAutosave(db(), ana, "blog:new", { title: "Unseen" }, 0);
    await saveAutosave(db(), ana, "blog:new", { title: "Unseen still" }, 0);
    await clearAutosave(db(), ana, "blog:new");
    expect(Number(await readContentVersion(db()))).toBe(before);
  });

  it("refuses a save written before the draft was ended, so a late autosave cannot bring it back", async () => {
    const ana = await account(db(), "ana-race@autosave.test");
    // The form opens on an empty draft (generation 0) and autosaves once.
    expect(await loadAutosave(db(), ana, "blog:new")).toEqual({ draft: null, generation: 0 });
    await saveAutosave(db(), ana, "blog:new", { title: "Lisbon trams" }, 0);
    // The blog is saved, which ends the draft; an autosave sent just before arrives after.
    expect(await clearAutosave(db(), ana, "blog:new")).toBe(1);
    const late = await saveAutosave(db(), ana, "blog:new", { title: "Lisbon trams, late" }, 0).catch(
      (e) => e,
    );
    expect(late).toBeInstanceOf(AutosaveStale);
    expect(late.generation).toBe(1);
    expect(await loadAutosave(db(), ana, "blog:new")).toEqual({ draft: null, generation: 1 });
    // The writer carries on in the same form, now at generation 1: saved again.
    await saveAutosave(db(), ana, "blog:new", { title: "Porto next" }, 1);
    expect((await loadAutosave(db(), ana, "blog:new")).draft?.fields).toEqual({ title: "Porto next" });
  });

  it("refuses a late save even when the draft was ended before any autosave had landed", async () => {
    const ana = await account(db(), "ana-race2@autosave.test");
    expect(await clearAutosave(db(), ana, "blog:9")).toBe(1);
    await expect(saveAutosave(db(), ana, "blog:9", { title: "Too late" }, 0)).rejects.toBeInstanceOf(
      AutosaveStale,
    );
    expect((await loadAutosave(db(), ana, "blog:9")).draft).toBeNull();
  });

  it("goes when its blog is deleted, for every account", async () => {
    const ana = await account(db(), "ana-del@autosave.test");
    const ben = await account(db(), "ben-del@autosave.test");
    const blog = await createBlog(db(), sampleBlogInput("Autosave gone"));
    const other = await createBlog(db(), sampleBlogInput("Autosave kept"));
    await saveAutosave(db(), ana, blogDraftKey(blog.id), { title: "Ana's edit" }, 0);
    await saveAutosave(db(), ben, blogDraftKey(blog.id), { title: "Ben's edit" }, 0);
    await saveAutosave(db(), ana, blogDraftKey(other.id), { title: "Other edit" }, 0);
    expect(await deleteBlog(db(), blog.id)).toBe(true);
    const left = await db().selectFrom("autosaves").select(["account_id", "draft_key"]).execute();
    expect(left.filter((row) => row.draft_key === blogDraftKey(blog.id))).toEqual([]);
    expect(left).toContainEqual({ account_id: ana, draft_key: blogDraftKey(other.id) });
  });

  it("goes when its account goes", async () => {
    const gone = await account(db(), "gone@autosave.test");
    await saveAutosave(db(), gone, "blog:new", { title: "Orphan" }, 0);
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
