/**
 * What signing in promises about the session id (docs/decisions/003-admin-sessions.md: "login
 * always creates a new one"), through the real login screen's action on both engines: a request
 * that already carries a session cookie, ours or one an attacker planted, never gets that token
 * back as its session (session fixation).
 */
import { expect, it } from "vitest";
import { findSessionAccount } from "#app/server/auth/session.server.ts";
import { sessionCookie } from "#app/server/http/cookies.server.ts";
import { describeRoutesEachEngine, type RouteHarness } from "#tests/support/route-harness.ts";

// The account the route harness creates.
const OWNER = { email: "owner@example.com", password: "a long enough password here" };

const loginForm = () => {
  const form = new FormData();
  form.set("email", OWNER.email);
  form.set("password", OWNER.password);
  return form;
};

/** Signs in through the login action, sending `cookie`; the session token it sets. */
async function signIn(h: RouteHarness, cookie: string): Promise<string> {
  const route = await import("#app/routes/admin/login.tsx");
  const answer = await h.action(route, "/admin/login", loginForm(), cookie);
  if (!(answer instanceof Response)) throw new Error(`sign-in answered ${JSON.stringify(answer)}`);
  expect(answer.status).toBe(302);
  expect(answer.headers.get("location")).toBe("/admin/dashboard");
  const session = answer.headers.getSetCookie().find((c) => c.startsWith(`${sessionCookie.name}=`));
  const token = session?.split(";")[0]?.slice(sessionCookie.name.length + 1);
  if (!token) throw new Error("sign-in set no session cookie");
  return decodeURIComponent(token);
}

const asCookie = (token: string) => `${sessionCookie.name}=${token}`;
const withToken = (token: string) =>
  new Request("http://127.0.0.1/admin/dashboard", { headers: { cookie: asCookie(token) } });

async function sessionRows(h: RouteHarness): Promise<number> {
  const row = await h
    .db()
    .selectFrom("sessions")
    .select((eb) => eb.fn.countAll().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describeRoutesEachEngine("signing in gives a new session id", (h) => {
  it("a second sign-in sending the first session's cookie gets a different, new token", async () => {
    const first = await signIn(h, "");
    expect(await findSessionAccount(h.db(), withToken(first))).toMatchObject({ email: OWNER.email });
    const before = await sessionRows(h);

    const second = await signIn(h, asCookie(first));
    expect(second).not.toBe(first);
    expect(second).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // A session of its own: one more row, and the new token is what authenticates.
    expect(await sessionRows(h)).toBe(before + 1);
    expect(await findSessionAccount(h.db(), withToken(second))).toMatchObject({ email: OWNER.email });
  });

  it("a token planted in the browser before sign-in never becomes a session", async () => {
    // Well-formed like ours (256 bits, base64url), but never issued by the server.
    const planted = "Zm9yZ2VkLXNlc3Npb24tdG9rZW4tMDEyMzQ1Njc4OWFi";
    expect(await findSessionAccount(h.db(), withToken(planted))).toBeNull();

    const issued = await signIn(h, asCookie(planted));
    expect(issued).not.toBe(planted);
    // Nor under the cookie's former name (read while browsers move off it).
    expect(await signIn(h, `${sessionCookie.formerName}=${planted}`)).not.toBe(planted);
    expect(await findSessionAccount(h.db(), withToken(issued))).toMatchObject({ email: OWNER.email });
    // The attacker's copy of the planted token opens nothing, now or on an admin screen.
    expect(await findSessionAccount(h.db(), withToken(planted))).toBeNull();
    const dashboard = await import("#app/routes/admin/blog/index.tsx");
    const refused = await h.loader(dashboard, "/admin/dashboard", asCookie(planted)).then(
      () => null,
      (thrown: unknown) => thrown,
    );
    expect(refused).toBeInstanceOf(Response);
    expect((refused as Response).status).toBe(302);
    expect((refused as Response).headers.get("location")).toBe("/admin/login");
  });
});
