/**
 * Device cookies (docs/decisions/007-login-throttling.md): only a cookie this site signed, for
 * this account, not yet expired, makes a browser "known". Anything else — forged, tampered,
 * another account's, expired, malformed — is a stranger, on both engines.
 */
import { expect, it } from "vitest";
import { DEVICE_SECONDS, issueDeviceCookie, knownDevice } from "#app/server/auth/device-cookie.server.ts";
import { deviceCookie } from "#app/server/http/cookies.server.ts";
import { describeEachEngine } from "#tests/support/engines.ts";

const NOW = 1_900_000_000;
const EMAIL = "owner@example.com";

/** A request carrying the device cookie value that a Set-Cookie header set. */
const withDevice = (value: string) =>
  new Request("http://localhost/admin/login", { headers: { cookie: `${deviceCookie.name}=${value}` } });
const deviceValue = (setCookie: string) =>
  (setCookie.split(";")[0] ?? "").slice(deviceCookie.name.length + 1);

describeEachEngine("device cookies", (db) => {
  it("recognises its own cookie for the account, for 180 days", async () => {
    const setCookie = await issueDeviceCookie(db(), new Request("http://localhost/admin/login"), EMAIL, NOW);
    expect(DEVICE_SECONDS).toBe(180 * 24 * 3600);
    expect(setCookie).toContain(`Max-Age=${DEVICE_SECONDS}`);
    expect(setCookie).toContain("Path=/admin");
    expect(setCookie).toContain("HttpOnly");
    const value = deviceValue(setCookie);
    const id = value.split(".")[0];
    expect(await knownDevice(db(), withDevice(value), EMAIL, NOW + 1)).toBe(id);
    expect(await knownDevice(db(), withDevice(value), EMAIL, NOW + DEVICE_SECONDS - 1)).toBe(id);
    expect(await knownDevice(db(), withDevice(value), EMAIL, NOW + DEVICE_SECONDS)).toBeNull();
  });

  it("treats forged, tampered, foreign and malformed cookies as strangers", async () => {
    const value = deviceValue(await issueDeviceCookie(db(), new Request("http://localhost/"), EMAIL, NOW));
    const [id = "", expires = "", signature = ""] = value.split(".");
    const flip = (s: string) => (s[0] === "A" ? `B${s.slice(1)}` : `A${s.slice(1)}`);
    const strangers = [
      `${id}.${expires}.${flip(signature)}`, // forged signature, same length
      `${id}.${expires}.${signature.slice(1)}`, // shorter signature
      `${flip(id)}.${expires}.${signature}`, // another id under this signature
      `${id}.${Number(expires) + 3600}.${signature}`, // a later expiry under this signature
      `${id}.${expires}`, // no signature
      `${id}..${signature}`,
      `.${expires}.${signature}`,
      `${value}.extra`,
      `${value}${"x".repeat(200)}`,
      "",
    ];
    for (const forged of strangers) {
      expect(await knownDevice(db(), withDevice(forged), EMAIL, NOW + 1), forged.slice(0, 60)).toBeNull();
    }
    // The real cookie, but for another account.
    expect(await knownDevice(db(), withDevice(value), "someone.else@example.com", NOW + 1)).toBeNull();
    // No cookie at all.
    expect(await knownDevice(db(), new Request("http://localhost/admin/login"), EMAIL, NOW + 1)).toBeNull();
  });

  it("signs with one secret shared by every server (kept in the database)", async () => {
    const value = deviceValue(await issueDeviceCookie(db(), new Request("http://localhost/"), EMAIL, NOW));
    const secret = await db()
      .selectFrom("settings")
      .select("value")
      .where("key", "=", "loginDeviceSecret")
      .executeTakeFirstOrThrow();
    expect(Buffer.from(secret.value, "base64url").length).toBe(32);
    // A second cookie from the same database verifies with the same secret.
    const again = deviceValue(await issueDeviceCookie(db(), new Request("http://localhost/"), EMAIL, NOW));
    expect(again).not.toBe(value);
    expect(await knownDevice(db(), withDevice(again), EMAIL, NOW + 1)).toBe(again.split(".")[0]);
  });
});
