/**
 * /admin/newsletter through its route modules, on both engines: only an admin reaches it; each
 * send's counts match the deliveries it has (by status, and readers who left since) with its
 * commonest failure reasons; the subscriber history counts today's subscribers by the month they
 * joined; "Send test to me" queues exactly one ordinary mail to the signed-in admin, and is refused
 * while mail is off; "Send again" makes round 2 of a sent blog and refuses an unsent one; the
 * settings persist; a missing or malformed blog id is a 400 that writes nothing. Each form posts to
 * its own address (/admin/newsletter/send-test, /resend, /settings).
 */
import { beforeAll, beforeEach, expect, it, vi } from "vitest";
import { TEST_ACTOR } from "#tests/support/content.ts";
import { answered, answerOf, describeRoutesEachEngine, formOf } from "#tests/support/route-harness.ts";

type Screen = typeof import("#app/routes/admin/newsletter/index.tsx");
/** The screen's forms, each at its own address: /admin/newsletter/<form>. */
type Form = "send-test" | "resend" | "settings";
type Reports = typeof import("#app/server/newsletter/reports.server.ts");
type SendReport = import("#app/server/newsletter/reports.server.ts").SendReport;

/** What the loader answers when it has loaded. */
type Loaded = {
  mailOn: boolean;
  email: string;
  subscribers: number;
  sends: { items: SendReport[]; page: number; pageCount: number; total: number };
  history: { month: string; count: number }[];
  settings: { fullText: boolean };
  blogs: { id: number; title: string }[];
};

/** An action's answer: adminOk's object, or adminFail's data() with its status. */
type Answer = {
  ok?: boolean;
  toast?: { message: string };
  data?: { ok: boolean; toast: { message: string }; fieldErrors?: Record<string, string> };
  init?: { status?: number } | null;
};

const ADMIN_EMAIL = "owner@example.com";
const PUBLIC_URL = "https://blog.example.test";

/** Mail on, as a site owner turns it on (config.server.ts wants all three together). */
function mailOn() {
  vi.stubEnv("SMTP_URL", "smtp://127.0.0.1:2525");
  vi.stubEnv("MAIL_FROM", "Wanderplate <hello@wanderplate.test>");
  vi.stubEnv("PUBLIC_URL", PUBLIC_URL);
}

const mailOff = () => vi.stubEnv("SMTP_URL", "");

