import ipaddr from "ipaddr.js";
import { describe, expect, it } from "vitest";
import { clientAddressKey } from "./client-address.ts";

describe("clientAddressKey: who a login throttle counts as one client", () => {
  it.each([
    // IPv4: one address is one client.
    ["203.0.113.7", "203.0.113.7"],
    [" 203.0.113.7 ", "203.0.113.7"],
    ["0.0.0.0", "0.0.0.0"],
    ["255.255.255.255", "255.255.255.255"],
    // IPv4-mapped IPv6 (what a dual-stack socket reports for an IPv4 client) is that IPv4 address.
    ["::ffff:1.2.3.4", "1.2.3.4"],
    ["::FFFF:1.2.3.4", "1.2.3.4"],
    ["0:0:0:0:0:ffff:1.2.3.4", "1.2.3.4"],
    ["::ffff:0102:0304", "1.2.3.4"],
    // IPv6: a /64 is one client (a single subscriber usually gets a whole /64 or more).
    ["2001:db8:85a3:8d3:1319:8a2e:370:7348", "2001:db8:85a3:8d3::/64"],
    ["2001:0db8:85a3:08d3:ffff:ffff:ffff:ffff", "2001:db8:85a3:8d3::/64"],
    ["2001:db8::1", "2001:db8:0:0::/64"],
    ["2001:db8::2", "2001:db8:0:0::/64"],
    ["2001:DB8:0:1::1", "2001:db8:0:1::/64"],
    ["::1", "0:0:0:0::/64"],
    ["::", "0:0:0:0::/64"],
    ["fe80::1%eth0", "fe80:0:0:0::/64"],
    ["fe80::abcd%25", "fe80:0:0:0::/64"],
    ["[2001:db8::1]", "2001:db8:0:0::/64"],
    // Brackets only as a pair.
    ["[2001:db8::1", "invalid"],
    ["2001:db8::1]", "invalid"],
    // A zone id makes a long string of a valid address: 100 characters in all are read, 101 are not.
    [`fe80::1%${"z".repeat(92)}`, "fe80:0:0:0::/64"],
    [`fe80::1%${"z".repeat(93)}`, "invalid"],
    ["64:ff9b::192.0.2.33", "64:ff9b:0:0::/64"],
    // Anything else is one shared bucket, never a key of unbounded size.
    ["", "invalid"],
    ["unknown", "invalid"],
    ["256.1.1.1", "invalid"],
    ["1.2.3", "invalid"],
    ["1.2.3.4.5", "invalid"],
    ["01.2.3.4", "invalid"],
    ["2001:db8::1::2", "invalid"],
    ["2001:db8:1:2:3:4:5:6:7", "invalid"],
    ["2001:db8:1:2:3:4:5", "invalid"],
    ["12345::1", "invalid"],
    ["g::1", "invalid"],
    [":1:2:3:4:5:6:7", "invalid"],
    ["::ffff:1.2.3.256", "invalid"],
    ["x".repeat(10_000), "invalid"],
  ])("%j -> %j", (address, key) => {
    expect(clientAddressKey(address)).toBe(key);
  });

  it("gives a plain IPv4 address, mapped or not, the key ipaddr.js's reading gives", () => {
    // Every octet's edge cases, in every position: the fast path must agree with the parse.
    const octets = [0, 1, 9, 10, 99, 100, 199, 200, 249, 250, 255];
    let checked = 0;
    for (const a of octets)
      for (const b of octets) {
        const address = `${a}.${b}.${octets[(a + b) % octets.length]}.${b}`;
        const parsed = ipaddr.parse(address).toString();
        expect(clientAddressKey(address)).toBe(parsed);
        expect(clientAddressKey(`::ffff:${address}`)).toBe(parsed);
        checked++;
      }
    expect(checked).toBe(octets.length ** 2);
  });

  it("treats a missing address as invalid", () => {
    expect(clientAddressKey(undefined)).toBe("invalid");
  });
});
