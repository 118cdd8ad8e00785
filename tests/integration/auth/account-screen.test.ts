/**
 * /admin/account, through its route modules (the screen, and one per form) on both engines:
 * details, password, two-step set-up and devices. What the server decides: the current password
 * before a change of password or email, other sessions ended, the TOTP secret never in the page's
 * data once it is on, one account never signing out another's devices, and every change in the
 * activity log.
 */
import { generate } from "otplib";
import { beforeAll, expect, it } from "vitest";
import { describeRoutesEachEngine, formOf } from "#tests/support/route-harness.ts";

type AccountRoute = typeof import("#app/routes/admin/account/index.tsx");
type ActionRoute = { action: (args: never) => unknown };

/** Where each button of the screen posts: its form's own address and route module. */
const FORMS: Record<string, { path: string; route: () => Promise<ActionRoute> }> = {
  details: { path: "/admin/account/details", route: () => import("#app/routes/admin/account/details.tsx") },
  password: {
    path: "/admin/account/password",
    route: () => import("#app/routes/admin/account/password.tsx"),
  },
  "two-step-start": {
    path: "/admin/account/two-step/start",
    route: () => import("#app/routes/admin/account/two-step/start.tsx"),
  },
  "two-step-confirm": {
    path: "/admin/account/two-step/confirm",
    route: () => import("#app/routes/admin/account/two-step/confirm.tsx"),
  },
  "two-step-off": {
    path: "/admin/account/two-step/disable",
    route: () => import("#app/routes/admin/account/two-step/disable.tsx"),
  },
  "end-session": {
    path: "/admin/account/devices/sign-out",
    route: () => import("#app/routes/admin/account/devices/sign-out.tsx"),
  },
  "end-other-sessions": {
    path: "/admin/account/devices/sign-out-others",
    route: () => import("#app/routes/admin/account/devices/sign-out-others.tsx"),
  },
};

const HARNESS_PASSWORD = "a long enough password here";

/** Status and body of what the action answered (a plain object is a 200). */
function answer(value: unknown): { status: number; body: Record<string, unknown> } {
  if (value && typeof value === "object" && "init" in value && "data" in value) {
    const { init, data } = value as { init: { status?: number } | null; data: Record<string, unknown> };
    return { status: init?.status ?? 200, body: data };
  }
  return { status: 200, body: value as Record<string, unknown> };
}

