import { copyFileSync, readFileSync, rmSync, truncateSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import ipaddr from "ipaddr.js";
import { Reader } from "mmdb-lib";
import { describe, expect, it } from "vitest";
import { dottedQuad, MmdbFile } from "./country-database.server.ts";

// mmdb-lib (which reads the whole file into memory) is the oracle: the same answers, address by address.
const require = createRequire(import.meta.url);
const bundled = (name: string) => require.resolve(`@ip-location-db/geo-whois-asn-country-mmdb/${name}`);

/** A fixed pseudo-random sequence (xorshift32): the same addresses every run. */
function randomBytes(count: number, seed: number): number[] {
  let x = seed;
  return Array.from({ length: count }, () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) & 0xff;
  });
}

function ipv4Addresses(count: number): string[] {
  const bytes = randomBytes(count * 4, 0x9e3779b9);
  return Array.from({ length: count }, (_, i) => bytes.slice(i * 4, i * 4 + 4).join("."));
}

/** The registries' IPv6 blocks (2400::/12 APNIC, 2600::/12 ARIN, 2800::/12 LACNIC, 2a00::/12 RIPE NCC). */
const REGISTRY_BLOCKS = [0x24, 0x26, 0x28, 0x2a] as const;

/** Addresses in the registries' blocks, written in full. */
function ipv6Addresses(count: number): string[] {
  const bytes = randomBytes(count * 16, 0x85ebca6b);
  return Array.from({ length: count }, (_, i) => {
    const b = bytes.slice(i * 16, i * 16 + 16);
    b[0] = REGISTRY_BLOCKS[(b[0] ?? 0) & 3] ?? 0x2a;
    b[1] = (b[1] ?? 0) & 0x0f;
    return Array.from({ length: 8 }, (_, g) =>
      (((b[g * 2] ?? 0) << 8) | (b[g * 2 + 1] ?? 0)).toString(16),
    ).join(":");
  });
}

