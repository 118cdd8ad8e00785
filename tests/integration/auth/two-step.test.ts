/**
 * Two-step sign-in (TOTP), on both engines: set-up needs a right code; with it on a password alone
 * gives no session; app codes and recovery codes are each accepted once, even when two requests
 * race; wrong codes end the challenge and are throttled per account; sessions begun before it was
 * turned on end; create-admin's way out. Every outcome is in the activity log.
 */
import { generate } from "otplib";
import { expect, it } from "vitest";
import { upsertAccount } from "#app/server/auth/accounts.server.ts";
import { attemptLogin, attemptSecondStep } from "#app/server/auth/login.server.ts";
import { createSession, findSessionAccount } from "#app/server/auth/session.server.ts";
import {
  beginTwoStepSetup,
  cancelTwoStepSetup,
  checkSecondFactor,
  confirmTwoStepSetup,
  RECOVERY_CODE_COUNT,
  renewRecoveryCodes,
  turnOffTwoStep,
  twoStepState,
} from "#app/server/auth/two-step.server.ts";
import type { DB } from "#app/server/db/db.server.ts";
import { deviceCookie, sessionCookie, twoStepCookie } from "#app/server/http/cookies.server.ts";
import { COMMAND_LINE } from "#app/server/models/activity.server.ts";
import { describeEachEngine } from "#tests/support/engines.ts";
import { readBarrier } from "#tests/support/read-barrier.ts";

const PASSWORD = "a long enough passphrase";
const T0 = 1_800_000_000;

const cookieOf = (setCookie: string | undefined) => (setCookie ?? "").split(";")[0] ?? "";

function requestWith(...setCookies: (string | undefined)[]): Request {
  return new Request("http://localhost/admin/login", {
    headers: { cookie: setCookies.map(cookieOf).join("; "), "user-agent": "Mozilla/5.0 Firefox/128.0" },
  });
}

