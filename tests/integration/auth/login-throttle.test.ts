/**
 * Login throttling (docs/decisions/007-login-throttling.md), on both engines: attempts
 * are counted before the password is checked, per client (IPv6 by /64), per account and per known
 * browser, with growing delays; a stranger can neither guess fast nor lock the owner out. Time is
 * the `now` each call is given: nothing here sleeps or measures time.
 */
import { expect, it } from "vitest";
import { upsertAccount } from "#app/server/auth/accounts.server.ts";
import { DEVICE_SECONDS, knownDevice } from "#app/server/auth/device-cookie.server.ts";
import { attemptLogin, type LoginOutcome } from "#app/server/auth/login.server.ts";
import { countAttempt, LOGIN_THROTTLE, lockSeconds } from "#app/server/auth/login-throttle.server.ts";
import { allowHit, SWEEP_INTERVAL_SECONDS, sweepExpiredLimits } from "#app/server/auth/rate-limits.server.ts";
import { checkLogin } from "#app/server/auth/session.server.ts";
import type { DB } from "#app/server/db/db.server.ts";
import { deviceCookie, sessionCookie } from "#app/server/http/cookies.server.ts";
import { describeEachEngine } from "#tests/support/engines.ts";

const PASSWORD = "the owner's long passphrase";
const { free, firstLockSeconds, maxLockSeconds, quietSeconds } = LOGIN_THROTTLE;

/** Each test runs at its own time, far from the others', so sweeps of one never meet another's rows. */
let clockBase = 2_000_000_000;
const newClock = () => {
  clockBase += 10_000_000;
  return clockBase;
};

const loginPage = (cookie?: string) =>
  new Request("http://localhost/admin/login", { method: "POST", headers: cookie ? { cookie } : {} });

/** A checkLogin that counts how many attempts reached the password check. */
function countingCheck() {
  const counter = { calls: 0 };
  const check: typeof checkLogin = (db, email, password) => {
    counter.calls++;
    return checkLogin(db, email, password);
  };
  return { counter, check };
}

function login(
  db: DB,
  now: number,
  attempt: { email: string; password: string; address?: string; cookie?: string },
  check?: typeof checkLogin,
): Promise<LoginOutcome> {
  return attemptLogin(
    db,
    {
      email: attempt.email,
      password: attempt.password,
      request: loginPage(attempt.cookie),
      clientAddress: attempt.address ?? "203.0.113.1",
    },
    { now, check },
  );
}

/** The browser cookie (name=value) of a successful login's device cookie. */
function deviceCookieOf(outcome: LoginOutcome): string {
  if (outcome.kind !== "ok") throw new Error(`login failed: ${outcome.kind}`);
  const cookie = outcome.cookies.find((c) => c.startsWith(`${deviceCookie.name}=`));
  if (!cookie) throw new Error("no device cookie");
  return cookie.split(";")[0] ?? "";
}

async function row(db: DB, key: string) {
  return db.selectFrom("login_throttle").selectAll().where("key", "=", key).executeTakeFirst();
}

