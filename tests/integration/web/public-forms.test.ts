/**
 * The public forms (comment, contact, sign-up) share one rate limit per form and client address:
 * 5 accepted submissions per 10-minute window (FORM_RATE_LIMIT unset here), then 429.
 */
import { afterEach, beforeAll, expect, it, vi } from "vitest";
import { contactSchema } from "#app/forms/contact.ts";
import type { DB } from "#app/server/db/db.server.ts";
import { publicFormRefused, readForm } from "#app/server/http/forms.server.ts";
import { blogInput, TEST_ACTOR } from "#tests/support/content.ts";
import { describeEachEngine } from "#tests/support/engines.ts";
import { describeRoutesEachEngine } from "#tests/support/route-harness.ts";

const LIMIT = 5;
const WINDOW_SECONDS = 600;
const TOO_MANY = "Too many submissions from your connection. Please try again in a few minutes.";

const contact = {
  first: "Ana",
  last: "Silva",
  email: "ana@example.com",
  phone: "+351 21 000 0000",
  message: "Which month is best for the Douro valley?",
};

function post(fields: Record<string, string>, path = "/contact"): Request {
  return new Request(`http://127.0.0.1${path}`, { method: "POST", body: new URLSearchParams(fields) });
}

/** The status a route action's answer carries: a thrown or returned Response, or data() with init. */
function statusOf(result: unknown): number {
  if (result instanceof Response) return result.status;
  if (result && typeof result === "object" && "init" in result) {
    const init = (result as { init?: ResponseInit | null }).init;
    return init?.status ?? 200;
  }
  return 200;
}

/**
 * A contact form read as the public routes read it: `readForm` with the form's honeypot and rate
 * limit, a refusal answered by `publicFormRefused` (the page's data and status).
 */
async function submitContactForm(db: DB, request: Request, formName: string, ip: string) {
  const read = await readForm(request, contactSchema, { publicForm: { db, name: formName, ip } });
  return read.ok
    ? { ok: true as const, data: read.data }
    : { ok: false as const, response: publicFormRefused(read) };
}

afterEach(() => {
  vi.useRealTimers();
});

describeEachEngine("public form rate limit (readForm)", (db) => {
  const submit = (ip: string, formName = "contact", fields: Record<string, string> = contact) =>
    submitContactForm(db(), post(fields), formName, ip);

  it(`accepts ${LIMIT} submissions from one address, then answers 429 with the values to refill`, async () => {
    for (let i = 0; i < LIMIT; i++) {
      // No script ran to time the form: the elapsed time is unknown (null), never a refusal.
      expect(await submit("198.51.100.1")).toEqual({ ok: true, data: { ...contact, elapsed: null } });
    }
    const refused = await submit("198.51.100.1");
    expect(refused.ok).toBe(false);
    if (refused.ok) return;
    expect(refused.response.init?.status).toBe(429);
    expect(refused.response.data).toEqual({
      ok: false,
      formError: TOO_MANY,
      fieldErrors: {},
      values: { ...contact, elapsed: "" },
    });
    // Still refused: a refused submission does not reopen anything.
    const again = await submit("198.51.100.1");
    expect(again.ok ? 200 : again.response.init?.status).toBe(429);
  });

  it("counts each address and each form on its own", async () => {
    for (let i = 0; i < LIMIT; i++) await submit("198.51.100.2");
    const refused = await submit("198.51.100.2");
    expect(refused.ok).toBe(false);
    expect((await submit("198.51.100.3")).ok).toBe(true);
    expect((await submit("198.51.100.2", "signup")).ok).toBe(true);
  });

  it("opens again when the next window starts (a controlled clock, no sleeping)", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    // Mid-window, so the steps below stay in it.
    const windowStart = Math.floor(Date.UTC(2031, 4, 1, 12, 0, 0) / 1000);
    vi.setSystemTime((windowStart + 100) * 1000);
    for (let i = 0; i < LIMIT; i++) expect((await submit("198.51.100.4")).ok).toBe(true);
    vi.setSystemTime((windowStart + WINDOW_SECONDS - 1) * 1000);
    expect((await submit("198.51.100.4")).ok).toBe(false);
    vi.setSystemTime((windowStart + WINDOW_SECONDS) * 1000);
    expect((await submit("198.51.100.4")).ok).toBe(true);
    const stored = await db()
      .selectFrom("rate_limits")
      .select(["count", "window_start"])
      .where("key", "=", "form:contact:198.51.100.4")
      .executeTakeFirstOrThrow();
    expect({ count: Number(stored.count), windowStart: Number(stored.window_start) }).toEqual({
      count: 1,
      windowStart: windowStart + WINDOW_SECONDS,
    });
  });

  it("reads a window already used up, and ignores an old one, as stored in the database", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const windowStart = Math.floor(Date.UTC(2031, 4, 2, 8, 0, 0) / 1000);
    vi.setSystemTime((windowStart + 30) * 1000);
    await db()
      .insertInto("rate_limits")
      .values([
        { key: "form:comment:203.0.113.7", window_start: windowStart, count: LIMIT },
        { key: "form:comment:203.0.113.8", window_start: windowStart - WINDOW_SECONDS, count: 99 },
      ])
      .execute();
    expect((await submit("203.0.113.7", "comment")).ok).toBe(false);
    expect((await submit("203.0.113.8", "comment")).ok).toBe(true);
  });

  it("refuses a bot-filled honeypot, invalid fields and unreadable bodies before counting", async () => {
    const answer = async (result: Awaited<ReturnType<typeof submit>>) =>
      result.ok ? result : { status: result.response.init?.status, data: result.response.data };
    expect(
      await answer(await submit("198.51.100.5", "contact", { ...contact, website: "https://spam.example" })),
    ).toEqual({
      status: 400,
      data: { ok: false, formError: "Your submission could not be accepted.", fieldErrors: {}, values: {} },
    });
    expect(
      await answer(await submit("198.51.100.5", "contact", { ...contact, email: "not-an-email" })),
    ).toEqual({
      status: 400,
      data: {
        ok: false,
        formError: "Please correct the fields marked below.",
        fieldErrors: { email: "Enter a valid email address." },
        values: { ...contact, email: "not-an-email", elapsed: "" },
      },
    });
    const json = new Request("http://127.0.0.1/contact", {
      method: "POST",
      body: JSON.stringify(contact),
      headers: { "content-type": "application/json" },
    });
    expect(await answer(await submitContactForm(db(), json, "contact", "198.51.100.5"))).toEqual({
      status: 415,
      data: { ok: false, formError: "Only form submissions are accepted here.", fieldErrors: {}, values: {} },
    });
    const huge = post({ ...contact, message: "Lisbon by tram. ".repeat(4200) });
    expect(await answer(await submitContactForm(db(), huge, "contact", "198.51.100.5"))).toEqual({
      status: 413,
      data: { ok: false, formError: "Your message is too long.", fieldErrors: {}, values: {} },
    });
    // A body that breaks off mid-way is the connection's fault, not the visitor's: it is not
    // answered as a form error.
    const broken = new Request("http://127.0.0.1/contact", {
      method: "POST",
      body: new ReadableStream({
        pull() {
          throw new Error("connection reset");
        },
      }),
      headers: { "content-type": "application/x-www-form-urlencoded" },
      duplex: "half",
    } as RequestInit);
    await expect(submitContactForm(db(), broken, "contact", "198.51.100.5")).rejects.toThrow(
      "connection reset",
    );
    const rows = await db()
      .selectFrom("rate_limits")
      .select("key")
      .where("key", "=", "form:contact:198.51.100.5")
      .execute();
    expect(rows).toEqual([]);
  });
});

