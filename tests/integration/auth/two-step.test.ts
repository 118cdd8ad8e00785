/**
 * Two-step sign-in (TOTP), on both engines: set-up needs a right code; with it on a password alone
 * gives no session; app codes and recovery codes are each accepted once, even when two requests
 * race; wrong codes end the challenge and are throttled per account; sessions begun before it was
 * turned on end; create-admin's way out. Every outcome is in the activity log.
 */
import { generate } from "otplib";
import { expect, it } from "vitest";
import { upsertAccount } from "#app/server/auth/accounts.server.ts";
import { attemptLogin, attemptSecondStep, TWO_STEP_THROTTLE } from "#app/server/auth/login.server.ts";
import { createSession, findSessionAccount } from "#app/server/auth/session.server.ts";
import { CHALLENGE_TRIES } from "#app/server/auth/sign-in-challenge.server.ts";
import {
  beginTwoStepSetup,
  confirmTwoStepSetup,
  RECOVERY_CODE_COUNT,
  turnOffTwoStep,
  twoStepState,
} from "#app/server/auth/two-step.server.ts";
import type { DB } from "#app/server/db/db.server.ts";
import { COMMAND_LINE } from "#app/server/models/activity.server.ts";
import { describeEachEngine } from "#tests/support/engines.ts";

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
    expect((await activity(db(), "two_step_on", ["setup@example.com"])).map((e) => e.actor)).toEqual([
      "setup@example.com",
    ]);
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
      /^wp_two_step=[^;]+; Path=\/admin; HttpOnly; SameSite=Lax; Max-Age=300/,
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
    const session = done.cookies.find((c) => c.startsWith("wp_session="));
    expect((await findSessionAccount(db(), requestWith(session), T0 + 10))?.accountId).toBe(account.id);
    expect(done.cookies.some((c) => c.startsWith("wp_two_step=;"))).toBe(true);
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

  it("of two requests racing with the same right code, exactly one signs in", async () => {
    const { secret } = await adminWithTwoStep(db(), "race@example.com");
    const a = await challengeCookie(db(), "race@example.com", T0);
    const b = await challengeCookie(db(), "race@example.com", T0);
    const code = await generate({ secret, epoch: T0 + 1 });
    const outcomes = await Promise.all([second(db(), a, code, T0 + 1), second(db(), b, code, T0 + 1)]);
    expect(outcomes.map((o) => o.kind).sort()).toEqual(["ok", "wrong"]);
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

  it("wrong codes use up the challenge; after the free tries the account's codes are throttled", async () => {
    const { account, secret } = await adminWithTwoStep(db(), "wrong@example.com");
    const cookie = await challengeCookie(db(), "wrong@example.com", T0);
    for (let i = 0; i < CHALLENGE_TRIES; i++) {
      expect((await second(db(), cookie, "000000", T0 + i)).kind).toBe("wrong");
    }
    // The challenge is gone: even the right code now asks for the password again.
    expect((await second(db(), cookie, await generate({ secret, epoch: T0 + 10 }), T0 + 10)).kind).toBe(
      "expired",
    );
    expect(await count(db(), "sign_in_challenges", account.id)).toBe(0);

    // TWO_STEP_THROTTLE.free attempts were counted; the next one waits, whatever the code.
    expect(CHALLENGE_TRIES).toBeGreaterThanOrEqual(TWO_STEP_THROTTLE.free);
    const fresh = await challengeCookie(db(), "wrong@example.com", T0 + 11);
    const throttled = await second(db(), fresh, await generate({ secret, epoch: T0 + 11 }), T0 + 11);
    expect(throttled).toMatchObject({ kind: "throttled" });
    // After the lock, the right code works and clears the count.
    const later = T0 + 11 + TWO_STEP_THROTTLE.firstLockSeconds + 60;
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
    expect(off.map((e) => e.item_id)).toEqual([String(account.id)]);
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
