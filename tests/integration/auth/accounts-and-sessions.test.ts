/**
 * Sign-in and accounts, on both engines: passwords, sessions and their cookie,
 * demotion, password resets and the ADMIN_EMAIL/ADMIN_PASSWORD bootstrap.
 */
import { expect, it } from "vitest";
import { ADMIN_ROLE, ADMINISTRATOR_ONLY, EDITOR_ROLE } from "#app/lib/roles.ts";
import { createAccountIfMissing, upsertAccount } from "#app/server/auth/accounts.server.ts";
import {
  checkLogin,
  createSession,
  destroySession,
  findSessionAccount,
  requireAdmin,
  SESSION_SECONDS,
} from "#app/server/auth/session.server.ts";
import type { DB } from "#app/server/db/db.server.ts";
import { sessionCookie } from "#app/server/http/cookies.server.ts";
import { describeEachEngine } from "#tests/support/engines.ts";

const PASSWORD = "a long enough passphrase";

/** A request carrying the cookie a Set-Cookie header would have set. */
function requestWith(setCookie: string, url = "http://localhost/admin/dashboard"): Request {
  return new Request(url, { headers: { cookie: setCookie.split(";")[0] ?? "" } });
}

async function sessionCount(db: DB, accountId: number): Promise<number> {
  const row = await db
    .selectFrom("sessions")
    .select((eb) => eb.fn.countAll().as("n"))
    .where("account_id", "=", accountId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** What requireAdmin threw: the redirect response (anything else fails the test). */
async function refusal(promise: Promise<unknown>): Promise<Response> {
  try {
    await promise;
  } catch (thrown) {
    if (thrown instanceof Response && thrown.status === 302) return thrown;
    throw thrown;
  }
  throw new Error("requireAdmin let the request through");
}

describeEachEngine("sign-in and accounts", (db) => {
  it("checks the password: right, wrong, unknown email, and a role that is not `all`", async () => {
    const admin = await upsertAccount(db(), " Login@Example.com ", PASSWORD);
    expect(admin.email).toBe("login@example.com");
    expect(await checkLogin(db(), "LOGIN@example.com", PASSWORD)).toEqual({
      ok: true,
      accountId: admin.id,
      email: "login@example.com",
      twoStep: false,
    });
    const wrong = { ok: false, error: "invalid", reason: "wrong_password" };
    expect(await checkLogin(db(), "login@example.com", `${PASSWORD}!`)).toEqual(wrong);
    expect(await checkLogin(db(), "login@example.com", "")).toEqual(wrong);
    expect(await checkLogin(db(), "nobody@example.com", PASSWORD)).toEqual({
      ok: false,
      error: "invalid",
      reason: "unknown_email",
    });
    await upsertAccount(db(), "viewer@example.com", PASSWORD, "viewer");
    expect(await checkLogin(db(), "viewer@example.com", PASSWORD)).toEqual({
      ok: false,
      error: "denied",
      reason: "access_denied",
    });
    // A wrong password for a non-admin is "invalid", not "denied": the role is not revealed.
    expect(await checkLogin(db(), "viewer@example.com", "wrong password!")).toEqual(wrong);
    // An editor is staff: it signs in (what it may open is each route's to say).
    const editor = await upsertAccount(db(), "editor@example.com", PASSWORD, EDITOR_ROLE);
    expect(await checkLogin(db(), "editor@example.com", PASSWORD)).toEqual({
      ok: true,
      accountId: editor.id,
      email: "editor@example.com",
      twoStep: false,
    });
  });

  it("an editor opens what staff may and gets a 403 elsewhere, staying signed in", async () => {
    const { id } = await upsertAccount(db(), "require-editor@example.com", PASSWORD, EDITOR_ROLE);
    const cookie = await createSession(db(), new Request("http://localhost/admin/login"), id);
    expect((await requireAdmin(db(), requestWith(cookie), "staff")).role).toBe(EDITOR_ROLE);
    let thrown: unknown;
    try {
      await requireAdmin(db(), requestWith(cookie, "http://localhost/admin/settings"));
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toMatchObject({
      type: "DataWithResponseInit",
      data: ADMINISTRATOR_ONLY,
      init: { status: 403 },
    });
    expect(await sessionCount(db(), id)).toBe(1);
    // The administrator opens both kinds.
    const owner = await upsertAccount(db(), "require-owner@example.com", PASSWORD);
    const ownerCookie = await createSession(db(), new Request("http://localhost/admin/login"), owner.id);
    expect((await requireAdmin(db(), requestWith(ownerCookie), "staff")).accountId).toBe(owner.id);
    expect((await requireAdmin(db(), requestWith(ownerCookie))).accountId).toBe(owner.id);
  });

  it("a session remembers its browser and address, and its last use at most once a minute", async () => {
    const { id } = await upsertAccount(db(), "seen@example.com", PASSWORD);
    const t0 = 1_800_000_000;
    const login = new Request("http://localhost/admin/login", { headers: { "user-agent": "x".repeat(500) } });
    const request = requestWith(await createSession(db(), login, id, t0, "2001:db8::7"));
    const lastSeen = async () =>
      db()
        .selectFrom("sessions")
        .select(["last_seen_at", "address", "user_agent"])
        .where("account_id", "=", id)
        .executeTakeFirstOrThrow();
    expect(await lastSeen()).toEqual({
      last_seen_at: t0,
      address: "2001:db8::7",
      user_agent: "x".repeat(400),
    });
    await findSessionAccount(db(), request, t0 + 59);
    expect((await lastSeen()).last_seen_at).toBe(t0);
    await findSessionAccount(db(), request, t0 + 60);
    expect((await lastSeen()).last_seen_at).toBe(t0 + 60);
    await findSessionAccount(db(), request, t0 + 100);
    expect((await lastSeen()).last_seen_at).toBe(t0 + 60);
  });

  it("stores no password in clear, with a salt per password", async () => {
    await upsertAccount(db(), "salt-a@example.com", PASSWORD);
    await upsertAccount(db(), "salt-b@example.com", PASSWORD);
    const rows = await db()
      .selectFrom("accounts")
      .select("password_hash")
      .where("email", "in", ["salt-a@example.com", "salt-b@example.com"])
      .execute();
    expect(rows).toHaveLength(2);
    for (const row of rows) expect(row.password_hash).not.toContain(PASSWORD);
    expect(rows[0]?.password_hash).not.toBe(rows[1]?.password_hash);
  });

  it("a session lets its admin in until it expires; expired sessions are swept at the next login", async () => {
    const { id } = await upsertAccount(db(), "session@example.com", PASSWORD);
    const t0 = 1_800_000_000;
    const cookie = await createSession(db(), new Request("http://localhost/admin/login"), id, t0);
    const request = requestWith(cookie);
    expect(await findSessionAccount(db(), request, t0 + 1)).toEqual({
      accountId: id,
      email: "session@example.com",
      name: "",
      role: ADMIN_ROLE,
      sessionId: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    expect((await findSessionAccount(db(), request, t0 + SESSION_SECONDS - 1))?.accountId).toBe(id);
    expect(await findSessionAccount(db(), request, t0 + SESSION_SECONDS)).toBeNull();
    expect(await sessionCount(db(), id)).toBe(1);
    // A later login (of anyone) sweeps it.
    const other = await upsertAccount(db(), "session-other@example.com", PASSWORD);
    await createSession(
      db(),
      new Request("http://localhost/admin/login"),
      other.id,
      t0 + SESSION_SECONDS + 1,
    );
    expect(await sessionCount(db(), id)).toBe(0);
    expect(await sessionCount(db(), other.id)).toBe(1);
  });

  it("each login is a new session id; a made-up or unknown token is no session", async () => {
    const { id } = await upsertAccount(db(), "fresh@example.com", PASSWORD);
    const login = new Request("http://localhost/admin/login");
    const first = await createSession(db(), login, id);
    const second = await createSession(db(), login, id);
    expect(first.split(";")[0]).not.toBe(second.split(";")[0]);
    expect(await findSessionAccount(db(), requestWith(`${sessionCookie.name}=made-up-token`))).toBeNull();
    expect(await findSessionAccount(db(), new Request("http://localhost/"))).toBeNull();
    // The token is not stored as such: only its hash.
    const token = first.split(";")[0]?.split("=")[1] ?? "";
    const stored = await db().selectFrom("sessions").select("id").where("account_id", "=", id).execute();
    expect(stored.map((s) => s.id)).not.toContain(token);
  });

  it("sets the session cookie HttpOnly, SameSite=Lax, Path=/, with Max-Age, and Secure only over https", async () => {
    const { id } = await upsertAccount(db(), "flags@example.com", PASSWORD);
    const http = await createSession(db(), new Request("http://blog.example/admin/login"), id);
    const attributes = (c: string) => c.split(";").map((a) => a.trim());
    expect(http).toMatch(new RegExp(`^${sessionCookie.name}=[A-Za-z0-9_-]{43};`));
    expect(attributes(http)).toEqual(
      expect.arrayContaining(["HttpOnly", "SameSite=Lax", "Path=/", `Max-Age=${SESSION_SECONDS}`]),
    );
    expect(attributes(http)).not.toContain("Secure");
    const https = await createSession(db(), new Request("https://blog.example/admin/login"), id);
    expect(attributes(https)).toContain("Secure");
    expect(attributes(sessionCookie.clear(new Request("https://blog.example/")))).toEqual(
      expect.arrayContaining([`${sessionCookie.name}=`, "Max-Age=0", "Secure", "HttpOnly", "Path=/"]),
    );
  });

  it("logout destroys the session on the server", async () => {
    const { id } = await upsertAccount(db(), "logout@example.com", PASSWORD);
    const cookie = await createSession(db(), new Request("http://localhost/admin/login"), id);
    const cleared = await destroySession(db(), requestWith(cookie));
    expect(cleared).toContain("Max-Age=0");
    expect(await findSessionAccount(db(), requestWith(cookie))).toBeNull();
    expect(await sessionCount(db(), id)).toBe(0);
  });

  it("requireAdmin lets an admin's session through and sends anything else to the login screen", async () => {
    const admin = await upsertAccount(db(), "require@example.com", PASSWORD);
    const cookie = await createSession(db(), new Request("http://localhost/admin/login"), admin.id);
    expect((await requireAdmin(db(), requestWith(cookie))).accountId).toBe(admin.id);

    const anonymous = await refusal(requireAdmin(db(), new Request("http://localhost/admin/dashboard")));
    expect(anonymous.headers.get("location")).toBe("/admin/login");
    const malformed = await refusal(requireAdmin(db(), requestWith(`${sessionCookie.name}=%E0%A4%A`)));
    expect(malformed.headers.get("location")).toBe("/admin/login");

    const viewer = await upsertAccount(db(), "require-viewer@example.com", PASSWORD, "viewer");
    const viewerCookie = await createSession(db(), new Request("http://localhost/admin/login"), viewer.id);
    const refused = await refusal(requireAdmin(db(), requestWith(viewerCookie)));
    expect(refused.headers.get("location")).toBe("/admin/login");
  });

  it("a session whose account is no longer staff is refused and destroyed", async () => {
    const { id } = await upsertAccount(db(), "demoted@example.com", PASSWORD);
    const cookie = await createSession(db(), new Request("http://localhost/admin/login"), id);
    expect((await requireAdmin(db(), requestWith(cookie))).accountId).toBe(id);
    await db().updateTable("accounts").set({ role: "viewer" }).where("id", "=", id).execute();
    const refused = await refusal(requireAdmin(db(), requestWith(cookie)));
    expect(refused.headers.get("location")).toBe("/admin/login");
    expect(refused.headers.get("set-cookie")).toMatch(new RegExp(`^${sessionCookie.name}=;.*Max-Age=0`));
    expect(await sessionCount(db(), id)).toBe(0);
    // Promoted again, the old cookie still opens nothing: the session is gone, not just refused.
    await db().updateTable("accounts").set({ role: ADMIN_ROLE }).where("id", "=", id).execute();
    await refusal(requireAdmin(db(), requestWith(cookie)));
  });

  it("a password reset ends every session of that account, and only of that account", async () => {
    const owner = await upsertAccount(db(), "reset@example.com", PASSWORD);
    const bystander = await upsertAccount(db(), "bystander@example.com", PASSWORD);
    const login = new Request("http://localhost/admin/login");
    const laptop = await createSession(db(), login, owner.id);
    const phone = await createSession(db(), login, owner.id);
    const theirs = await createSession(db(), login, bystander.id);
    const reset = await upsertAccount(db(), "RESET@example.com", "a brand new passphrase");
    expect(reset.id).toBe(owner.id);
    expect(await findSessionAccount(db(), requestWith(laptop))).toBeNull();
    expect(await findSessionAccount(db(), requestWith(phone))).toBeNull();
    expect(await sessionCount(db(), owner.id)).toBe(0);
    expect((await findSessionAccount(db(), requestWith(theirs)))?.accountId).toBe(bystander.id);
    expect((await checkLogin(db(), "reset@example.com", "a brand new passphrase")).ok).toBe(true);
    expect((await checkLogin(db(), "reset@example.com", PASSWORD)).ok).toBe(false);
  });

  it("create-admin's reset also sets the role", async () => {
    await upsertAccount(db(), "role@example.com", PASSWORD, "viewer");
    const again = await upsertAccount(db(), "role@example.com", PASSWORD);
    expect(again.role).toBe(ADMIN_ROLE);
  });

  it("ADMIN_PASSWORD creates a missing account and leaves an existing one (and its sessions) alone", async () => {
    expect(await createAccountIfMissing(db(), "boot@example.com", PASSWORD)).toBe(true);
    expect((await checkLogin(db(), "boot@example.com", PASSWORD)).ok).toBe(true);

    // The owner resets the password later; the next start must not put the old one back.
    const { id } = await upsertAccount(db(), "boot@example.com", "the password since the reset");
    const cookie = await createSession(db(), new Request("http://localhost/admin/login"), id);
    expect(await createAccountIfMissing(db(), "Boot@Example.com", PASSWORD)).toBe(false);
    expect((await checkLogin(db(), "boot@example.com", "the password since the reset")).ok).toBe(true);
    expect((await checkLogin(db(), "boot@example.com", PASSWORD)).ok).toBe(false);
    expect((await findSessionAccount(db(), requestWith(cookie)))?.accountId).toBe(id);
  });

  it("refuses new passwords shorter than the minimum", async () => {
    // The rule itself (15 characters, counted as characters) is tested beside it, in
    // accounts.server.test.ts; here, that neither way of writing an account gets past it.
    await expect(upsertAccount(db(), "short@example.com", "short")).rejects.toThrow(/at least 15/);
    await expect(createAccountIfMissing(db(), "short@example.com", "short")).rejects.toThrow(/at least 15/);
    const rows = await db()
      .selectFrom("accounts")
      .select("id")
      .where("email", "=", "short@example.com")
      .execute();
    expect(rows).toHaveLength(0);
  });
});

// Cases the mutation run showed were not pinned down (docs/testing.md).
describeEachEngine("sign-in and accounts: edges", (db) => {
  it("a session lasts seven days: valid a day before it ends, gone at its end", async () => {
    const account = await upsertAccount(db(), "week@example.com", PASSWORD);
    const now = 1_900_000_000;
    const cookie = await createSession(db(), new Request("http://localhost/admin/login"), account.id, now);
    expect(SESSION_SECONDS).toBe(7 * 24 * 3600);
    expect(cookie).toContain(`Max-Age=${7 * 24 * 3600}`);
    const request = requestWith(cookie);
    expect((await findSessionAccount(db(), request, now + 6 * 24 * 3600))?.accountId).toBe(account.id);
    expect(await findSessionAccount(db(), request, now + 7 * 24 * 3600)).toBeNull();
  });

  it("signing out without a session cookie clears the cookie and deletes nothing", async () => {
    const account = await upsertAccount(db(), "bystander@example.com", PASSWORD);
    await createSession(db(), new Request("http://localhost/"), account.id);
    const cleared = await destroySession(db(), new Request("http://localhost/admin/logout"));
    expect(cleared).toMatch(new RegExp(`^${sessionCookie.name}=; .*Max-Age=0`));
    expect(await sessionCount(db(), account.id)).toBe(1);
  });

  it("an anonymous visitor is sent to the login screen without a cookie being cleared", async () => {
    const refused = await refusal(requireAdmin(db(), new Request("http://localhost/admin/dashboard")));
    expect(refused.headers.get("location")).toBe("/admin/login");
    expect(refused.headers.get("set-cookie")).toBeNull();
  });

  it("ADMIN_PASSWORD says whether it created the account", async () => {
    expect(await createAccountIfMissing(db(), "Fresh@Example.com", PASSWORD)).toBe(true);
    expect(await createAccountIfMissing(db(), "fresh@example.com", "another long passphrase")).toBe(false);
    expect(await checkLogin(db(), "fresh@example.com", PASSWORD)).toMatchObject({ ok: true });
    expect(await checkLogin(db(), "fresh@example.com", "another long passphrase")).toMatchObject({
      ok: false,
    });
  });
});