/**
 * The three route actions, each engine on a database of its own that the app opens from
 * DATABASE_URL (a fresh module graph per engine, so each gets its own connection), as a visitor
 * from the client address `ip`.
 */
describeRoutesEachEngine("public form routes answer 429 after the limit", (h) => {
  let app: {
    contact: typeof import("#app/routes/contact.tsx");
    signup: typeof import("#app/routes/signup.tsx");
    blog: typeof import("#app/routes/blogs/$slug.tsx");
  };
  let blogSlug = "";

  beforeAll(async () => {
    const blogs = await import("#app/server/models/blogs.server.ts");
    app = {
      contact: await import("#app/routes/contact.tsx"),
      signup: await import("#app/routes/signup.tsx"),
      blog: await import("#app/routes/blogs/$slug.tsx"),
    };
    blogSlug = (await blogs.createBlog(h.db(), TEST_ACTOR, blogInput("Rate Limited Comments"))).slug;
  });

  /** A visitor's POST of `fields` to `path`, from the client address `ip`. */
  const send = (
    route: { action: (args: never) => unknown },
    path: string,
    fields: Record<string, string>,
    ip: string,
    params: Record<string, string> = {},
  ) => h.action(route, path, new URLSearchParams(fields), { cookie: "", ip, params });

  it("contact", async () => {
    const ip = "192.0.2.1";
    for (let i = 0; i < LIMIT; i++)
      expect(statusOf(await send(app.contact, "/contact", contact, ip))).toBe(303);
    expect(statusOf(await send(app.contact, "/contact", contact, ip))).toBe(429);
    // Counted under the visitor's own address, as the HTTP layer handed it to the route.
    const counted = h.db().selectFrom("rate_limits").select("key").where("key", "=", `form:contact:${ip}`);
    expect(await counted.execute()).toHaveLength(1);
  });

  it("sign-up", async () => {
    const ip = "192.0.2.2";
    const signup = { fullName: "Mia Lind", email: "mia@example.com", phone: "" };
    for (let i = 0; i < LIMIT; i++) {
      expect(await send(app.signup, "/signup", signup, ip)).toEqual({ ok: true });
    }
    expect(statusOf(await send(app.signup, "/signup", signup, ip))).toBe(429);
  });

  it("comment", async () => {
    const ip = "192.0.2.3";
    const comment = { name: "Bo", email: "bo@example.com", comment: "Lovely photos of the harbour." };
    const post = () => send(app.blog, `/blogs/${blogSlug}`, comment, ip, { slug: blogSlug });
    for (let i = 0; i < LIMIT; i++) expect(statusOf(await post())).toBe(303);
    expect(statusOf(await post())).toBe(429);
  });
});
