/**
 * The spam score in the site (decision 023), on both engines, through the routes as React Router
 * calls them: a visitor's comment or message is judged as it is stored; spam goes to the Spam tab
 * (never Pending, never public, counted apart); the time to submit counts; "Not spam" restores it
 * and vouches for the commenter's next comment; a known commenter's comment is approved at once
 * when the setting says so; every move is in the activity log.
 */
import { beforeAll, expect, it } from "vitest";
import { blogInput, TEST_ACTOR } from "#tests/support/content.ts";
import { describeRoutesEachEngine, formOf } from "#tests/support/route-harness.ts";

const SPAM_TEXT =
  "Great post! Buy cheap viagra online at http://bit.ly/x2 and http://cheap-pills.xyz best price casino bonus";
const REAL_TEXT =
  "Lovely write-up of Kyoto in autumn. We went in November and the maples were just as you describe.";

describeRoutesEachEngine("spam in comments and messages", (h) => {
  let slug = "";
  let blogId = 0;
  let blogRoute: typeof import("#app/routes/blogs/$slug.tsx");
  let commentsRoute: typeof import("#app/routes/admin/manage-comments.tsx");
  let contactRoute: typeof import("#app/routes/contact.tsx");
  let contactsRoute: typeof import("#app/routes/admin/manage-contacts.tsx");
  let settingsRoute: typeof import("#app/routes/admin/settings.tsx");

  beforeAll(async () => {
    const { createBlog } = await import("#app/server/models/blogs.server.ts");
    const blog = await createBlog(h.db(), TEST_ACTOR, blogInput("Kyoto in autumn", { publishAt: "now" }));
    slug = blog.slug;
    blogId = blog.id;
    blogRoute = await import("#app/routes/blogs/$slug.tsx");
    commentsRoute = await import("#app/routes/admin/manage-comments.tsx");
    contactRoute = await import("#app/routes/contact.tsx");
    contactsRoute = await import("#app/routes/admin/manage-contacts.tsx");
    settingsRoute = await import("#app/routes/admin/settings.tsx");
  });

  /** Posts the public comment form as a visitor; answers where it sent them. */
  async function comment(
    fields: { name: string; email: string; comment: string; elapsed?: string },
    ip: string,
  ) {
    const answer = await h
      .action(blogRoute, `/blogs/${slug}`, formOf({ elapsed: "", ...fields }), {
        cookie: "",
        ip,
        params: { slug },
      })
      .catch((thrown: unknown) => thrown);
    if (!(answer instanceof Response)) throw new Error(`expected a redirect, got ${JSON.stringify(answer)}`);
    return answer.headers.get("location") ?? "";
  }

  async function stored(email: string) {
    return h
      .db()
      .selectFrom("comments")
      .select(["id", "approved", "spam", "not_spam", "spam_reasons"])
      .where("email", "=", email)
      .orderBy("id")
      .execute();
  }

  const moderate = (intent: string, id: number) =>
    h.action(commentsRoute, "/admin/manage-comments", formOf({ intent, id: String(id) }), {
      ip: "192.0.2.9",
    });

  it("holds spam back in the Spam tab, where nobody is told of it and readers never see it", async () => {
    const { countPendingComments, approvedComments } = await import("#app/server/models/comments.server.ts");
    const pendingBefore = await countPendingComments(h.db());
    // The visitor is told the same as for any comment: the spammer learns nothing.
    expect(
      await comment(
        { name: "Deals", email: "deals@spam.test", comment: SPAM_TEXT, elapsed: "30000" },
        "198.51.100.1",
      ),
    ).toBe(`/blogs/${slug}?comment=sent#comments`);
    expect(
      await comment(
        { name: "Ana", email: "ana@reader.test", comment: REAL_TEXT, elapsed: "45000" },
        "198.51.100.2",
      ),
    ).toBe(`/blogs/${slug}?comment=sent#comments`);
    const [spam] = await stored("deals@spam.test");
    expect(spam).toMatchObject({ approved: 0, spam: 1 });
    expect(spam?.spam_reasons).toContain("link shortener: bit.ly");
    expect(await stored("ana@reader.test")).toMatchObject([{ approved: 0, spam: 0 }]);
    expect(await countPendingComments(h.db())).toBe(pendingBefore + 1);

    type Screen = Awaited<ReturnType<typeof commentsRoute.loader>>;
    const spamTab = (await h.loader(commentsRoute, "/admin/manage-comments?status=spam")) as Exclude<
      Screen,
      { error: string } & { groups: null }
    > & { groups: { comments: { id: number; spamReasons: string[] }[] }[]; counts: { spam: number } };
    const shown = spamTab.groups.flatMap((g) => g.comments);
    expect(shown.map((c) => c.id)).toEqual([spam?.id]);
    expect(shown[0]?.spamReasons).toContain("link shortener: bit.ly");
    expect(spamTab.counts.spam).toBe(1);
    const all = (await h.loader(commentsRoute, "/admin/manage-comments")) as typeof spamTab;
    expect(all.groups.flatMap((g) => g.comments).some((c) => c.id === spam?.id)).toBe(false);
    expect((await approvedComments(h.db(), blogId)).length).toBe(0);
  });

  it("counts the time from page load to submit: a real comment sent in under a second is held back", async () => {
    await comment(
      { name: "Quick", email: "quick@reader.test", comment: REAL_TEXT, elapsed: "900" },
      "198.51.100.3",
    );
    await comment(
      { name: "Slow", email: "slow@reader.test", comment: REAL_TEXT, elapsed: "50000" },
      "198.51.100.4",
    );
    // No script, no time: neither held back nor let through for it.
    await comment({ name: "NoJs", email: "nojs@reader.test", comment: REAL_TEXT }, "198.51.100.5");
    expect(await stored("quick@reader.test")).toMatchObject([{ spam: 1 }]);
    expect(await stored("slow@reader.test")).toMatchObject([{ spam: 0 }]);
    expect(await stored("nojs@reader.test")).toMatchObject([{ spam: 0 }]);
  });

  it("Not spam restores a comment to Pending and vouches for the commenter's next one; Spam moves one back", async () => {
    await comment(
      { name: "Hasty", email: "hasty@reader.test", comment: REAL_TEXT, elapsed: "800" },
      "198.51.100.6",
    );
    const [held] = await stored("hasty@reader.test");
    expect(held?.spam).toBe(1);
    // Approve does not apply to a comment in the Spam tab.
    expect(await moderate("toggle", held?.id ?? 0)).toMatchObject({ init: { status: 404 } });
    expect(await moderate("not-spam", held?.id ?? 0)).toMatchObject({
      ok: true,
      toast: { message: "Comment moved to Pending" },
    });
    expect(await stored("hasty@reader.test")).toMatchObject([{ spam: 0, not_spam: 1, approved: 0 }]);
    // Taught: the same hasty commenter is no longer held back for it.
    await comment(
      { name: "Hasty", email: "hasty@reader.test", comment: `${REAL_TEXT} Again!`, elapsed: "800" },
      "198.51.100.7",
    );
    expect((await stored("hasty@reader.test")).map((c) => c.spam)).toEqual([0, 0]);

    expect(await moderate("spam", held?.id ?? 0)).toMatchObject({
      ok: true,
      toast: { message: "Comment moved to Spam" },
    });
    expect((await stored("hasty@reader.test"))[0]).toMatchObject({ spam: 1, not_spam: 0, approved: 0 });
    const entries = await h
      .db()
      .selectFrom("activity_log")
      .select(["kind", "item_label", "address"])
      .where("kind", "in", ["comment_spam", "comment_not_spam"])
      .orderBy("id")
      .execute();
    expect(entries).toEqual([
      { kind: "comment_not_spam", item_label: "Hasty on Kyoto in autumn", address: "192.0.2.9" },
      { kind: "comment_spam", item_label: "Hasty on Kyoto in autumn", address: "192.0.2.9" },
    ]);
  });

  it("approves a known commenter's comment at once only when the setting is on, and never spam", async () => {
    const { approvedComments } = await import("#app/server/models/comments.server.ts");
    await comment(
      { name: "Bo", email: "bo@reader.test", comment: REAL_TEXT, elapsed: "40000" },
      "198.51.100.8",
    );
    const [first] = await stored("bo@reader.test");
    expect(await moderate("toggle", first?.id ?? 0)).toMatchObject({ ok: true });

    // Off (the default): the next comment waits.
    const waits = await comment(
      { name: "Bo", email: "bo@reader.test", comment: "Second visit, still lovely.", elapsed: "40000" },
      "198.51.100.9",
    );
    expect(waits).toBe(`/blogs/${slug}?comment=sent#comments`);
    expect((await stored("bo@reader.test")).map((c) => c.approved)).toEqual([1, 0]);

    const on = formOf({ intent: "comments", approveKnown: "on" });
    expect(await h.action(settingsRoute, "/admin/settings", on)).toMatchObject({ ok: true });
    const published = await comment(
      { name: "Bo", email: "BO@reader.test", comment: "Third visit: the moss garden.", elapsed: "40000" },
      "198.51.100.10",
    );
    expect(published).toBe(`/blogs/${slug}?comment=published#comments`);
    const thirdVisit = await h
      .db()
      .selectFrom("comments")
      .select("approved")
      .where("comment", "=", "Third visit: the moss garden.")
      .executeTakeFirstOrThrow();
    expect(thirdVisit.approved).toBe(1);
    expect((await approvedComments(h.db(), blogId)).map((c) => c.comment)).toContain(
      "Third visit: the moss garden.",
    );
    // A known commenter's spam is still held back.
    await comment(
      { name: "Bo", email: "bo@reader.test", comment: SPAM_TEXT, elapsed: "40000" },
      "198.51.100.11",
    );
    const last = (await stored("bo@reader.test")).at(-1);
    expect(last).toMatchObject({ spam: 1, approved: 0 });

    const off = formOf({ intent: "comments" });
    expect(await h.action(settingsRoute, "/admin/settings", off)).toMatchObject({ ok: true });
    const logged = await h
      .db()
      .selectFrom("activity_log")
      .select("detail")
      .where("kind", "=", "settings_changed")
      .where("detail", "like", "Comment settings%")
      .orderBy("id")
      .execute();
    expect(logged.map((e) => e.detail)).toEqual([
      "Comment settings: a known commenter's comments are approved at once",
      "Comment settings: every comment waits for a moderator",
    ]);
  });

  it("holds back spam contact messages in a Spam box, with Not spam to bring one to the inbox", async () => {
    const message = (text: string, elapsed: string, ip: string) =>
      h
        .action(
          contactRoute,
          "/contact",
          formOf({ first: "Sam", last: "Seller", email: "sam@spam.test", phone: "", message: text, elapsed }),
          { cookie: "", ip },
        )
        .catch((thrown: unknown) => thrown);
    await message(SPAM_TEXT, "20000", "203.0.113.1");
    await message(
      "Which month is best for the Douro valley? We travel with two children.",
      "60000",
      "203.0.113.2",
    );
    type Boxes = {
      messages: { items: { id: number; message: string; spamReasons: string[] }[] };
      counts: { inbox: number; spam: number };
    };
    const spamBox = (await h.loader(contactsRoute, "/admin/manage-contacts?box=spam")) as Boxes;
    expect(spamBox.messages.items.map((m) => m.message)).toEqual([SPAM_TEXT]);
    expect(spamBox.messages.items[0]?.spamReasons.length).toBeGreaterThan(0);
    const inbox = (await h.loader(contactsRoute, "/admin/manage-contacts")) as Boxes;
    expect(inbox.messages.items.map((m) => m.message)).not.toContain(SPAM_TEXT);
    expect(inbox.counts).toEqual({ inbox: inbox.messages.items.length, spam: 1 });

    const id = String(spamBox.messages.items[0]?.id);
    const moved = await h.action(contactsRoute, "/admin/manage-contacts", formOf({ intent: "not-spam", id }));
    expect(moved).toMatchObject({ ok: true, toast: { message: "Message moved to the inbox" } });
    expect(
      ((await h.loader(contactsRoute, "/admin/manage-contacts")) as Boxes).messages.items.map(
        (m) => m.message,
      ),
    ).toContain(SPAM_TEXT);
    const gone = await h.action(
      contactsRoute,
      "/admin/manage-contacts",
      formOf({ intent: "spam", id: "999999" }),
    );
    expect(gone).toMatchObject({ init: { status: 404 } });
    const junk = await h.action(
      contactsRoute,
      "/admin/manage-contacts",
      formOf({ intent: "delete-everything", id }),
    );
    expect(junk).toMatchObject({ init: { status: 400 } });
    const entries = await h
      .db()
      .selectFrom("activity_log")
      .select(["kind", "item_label"])
      .where("kind", "=", "message_not_spam")
      .execute();
    expect(entries).toEqual([{ kind: "message_not_spam", item_label: "Sam Seller" }]);
  });
});
