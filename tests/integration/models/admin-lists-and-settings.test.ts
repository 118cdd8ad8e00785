import { expect, it } from "vitest";
import { parseForm } from "#app/forms/parse.ts";
import { siteInfoSchema } from "#app/forms/site-info.ts";
import { siteNumbersSchema } from "#app/forms/site-numbers.ts";
import { DEFAULT_THEME, DEFAULT_WORDS } from "#app/lib/design.ts";
import { DEFAULT_NAVIGATION } from "#app/lib/navigation.ts";
import type { DB } from "#app/server/db/db.server.ts";
import { createBlog } from "#app/server/models/blogs.server.ts";
import {
  ADMIN_COMMENTS_LIMIT,
  addComment,
  countCommentsByStatus,
  listCommentsByBlog,
  parseCommentStatus,
  toggleApproved,
} from "#app/server/models/comments.server.ts";
import { addContact, CONTACTS_PER_PAGE, listContactsPage } from "#app/server/models/contacts.server.ts";
import { getPublicSiteSettings } from "#app/server/models/public-settings.server.ts";
import {
  DEFAULT_SITE_NUMBERS,
  deleteSiteNumbers,
  getSiteInfo,
  getSiteNumbers,
  listSiteNumbers,
  saveSiteInfo,
  saveSiteNumbers,
  setPopupEnabled,
} from "#app/server/models/settings.server.ts";
import { addUser, deleteUser, listUsersPage, USERS_PER_PAGE } from "#app/server/models/users.server.ts";
import { TEST_ACTOR } from "#tests/support/content.ts";
import { describeEachEngine } from "#tests/support/engines.ts";

function formOf(values: Record<string, string>): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(values)) form.set(k, v);
  return form;
}

async function blog(db: DB, title: string) {
  return createBlog(db, TEST_ACTOR, { title, content: "<p>x</p>", author: "A", date: "2025-01-01" });
}