describe("MmdbFile", () => {
  it.each([
    ["geo-whois-asn-country.mmdb", [...ipv4Addresses(3000), ...ipv6Addresses(3000)]],
    ["geo-whois-asn-country-ipv4.mmdb", ipv4Addresses(3000)],
    ["geo-whois-asn-country-ipv6.mmdb", ipv6Addresses(3000)],
  ])("answers what mmdb-lib answers for %s", (name, addresses) => {
    const file = bundled(name);
    const oracle = new Reader(readFileSync(file));
    const onDisk = MmdbFile.open(file);
    try {
      const found = addresses.filter((a) => oracle.get(a) !== null).length;
      // The sample reaches both kinds of answer (IPv6 blocks are sparse: 7 % found), or it would prove little.
      expect(found).toBeGreaterThan(addresses.length / 20);
      expect(found).toBeLessThan(addresses.length - addresses.length / 20);
      for (const address of addresses)
        expect([address, onDisk.get(address)]).toEqual([address, oracle.get(address)]);
    } finally {
      onDisk.close();
    }
  });

  it("keeps at most about a megabyte of the tree however many addresses it looks up", () => {
    const onDisk = MmdbFile.open(bundled("geo-whois-asn-country.mmdb"));
    try {
      for (const address of [...ipv4Addresses(5000), ...ipv6Addresses(5000)]) onDisk.get(address);
      // 128 blocks of 1,024 nodes of 6 bytes (this file's 24-bit records): 0.75 MB, a tenth of its tree.
      expect(onDisk.cachedTreeBytes).toBe(128 * 1024 * 6);
    } finally {
      onDisk.close();
    }
  });

  it("finds IPv4 addresses in an IPv6 tree, written either way, and nothing for what is not an address", () => {
    const onDisk = MmdbFile.open(bundled("geo-whois-asn-country.mmdb"));
    try {
      expect(onDisk.get("8.8.8.8")).toEqual({ country_code: "US" });
      expect(onDisk.get("::ffff:8.8.8.8")).toEqual({ country_code: "US" });
      expect(onDisk.get("2a00:1450::1")).toEqual({ country_code: "IE" });
      expect(onDisk.get("127.0.0.1")).toBeNull();
      expect(onDisk.get("not an address")).toBeNull();
    } finally {
      onDisk.close();
    }
  });

  it("reads the old ways of writing an IPv4 address as ipaddr.js does, and refuses what it refuses", () => {
    const file = bundled("geo-whois-asn-country.mmdb");
    const oracle = new Reader(readFileSync(file));
    const onDisk = MmdbFile.open(file);
    try {
      // Octal and hexadecimal octets, three, two and one part forms: 8.8.8.8, 8.8.0.8, 8.0.0.8, 8.8.8.8.
      for (const odd of ["010.8.8.8", "0x8.8.8.8", "8.8.8", "8.8", "134744072", "1.010.1.1"]) {
        expect([odd, onDisk.get(odd)]).toEqual([odd, oracle.get(ipaddr.process(odd).toString())]);
      }
      for (const wrong of [
        "8.8.8.08",
        "08.8.8.8",
        " 8.8.8.8",
        "8.8.8.8 ",
        "8.8.8.256",
        "8.8.8.8.8",
        "8..8.8",
        "",
      ])
        expect([wrong, onDisk.get(wrong)]).toEqual([wrong, null]);
    } finally {
      onDisk.close();
    }
  });

  it("keeps the blocks in use: a lookup repeated among thousands of others needs no read", () => {
    const file = join(tmpdir(), `in-use-${process.pid}.mmdb`);
    copyFileSync(bundled("geo-whois-asn-country.mmdb"), file);
    const onDisk = MmdbFile.open(file);
    try {
      // The cache is full of other blocks before 8.8.8.8 is first looked up, then it comes back
      // every tenth lookup; the last one is nine lookups (a few reads) before the file is cut short.
      ipv4Addresses(3000).forEach((address, i) => {
        onDisk.get(address);
        if (i >= 2000 && i % 10 === 0) onDisk.get("8.8.8.8");
      });
      // Every block 8.8.8.8's search passes was used since: none can have been the one evicted.
      truncateSync(file, 1000);
      expect(onDisk.get("8.8.8.8")).toEqual({ country_code: "US" });
    } finally {
      onDisk.close();
      rmSync(file);
    }
  });

  it("says so, rather than answering from stale bytes, when the file is cut short while open", () => {
    const file = join(tmpdir(), `cut-short-${process.pid}.mmdb`);
    copyFileSync(bundled("geo-whois-asn-country.mmdb"), file);
    const onDisk = MmdbFile.open(file);
    try {
      truncateSync(file, 1000);
      expect(() => onDisk.get("8.8.8.8")).toThrow("shorter than its search tree");
    } finally {
      onDisk.close();
      rmSync(file);
    }
  });

  it("refuses a file that is not a MaxMind database", () => {
    const file = join(tmpdir(), `not-mmdb-${process.pid}.mmdb`);
    writeFileSync(file, "just some text");
    expect(() => MmdbFile.open(file)).toThrow("not a MaxMind DB file");
  });
});

describe("dottedQuad", () => {
  it("reads an IPv4 address written as a socket writes it", () => {
    expect(dottedQuad("8.8.8.8")).toEqual([8, 8, 8, 8]);
    expect(dottedQuad("0.0.0.0")).toEqual([0, 0, 0, 0]);
    expect(dottedQuad("255.255.255.255")).toEqual([255, 255, 255, 255]);
    expect(dottedQuad("192.168.10.1")).toEqual([192, 168, 10, 1]);
  });

  it("leaves every other form to ipaddr.js (null), the ones it reads differently first", () => {
    for (const other of [
      "010.8.8.8",
      "8.8.8.08",
      "0x8.8.8.8",
      "8.8.8",
      "134744072",
      "8.8.8.256",
      "1000.1.1.1",
    ])
      expect([other, dottedQuad(other)]).toEqual([other, null]);
    for (const other of ["8.8.8.8.8", "8..8.8", ".8.8.8", "8.8.8.", " 8.8.8.8", "::ffff:8.8.8.8", "::1", ""])
      expect([other, dottedQuad(other)]).toEqual([other, null]);
  });

  it("agrees with ipaddr.js on every address it reads", () => {
    for (const address of ipv4Addresses(2000))
      expect(dottedQuad(address)).toEqual(ipaddr.process(address).toByteArray());
  });
});