describeRoutesEachEngine("the admin's newsletter screen", (h, engine) => {
  let screen: Screen;
  let forms: Record<Form, { action: (args: never) => unknown }>;
  let reports: Reports;
  let createBlog: typeof import("#app/server/models/blogs.server.ts").createBlog;
  let bucketOf: typeof import("#app/lib/months.ts").bucketOf;
  let lastMonths: typeof import("#app/lib/months.ts").lastMonths;
  beforeAll(async () => {
    screen = await import("#app/routes/admin/newsletter/index.tsx");
    forms = {
      "send-test": await import("#app/routes/admin/newsletter/send-test.tsx"),
      resend: await import("#app/routes/admin/newsletter/resend.tsx"),
      settings: await import("#app/routes/admin/newsletter/settings.tsx"),
    };
    reports = await import("#app/server/newsletter/reports.server.ts");
    ({ createBlog } = await import("#app/server/models/blogs.server.ts"));
    ({ bucketOf, lastMonths } = await import("#app/lib/months.ts"));
  });
  beforeEach(mailOn);

  const now = () => Math.floor(Date.now() / 1000);
  let blogs = 0;
  /** A published blog; answers its id, title and slug. */
  async function blog(title = `Harbour Notes ${++blogs} ${engine}`) {
    const b = await createBlog(h.db(), TEST_ACTOR, {
      title,
      content: "<p>Boats come in before seven.</p>",
      author: "Ana",
      date: "2025-09-14",
      imageUrl: "https://example.com/harbour.jpg",
    });
    return { id: b.id, title, slug: b.slug };
  }

  let readers = 0;
  /** Readers with `subscription`, joined at `createdAt`; answers their ids. */
  async function addReaders(count: number, subscription = "subscribed", createdAt = now() - 86_400) {
    const ids: number[] = [];
    for (let i = 0; i < count; i++) {
      const n = ++readers;
      const row = await h
        .db()
        .insertInto("users")
        .values({
          full_name: `Reader ${n}`,
          email: `reader${n}-${engine}@example.test`,
          phone: "",
          created_at: createdAt,
          subscription,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      ids.push(row.id);
    }
    return ids;
  }

  /** A send row as the sender leaves it; answers its id. */
  async function addSend(
    blogId: number,
    {
      round = 1,
      status = "done",
      requestedAt = now() - 600,
    }: { round?: number; status?: string; requestedAt?: number } = {},
  ) {
    const row = await h
      .db()
      .insertInto("newsletter_sends")
      .values({
        blog_id: blogId,
        round,
        status,
        requested_by: ADMIN_EMAIL,
        requested_at: requestedAt,
        started_at: status === "waiting" ? null : requestedAt + 60,
        finished_at: status === "done" ? requestedAt + 120 : null,
        subject: "Harbour Notes",
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** One delivery per reader of `userIds`, in `status` (with `error` for a failed one). */
  async function addDeliveries(
    sendId: number,
    userIds: number[],
    status: string,
    error: string | null = null,
  ) {
    if (userIds.length === 0) return;
    await h
      .db()
      .insertInto("newsletter_deliveries")
      .values(userIds.map((user_id) => ({ send_id: sendId, user_id, status, error, updated_at: now() })))
      .execute();
    await h
      .db()
      .updateTable("newsletter_sends")
      .set((eb) => ({ recipients: eb("recipients", "+", userIds.length) }))
      .where("id", "=", sendId)
      .execute();
  }

  const load = async () => (await h.loader(screen, "/admin/newsletter")) as Loaded;
  const post = async (form: Form, fields: Record<string, string>, cookie?: string) =>
    (await answerOf(h.action(forms[form], `/admin/newsletter/${form}`, formOf(fields), cookie))) as Answer;
  const refusal = (answer: Answer) => ({ status: answer.init?.status, message: answer.data?.toast.message });

  /** What an action may write: the outbox, the sends and the settings. */
  const written = async () => ({
    outbox: await h
      .db()
      .selectFrom("mail_outbox")
      .select(["id", "to_address", "subject"])
      .orderBy("id")
      .execute(),
    sends: await h
      .db()
      .selectFrom("newsletter_sends")
      .select(["id", "blog_id", "round", "status"])
      .orderBy("id")
      .execute(),
    settings: await h.db().selectFrom("settings").selectAll().execute(),
  });

  it("refuses visitors (to the login) and editors (403), on the loader and every button", async () => {
    const { id } = await blog();
    const before = await written();
    const editor = await h.signIn(`editor-${engine}@example.com`, "editor");
    for (const cookie of ["", editor]) {
      // An editor's refusal is thrown as React Router takes it: `data()` with its status.
      const settled = (pending: Promise<unknown>) => pending.catch((e: unknown) => e);
      const answers = [
        await settled(answerOf(h.loader(screen, "/admin/newsletter", cookie))),
        await settled(post("send-test", { blogId: String(id) }, cookie)),
        await settled(post("resend", { blogId: String(id) }, cookie)),
        await settled(post("settings", { fullText: "off" }, cookie)),
      ];
      for (const answer of answers) {
        if (cookie === editor) {
          // An editor is staff, but the newsletter is the administrator's: 403 (lib/roles.ts).
          expect(answered(answer).status).toBe(403);
          continue;
        }
        expect(answer).toBeInstanceOf(Response);
        expect((answer as Response).status).toBe(302);
        expect((answer as Response).headers.get("location")).toBe("/admin/login");
      }
    }
    expect(await written()).toEqual(before);
  });

  it("counts each send's deliveries by status and the readers who left since, in one page", async () => {
    const sent = await blog();
    const waiting = await blog();
    const stayed = await addReaders(9);
    const [unsubscribed = 0, bounced = 0] = await addReaders(2);
    const sendId = await addSend(sent.id, { status: "sending", requestedAt: now() - 300 });
    await addDeliveries(sendId, stayed.slice(0, 1), "pending");
    await addDeliveries(sendId, stayed.slice(1, 3), "queued");
    await addDeliveries(sendId, [...stayed.slice(3, 5), unsubscribed], "sent");
    await addDeliveries(sendId, stayed.slice(5, 7), "failed", "550 5.1.1 mailbox unavailable");
    await addDeliveries(sendId, stayed.slice(7, 8), "failed", "connection timed out");
    await addDeliveries(sendId, stayed.slice(8, 9), "failed", null);
    await addDeliveries(sendId, [bounced], "skipped");
    // Both left after the send started.
    await h
      .db()
      .updateTable("users")
      .set({ subscription: "unsubscribed" })
      .where("id", "=", unsubscribed)
      .execute();
    await h.db().updateTable("users").set({ subscription: "bounced" }).where("id", "=", bounced).execute();
    // Requested later: listed first. No deliveries yet.
    const waitingId = await addSend(waiting.id, { status: "waiting", requestedAt: now() - 100 });

    const { sends } = await load();
    const shown = sends.items.filter((s) => s.id === sendId || s.id === waitingId);
    expect(shown.map((s) => s.id)).toEqual([waitingId, sendId]);
    expect(shown[0]).toMatchObject({
      blogId: waiting.id,
      blogTitle: waiting.title,
      blogSlug: waiting.slug,
      round: 1,
      status: "waiting",
      startedAt: null,
      recipients: 0,
      counts: { pending: 0, queued: 0, sent: 0, failed: 0, skipped: 0, unsubscribedSince: 0 },
      failures: [],
    });
    expect(shown[1]).toMatchObject({
      blogTitle: sent.title,
      blogSlug: sent.slug,
      round: 1,
      status: "sending",
      requestedBy: ADMIN_EMAIL,
      recipients: 11,
      counts: { pending: 1, queued: 2, sent: 3, failed: 4, skipped: 1, unsubscribedSince: 2 },
      // The commonest first; ties in text order; a failure without text reads as "".
      failures: [
        { error: "550 5.1.1 mailbox unavailable", count: 2 },
        { error: "", count: 1 },
        { error: "connection timed out", count: 1 },
      ],
    });
    expect(shown[1]?.startedAt).toBeTypeOf("number");

    // At most three reasons per send, however many there are.
    await addDeliveries(sendId, await addReaders(1), "failed", "a fourth reason");
    const [reasons] = [(await reports.failureReasons(h.db(), [sendId])).get(sendId)];
    expect(reasons?.map((r) => r.count)).toEqual([2, 1, 1]);
  });

  it("pages the sends, newest first", async () => {
    const { id } = await blog();
    for (let round = 2; round <= 24; round++)
      await addSend(id, { round, requestedAt: now() - 50_000 + round });
    const first = await reports.listSends(h.db(), 1);
    const second = await reports.listSends(h.db(), 2);
    expect(first.items).toHaveLength(reports.SENDS_PER_PAGE);
    expect(first.total).toBeGreaterThanOrEqual(23);
    const requested = [...first.items, ...second.items].map((s) => s.requestedAt);
    expect(requested).toEqual([...requested].sort((a, b) => b - a));
    expect(second.page).toBe(2);
  });

  it("counts today's subscribers by the month they joined, as a running total", async () => {
    // A year of its own, far ahead, so the other tests' readers all joined before it.
    const at = (iso: string) => Date.parse(iso) / 1000;
    const NOW = at("2031-03-15T12:00:00Z");
    const before = await reports.subscriberHistory(h.db(), { now: NOW });
    const base = before[0]?.count ?? 0;
    expect(before).toHaveLength(12);
    expect(before.every((p) => p.count === base)).toBe(true);

    const joined = [
      "2029-05-01T00:00:00Z", // before the window
      "2030-04-01T00:00:00Z", // the first month's first second
      "2030-04-30T23:59:59Z",
      "2030-05-01T00:00:00Z",
      "2031-01-31T10:00:00Z",
      "2031-03-14T00:00:00Z",
      "2031-03-15T12:00:00Z",
    ];
    for (const iso of joined) await addReaders(1, "subscribed", at(iso));
    // Not subscribed today: in no month.
    await addReaders(1, "unsubscribed", at("2030-06-10T00:00:00Z"));
    await addReaders(1, "bounced", at("2030-06-10T00:00:00Z"));
    await addReaders(1, "pending", at("2031-03-01T00:00:00Z"));

    const history = await reports.subscriberHistory(h.db(), { now: NOW });
    expect(history.map((p) => p.month)).toEqual([
      "2030-04",
      "2030-05",
      "2030-06",
      "2030-07",
      "2030-08",
      "2030-09",
      "2030-10",
      "2030-11",
      "2030-12",
      "2031-01",
      "2031-02",
      "2031-03",
    ]);
    expect(history.map((p) => p.count - base)).toEqual([3, 4, 4, 4, 4, 4, 4, 4, 4, 5, 5, 7]);
    // The database's months are the rule's months (lib/months.ts).
    const window = lastMonths(NOW, 12);
    const byRule = history.map((_, i) => joined.filter((iso) => bucketOf(at(iso), window) <= i + 1).length);
    expect(history.map((p) => p.count - base)).toEqual(byRule);

    // The screen's own: twelve months up to today, ending at today's count of subscribers (those
    // with a join date ahead of the clock count in the last month).
    const loaded = await load();
    expect(loaded.history).toHaveLength(12);
    expect(loaded.history.at(-1)?.count).toBe(loaded.subscribers);
  });

  it("Send test to me queues one ordinary mail to the signed-in admin, with a working unsubscribe link", async () => {
    const { id, title } = await blog("Dawn at the Fish Market");
    const before = await written();
    const answer = await post("send-test", { blogId: String(id) });
    expect(answer.ok).toBe(true);
    expect(answer.toast?.message).toBe(`Test mail sent to ${ADMIN_EMAIL}.`);
    const mails = await h
      .db()
      .selectFrom("mail_outbox")
      .selectAll()
      .where("id", ">", before.outbox.at(-1)?.id ?? 0)
      .execute();
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail?.to_address).toBe(ADMIN_EMAIL);
    expect(mail?.subject).toBe(`[Test] ${title}`);
    expect(mail?.newsletter_delivery_id).toBeNull();
    expect(JSON.parse(mail?.headers ?? "")).toEqual({});
    for (const body of [mail?.text_body ?? "", mail?.html_body ?? ""]) {
      expect(body).toContain(`${PUBLIC_URL}/unsubscribe`);
      expect(body).not.toContain("unsubscribe.invalid");
    }
    expect(mail?.html_body).toContain(title);
    // No send, no delivery: a test is not a send.
    expect((await written()).sends).toEqual(before.sends);

    // The screen offers that blog to test.
    expect((await load()).blogs).toContainEqual({ id, title });
  });

  it("Send test to me is refused while mail is off, and for a blog that is gone", async () => {
    const { id } = await blog();
    const before = await written();
    mailOff();
    expect((await load()).mailOn).toBe(false);
    expect(refusal(await post("send-test", { blogId: String(id) }))).toEqual({
      status: 400,
      message: "Mail is off: set SMTP_URL and MAIL_FROM to send mail.",
    });
    expect(refusal(await post("resend", { blogId: String(id) }))).toEqual({
      status: 400,
      message: "Mail is off: set SMTP_URL and MAIL_FROM to send mail.",
    });
    mailOn();
    expect(refusal(await post("send-test", { blogId: "999999" }))).toEqual({
      status: 404,
      message: "This blog no longer exists.",
    });
    expect(await written()).toEqual(before);
  });

  it("Send again after a finished first send makes round 2, to the readers it has not reached", async () => {
    const { id } = await blog();
    const [got, failed] = await addReaders(2);
    const first = await addSend(id, { status: "done" });
    await addDeliveries(first, [got ?? 0], "sent");
    await addDeliveries(first, [failed ?? 0], "failed", "connection timed out");
    const reached = 1;
    const subscribers = Number(
      (
        await h
          .db()
          .selectFrom("users")
          .select((eb) => eb.fn.countAll().as("n"))
          .where("subscription", "=", "subscribed")
          .executeTakeFirstOrThrow()
      ).n,
    );
    const answer = await post("resend", { blogId: String(id) });
    expect(answer.toast?.message).toBe(
      `Sending again to ${subscribers - reached} readers who have not had it.`,
    );
    const rounds = await h
      .db()
      .selectFrom("newsletter_sends")
      .select(["round", "status", "requested_by", "recipients"])
      .where("blog_id", "=", id)
      .orderBy("round")
      .execute();
    expect(rounds).toEqual([
      { round: 1, status: "done", requested_by: ADMIN_EMAIL, recipients: 2 },
      { round: 2, status: "sending", requested_by: ADMIN_EMAIL, recipients: subscribers - reached },
    ]);
    const round2 = (await reports.listSends(h.db(), 1)).items.find((s) => s.blogId === id && s.round === 2);
    expect(round2?.counts.pending).toBe(subscribers - reached);

    // While round 2 is sending, another re-send waits: it would reach its pending readers twice.
    expect(refusal(await post("resend", { blogId: String(id) }))).toEqual({
      status: 409,
      message: "This blog is still being sent: send it again once that is done.",
    });
  });

  it("Send again of a blog not sent yet is a 400 that writes nothing", async () => {
    const never = await blog();
    const waiting = await blog();
    await addSend(waiting.id, { status: "waiting" });
    const before = await written();
    for (const { id } of [never, waiting])
      expect(refusal(await post("resend", { blogId: String(id) }))).toEqual({
        status: 400,
        message: "This blog has not been sent yet.",
      });
    expect(await written()).toEqual(before);
  });

  it("saves the settings: the whole blog or the excerpt with a link", async () => {
    const { getNewsletterSettings } = await import("#app/server/models/settings.server.ts");
    expect((await load()).settings).toEqual({ fullText: true });
    const off = await post("settings", { fullText: "off" });
    expect(off.toast?.message).toBe("Newsletter settings saved.");
    expect(await getNewsletterSettings(h.db())).toEqual({ fullText: false });
    expect((await load()).settings).toEqual({ fullText: false });
    await post("settings", { fullText: "on" });
    expect(await getNewsletterSettings(h.db())).toEqual({ fullText: true });
    // Nothing chosen (a browser without the radio's value) reads as the excerpt.
    await post("settings", {});
    expect(await getNewsletterSettings(h.db())).toEqual({ fullText: false });
    await post("settings", { fullText: "on" });
  });

  it("a missing or malformed blog id is a 400 that writes nothing", async () => {
    const before = await written();
    for (const form of ["send-test", "resend"] as const)
      expect(refusal(await post(form, {})), form).toEqual({ status: 400, message: "Choose a blog." });
    for (const blogId of ["12abc", "0", "-3", "", "1.5", "9".repeat(20)]) {
      for (const form of ["send-test", "resend"] as const) {
        const answer = await post(form, { blogId });
        expect(refusal(answer), `${form} ${blogId}`).toEqual({ status: 400, message: "Choose a blog." });
        expect(answer.data?.fieldErrors?.blogId).toBe("Choose a blog.");
      }
    }
    expect(await written()).toEqual(before);
  });
});
