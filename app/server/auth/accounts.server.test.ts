import { describe, expect, it } from "vitest";
import { hashPassword, verifyPassword } from "./accounts.server.ts";

describe("verifyPassword", () => {
  it("accepts the right password and refuses a wrong one", async () => {
    const stored = await hashPassword("a long enough passphrase");
    expect(await verifyPassword("a long enough passphrase", stored)).toBe(true);
    expect(await verifyPassword("a long enough passphrasE", stored)).toBe(false);
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
