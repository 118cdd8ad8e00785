import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ADMIN_ROLE } from "#app/lib/roles.ts";
import { type DatabaseHandle, openDatabase } from "#app/server/db/db.server.ts";
import { sessionCookie, toastCookie } from "#app/server/http/cookies.server.ts";
import { upsertAccount } from "./accounts.server.ts";
import { createSession, hashToken, requireAdmin, SESSION_SECONDS } from "./session.server.ts";

const SESSION = sessionCookie.name;

/**
 * The guard of every admin loader and action, on a real SQLite database (migrated on open): only a
 * live session of an account whose role is `all` gets through; anything else is sent to the login
 * screen. The same rules run on both engines in tests/integration/auth/.
 */
describe("requireAdmin", () => {
  let dir: string;
  let handle: DatabaseHandle;
  let adminId: number;
  let viewerId: number;
  const db = () => handle.db;
  const login = new Request("http://localhost/admin/login");
  const asking = (cookie: string | null) =>
    new Request("http://localhost/admin/dashboard", cookie === null ? {} : { headers: { cookie } });
  const cookieOf = (setCookie: string) => setCookie.split(";")[0] ?? "";
  const sessionsOf = async (accountId: number) =>
    (await db().selectFrom("sessions").select("id").where("account_id", "=", accountId).execute()).length;

  /** The redirect requireAdmin threw; a request let through, or any other error, fails the test. */
  async function refusal(request: Request): Promise<Response> {
    const outcome = await requireAdmin(db(), request).then(
      (identity) => identity,
      (thrown: unknown) => thrown,
    );
    if (outcome instanceof Response) return outcome;
    throw new Error(`not refused: ${JSON.stringify(outcome)}`);
  }

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "wanderplate-session-"));
    handle = await openDatabase(`file:${join(dir, "site.db")}`);
    adminId = (await upsertAccount(db(), "admin@example.com", "a long enough passphrase")).id;
    viewerId = (await upsertAccount(db(), "viewer@example.com", "a long enough passphrase", "viewer")).id;
  });
  afterAll(async () => {
    await handle?.destroy();
    await rm(dir, { recursive: true, force: true });
  });

  it("lets a live session of an admin through, as that account", async () => {
    const cookie = cookieOf(await createSession(db(), login, adminId));
    const token = cookie.slice(cookie.indexOf("=") + 1);
    expect(await requireAdmin(db(), asking(cookie))).toEqual({
      accountId: adminId,
      email: "admin@example.com",
      name: "",
      role: ADMIN_ROLE,
      sessionId: hashToken(token),
    });
  });

  it.each([
    ["no cookie", null],
    ["another cookie only", `${toastCookie.name}=abc`],
    ["a session cookie that cannot be decoded", `${SESSION}=%E0%A4%A`],
    ["an empty session cookie", `${SESSION}=`],
    ["a well-formed token that was never issued", `${SESSION}=${"A".repeat(43)}`],
  ])("sends %s to the login screen, clearing nothing", async (_case, cookie) => {
    const refused = await refusal(asking(cookie));
    expect(refused.status).toBe(302);
    expect(refused.headers.get("location")).toBe("/admin/login");
    expect(refused.headers.get("set-cookie")).toBeNull();
  });

  it("lets a session in until its last second, and refuses it from the second it ends", async () => {
    // The clock stands still, so "one second left" cannot run out between the two steps.
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      const now = Math.floor(Date.now() / 1000);
      vi.setSystemTime(now * 1000);
      const ending = cookieOf(await createSession(db(), login, adminId, now - SESSION_SECONDS + 1));
      const ended = cookieOf(await createSession(db(), login, adminId, now - SESSION_SECONDS));
      expect((await requireAdmin(db(), asking(ending))).accountId).toBe(adminId);
      const refused = await refusal(asking(ended));
      expect(refused.headers.get("location")).toBe("/admin/login");
    } finally {
      vi.useRealTimers();
    }
  });

  it("refuses a live session of an account whose role is not `all`, and destroys it", async () => {
    const cookie = cookieOf(await createSession(db(), login, viewerId));
    expect(await sessionsOf(viewerId)).toBe(1);
    const refused = await refusal(asking(cookie));
    expect(refused.headers.get("location")).toBe("/admin/login");
    expect(refused.headers.get("set-cookie")).toBe(`${SESSION}=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax`);
    expect(await sessionsOf(viewerId)).toBe(0);
  });

  it("lets a live session in under the cookie's former name, as browsers signed in before the rename carry it", async () => {
    const token = cookieOf(await createSession(db(), login, adminId)).slice(`${SESSION}=`.length);
    const identity = await requireAdmin(db(), asking(`${sessionCookie.formerName}=${token}`));
    expect(identity.accountId).toBe(adminId);
  });

  it("does not take an admin's token under another cookie name", async () => {
    const token = cookieOf(await createSession(db(), login, adminId)).slice(`${SESSION}=`.length);
    const refused = await refusal(
      asking(`${SESSION}s=${token}; ${sessionCookie.formerName}s=${token}; session=${token}`),
    );
    expect(refused.headers.get("location")).toBe("/admin/login");
  });
});
