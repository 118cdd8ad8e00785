/**
 * The blog editor's **Send to subscribers** choice through the Add Blog and edit routes, on both
 * engines: with mail on, a ticked box leaves a waiting send (the background sender starts it once
 * the blog is live, which is not tested here), an unticked one none; Save draft remembers it; an
 * edit that unticks it removes a waiting send but never a started one. With mail off the box is
 * ignored. The forms' loaders count confirmed subscribers only, and show a started send.
 */
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { beforeAll, beforeEach, expect, it, vi } from "vitest";
import { answerOf, describeRoutesEachEngine, formOf } from "#tests/support/route-harness.ts";

type BlogList = typeof import("#app/routes/admin/blog/index.tsx");
type BlogEdit = typeof import("#app/routes/admin/blog/edit.tsx");
type EditorData = {
  subscribers: number;
  mailOn: boolean;
  sendChoice: { chosen: boolean; started: { at: number; recipients: number } | null };
};

const IMAGE = "https://example.com/harbour.jpg";

/** Mail on, as a site owner turns it on (config.server.ts wants all three together). */
function mailOn() {
  vi.stubEnv("SMTP_URL", "smtp://127.0.0.1:2525");
  vi.stubEnv("MAIL_FROM", "Wanderplate <hello@wanderplate.test>");
  vi.stubEnv("PUBLIC_URL", "https://blog.example.test");
}

const mailOff = () => vi.stubEnv("SMTP_URL", "");

