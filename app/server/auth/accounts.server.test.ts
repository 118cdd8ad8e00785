import { describe, expect, it } from "vitest";
import { hashPassword, MIN_PASSWORD_LENGTH, passwordProblem, verifyPassword } from "./accounts.server.ts";

describe("hashPassword", () => {
  it("uses scrypt with N=2^15, r=8, p=1, a 16-byte salt and a 32-byte key, written with the hash", async () => {
    const stored = await hashPassword("a long enough passphrase");
    const [scheme, n, r, p, salt, key, ...rest] = stored.split("$");
    expect([scheme, n, r, p, rest]).toEqual(["scrypt", "32768", "8", "1", []]);
    expect(Buffer.from(salt ?? "", "base64")).toHaveLength(16);
    expect(Buffer.from(key ?? "", "base64")).toHaveLength(32);
    expect(stored).not.toContain("passphrase");
  });

  it("salts every hash: the same password twice gives two different hashes, both valid", async () => {
    const first = await hashPassword("a long enough passphrase");
    const second = await hashPassword("a long enough passphrase");
    expect(first).not.toBe(second);
    expect(await verifyPassword("a long enough passphrase", second)).toBe(true);
  });
});

describe("verifyPassword", () => {
  it("accepts the right password and refuses a wrong one", async () => {
    const stored = await hashPassword("a long enough passphrase");
    expect(await verifyPassword("a long enough passphrase", stored)).toBe(true);
    expect(await verifyPassword("a long enough passphrasE", stored)).toBe(false);
  });

  // Made once with N=1024: a hash keeps working after the cost parameters change.
  const OLDER = "scrypt$1024$8$1$d2FuZGVycGxhdGUtc2FsdA==$em0KiXnHTDrWDqSx/HVpmGh7hoLkNDUYFrJf9RPktNE=";
  it("checks a password with the parameters stored with its hash, not today's", async () => {
    expect(await verifyPassword("an older stored passphrase", OLDER)).toBe(true);
    expect(await verifyPassword("an older stored passphrasE", OLDER)).toBe(false);
    expect(await verifyPassword("an older stored passphrase", OLDER.replace("$1024$", "$2048$"))).toBe(false);
  });

  it.each([
    "",
    "not a hash",
    "bcrypt$2b$12$abcdefghijklmnopqrstuv",
    "scrypt$32768$8$1$$a2V5",
    "scrypt$32768$8$1$c2FsdA==$",
    "scrypt$32768$8$1",
  ])("refuses, without throwing, a stored hash it cannot read: %j", async (stored) => {
    await expect(verifyPassword("a long enough passphrase", stored)).resolves.toBe(false);
  });
});

describe("passwordProblem", () => {
  it("refuses fewer than 15 characters with a message that says the minimum", () => {
    expect(MIN_PASSWORD_LENGTH).toBe(15);
    expect(passwordProblem("")).toBe("The password must be at least 15 characters long.");
    expect(passwordProblem("fourteen chars")).toBe("The password must be at least 15 characters long.");
    expect(passwordProblem("fifteen chars!!")).toBeNull();
    expect(passwordProblem("a much longer passphrase of several words")).toBeNull();
  });

  it("counts characters, not UTF-16 units or bytes", () => {
    // 14 emoji are 28 UTF-16 units and 56 bytes, but 14 characters.
    expect(passwordProblem("🔑".repeat(14))).not.toBeNull();
    expect(passwordProblem("🔑".repeat(15))).toBeNull();
    expect(passwordProblem("çãõéíúâêôàüñøå")).not.toBeNull();
    expect(passwordProblem("çãõéíúâêôàüñøåß")).toBeNull();
  });
});
