import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type DatabaseHandle, openDatabase } from "#app/server/db/db.server.ts";
import { takeToast } from "#app/server/http/toast.server.ts";
import { ADMIN_ROLE, upsertAccount } from "./accounts.server.ts";
import {
  cookieHeader,
  createSession,
  hashToken,
  readCookie,
  requireAdmin,
  SESSION_SECONDS,
} from "./session.server.ts";

const withCookie = (cookie: string) => new Request("http://localhost/admin", { headers: { cookie } });

describe("readCookie", () => {
  it("reads a cookie by name among others, decoding percent-encoding", () => {
    const request = withCookie("a=1; wp_session=abc%20def; b=2");
    expect(readCookie(request, "wp_session")).toBe("abc def");
    expect(readCookie(request, "a")).toBe("1");
    expect(readCookie(request, "missing")).toBeNull();
    expect(readCookie(new Request("http://localhost/"), "a")).toBeNull();
  });

  it("does not match a name that only ends with the one asked for", () => {
    expect(readCookie(withCookie("xwp_session=1"), "wp_session")).toBeNull();
  });

  it.each(["%E0%A4%A", "%", "%zz", "abc%E0"])("treats the undecodable value %j as absent", (value) => {
    expect(readCookie(withCookie(`wp_session=${value}`), "wp_session")).toBeNull();
  });

  it("a malformed toast cookie is no toast", () => {
    const { toast, headers } = takeToast(withCookie("wp_toast=%E0%A4%A"));
    expect(toast).toBeNull();
    expect(headers).toEqual({});
    expect(takeToast(withCookie("wp_toast=bm90IGpzb24")).toast).toBeNull();
  });
});

describe("cookieHeader", () => {
  it("is HttpOnly and SameSite=Lax on its path, Secure only over https", () => {
    expect(cookieHeader(new Request("http://blog.example/admin/login"), "wp_session", "tok", "/", 60)).toBe(
      "wp_session=tok; Path=/; HttpOnly; SameSite=Lax; Max-Age=60",
    );
    expect(cookieHeader(new Request("https://blog.example/admin/login"), "wp_device", "t", "/admin", 0)).toBe(
      "wp_device=t; Path=/admin; HttpOnly; SameSite=Lax; Max-Age=0; Secure",
    );
  });

  it("percent-encodes the value, so it cannot add attributes or cookies, and reads back as written", () => {
    const value = "x; Domain=evil.example; Path=/, wp_session=stolen";
    const header = cookieHeader(new Request("http://blog.example/"), "wp_session", value, "/", 60);
    expect(header).toBe(
      "wp_session=x%3B%20Domain%3Devil.example%3B%20Path%3D%2F%2C%20wp_session%3Dstolen; Path=/; HttpOnly; SameSite=Lax; Max-Age=60",
    );
    expect(readCookie(withCookie(header.split("; Path=")[0] ?? ""), "wp_session")).toBe(value);
  });
});

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
    ["another cookie only", "wp_toast=abc"],
    ["a session cookie that cannot be decoded", "wp_session=%E0%A4%A"],
    ["an empty session cookie", "wp_session="],
    ["a well-formed token that was never issued", `wp_session=${"A".repeat(43)}`],
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
    expect(refused.headers.get("set-cookie")).toBe("wp_session=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0");
    expect(await sessionsOf(viewerId)).toBe(0);
  });

  it("does not take an admin's token under another cookie name", async () => {
    const token = cookieOf(await createSession(db(), login, adminId)).slice("wp_session=".length);
    const refused = await refusal(asking(`wp_sessions=${token}; session=${token}`));
    expect(refused.headers.get("location")).toBe("/admin/login");
  });
});