describeRoutesEachEngine("Send to subscribers in the blog editor", (h) => {
  let list: BlogList;
  let edit: BlogEdit;
  beforeAll(async () => {
    list = await import("#app/routes/admin/blog/index.tsx");
    edit = await import("#app/routes/admin/blog/edit.tsx");
  });
  beforeEach(mailOn);

  let n = 0;
  /** The Add Blog form, filled; `fields` adds or overrides (the box: sendToSubscribers: "on"). */
  const addForm = (title: string, fields: Record<string, string> = {}) =>
    formOf({
      intent: "create",
      title,
      content: "<p>Boats come in before seven.</p>",
      date: "2025-09-14",
      author: "Ana Costa",
      imageUrl: IMAGE,
      publication: "publish",
      ...fields,
    });

  /** Adds a blog through the Add Blog action; answers its id. */
  async function add(fields: Record<string, string> = {}): Promise<number> {
    const title = `Harbour Notes ${++n}`;
    const answer = (await answerOf(h.action(list, "/admin/blog", addForm(title, fields)))) as {
      ok?: boolean;
    };
    expect(answer.ok).toBe(true);
    const row = await h
      .db()
      .selectFrom("blogs")
      .select("id")
      .where("title", "=", title)
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** Saves the edit form of blog `id` (a redirect with its toast when saved). */
  async function save(id: number, fields: Record<string, string> = {}) {
    const form = formOf({
      title: `Edited Notes ${id}`,
      content: "<p>Boats come in before eight.</p>",
      date: "2025-09-15",
      author: "Ana Costa",
      publication: "publish",
      ...fields,
    });
    const answer = await answerOf(h.action(edit, `/admin/blog/edit?id=${id}`, form));
    expect(answer).toBeInstanceOf(Response);
    expect((answer as Response).status).toBe(302);
  }

  const sendsOf = (blogId: number) =>
    h
      .db()
      .selectFrom("newsletter_sends")
      .select(["round", "status", "requested_by"])
      .where("blog_id", "=", blogId)
      .orderBy("round")
      .execute();

  const editData = async (id: number) => (await h.loader(edit, `/admin/blog/edit?id=${id}`)) as EditorData;

  it("the forms count confirmed subscribers only, and say whether mail is on", async () => {
    const now = Math.floor(Date.now() / 1000);
    const states = ["subscribed", "subscribed", "subscribed", "pending", "unsubscribed", "bounced"];
    await h
      .db()
      .insertInto("users")
      .values(
        states.map((subscription, i) => ({
          full_name: `Reader ${i}`,
          email: `reader${i}@example.test`,
          phone: "",
          created_at: now,
          subscription,
        })),
      )
      .execute();
    const added = (await h.loader(list, "/admin/blog")) as EditorData;
    expect({ subscribers: added.subscribers, mailOn: added.mailOn, sendChoice: added.sendChoice }).toEqual({
      subscribers: 3,
      mailOn: true,
      sendChoice: { chosen: false, started: null },
    });
    // The dashboard is the same screen, with the same form.
    expect(((await h.loader(list, "/admin/dashboard")) as EditorData).subscribers).toBe(3);
    const id = await add();
    expect(await editData(id)).toMatchObject({ subscribers: 3, mailOn: true });
    mailOff();
    expect(((await h.loader(list, "/admin/blog")) as EditorData).mailOn).toBe(false);
    expect((await editData(id)).mailOn).toBe(false);
  });

  it("publishing with the box ticked leaves one waiting send, asked for by the signed-in admin", async () => {
    const id = await add({ sendToSubscribers: "on" });
    expect(await sendsOf(id)).toEqual([{ round: 1, status: "waiting", requested_by: "owner@example.com" }]);
    expect((await editData(id)).sendChoice).toEqual({ chosen: true, started: null });
  });

  it("a scheduled blog's send waits too (the sender starts it when the time comes)", async () => {
    const id = await add({ sendToSubscribers: "on", publishAt: "2099-01-01T09:00", publishZone: "UTC" });
    const blog = await h
      .db()
      .selectFrom("blogs")
      .select("publish_at")
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(blog.publish_at).toBe(Date.UTC(2099, 0, 1, 9) / 1000);
    expect(await sendsOf(id)).toEqual([{ round: 1, status: "waiting", requested_by: "owner@example.com" }]);
  });

  it("publishing with the box unticked leaves no send", async () => {
    const id = await add();
    expect(await sendsOf(id)).toEqual([]);
    expect((await editData(id)).sendChoice).toEqual({ chosen: false, started: null });
  });

  it("Save draft remembers the choice, and the edit form shows it until it is unticked", async () => {
    const id = await add({ sendToSubscribers: "on", publication: "draft" });
    const draft = await h
      .db()
      .selectFrom("blogs")
      .select("publish_at")
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(draft.publish_at).toBeNull();
    expect(await sendsOf(id)).toEqual([{ round: 1, status: "waiting", requested_by: "owner@example.com" }]);
    expect((await editData(id)).sendChoice).toEqual({ chosen: true, started: null });

    // Saved again with the box still ticked: still the one send.
    await save(id, { sendToSubscribers: "on", publication: "draft" });
    expect(await sendsOf(id)).toHaveLength(1);

    // Unticked on the edit form: the waiting send goes.
    await save(id, { publication: "draft" });
    expect(await sendsOf(id)).toEqual([]);
    expect((await editData(id)).sendChoice).toEqual({ chosen: false, started: null });

    // Ticked on the edit form as it is published.
    await save(id, { sendToSubscribers: "on" });
    expect(await sendsOf(id)).toEqual([{ round: 1, status: "waiting", requested_by: "owner@example.com" }]);
  });

  it("a started send is shown with its time and readers, and no later save removes or repeats it", async () => {
    const id = await add({ sendToSubscribers: "on" });
    const startedAt = Math.floor(Date.now() / 1000) - 3600;
    await h
      .db()
      .updateTable("newsletter_sends")
      .set({ status: "sending", started_at: startedAt, recipients: 1234 })
      .where("blog_id", "=", id)
      .execute();
    expect((await editData(id)).sendChoice).toEqual({
      chosen: true,
      started: { at: startedAt, recipients: 1234 },
    });

    // The edit form has no box then, so a save posts none: the send stays as it is.
    await save(id);
    expect(await sendsOf(id)).toEqual([{ round: 1, status: "sending", requested_by: "owner@example.com" }]);
    // Unpublished and published again, with the box ticked (a stale form): still the one send.
    await save(id, { publication: "draft" });
    await save(id, { sendToSubscribers: "on" });
    expect(await sendsOf(id)).toEqual([{ round: 1, status: "sending", requested_by: "owner@example.com" }]);
  });

  it("with mail off the box is ignored: no send is made, and a waiting one is not removed", async () => {
    const kept = await add({ sendToSubscribers: "on", publication: "draft" });
    mailOff();
    const id = await add({ sendToSubscribers: "on" });
    expect(await sendsOf(id)).toEqual([]);
    await save(id, { sendToSubscribers: "on" });
    expect(await sendsOf(id)).toEqual([]);
    // A disabled box posts nothing: the choice made while mail was on stays.
    await save(kept, { publication: "draft" });
    expect(await sendsOf(kept)).toHaveLength(1);
  });

  it("a refused form makes no send and gives the box back as it was", async () => {
    const allSends = () => h.db().selectFrom("newsletter_sends").select("id").execute();
    const before = await allSends();
    const answer = (await answerOf(
      h.action(list, "/admin/blog", addForm("", { sendToSubscribers: "on" })),
    )) as { data: { values: Record<string, string> }; init: ResponseInit | null };
    expect(answer.init?.status).toBe(400);
    expect(answer.data.values.sendToSubscribers).toBe("on");
    expect(await allSends()).toEqual(before);
  });

  it("a preview of a form with the box ticked writes no send", async () => {
    const id = await add();
    const preview = await import("#app/routes/admin/preview/blog/$id.tsx");
    const form = addForm("Previewed Notes", { sendToSubscribers: "on" });
    form.delete("intent");
    form.set("content", "<p>Still drafting.</p>");
    const answer = (await answerOf(
      h.action(preview, `/admin/preview/blog/${id}`, form, { params: { id: String(id) } }),
    )) as { init: ResponseInit | null };
    expect(answer.init?.status).toBe(200);
    expect(await sendsOf(id)).toEqual([]);
  });

  it("the edit form shows the box, its hint, or the started send, as the page is rendered", async () => {
    const id = await add({ sendToSubscribers: "on" });
    const html = async (blogId = id) => {
      const data = await h.loader(edit, `/admin/blog/edit?id=${blogId}`);
      const Stub = createRoutesStub([{ id: "edit", path: "/admin/blog/edit", Component: edit.default }]);
      return renderToString(
        createElement(Stub, {
          initialEntries: [`/admin/blog/edit?id=${blogId}`],
          hydrationData: { loaderData: { edit: data } },
        }),
      );
    };
    const box = /<input[^>]*type="checkbox"[^>]*name="sendToSubscribers"[^>]*>/;
    const ticked = await html();
    expect(ticked).toMatch(box);
    expect(box.exec(ticked)?.[0]).toContain('checked=""');
    expect(box.exec(ticked)?.[0]).not.toContain('disabled=""');
    expect(ticked).toMatch(/<label[^>]*>Send to subscribers<\/label>/);
    // The blog is live already: saving with the box ticked sends it, and the hint says so.
    expect(ticked).toMatch(
      /Emails this blog to \d+ confirmed subscribers? when you save: it is published already\./,
    );
    const draft = await add({ sendToSubscribers: "on", publication: "draft" });
    const draftHtml = await html(draft);
    expect(draftHtml).toMatch(/Emails this blog to \d+ confirmed subscribers? when it is published\./);

    mailOff();
    const off = await html();
    expect(box.exec(off)?.[0]).toContain('disabled=""');
    expect(off).toContain("Mail is off: set SMTP_URL and MAIL_FROM to send blogs to subscribers.");
    mailOn();

    await h
      .db()
      .updateTable("newsletter_sends")
      .set({ status: "done", started_at: Date.UTC(2025, 8, 14, 7, 30) / 1000, recipients: 1234 })
      .where("blog_id", "=", id)
      .execute();
    const sent = await html();
    expect(sent).not.toMatch(box);
    expect(sent.replaceAll("<!-- -->", "")).toMatch(
      /Sent to 1,234 subscribers on <time dateTime="2025-09-14T07:30:00.000Z">Sep 14, 2025, 7:30 AM<\/time>/,
    );
  });
});