describeEachEngine("login throttling", (db) => {
  it("lock durations: free attempts, then doubling from 30 s up to an hour", () => {
    expect(free).toBe(10);
    expect(Array.from({ length: free }, (_, i) => lockSeconds(i + 1))).toEqual([
      0, 0, 0, 0, 0, 0, 0, 0, 0, 30,
    ]);
    expect([11, 12, 13, 16, 17, 18, 100].map((n) => lockSeconds(n))).toEqual([
      60, 120, 240, 1920, 3600, 3600, 3600,
    ]);
  });

  it("counts each attempt before the password is checked: parallel guesses beyond the limit are refused unchecked", async () => {
    await upsertAccount(db(), "parallel@example.com", PASSWORD);
    const now = newClock();
    const { counter, check } = countingCheck();
    const outcomes = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        login(
          db(),
          now,
          { email: "parallel@example.com", password: `guess ${i}`, address: "198.51.100.9" },
          check,
        ),
      ),
    );
    expect(counter.calls).toBe(free);
    expect(outcomes.filter((o) => o.kind === "invalid")).toHaveLength(free);
    const refused = outcomes.filter((o) => o.kind === "throttled");
    expect(refused).toHaveLength(40 - free);
    for (const o of refused) expect(o).toEqual({ kind: "throttled", retryAfter: firstLockSeconds });
  });

  it("limits an account however many addresses the guesses come from, checking no more than the limit", async () => {
    await upsertAccount(db(), "botnet@example.com", PASSWORD);
    const now = newClock();
    const { counter, check } = countingCheck();
    const outcomes = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        login(
          db(),
          now,
          { email: "botnet@example.com", password: `guess ${i}`, address: `192.0.2.${i + 1}` },
          check,
        ),
      ),
    );
    expect(counter.calls).toBe(free);
    expect(outcomes.filter((o) => o.kind === "throttled")).toHaveLength(30 - free);
  });

  it("makes each further attempt wait twice as long, and forgets a client that stays quiet", async () => {
    const t0 = newClock();
    const key = "test:growing";
    for (let i = 0; i < free; i++) expect(await countAttempt(db(), key, t0)).toEqual({ allowed: true });
    // Locked: refused, and refusals do not move the lock.
    expect(await countAttempt(db(), key, t0)).toEqual({ allowed: false, retryAfter: 30 });
    expect(await countAttempt(db(), key, t0 + 29)).toEqual({ allowed: false, retryAfter: 1 });
    // Each attempt let through after a lock sets the next, twice as long.
    let t = t0 + 30;
    for (const lock of [60, 120, 240, 480, 960, 1920, 3600, 3600]) {
      expect(await countAttempt(db(), key, t)).toEqual({ allowed: true });
      expect(await countAttempt(db(), key, t)).toEqual({ allowed: false, retryAfter: lock });
      expect(await countAttempt(db(), key, t + lock - 1)).toEqual({ allowed: false, retryAfter: 1 });
      t += lock;
    }
    // Waiting out the lock is not enough to be forgiven: the next attempt locks for the maximum.
    expect(await countAttempt(db(), key, t)).toEqual({ allowed: true });
    expect(await countAttempt(db(), key, t + maxLockSeconds)).toEqual({ allowed: true });
    expect(await countAttempt(db(), key, t + maxLockSeconds)).toEqual({ allowed: false, retryAfter: 3600 });
    // Quiet for `quietSeconds` after the lock ends: a fresh start with the free attempts.
    const later = t + 2 * maxLockSeconds + quietSeconds;
    for (let i = 0; i < free; i++) expect(await countAttempt(db(), key, later)).toEqual({ allowed: true });
    expect(await countAttempt(db(), key, later)).toEqual({ allowed: false, retryAfter: 30 });
  });

  it("a few mistakes are forgiven after a quiet quarter of an hour", async () => {
    const t0 = newClock();
    const key = "test:quiet";
    for (let i = 0; i < free - 2; i++) await countAttempt(db(), key, t0);
    const last = t0 + quietSeconds - 1;
    await countAttempt(db(), key, last);
    expect((await row(db(), key))?.failures).toBe(free - 1);
    await countAttempt(db(), key, last + quietSeconds);
    expect((await row(db(), key))?.failures).toBe(1);
  });

  it("a successful login resets the client's count and gives the account its attempt back; denied and wrong do not", async () => {
    await upsertAccount(db(), "reset-count@example.com", PASSWORD);
    await upsertAccount(db(), "viewer-count@example.com", PASSWORD, "viewer");
    const now = newClock();
    const from = { address: "198.51.100.44" };
    for (let i = 0; i < free - 2; i++) {
      expect(
        (await login(db(), now, { ...from, email: "reset-count@example.com", password: "nope" })).kind,
      ).toBe("invalid");
    }
    // The right password of a non-admin: Access denied, and it counts like a failure.
    expect(
      (await login(db(), now, { ...from, email: "viewer-count@example.com", password: PASSWORD })).kind,
    ).toBe("denied");
    expect((await row(db(), "client:198.51.100.44"))?.failures).toBe(free - 1);
    expect(
      (await login(db(), now, { ...from, email: "reset-count@example.com", password: PASSWORD })).kind,
    ).toBe("ok");
    expect(await row(db(), "client:198.51.100.44")).toBeUndefined();
    expect((await row(db(), "account:reset-count@example.com"))?.failures).toBe(free - 2);
    expect((await row(db(), "account:reset-count@example.com"))?.locked_until).toBe(0);
  });

  it("wrong passwords are 'invalid' for an existing account and an unknown email alike, and counted", async () => {
    await upsertAccount(db(), "exists@example.com", PASSWORD);
    const now = newClock();
    expect(
      await login(db(), now, { email: "exists@example.com", password: "wrong", address: "192.0.2.200" }),
    ).toEqual({ kind: "invalid" });
    expect(
      await login(db(), now, { email: "ghost@example.com", password: "wrong", address: "192.0.2.200" }),
    ).toEqual({
      kind: "invalid",
    });
    expect((await row(db(), "client:192.0.2.200"))?.failures).toBe(2);
    expect((await row(db(), "account:exists@example.com"))?.failures).toBe(1);
    expect((await row(db(), "account:ghost@example.com"))?.failures).toBe(1);
  });

  it("counts a whole IPv6 /64 as one client, and an IPv4-mapped address as its IPv4 address", async () => {
    const now = newClock();
    const attempt = (address: string, i: number) =>
      login(db(), now, { email: `v6-${i}@example.com`, password: "wrong", address });
    for (let i = 0; i < free; i++)
      expect((await attempt(`2001:db8:aa:bb::${i + 1}`, i)).kind).toBe("invalid");
    expect((await attempt("2001:db8:aa:bb:ffff:ffff:ffff:ffff", 100)).kind).toBe("throttled");
    expect((await attempt("2001:db8:aa:bc::1", 101)).kind).toBe("invalid");

    for (let i = 0; i < free; i++) expect((await attempt("::ffff:192.0.2.77", 200 + i)).kind).toBe("invalid");
    expect((await attempt("192.0.2.77", 300)).kind).toBe("throttled");
  });

  it("counts an email of 254 characters, the longest there is (the login form refuses longer ones)", async () => {
    const now = newClock();
    const longest = `${"a".repeat(64)}@${["b".repeat(63), "c".repeat(63), "d".repeat(57)].join(".")}.com`;
    expect(longest).toHaveLength(254);
    const { counter, check } = countingCheck();
    expect(
      (await login(db(), now, { email: longest, password: "whatever", address: "192.0.2.254" }, check)).kind,
    ).toBe("invalid");
    expect(counter.calls).toBe(1);
    expect(await row(db(), `account:${longest}`)).toBeDefined();
  });

  it("the owner's known browser gets in while a stranger has exhausted the account-wide limit", async () => {
    await upsertAccount(db(), "owner@example.com", PASSWORD);
    const now = newClock();
    const owner = deviceCookieOf(await login(db(), now, { email: "owner@example.com", password: PASSWORD }));

    // A stranger, from many addresses, until the account is locked for unknown browsers.
    for (let i = 0; i < free; i++) {
      await login(db(), now, {
        email: "owner@example.com",
        password: `guess ${i}`,
        address: `192.0.2.${i + 1}`,
      });
    }
    const stranger = { email: "owner@example.com", password: PASSWORD, address: "192.0.2.99" };
    expect(await login(db(), now + 1, stranger)).toEqual({
      kind: "throttled",
      retryAfter: firstLockSeconds - 1,
    });

    // The owner's browser: in, even from an address the stranger has locked.
    const back = await login(db(), now + 1, { ...stranger, address: "192.0.2.1", cookie: owner });
    expect(back.kind).toBe("ok");
    // Someone else's device cookie, a forged or an expired one open nothing.
    const forged = owner.replace(/.$/, (c) => (c === "A" ? "B" : "A"));
    expect((await login(db(), now + 1, { ...stranger, cookie: forged })).kind).toBe("throttled");
    const ownerRequest = loginPage(owner);
    expect(
      await knownDevice(db(), ownerRequest, "owner@example.com", now + DEVICE_SECONDS - 1),
    ).not.toBeNull();
    expect(await knownDevice(db(), ownerRequest, "owner@example.com", now + DEVICE_SECONDS)).toBeNull();
    await upsertAccount(db(), "other-owner@example.com", PASSWORD);
    const elsewhere = deviceCookieOf(
      await login(db(), now + 1, {
        email: "other-owner@example.com",
        password: PASSWORD,
        address: "192.0.2.150",
      }),
    );
    expect((await login(db(), now + 1, { ...stranger, cookie: elsewhere })).kind).toBe("throttled");
  });

  it("a known browser still has its own limit", async () => {
    await upsertAccount(db(), "device-limit@example.com", PASSWORD);
    const now = newClock();
    const cookie = deviceCookieOf(
      await login(db(), now, { email: "device-limit@example.com", password: PASSWORD }),
    );
    const { counter, check } = countingCheck();
    const outcomes = await Promise.all(
      Array.from({ length: 15 }, (_, i) =>
        login(db(), now, { email: "device-limit@example.com", password: `guess ${i}`, cookie }, check),
      ),
    );
    expect(counter.calls).toBe(free);
    expect(outcomes.filter((o) => o.kind === "throttled")).toHaveLength(15 - free);
    // Its lock ends on time, and the right password then resets the browser's count.
    expect(
      (
        await login(db(), now + firstLockSeconds, {
          email: "device-limit@example.com",
          password: PASSWORD,
          cookie,
        })
      ).kind,
    ).toBe("ok");
    expect(
      await db().selectFrom("login_throttle").select("key").where("key", "like", "device:%").execute(),
    ).toEqual([]);
  });

  it("sets the device cookie HttpOnly, SameSite=Lax, for the admin only, with Max-Age, Secure over https", async () => {
    await upsertAccount(db(), "cookie-flags@example.com", PASSWORD);
    const now = newClock();
    const ok = await login(db(), now, { email: "cookie-flags@example.com", password: PASSWORD });
    if (ok.kind !== "ok") throw new Error(ok.kind);
    const device = ok.cookies.find((c) => c.startsWith(`${deviceCookie.name}=`)) ?? "";
    const attributes = device.split(";").map((a) => a.trim());
    expect(attributes).toEqual(
      expect.arrayContaining(["HttpOnly", "SameSite=Lax", "Path=/admin", `Max-Age=${DEVICE_SECONDS}`]),
    );
    expect(attributes).not.toContain("Secure");
    expect(ok.cookies.some((c) => c.startsWith(`${sessionCookie.name}=`))).toBe(true);
    const https = await attemptLogin(
      db(),
      {
        email: "cookie-flags@example.com",
        password: PASSWORD,
        request: new Request("https://blog.example/admin/login", { method: "POST" }),
        clientAddress: "192.0.2.10",
      },
      { now },
    );
    if (https.kind !== "ok") throw new Error(https.kind);
    for (const cookie of https.cookies) expect(cookie.split(";").map((a) => a.trim())).toContain("Secure");
  });

  it("sweeps expired rows at most once a minute, from the login path and every rate limit", async () => {
    const t = newClock();
    const stale = async () => {
      await db()
        .insertInto("login_throttle")
        .values({
          key: "stale:throttle",
          failures: 3,
          last_attempt_at: t - quietSeconds - 1,
          locked_until: 0,
          refused: 0,
        })
        .onConflict((oc) => oc.column("key").doNothing())
        .execute();
      await db()
        .insertInto("rate_limits")
        .values({ key: "stale:window", window_start: t - 2 * 86_400, count: 3 })
        .onConflict((oc) => oc.column("key").doNothing())
        .execute();
      await db()
        .insertInto("login_throttle")
        .values({
          key: "live:locked",
          failures: 12,
          last_attempt_at: t - quietSeconds - 1,
          locked_until: t + 60,
          refused: 0,
        })
        .onConflict((oc) => oc.column("key").doNothing())
        .execute();
    };
    const present = async () => [
      Boolean(await row(db(), "stale:throttle")),
      Boolean(
        await db()
          .selectFrom("rate_limits")
          .select("key")
          .where("key", "=", "stale:window")
          .executeTakeFirst(),
      ),
      Boolean(await row(db(), "live:locked")),
    ];

    await stale();
    expect(await sweepExpiredLimits(db(), t)).toBe(true);
    expect(await present()).toEqual([false, false, true]);
    await stale();
    expect(await sweepExpiredLimits(db(), t + SWEEP_INTERVAL_SECONDS - 1)).toBe(false);
    expect(await present()).toEqual([true, true, true]);

    // The login path sweeps (once the minute is up) ...
    await login(db(), t + SWEEP_INTERVAL_SECONDS, {
      email: "sweep@example.com",
      password: "x",
      address: "192.0.2.5",
    });
    expect(await present()).toEqual([false, false, true]);
    // ... and so does every public form's rate limit.
    await stale();
    await allowHit(db(), "form:test:192.0.2.5", 5, 600, t + 2 * SWEEP_INTERVAL_SECONDS);
    expect(await present()).toEqual([false, false, true]);
  });
});
