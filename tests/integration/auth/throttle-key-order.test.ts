/**
 * The order in which a sign-in attempt is counted (app/server/auth/login.server.ts: "Client first:
 * a client already refused cannot push the account's count on"), against the real throttle on
 * both engines. A client that has locked itself out by guessing at other accounts keeps trying
 * one account: those refused attempts must not count against that account, so its owner, signing
 * in from elsewhere, is not locked out by them.
 */
import { expect, it } from "vitest";
import { upsertAccount } from "#app/server/auth/accounts.server.ts";
import { attemptLogin, type LoginOutcome } from "#app/server/auth/login.server.ts";
import { LOGIN_THROTTLE } from "#app/server/auth/login-throttle.server.ts";
import type { DB } from "#app/server/db/db.server.ts";
import { describeEachEngine } from "#tests/support/engines.ts";

const PASSWORD = "the owner's long passphrase";
const { free } = LOGIN_THROTTLE;

function login(db: DB, now: number, email: string, password: string, address: string): Promise<LoginOutcome> {
  return attemptLogin(
    db,
    {
      email,
      password,
      request: new Request("http://localhost/admin/login", { method: "POST" }),
      clientAddress: address,
    },
    { now },
  );
}

const throttleRow = (db: DB, key: string) =>
  db
    .selectFrom("login_throttle")
    .select(["failures", "locked_until"])
    .where("key", "=", key)
    .executeTakeFirst();

describeEachEngine("login throttle: the client is counted before the account", (db) => {
  it("a client already refused adds nothing to the account it keeps trying", async () => {
    await upsertAccount(db(), "key-order@example.com", PASSWORD);
    const now = 2_100_000_000;
    const guesser = "198.51.100.77";

    // The guesser spends its free attempts on addresses that are no account of the site.
    for (let i = 0; i < free; i++) {
      expect(await login(db(), now, `stranger-${i}@example.com`, "wrong guess", guesser)).toEqual({
        kind: "invalid",
      });
    }
    // Locked out now: every further attempt is refused, whichever account it names.
    for (let i = 0; i < 3 * free; i++) {
      expect(await login(db(), now + 1, "key-order@example.com", `guess ${i}`, guesser)).toMatchObject({
        kind: "throttled",
      });
    }
    // The account's own count never moved.
    expect(await throttleRow(db(), "account:key-order@example.com")).toBeUndefined();

    // The owner, from another address, is neither refused nor slowed: a wrong password is only
    // "invalid", and the right one signs in.
    const owner = "203.0.113.45";
    expect(await login(db(), now + 2, "key-order@example.com", "a typo in it", owner)).toEqual({
      kind: "invalid",
    });
    expect(await throttleRow(db(), "account:key-order@example.com")).toEqual({
      failures: 1,
      locked_until: 0,
    });
    const signedIn = await login(db(), now + 3, "key-order@example.com", PASSWORD, owner);
    expect(signedIn.kind).toBe("ok");
  });
});