describeEachEngine("admin models", (db) => {
  it("pages users newest first, 50 per page, clamping pages out of range", async () => {
    const base = 1_700_000_000;
    await db()
      .insertInto("users")
      .values(
        Array.from({ length: USERS_PER_PAGE + 5 }, (_, i) => ({
          full_name: i === 0 ? "" : `Reader ${i}`,
          email: `reader${i}@example.com`,
          phone: "",
          created_at: base + i,
        })),
      )
      .execute();
    const first = await listUsersPage(db(), 1);
    expect(first.total).toBe(USERS_PER_PAGE + 5);
    expect(first.pageCount).toBe(2);
    expect(first.items).toHaveLength(USERS_PER_PAGE);
    expect(first.items[0]?.fullName).toBe(`Reader ${USERS_PER_PAGE + 4}`);
    expect(first.items.map((u) => u.createdAt)).toEqual(
      [...first.items.map((u) => u.createdAt)].sort((a, b) => b - a),
    );
    const second = await listUsersPage(db(), 2);
    expect(second.items).toHaveLength(5);
    expect(second.items.at(-1)).toMatchObject({
      fullName: "",
      email: "reader0@example.com",
      createdAt: base,
    });
    expect((await listUsersPage(db(), 99)).page).toBe(2);
    expect((await listUsersPage(db(), Number.NaN)).page).toBe(1);
  });

  it("deletes a user once; a missing id answers false and deletes nothing", async () => {
    const { id } = await addUser(db(), { fullName: "Dee Lete", email: "dee@example.com", phone: "+1 555" });
    const before = (await listUsersPage(db(), 1)).total;
    expect(await deleteUser(db(), TEST_ACTOR, 987_654_321)).toBe(false);
    expect((await listUsersPage(db(), 1)).total).toBe(before);
    expect(await deleteUser(db(), TEST_ACTOR, id)).toBe(true);
    expect(await deleteUser(db(), TEST_ACTOR, id)).toBe(false);
    expect((await listUsersPage(db(), 1)).total).toBe(before - 1);
  });

  it("pages contact messages newest first, 50 per page", async () => {
    for (let i = 0; i < 3; i++) {
      await addContact(db(), {
        first: "M",
        last: `${i}`,
        email: "m@example.com",
        phone: "",
        message: `msg ${i}`,
      });
    }
    // Same second: the later id comes first.
    const page = await listContactsPage(db(), 1);
    expect(page.items.map((m) => m.message)).toEqual(["msg 2", "msg 1", "msg 0"]);
    expect(page.items[0]).toMatchObject({ first: "M", last: "2", phone: "" });
    await db()
      .insertInto("contacts")
      .values(
        Array.from({ length: CONTACTS_PER_PAGE }, (_, i) => ({
          first: "Old",
          last: `${i}`,
          email: "old@example.com",
          phone: "",
          message: "old",
          created_at: 1000 + i,
        })),
      )
      .execute();
    const first = await listContactsPage(db(), 1);
    expect(first.total).toBe(CONTACTS_PER_PAGE + 3);
    expect(first.items).toHaveLength(CONTACTS_PER_PAGE);
    expect(first.items[0]?.message).toBe("msg 2");
    const last = await listContactsPage(db(), 2);
    expect(last.items.map((m) => m.createdAt)).toEqual([1002, 1001, 1000]);
  });

  it("groups comments by blog with title and slug, pending first, newest first, filtered and bounded", async () => {
    const a = await blog(db(), "Grouped Alpha");
    const b = await blog(db(), "Grouped Beta");
    const t = 1_750_000_000;
    const insert = (blogId: number, name: string, approved: number, createdAt: number) =>
      db()
        .insertInto("comments")
        .values({
          blog_id: blogId,
          name,
          email: `${name}@example.com`,
          comment: `${name} says hi`,
          approved,
          created_at: createdAt,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
    await insert(a.id, "a-old-approved", 1, t + 1);
    await insert(a.id, "a-new-approved", 1, t + 5);
    await insert(b.id, "b-pending", 0, t + 2);
    await insert(a.id, "a-pending", 0, t + 3);
    // Newest of all, but in the Spam tab: "All", "Pending" and the counts of both leave it out.
    await db()
      .insertInto("comments")
      .values({
        blog_id: a.id,
        name: "a-spam",
        email: "s@example.com",
        comment: "buy",
        approved: 0,
        created_at: t + 9,
        spam: 1,
        spam_reasons: "one\ntwo",
        spam_score: 7.5,
      })
      .execute();

    const groups = await listCommentsByBlog(db());
    // b's pending comment is older than a's, so a's group (newest pending) comes first.
    expect(groups.map((g) => [g.blogTitle, g.blogSlug])).toEqual([
      ["Grouped Alpha", a.slug],
      ["Grouped Beta", b.slug],
    ]);
    expect(groups[0]?.comments.map((c) => c.name)).toEqual(["a-pending", "a-new-approved", "a-old-approved"]);
    expect(groups[0]?.comments[0]).toMatchObject({
      email: "a-pending@example.com",
      comment: "a-pending says hi",
      approved: false,
      createdAt: t + 3,
    });
    expect(groups[0]?.comments[1]?.approved).toBe(true);

    const pending = await listCommentsByBlog(db(), { status: "pending" });
    expect(pending.flatMap((g) => g.comments.map((c) => c.name))).toEqual(["a-pending", "b-pending"]);
    const approved = await listCommentsByBlog(db(), { status: "approved" });
    expect(approved.map((g) => g.blogId)).toEqual([a.id]);
    // Exact names: `every` over an empty list would pass too.
    expect(approved[0]?.comments.map((c) => [c.name, c.approved])).toEqual([
      ["a-new-approved", true],
      ["a-old-approved", true],
    ]);

    expect(await countCommentsByStatus(db())).toEqual({ pending: 2, approved: 2, spam: 1 });
    const spam = await listCommentsByBlog(db(), { status: "spam" });
    expect(spam.flatMap((g) => g.comments)).toMatchObject([
      { name: "a-spam", spam: true, spamReasons: ["one", "two"], spamScore: 7.5 },
    ]);
    expect((await listCommentsByBlog(db(), { limit: 2 })).flatMap((g) => g.comments)).toHaveLength(2);
    expect(parseCommentStatus("pending")).toBe("pending");
    expect(parseCommentStatus("nonsense")).toBe("all");
    expect(parseCommentStatus(null)).toBe("all");
  });

  it("never loads more than the admin limit, and toggling moves a comment between the filters", async () => {
    const c = await blog(db(), "Busy Blog");
    await db()
      .insertInto("comments")
      .values(
        Array.from({ length: ADMIN_COMMENTS_LIMIT + 10 }, (_, i) => ({
          blog_id: c.id,
          name: `n${i}`,
          email: "n@example.com",
          comment: "c",
          approved: 0,
          created_at: 1_000 + i,
        })),
      )
      .execute();
    const all = await listCommentsByBlog(db());
    expect(all.flatMap((g) => g.comments)).toHaveLength(ADMIN_COMMENTS_LIMIT);
    expect((await listCommentsByBlog(db(), { limit: 10_000 })).flatMap((g) => g.comments)).toHaveLength(
      ADMIN_COMMENTS_LIMIT,
    );

    const { id } = await addComment(db(), c.id, { name: "Toggler", email: "t@example.com", comment: "flip" });
    const find = async (status: "pending" | "approved") =>
      (await listCommentsByBlog(db(), { status })).flatMap((g) => g.comments).some((x) => x.id === id);
    expect(await find("pending")).toBe(true);
    expect(await toggleApproved(db(), TEST_ACTOR, id)).toBe(true);
    expect(await find("approved")).toBe(true);
    expect(await find("pending")).toBe(false);
    expect(await toggleApproved(db(), TEST_ACTOR, id)).toBe(false);
    expect(await find("pending")).toBe(true);
  });

  it("saves site info and reads it back", async () => {
    const original = await getSiteInfo(db());
    const next = { ...original, name: "Saved Name", email: "saved@example.com", domain: "saved.example" };
    await saveSiteInfo(db(), TEST_ACTOR, next);
    expect(await getSiteInfo(db())).toEqual(next);
    await saveSiteInfo(db(), TEST_ACTOR, original);
    expect(await getSiteInfo(db())).toEqual(original);
  });

  it("reads the public layout's site info and popup switch together, as each is read alone", async () => {
    const original = await getSiteInfo(db());
    // Menus, design and code as saved: the defaults here (their own tests save them).
    const rest = {
      navigation: DEFAULT_NAVIGATION,
      theme: DEFAULT_THEME,
      words: DEFAULT_WORDS,
      logo: null,
      icon: null,
      homeImage: null,
      // No code injection saved: none.
      codeInjection: { header: { source: "", code: "" }, footer: { source: "", code: "" }, allowedHosts: [] },
    };
    expect(await getPublicSiteSettings(db())).toEqual({ info: original, popupEnabled: false, ...rest });
    const next = { ...original, name: "Layout Name", domain: "layout.example" };
    await saveSiteInfo(db(), TEST_ACTOR, next);
    await setPopupEnabled(db(), TEST_ACTOR, true);
    expect(await getPublicSiteSettings(db())).toEqual({ info: next, popupEnabled: true, ...rest });
    await setPopupEnabled(db(), TEST_ACTOR, false);
    await saveSiteInfo(db(), TEST_ACTOR, original);
    expect(await getPublicSiteSettings(db())).toEqual({ info: original, popupEnabled: false, ...rest });
  });

  it("lists, updates and deletes site numbers per domain", async () => {
    await saveSiteNumbers(db(), TEST_ACTOR, "b.example", { numberIntl: "+2", numberLocal: "2" });
    await saveSiteNumbers(db(), TEST_ACTOR, "A.example", { numberIntl: "+1", numberLocal: "1" });
    await saveSiteNumbers(db(), TEST_ACTOR, "b.example", { numberIntl: "+22", numberLocal: "22" });
    const listed = await listSiteNumbers(db());
    expect(listed.filter((n) => n.domain.endsWith(".example"))).toEqual([
      { domain: "a.example", numberIntl: "+1", numberLocal: "1" },
      { domain: "b.example", numberIntl: "+22", numberLocal: "22" },
    ]);
    expect(await listSiteNumbers(db(), 1)).toHaveLength(1);
    expect(await deleteSiteNumbers(db(), TEST_ACTOR, "B.example")).toBe(true);
    expect(await deleteSiteNumbers(db(), TEST_ACTOR, "b.example")).toBe(false);
    expect(await getSiteNumbers(db(), "b.example")).toEqual(DEFAULT_SITE_NUMBERS);
    expect(await getSiteNumbers(db(), "a.example")).toEqual({ numberIntl: "+1", numberLocal: "1" });
  });
});

// Pure validation (no database): runs once.
it("validates the settings forms: email, host names, phones and lengths", () => {
  const good = {
    name: "  My Site ",
    email: "me@example.com",
    phone: "+1 (555) 010-0199",
    phonecall: "+1 555 010 0199",
    address: "1 Road",
    addressCity: "Town",
    domain: "Example.COM",
  };
  const ok = parseForm(siteInfoSchema, formOf(good));
  expect(ok).toEqual({
    ok: true,
    data: { ...good, name: "My Site", phonecall: "+15550100199", domain: "example.com" },
    values: good,
  });
  expect(parseForm(siteInfoSchema, formOf({ ...good, domain: "" })).ok).toBe(true);

  const bad = parseForm(
    siteInfoSchema,
    formOf({
      ...good,
      name: "",
      email: "nope",
      domain: "https://example.com/",
      phonecall: "call me",
      address: "x".repeat(201),
    }),
  );
  expect(bad.ok).toBe(false);
  if (bad.ok) return;
  expect(Object.keys(bad.fieldErrors).sort()).toEqual(["address", "domain", "email", "name", "phonecall"]);
  expect(bad.fieldErrors.email).toBe("Enter a valid email address.");
  expect(bad.values.name).toBe("");

  expect(
    parseForm(siteNumbersSchema, formOf({ domain: "shop.example", numberIntl: "+44 20", numberLocal: "020" }))
      .ok,
  ).toBe(true);
  const badNumbers = parseForm(siteNumbersSchema, formOf({ domain: "", numberIntl: "abc", numberLocal: "" }));
  expect(badNumbers.ok).toBe(false);
  if (badNumbers.ok) return;
  expect(badNumbers.fieldErrors).toEqual({
    domain: "Domain is required.",
    numberIntl: "International number may contain digits, spaces and + ( ) - . only.",
    numberLocal: "Local number is required.",
  });
  expect(
    parseForm(siteNumbersSchema, formOf({ domain: "bad_host!", numberIntl: "1", numberLocal: "1" })).ok,
  ).toBe(false);
});