describeRoutesEachEngine("the account screen", (h) => {
  let route: AccountRoute;
  beforeAll(async () => {
    route = await import("#app/routes/admin/account/index.tsx");
  });

  const post = async (fields: Record<string, string>, cookie: string) => {
    const form = FORMS[fields.intent ?? ""];
    if (!form) throw new Error(`no form of the screen posts ${fields.intent}`);
    return h.action(await form.route(), form.path, formOf(fields), { cookie, ip: "192.0.2.44" }).then(answer);
  };

  /** One more session of an account `h.signIn` made (signIn itself resets the account, ending its sessions). */
  async function anotherSession(email: string): Promise<string> {
    const { createSession } = await import("#app/server/auth/session.server.ts");
    const { id } = await h
      .db()
      .selectFrom("accounts")
      .select("id")
      .where("email", "=", email)
      .executeTakeFirstOrThrow();
    const setCookie = await createSession(h.db(), new Request("http://127.0.0.1/admin/login"), id);
    return setCookie.split(";")[0] ?? "";
  }

  async function sessionAlive(cookie: string): Promise<boolean> {
    const { findSessionAccount } = await import("#app/server/auth/session.server.ts");
    const request = new Request("http://127.0.0.1/admin", { headers: { cookie } });
    return (await findSessionAccount(h.db(), request)) !== null;
  }

  async function entries(kind: string, actor: string) {
    return h
      .db()
      .selectFrom("activity_log")
      .selectAll()
      .where("kind", "=", kind)
      .where("actor", "=", actor)
      .execute();
  }

  it("changes the password only with the current one, and signs the other devices out", async () => {
    const here = await h.signIn("pw@example.com", "all");
    const there = await anotherSession("pw@example.com");
    const other = await h.signIn("someone-else@example.com", "all");
    await expect(sessionAlive(there)).resolves.toBe(true);

    const wrong = await post(
      {
        intent: "password",
        currentPassword: "not it",
        password: "a new long passphrase",
        confirm: "a new long passphrase",
      },
      here,
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body.fieldErrors).toEqual({ currentPassword: "The current password is not right." });

    const differ = await post(
      {
        intent: "password",
        currentPassword: HARNESS_PASSWORD,
        password: "a new long passphrase",
        confirm: "another",
      },
      here,
    );
    expect(differ.status).toBe(400);
    expect(differ.body.fieldErrors).toMatchObject({ confirm: "The two passwords are not the same." });

    const short = await post(
      { intent: "password", currentPassword: HARNESS_PASSWORD, password: "short", confirm: "short" },
      here,
    );
    expect(short.status).toBe(400);
    expect(short.body.fieldErrors).toEqual({ password: "The password must be at least 15 characters long." });
    await expect(sessionAlive(there)).resolves.toBe(true);

    const ok = await post(
      {
        intent: "password",
        currentPassword: HARNESS_PASSWORD,
        password: "a new long passphrase",
        confirm: "a new long passphrase",
      },
      here,
    );
    expect(ok.status).toBe(200);
    expect(ok.body.ok).toBe(true);
    await expect(sessionAlive(here)).resolves.toBe(true);
    await expect(sessionAlive(there)).resolves.toBe(false);
    await expect(sessionAlive(other)).resolves.toBe(true);
    const logged = await entries("password_changed", "pw@example.com");
    expect(logged.map((e) => e.address)).toEqual(["192.0.2.44"]);
  });

  // Decision 022: the current password is throttled per account like sign-in (10 free, then a
  // lock), so a borrowed session cannot guess it. Written out, not read from LOGIN_THROTTLE.
  it("throttles the current password: after 10 wrong ones, even the right one is refused and nothing changes", async () => {
    const here = await h.signIn("reauth@example.com", "all");
    const change = (currentPassword: string) =>
      post(
        {
          intent: "password",
          currentPassword,
          password: "a new long passphrase",
          confirm: "a new long passphrase",
        },
        here,
      );
    for (let i = 0; i < 10; i++) {
      const wrong = await change(`not it ${i}`);
      expect(wrong.status).toBe(400);
      expect(wrong.body.fieldErrors).toEqual({ currentPassword: "The current password is not right." });
    }
    const { password_hash: before } = await h
      .db()
      .selectFrom("accounts")
      .select("password_hash")
      .where("email", "=", "reauth@example.com")
      .executeTakeFirstOrThrow();
    const last = await change(HARNESS_PASSWORD);
    expect(last.status).toBe(429);
    expect(last.body.toast).toMatchObject({
      message: "Too many wrong passwords. Please wait a few minutes and try again.",
    });
    const { password_hash: after } = await h
      .db()
      .selectFrom("accounts")
      .select("password_hash")
      .where("email", "=", "reauth@example.com")
      .executeTakeFirstOrThrow();
    expect(after).toBe(before);
    const { verifyPassword } = await import("#app/server/auth/accounts.server.ts");
    expect(await verifyPassword(HARNESS_PASSWORD, after)).toBe(true);
    expect(await entries("password_changed", "reauth@example.com")).toEqual([]);
  });

  it("changes the name freely, the email only with the password, and never to another account's", async () => {
    const me = await h.signIn("details@example.com", "all");
    await h.signIn("taken@example.com", "all");
    expect(
      (await post({ intent: "details", name: "Ana Lima", email: "details@example.com" }, me)).status,
    ).toBe(200);

    const noPassword = await post({ intent: "details", name: "Ana Lima", email: "new@example.com" }, me);
    expect(noPassword.status).toBe(400);
    expect(noPassword.body.fieldErrors).toEqual({
      currentPassword: "Enter your current password to change your email.",
    });

    const taken = await post(
      { intent: "details", name: "Ana Lima", email: "Taken@example.com", currentPassword: HARNESS_PASSWORD },
      me,
    );
    expect(taken.status).toBe(400);
    expect(taken.body.fieldErrors).toEqual({ email: "Another account already uses this email." });

    const moved = await post(
      { intent: "details", name: "Ana Lima", email: "New@Example.com", currentPassword: HARNESS_PASSWORD },
      me,
    );
    expect(moved.status).toBe(200);
    const account = await h
      .db()
      .selectFrom("accounts")
      .select(["email", "name"])
      .where("email", "=", "new@example.com")
      .executeTakeFirst();
    expect(account).toEqual({ email: "new@example.com", name: "Ana Lima" });
    const logged = await entries("account_changed", "details@example.com");
    expect(logged.map((e) => e.detail)).toEqual([
      "name",
      "email from details@example.com to new@example.com",
    ]);
  });

  it("sets up two-step sign-in; after that the secret never reaches the page, and older sessions are ended", async () => {
    const here = await h.signIn("totp@example.com", "all");
    const before = await anotherSession("totp@example.com");
    expect((await post({ intent: "two-step-start" }, here)).status).toBe(200);
    const during = (await h.loader(route, "/admin/account", here)) as Awaited<
      ReturnType<AccountRoute["loader"]>
    >;
    const shown = during.twoStep.setup?.secret.replace(/\s/g, "") ?? "";
    const { totp_pending_secret } = await h
      .db()
      .selectFrom("accounts")
      .select("totp_pending_secret")
      .where("email", "=", "totp@example.com")
      .executeTakeFirstOrThrow();
    expect(shown).toBe(totp_pending_secret);

    const wrong = await post({ intent: "two-step-confirm", code: "12345" }, here);
    expect(wrong.status).toBe(400);
    const done = await post({ intent: "two-step-confirm", code: await generate({ secret: shown }) }, here);
    expect(done.status).toBe(200);
    expect(done.body.recoveryCodes).toHaveLength(10);

    const after = await h.loader(route, "/admin/account", here);
    const { totp_secret } = await h
      .db()
      .selectFrom("accounts")
      .select("totp_secret")
      .where("email", "=", "totp@example.com")
      .executeTakeFirstOrThrow();
    expect(totp_secret).toBe(shown);
    expect(JSON.stringify(after)).not.toContain(shown);
    expect(JSON.stringify(after)).not.toContain("otpauth");
    for (const code of done.body.recoveryCodes as string[]) expect(JSON.stringify(after)).not.toContain(code);
    await expect(sessionAlive(before)).resolves.toBe(false);
    await expect(sessionAlive(here)).resolves.toBe(true);

    // Turning it off wants the password.
    expect((await post({ intent: "two-step-off", currentPassword: "wrong one" }, here)).status).toBe(400);
    expect((await post({ intent: "two-step-off", currentPassword: HARNESS_PASSWORD }, here)).status).toBe(
      200,
    );
    expect(await entries("two_step_off", "totp@example.com")).toHaveLength(1);
  });

  it("lists the account's devices and signs out one, or all the others, never another account's", async () => {
    const here = await h.signIn("devices@example.com", "all");
    const phone = await anotherSession("devices@example.com");
    const laptop = await anotherSession("devices@example.com");
    const stranger = await h.signIn("stranger@example.com", "all");
    const page = (await h.loader(route, "/admin/account", here)) as Awaited<
      ReturnType<AccountRoute["loader"]>
    >;
    expect(page.devices).toHaveLength(3);
    expect(page.devices[0]?.current).toBe(true);
    expect(page.devices.filter((d) => d.current)).toHaveLength(1);

    const strangerPage = (await h.loader(route, "/admin/account", stranger)) as typeof page;
    const strangerSession = strangerPage.devices[0]?.id ?? "";
    // Another account's session id is refused as gone, and stays signed in.
    expect((await post({ intent: "end-session", session: strangerSession }, here)).status).toBe(404);
    await expect(sessionAlive(stranger)).resolves.toBe(true);
    // The device in use is signed out with Logout, not here.
    expect((await post({ intent: "end-session", session: page.devices[0]?.id ?? "" }, here)).status).toBe(
      400,
    );
    // A made-up id is a 400, not a 500.
    expect((await post({ intent: "end-session", session: "'; drop table sessions" }, here)).status).toBe(400);

    const phoneId = page.devices.find((d) => !d.current)?.id ?? "";
    expect((await post({ intent: "end-session", session: phoneId }, here)).status).toBe(200);
    const left = (await h.loader(route, "/admin/account", here)) as typeof page;
    expect(left.devices).toHaveLength(2);
    expect(left.devices.some((d) => d.id === phoneId)).toBe(false);

    expect((await post({ intent: "end-other-sessions" }, here)).status).toBe(200);
    await expect(sessionAlive(here)).resolves.toBe(true);
    await expect(sessionAlive(phone)).resolves.toBe(false);
    await expect(sessionAlive(laptop)).resolves.toBe(false);
    await expect(sessionAlive(stranger)).resolves.toBe(true);
    expect((await entries("session_ended", "devices@example.com")).map((e) => e.detail)).toEqual([
      "",
      "every other device (1)",
    ]);
  });

  it("refuses anyone without an admin session", async () => {
    const signOutOthers = FORMS["end-other-sessions"];
    if (!signOutOthers) throw new Error("no sign-out-others form");
    const anonymous = await h
      .action(await signOutOthers.route(), signOutOthers.path, formOf({ intent: "end-other-sessions" }), "")
      .catch((thrown: unknown) => thrown);
    expect(anonymous).toBeInstanceOf(Response);
    expect((anonymous as Response).status).toBe(302);
  });
});