async function count(db: DB, table: "sessions" | "recovery_codes" | "sign_in_challenges", accountId: number) {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll().as("n"))
    .where("account_id", "=", accountId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The log's entries of one kind, of the given actors (tests share one database per engine). */
async function activity(db: DB, kind: string, actors: string[]) {
  return db
    .selectFrom("activity_log")
    .selectAll()
    .where("kind", "=", kind)
    .where("actor", "in", actors)
    .orderBy("id")
    .execute();
}

/** An admin with two-step sign-in on; its secret (read from the database, as a phone holds it) and codes. */
async function adminWithTwoStep(db: DB, email: string, now = T0) {
  const account = await upsertAccount(db, email, PASSWORD);
  const session = await createSession(db, requestWith(), account.id, now - 100);
  const identity = await findSessionAccount(db, requestWith(session), now - 100);
  await beginTwoStepSetup(db, account.id);
  const { totp_pending_secret: secret } = await db
    .selectFrom("accounts")
    .select("totp_pending_secret")
    .where("id", "=", account.id)
    .executeTakeFirstOrThrow();
  if (!secret || !identity) throw new Error("set-up did not begin");
  const actor = { accountId: account.id, name: email, address: "203.0.113.9" };
  const code = await generate({ secret, epoch: now - 60 });
  const codes = await confirmTwoStepSetup(db, actor, code, identity.sessionId, now - 60);
  if (!codes) throw new Error("set-up did not finish");
  return { account, secret, codes, session };
}

const login = (db: DB, email: string, now: number, password = PASSWORD, ...cookies: string[]) =>
  attemptLogin(
    db,
    { email, password, request: requestWith(...cookies), clientAddress: "198.51.100.7" },
    { now },
  );

async function challengeCookie(db: DB, email: string, now: number): Promise<string> {
  const outcome = await login(db, email, now);
  if (outcome.kind !== "two_step") throw new Error(`expected a two-step challenge, got ${outcome.kind}`);
  return outcome.cookies[0] ?? "";
}

const second = (db: DB, cookie: string, code: string, now: number) =>
  attemptSecondStep(db, { request: requestWith(cookie), code, clientAddress: "198.51.100.7" }, now);

describeEachEngine("two-step sign-in", (db) => {
  it("is set up only with a right code; the secret stays in the database once it is on", async () => {
    const account = await upsertAccount(db(), "setup@example.com", PASSWORD);
    const session = await createSession(db(), requestWith(), account.id, T0);
    const identity = await findSessionAccount(db(), requestWith(session), T0);
    if (!identity) throw new Error("no session");
    const actor = { accountId: account.id, name: "setup@example.com", address: "" };
    // Without a set-up begun, no code turns it on.
    expect(await confirmTwoStepSetup(db(), actor, "123456", identity.sessionId, T0)).toBeNull();
    await beginTwoStepSetup(db(), account.id);
    const during = await twoStepState(db(), account.id, "Wanderplate");
    expect(during.on).toBe(false);
    expect(during.setup?.qrSvg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    // Shown in groups of four for typing by hand: 32 base32 letters.
    expect(during.setup?.secret).toMatch(/^(?:[A-Z2-7]{4} ){7}[A-Z2-7]{4}$/);
    const secret = during.setup?.secret.replace(/\s/g, "") ?? "";
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    // A password alone still signs in while set-up is pending.
    expect((await login(db(), "setup@example.com", T0)).kind).toBe("ok");

    const wrongCode = (Number(await generate({ secret, epoch: T0 })) + 1) % 1_000_000;
    expect(
      await confirmTwoStepSetup(db(), actor, String(wrongCode).padStart(6, "0"), identity.sessionId, T0),
    ).toBeNull();
    const codes = await confirmTwoStepSetup(
      db(),
      actor,
      await generate({ secret, epoch: T0 }),
      identity.sessionId,
      T0,
    );
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(codes).size).toBe(RECOVERY_CODE_COUNT);
    for (const code of codes ?? []) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);

    const after = await twoStepState(db(), account.id, "Wanderplate");
    expect(after).toMatchObject({ on: true, setup: null, recoveryCodesLeft: RECOVERY_CODE_COUNT });
    expect(JSON.stringify(after)).not.toContain(secret);
    // Recovery codes are stored hashed, never as typed.
    const stored = await db()
      .selectFrom("recovery_codes")
      .select("code_hash")
      .where("account_id", "=", account.id)
      .execute();
    expect(stored).toHaveLength(RECOVERY_CODE_COUNT);
    for (const code of codes ?? []) {
      expect(JSON.stringify(stored)).not.toContain(code.replace("-", ""));
    }
    expect(
      (await activity(db(), "two_step_on", ["setup@example.com"])).map((e) => [
        e.actor,
        e.item_type,
        e.item_id,
      ]),
    ).toEqual([["setup@example.com", "account", String(account.id)]]);
  });

  it("ends every session begun before it was turned on, except the one that turned it on", async () => {
    const account = await upsertAccount(db(), "before@example.com", PASSWORD);
    const elsewhere = await createSession(db(), requestWith(), account.id, T0 - 500);
    const { session: here, account: same } = await (async () => {
      // adminWithTwoStep makes its own session, then turns two-step on from it.
      const made = await adminWithTwoStep(db(), "before@example.com", T0);
      return made;
    })();
    expect(same.id).toBe(account.id);
    expect(await findSessionAccount(db(), requestWith(elsewhere), T0)).toBeNull();
    expect((await findSessionAccount(db(), requestWith(here), T0))?.accountId).toBe(account.id);
    expect(await count(db(), "sessions", account.id)).toBe(1);
  });

  it("with it on, a right password gives no session, only a challenge; the code finishes the sign-in", async () => {
    const { account, secret } = await adminWithTwoStep(db(), "signin@example.com");
    const before = await count(db(), "sessions", account.id);
    const outcome = await login(db(), "signin@example.com", T0);
    expect(outcome.kind).toBe("two_step");
    if (outcome.kind !== "two_step") return;
    expect(outcome.cookies).toHaveLength(1);
    expect(outcome.cookies[0]).toMatch(
      new RegExp(`^${twoStepCookie.name}=[^;]+; Max-Age=300; Path=/admin; HttpOnly; SameSite=Lax$`),
    );
    expect(await count(db(), "sessions", account.id)).toBe(before);
    // The challenge cookie is no session.
    expect(await findSessionAccount(db(), requestWith(outcome.cookies[0]), T0)).toBeNull();

    const done = await second(
      db(),
      outcome.cookies[0] ?? "",
      await generate({ secret, epoch: T0 + 10 }),
      T0 + 10,
    );
    expect(done.kind).toBe("ok");
    if (done.kind !== "ok") return;
    const session = done.cookies.find((c) => c.startsWith(`${sessionCookie.name}=`));
    expect((await findSessionAccount(db(), requestWith(session), T0 + 10))?.accountId).toBe(account.id);
    // The challenge cookie is cleared where it was set (a cookie of another path would stay).
    expect(done.cookies.filter((c) => c.startsWith(`${twoStepCookie.name}=`))).toEqual([
      `${twoStepCookie.name}=; Max-Age=0; Path=/admin; HttpOnly; SameSite=Lax`,
    ]);
    const signIns = await activity(db(), "sign_in", ["signin@example.com"]);
    expect(signIns.at(-1)).toMatchObject({
      actor: "signin@example.com",
      detail: "with a password and an authenticator code",
      address: "198.51.100.7",
    });
    // The device list sees the browser it came from.
    const row = await db()
      .selectFrom("sessions")
      .select(["user_agent", "address"])
      .where("account_id", "=", account.id)
      .orderBy("created_at", "desc")
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ user_agent: "Mozilla/5.0 Firefox/128.0", address: "198.51.100.7" });
  });

  it("accepts a code once: the same code again, on a new challenge, is refused as reused", async () => {
    const { secret } = await adminWithTwoStep(db(), "replay@example.com");
    const code = await generate({ secret, epoch: T0 });
    expect((await second(db(), await challengeCookie(db(), "replay@example.com", T0), code, T0)).kind).toBe(
      "ok",
    );
    const again = await second(db(), await challengeCookie(db(), "replay@example.com", T0 + 5), code, T0 + 5);
    expect(again).toEqual({ kind: "wrong", reused: true });
    // An older code, from before the accepted one, is refused too.
    const older = await generate({ secret, epoch: T0 - 30 });
    expect(
      await second(db(), await challengeCookie(db(), "replay@example.com", T0 + 6), older, T0 + 6),
    ).toEqual({
      kind: "wrong",
      reused: true,
    });
    const failures = await activity(db(), "sign_in_failed", ["replay@example.com"]);
    expect(failures.map((f) => f.detail)).toEqual([
      "a two-step code already used",
      "a two-step code already used",
    ]);
  });

  it("of two verifications of one step read before either claims it, the database lets exactly one win", async () => {
    const { account, secret } = await adminWithTwoStep(db(), "race@example.com", T0 - 3600);
    const code = await generate({ secret, epoch: T0 + 1 });
    // Both calls read the account's last step before either writes: only the conditional UPDATE
    // (serialised by the database, on either engine) can tell them apart.
    const barrier = readBarrier(db(), "accounts");
    const outcomes = await Promise.all([
      checkSecondFactor(barrier.db, account.id, code, T0 + 1),
      checkSecondFactor(barrier.db, account.id, ` ${code} `, T0 + 1),
    ]);
    expect(barrier.held).toBe(2);
    expect(outcomes.map((o) => (o.ok ? "ok" : o.reason)).sort()).toEqual(["ok", "reused_code"]);
    const { totp_last_step } = await db()
      .selectFrom("accounts")
      .select("totp_last_step")
      .where("id", "=", account.id)
      .executeTakeFirstOrThrow();
    expect(Number(totp_last_step)).toBe(T0 / 30);
  });

  it("one challenge gives one session: two right recovery codes at once, one signs in, the other is told to start again", async () => {
    for (let round = 0; round < 3; round++) {
      const email = `one-session-${round}@example.com`;
      const { account, codes } = await adminWithTwoStep(db(), email);
      const cookie = await challengeCookie(db(), email, T0 + round);
      const before = await count(db(), "sessions", account.id);
      // Both requests find the challenge before either ends it.
      const barrier = readBarrier(db(), "sign_in_challenges");
      const outcomes = await Promise.all(
        [codes[0] ?? "", codes[1] ?? ""].map((code) =>
          attemptSecondStep(
            barrier.db,
            { request: requestWith(cookie), code, clientAddress: "198.51.100.7" },
            T0 + round,
          ),
        ),
      );
      expect(barrier.held).toBe(2);
      expect(outcomes.map((o) => o.kind).sort()).toEqual(["expired", "ok"]);
      expect(await count(db(), "sessions", account.id)).toBe(before + 1);
      expect(await activity(db(), "sign_in", [email])).toHaveLength(1);
    }
  });

  it("a recovery code signs in once, in any case and with or without its dash", async () => {
    const { account, codes } = await adminWithTwoStep(db(), "recovery@example.com");
    const code = codes[3] ?? "";
    const typed = ` ${code.replace("-", "").toUpperCase()} `;
    const done = await second(db(), await challengeCookie(db(), "recovery@example.com", T0), typed, T0);
    expect(done.kind).toBe("ok");
    expect((await activity(db(), "sign_in", ["recovery@example.com"])).at(-1)?.detail).toBe(
      "with a password and a recovery code",
    );
    expect((await twoStepState(db(), account.id, "x")).recoveryCodesLeft).toBe(RECOVERY_CODE_COUNT - 1);
    const again = await second(
      db(),
      await challengeCookie(db(), "recovery@example.com", T0 + 1),
      code,
      T0 + 1,
    );
    expect(again).toEqual({ kind: "wrong", reused: true });
    const invented = await second(
      db(),
      await challengeCookie(db(), "recovery@example.com", T0 + 2),
      "abcde-fghij",
      T0 + 2,
    );
    expect(invented).toEqual({ kind: "wrong", reused: false });
  });

  it("accepts an app code of the step before or after now, never one two steps away", async () => {
    // Set up an hour ago: no recent step is recorded, so only the window decides.
    const { secret } = await adminWithTwoStep(db(), "window@example.com", T0 - 3600);
    const cookie = await challengeCookie(db(), "window@example.com", T0);
    const codeAt = (offset: number) => generate({ secret, epoch: T0 + offset });
    expect(await second(db(), cookie, await codeAt(-75), T0)).toEqual({ kind: "wrong", reused: false });
    expect(await second(db(), cookie, await codeAt(75), T0)).toEqual({ kind: "wrong", reused: false });
    expect((await second(db(), cookie, await codeAt(-30), T0)).kind).toBe("ok");
    // The step after now is accepted too (a phone a little ahead), on a new challenge.
    const next = await challengeCookie(db(), "window@example.com", T0 + 1);
    expect((await second(db(), next, await codeAt(30), T0 + 1)).kind).toBe("ok");
  });

  it("a recovery code opens only its own account, and stays unused when another account tries it", async () => {
    await adminWithTwoStep(db(), "owner-a@example.com");
    const b = await adminWithTwoStep(db(), "owner-b@example.com");
    const bCode = b.codes[0] ?? "";
    const cookie = await challengeCookie(db(), "owner-a@example.com", T0);
    expect(await second(db(), cookie, bCode, T0)).toEqual({ kind: "wrong", reused: false });
    const unused = await db()
      .selectFrom("recovery_codes")
      .select("used_at")
      .where("account_id", "=", b.account.id)
      .where("used_at", "is not", null)
      .execute();
    expect(unused).toEqual([]);
    // B can still use it.
    const own = await challengeCookie(db(), "owner-b@example.com", T0 + 1);
    expect((await second(db(), own, bCode, T0 + 1)).kind).toBe("ok");
  });

  it("a browser known from a sign-in before two-step was on still has to give the code", async () => {
    const email = "known-browser@example.com";
    await upsertAccount(db(), email, PASSWORD);
    const before = await login(db(), email, T0 - 7200);
    if (before.kind !== "ok") throw new Error(`expected a sign-in, got ${before.kind}`);
    const device = before.cookies.find((c) => c.startsWith(`${deviceCookie.name}=`));
    expect(device).toMatch(new RegExp(`^${deviceCookie.name}=[^;]+`));
    const { account } = await adminWithTwoStep(db(), email);
    const sessions = await count(db(), "sessions", account.id);
    const outcome = await login(db(), email, T0, PASSWORD, device ?? "");
    expect(outcome.kind).toBe("two_step");
    expect(await count(db(), "sessions", account.id)).toBe(sessions);
    expect(await count(db(), "sign_in_challenges", account.id)).toBe(1);
  });

  it("a new challenge replaces the account's older one, and leaves other accounts' alone", async () => {
    const { account, secret } = await adminWithTwoStep(db(), "twice@example.com");
    const other = await adminWithTwoStep(db(), "other-tab@example.com");
    const otherCookie = await challengeCookie(db(), "other-tab@example.com", T0);
    const first = await challengeCookie(db(), "twice@example.com", T0);
    const latest = await challengeCookie(db(), "twice@example.com", T0 + 1);
    expect(await count(db(), "sign_in_challenges", account.id)).toBe(1);
    // The older challenge no longer takes even the right code: the password must be typed again.
    expect((await second(db(), first, await generate({ secret, epoch: T0 + 2 }), T0 + 2)).kind).toBe(
      "expired",
    );
    expect((await second(db(), latest, await generate({ secret, epoch: T0 + 2 }), T0 + 2)).kind).toBe("ok");
    // Another account's challenge, made before, is still there and still works.
    expect(await count(db(), "sign_in_challenges", other.account.id)).toBe(1);
    expect(
      (await second(db(), otherCookie, await generate({ secret: other.secret, epoch: T0 + 2 }), T0 + 2)).kind,
    ).toBe("ok");
  });

  it("an expired challenge of any account is swept when a new one is made", async () => {
    const stale = await adminWithTwoStep(db(), "stale-challenge@example.com");
    await adminWithTwoStep(db(), "sweeper@example.com");
    await challengeCookie(db(), "stale-challenge@example.com", T0);
    await challengeCookie(db(), "sweeper@example.com", T0 + 299);
    expect(await count(db(), "sign_in_challenges", stale.account.id)).toBe(1);
    await challengeCookie(db(), "sweeper@example.com", T0 + 300);
    expect(await count(db(), "sign_in_challenges", stale.account.id)).toBe(0);
  });

  // Decision 022: a challenge dies after 5 wrong codes; codes are counted per account, 5 free, then
  // a lock of 30 s that doubles. Written out, not read from the constants, so a changed policy shows.
  it("wrong codes use up the challenge; after 5 the account's codes are throttled", async () => {
    const { account, secret } = await adminWithTwoStep(db(), "wrong@example.com");
    const cookie = await challengeCookie(db(), "wrong@example.com", T0);
    for (let i = 0; i < 5; i++) {
      expect(await second(db(), cookie, "000000", T0 + i)).toEqual({ kind: "wrong", reused: false });
    }
    // The challenge is gone: even the right code now asks for the password again.
    expect((await second(db(), cookie, await generate({ secret, epoch: T0 + 10 }), T0 + 10)).kind).toBe(
      "expired",
    );
    expect(await count(db(), "sign_in_challenges", account.id)).toBe(0);

    // 5 were counted; the next one waits, whatever the code, however new the challenge.
    const fresh = await challengeCookie(db(), "wrong@example.com", T0 + 11);
    const throttled = await second(db(), fresh, await generate({ secret, epoch: T0 + 11 }), T0 + 11);
    expect(throttled).toEqual({ kind: "throttled", retryAfter: 30 - 7 });
    // After the lock, the right code works and clears the count.
    const later = T0 + 11 + 30 + 60;
    expect(
      (
        await second(
          db(),
          await challengeCookie(db(), "wrong@example.com", later),
          await generate({ secret, epoch: later }),
          later,
        )
      ).kind,
    ).toBe("ok");
  });

  it("counts wrong codes per account across challenges: 3 on one, 2 on the next, the 6th waits", async () => {
    const { secret } = await adminWithTwoStep(db(), "across@example.com");
    const first = await challengeCookie(db(), "across@example.com", T0);
    for (let i = 0; i < 3; i++) expect((await second(db(), first, "000000", T0 + i)).kind).toBe("wrong");
    const next = await challengeCookie(db(), "across@example.com", T0 + 3);
    for (let i = 3; i < 5; i++) expect((await second(db(), next, "000000", T0 + i)).kind).toBe("wrong");
    // The second challenge has tries left (2 of 5 used), but the account's codes are locked.
    const right = await generate({ secret, epoch: T0 + 5 });
    expect(await second(db(), next, right, T0 + 5)).toEqual({ kind: "throttled", retryAfter: 29 });
  });

  it("without a challenge cookie, or with an empty one, the code step asks for the password again", async () => {
    const { secret } = await adminWithTwoStep(db(), "no-cookie@example.com");
    await challengeCookie(db(), "no-cookie@example.com", T0);
    const code = await generate({ secret, epoch: T0 });
    expect(await second(db(), "", code, T0)).toEqual({ kind: "expired" });
    expect(await second(db(), `${twoStepCookie.name}=`, code, T0)).toEqual({ kind: "expired" });
  });

  it("throttles each account's codes on their own, logs the refusal, and a sign-in clears the count", async () => {
    const a = await adminWithTwoStep(db(), "guessed@example.com");
    const b = await adminWithTwoStep(db(), "bystander@example.com");
    for (let i = 0; i < 5; i++) {
      const cookie = await challengeCookie(db(), "guessed@example.com", T0 + i);
      expect((await second(db(), cookie, "000000", T0 + i)).kind).toBe("wrong");
    }
    const locked = await challengeCookie(db(), "guessed@example.com", T0 + 5);
    expect(
      (await second(db(), locked, await generate({ secret: a.secret, epoch: T0 + 5 }), T0 + 5)).kind,
    ).toBe("throttled");
    const refusals = await activity(db(), "sign_in_failed", ["guessed@example.com"]);
    expect(refusals.at(-1)?.detail).toBe("too many attempts (two-step code)");
    // Another account's codes are not held back by this one's guesses.
    const other = await challengeCookie(db(), "bystander@example.com", T0 + 5);
    expect(
      (await second(db(), other, await generate({ secret: b.secret, epoch: T0 + 5 }), T0 + 5)).kind,
    ).toBe("ok");

    // After the lock, a sign-in with the right code starts the count again from zero: four wrong
    // codes and the right one then sign in, where without the reset the fifth would be refused.
    const later = T0 + 5 + 30 + 60;
    const cookie = await challengeCookie(db(), "guessed@example.com", later);
    expect((await second(db(), cookie, await generate({ secret: a.secret, epoch: later }), later)).kind).toBe(
      "ok",
    );
    for (let i = 1; i <= 4; i++) {
      const next = await challengeCookie(db(), "guessed@example.com", later + i);
      expect((await second(db(), next, "000000", later + i)).kind).toBe("wrong");
    }
    const last = await challengeCookie(db(), "guessed@example.com", later + 31);
    expect(
      (await second(db(), last, await generate({ secret: a.secret, epoch: later + 31 }), later + 31)).kind,
    ).toBe("ok");
  });

  it("logs a password-only sign-in with how it was made, and a throttled password as such", async () => {
    const account = await upsertAccount(db(), "password-only@example.com", PASSWORD);
    expect((await login(db(), "password-only@example.com", T0)).kind).toBe("ok");
    const signIns = await activity(db(), "sign_in", ["password-only@example.com"]);
    expect(signIns.map((e) => [e.detail, e.item_type, e.item_id])).toEqual([
      ["with a password", "account", String(account.id)],
    ]);
    const client = (i: number) =>
      attemptLogin(
        db(),
        {
          email: "password-only@example.com",
          password: "wrong",
          request: requestWith(),
          clientAddress: "192.0.2.200",
        },
        { now: T0 + i },
      );
    let outcome = await client(1);
    for (let i = 2; outcome.kind !== "throttled" && i < 50; i++) outcome = await client(i);
    expect(outcome.kind).toBe("throttled");
    const refusal = await db()
      .selectFrom("activity_log")
      .select(["actor", "detail"])
      .where("kind", "=", "sign_in_failed")
      .where("detail", "like", "too many attempts%")
      .where("address", "=", "192.0.2.200")
      .executeTakeFirstOrThrow();
    expect(refusal).toEqual({
      actor: "unknown account",
      detail: "too many attempts (as password-only@example.com)",
    });
  });

  it("a challenge expires after five minutes", async () => {
    const { secret } = await adminWithTwoStep(db(), "slow@example.com");
    const cookie = await challengeCookie(db(), "slow@example.com", T0);
    const late = T0 + 301;
    expect((await second(db(), cookie, await generate({ secret, epoch: late }), late)).kind).toBe("expired");
  });

  it("turning it off (create-admin's way) removes the secret and codes and signs the account out", async () => {
    const { account } = await adminWithTwoStep(db(), "lost@example.com");
    expect(await turnOffTwoStep(db(), COMMAND_LINE, account.id, { endSessions: true })).toBe(true);
    expect(await count(db(), "sessions", account.id)).toBe(0);
    expect(await count(db(), "recovery_codes", account.id)).toBe(0);
    expect((await login(db(), "lost@example.com", T0 + 1)).kind).toBe("ok");
    expect(await turnOffTwoStep(db(), COMMAND_LINE, account.id)).toBe(false);
    const off = await activity(db(), "two_step_off", ["command line"]);
    expect(off.map((e) => [e.item_type, e.item_id])).toEqual([["account", String(account.id)]]);
  });

  it("turned off from the account screen (no endSessions), it leaves the account's sessions alone", async () => {
    const { account, session } = await adminWithTwoStep(db(), "off-here@example.com");
    const actor = { accountId: account.id, name: "off-here@example.com", address: "" };
    expect(await turnOffTwoStep(db(), actor, account.id)).toBe(true);
    expect((await findSessionAccount(db(), requestWith(session), T0))?.accountId).toBe(account.id);
    expect(await twoStepState(db(), account.id, "x")).toMatchObject({ on: false, recoveryCodesLeft: 0 });
  });

  it("a set-up cancelled before its code leaves nothing to confirm", async () => {
    const account = await upsertAccount(db(), "cancel@example.com", PASSWORD);
    const session = await createSession(db(), requestWith(), account.id, T0);
    const identity = await findSessionAccount(db(), requestWith(session), T0);
    if (!identity) throw new Error("no session");
    await beginTwoStepSetup(db(), account.id);
    const secret = (await twoStepState(db(), account.id, "x")).setup?.secret.replace(/\s/g, "") ?? "";
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await cancelTwoStepSetup(db(), account.id);
    expect((await twoStepState(db(), account.id, "x")).setup).toBeNull();
    const actor = { accountId: account.id, name: "cancel@example.com", address: "" };
    const code = await generate({ secret, epoch: T0 });
    expect(await confirmTwoStepSetup(db(), actor, code, identity.sessionId, T0)).toBeNull();
    expect((await twoStepState(db(), account.id, "x")).on).toBe(false);
  });

  it("new recovery codes replace every old one, and are logged; with two-step off there are none to renew", async () => {
    const { account, codes } = await adminWithTwoStep(db(), "renew@example.com");
    const actor = { accountId: account.id, name: "renew@example.com", address: "203.0.113.9" };
    const renewed = await renewRecoveryCodes(db(), actor, T0);
    expect(renewed).toHaveLength(RECOVERY_CODE_COUNT);
    expect(renewed?.filter((code) => codes.includes(code))).toEqual([]);
    expect((await twoStepState(db(), account.id, "x")).recoveryCodesLeft).toBe(RECOVERY_CODE_COUNT);
    // An old code is unknown now (not "used"); a new one works.
    expect(await checkSecondFactor(db(), account.id, codes[0] ?? "", T0)).toEqual({
      ok: false,
      reason: "wrong_code",
    });
    expect(await checkSecondFactor(db(), account.id, renewed?.[0] ?? "", T0)).toEqual({
      ok: true,
      how: "recovery",
    });
    const logged = await activity(db(), "recovery_codes_renewed", ["renew@example.com"]);
    expect(logged.map((e) => [e.item_type, e.item_id, e.address])).toEqual([
      ["account", String(account.id), "203.0.113.9"],
    ]);
    await turnOffTwoStep(db(), actor, account.id);
    expect(await renewRecoveryCodes(db(), actor, T0 + 1)).toBeNull();
    expect(await count(db(), "recovery_codes", account.id)).toBe(0);
  });

  it("refuses as wrong what is no code of the account: two-step off, no such account, malformed codes", async () => {
    const { account, secret } = await adminWithTwoStep(db(), "malformed@example.com", T0 - 3600);
    const plain = await upsertAccount(db(), "plain@example.com", PASSWORD);
    const code = await generate({ secret, epoch: T0 });
    const wrong = { ok: false, reason: "wrong_code" };
    expect(await checkSecondFactor(db(), plain.id, code, T0)).toEqual(wrong);
    expect(await checkSecondFactor(db(), 999_999, code, T0)).toEqual(wrong);
    for (const typed of ["12345", `${code}0`, `0${code}`, "abcd", "abcde-fghij-k", ""]) {
      expect(await checkSecondFactor(db(), account.id, typed, T0)).toEqual(wrong);
    }
    // The right code still works: none of the above used it up.
    expect(await checkSecondFactor(db(), account.id, code, T0)).toEqual({ ok: true, how: "app" });
  });

  it("logs a wrong code as wrong and a used one as used, for app and recovery codes", async () => {
    const { secret, codes } = await adminWithTwoStep(db(), "details@example.com");
    const cookie = () => challengeCookie(db(), "details@example.com", T0);
    // A step is recorded (set-up): a code far from now is wrong, not used.
    await second(db(), await cookie(), await generate({ secret, epoch: T0 + 300 }), T0);
    await second(db(), await cookie(), codes[0] ?? "", T0);
    await second(db(), await cookie(), codes[0] ?? "", T0);
    await second(db(), await cookie(), "zzzzz-zzzzz", T0);
    const failures = await activity(db(), "sign_in_failed", ["details@example.com"]);
    expect(failures.map((f) => f.detail)).toEqual([
      "wrong two-step code",
      "a two-step code already used",
      "wrong two-step code",
    ]);
  });

  it("logs sign-in failures with their reason, strangers' addresses as detail only", async () => {
    await upsertAccount(db(), "reasons@example.com", PASSWORD);
    await login(db(), "reasons@example.com", T0, "not the password at all");
    await login(db(), "nobody-here@example.com", T0, PASSWORD);
    const failures = await db()
      .selectFrom("activity_log")
      .selectAll()
      .where("kind", "=", "sign_in_failed")
      .where((eb) => eb.or([eb("actor", "=", "reasons@example.com"), eb("detail", "like", "%nobody-here%")]))
      .orderBy("id")
      .execute();
    expect(failures.map((f) => [f.actor, f.detail, f.address])).toEqual([
      ["reasons@example.com", "wrong password", "198.51.100.7"],
      ["unknown account", "no account has this email (as nobody-here@example.com)", "198.51.100.7"],
    ]);
  });
});
