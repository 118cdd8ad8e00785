/**
 * The owner's own account, at the model (auth/own-account.server.ts), on both engines: what the
 * model itself guarantees whatever screen calls it. The current password is throttled per account
 * and a right one starts the count again; an email changes only with the password confirmed, is
 * stored in one spelling and never becomes another account's; saving nothing changes nothing;
 * devices are named from their browser, the one in use first; every change is logged with what it
 * was about. The screen's own checks are in account-screen.test.ts.
 */
import { expect, it } from "vitest";
import { upsertAccount } from "#app/server/auth/accounts.server.ts";
import {
  changeDetails,
  changeOwnPassword,
  confirmCurrentPassword,
  endOtherSessions,
  endSession,
  listDevices,
} from "#app/server/auth/own-account.server.ts";
import { createSession, findSessionAccount } from "#app/server/auth/session.server.ts";
import type { DB } from "#app/server/db/db.server.ts";
import { describeEachEngine } from "#tests/support/engines.ts";

const PASSWORD = "a long enough passphrase";
const T0 = 1_800_000_000;
const FIREFOX = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0";
const SAFARI =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

async function owner(db: DB, email: string) {
  const account = await upsertAccount(db, email, PASSWORD);
  return { account, actor: { accountId: account.id, name: email, address: "198.51.100.20" } };
}

/** A session of `accountId` from a browser saying `userAgent`; its stored id. */
async function sessionFrom(db: DB, accountId: number, userAgent: string, at: number, address = "") {
  const cookie = await createSession(
    db,
    new Request("http://localhost/admin/login", { headers: { "user-agent": userAgent } }),
    accountId,
    at,
    address,
  );
  const found = await findSessionAccount(
    db,
    new Request("http://localhost/admin", { headers: { cookie: cookie.split(";")[0] ?? "" } }),
    at,
  );
  if (!found) throw new Error("no session");
  return found.sessionId;
}

const entries = (db: DB, kind: string, actor: string) =>
  db
    .selectFrom("activity_log")
    .select(["item_type", "item_id", "item_label", "detail"])
    .where("kind", "=", kind)
    .where("actor", "=", actor)
    .orderBy("id")
    .execute();

describeEachEngine("the owner's own account", (db) => {
  it("confirms the current password; a right one starts the throttle's count again", async () => {
    const { account } = await owner(db(), "confirm@example.com");
    expect(await confirmCurrentPassword(db(), account.id, "not it", T0)).toEqual({
      ok: false,
      throttled: false,
    });
    // 9 wrong and the right one, twice over: without the reset the 11th try would lock.
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < 8; i++)
        expect(await confirmCurrentPassword(db(), account.id, "not it", T0 + round * 10 + i)).toEqual({
          ok: false,
          throttled: false,
        });
      expect(await confirmCurrentPassword(db(), account.id, PASSWORD, T0 + round * 10 + 9)).toEqual({
        ok: true,
      });
    }
    expect(await confirmCurrentPassword(db(), account.id, "not it", T0 + 30)).toEqual({
      ok: false,
      throttled: false,
    });
  });

  it("changes the email only once the password was confirmed, in one spelling, never to another account's", async () => {
    const { account, actor } = await owner(db(), "mine@example.com");
    await upsertAccount(db(), "theirs@example.com", PASSWORD);
    expect(
      await changeDetails(db(), actor, { name: "", email: "new@example.com", passwordConfirmed: false }, T0),
    ).toEqual({ ok: false, problem: "password_needed" });
    expect(
      await changeDetails(
        db(),
        actor,
        { name: "", email: " Theirs@Example.com ", passwordConfirmed: true },
        T0,
      ),
    ).toEqual({ ok: false, problem: "email_taken" });
    const stored = async () =>
      db()
        .selectFrom("accounts")
        .select(["email", "name"])
        .where("id", "=", account.id)
        .executeTakeFirstOrThrow();
    expect(await stored()).toEqual({ email: "mine@example.com", name: "" });

    // The same email in other letters, and only the name new: no password needed.
    expect(
      await changeDetails(
        db(),
        actor,
        { name: "Ana", email: " MINE@example.com ", passwordConfirmed: false },
        T0,
      ),
    ).toEqual({ ok: true });
    expect(
      await changeDetails(
        db(),
        actor,
        { name: "Ana", email: "Moved@Example.com ", passwordConfirmed: true },
        T0,
      ),
    ).toEqual({ ok: true });
    expect(await stored()).toEqual({ email: "moved@example.com", name: "Ana" });
    // Nothing new: nothing written, nothing logged.
    expect(
      await changeDetails(
        db(),
        actor,
        { name: "Ana", email: "moved@example.com", passwordConfirmed: false },
        T0,
      ),
    ).toEqual({ ok: true });
    expect(await entries(db(), "account_changed", "mine@example.com")).toEqual([
      { item_type: "account", item_id: String(account.id), item_label: "", detail: "name" },
      {
        item_type: "account",
        item_id: String(account.id),
        item_label: "",
        detail: "email from mine@example.com to moved@example.com",
      },
    ]);
  });

  it("logs a password change against the account", async () => {
    const { account, actor } = await owner(db(), "newpass@example.com");
    const here = await sessionFrom(db(), account.id, FIREFOX, T0);
    expect(
      await changeOwnPassword(db(), actor, { password: "short", keepSessionId: here }, T0),
    ).toMatchObject({
      ok: false,
    });
    expect(
      await changeOwnPassword(db(), actor, { password: "another long passphrase", keepSessionId: here }, T0),
    ).toEqual({ ok: true });
    expect(await entries(db(), "password_changed", "newpass@example.com")).toEqual([
      { item_type: "account", item_id: String(account.id), item_label: "", detail: "" },
    ]);
  });

  it("names each device from its browser, the one in use first, and logs each sign-out", async () => {
    const { account, actor } = await owner(db(), "devices@example.com");
    const phone = await sessionFrom(db(), account.id, SAFARI, T0 - 50, "203.0.113.5");
    const here = await sessionFrom(db(), account.id, FIREFOX, T0 - 100);
    const unknown = await sessionFrom(db(), account.id, "   ", T0 - 10);
    const devices = await listDevices(db(), account.id, here, T0);
    expect(devices.map((d) => [d.id, d.browser, d.current])).toEqual([
      [here, "Firefox 128 on Windows", true],
      [unknown, "Unknown browser", false],
      [phone, "Safari 17 on iOS", false],
    ]);

    expect(await endSession(db(), actor, phone, T0)).toBe(true);
    expect(await endSession(db(), actor, phone, T0)).toBe(false);
    expect(await endOtherSessions(db(), actor, here, T0)).toBe(1);
    // Nothing left to end: no entry.
    expect(await endOtherSessions(db(), actor, here, T0)).toBe(0);
    expect(await entries(db(), "session_ended", "devices@example.com")).toEqual([
      {
        item_type: "session",
        item_id: "",
        item_label: "Safari 17 on iOS",
        detail: "signed in from 203.0.113.5",
      },
      { item_type: "session", item_id: "", item_label: "", detail: "every other device (1)" },
    ]);
  });
});
