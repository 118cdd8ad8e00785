import { describe, expect, it } from "vitest";
import { cspSourcesOf, parseAllowedHosts } from "./allowed-hosts.ts";

describe("Allowed hosts", () => {
  it("takes host names, wildcard subdomains and https addresses, one per line or separated", () => {
    expect(
      parseAllowedHosts(
        "pagead2.googlesyndication.com\n*.doubleclick.net, https://www.googletagmanager.com/ Ads.Example.com:8443",
      ),
    ).toEqual({
      ok: true,
      hosts: [
        "pagead2.googlesyndication.com",
        "*.doubleclick.net",
        "www.googletagmanager.com",
        "ads.example.com:8443",
      ],
    });
    expect(parseAllowedHosts("  ")).toEqual({ ok: true, hosts: [] });
    expect(parseAllowedHosts("a.example a.example")).toEqual({ ok: true, hosts: ["a.example"] });
  });

  it("never lets the policy loosen beyond naming hosts", () => {
    expect(parseAllowedHosts("*")).toEqual({
      ok: false,
      message:
        '"*" would allow every host: list the hosts your code loads from (such as *.googlesyndication.com).',
    });
    for (const entry of [
      "'unsafe-eval'",
      "'unsafe-inline'",
      "data:",
      "http://ads.example.com",
      "https:",
      "*.com",
      "ads.example.com/path",
      "ads.example.com;script-src",
      "localhost",
      "'nonce-abc'",
    ])
      expect(parseAllowedHosts(`ads.example.com ${entry}`)).toEqual({
        ok: false,
        message: `"${entry}" is not a host name: Allowed hosts takes host names only (such as ads.example.com or *.example.com).`,
      });
    expect(parseAllowedHosts(Array.from({ length: 51 }, (_, i) => `h${i}.example`).join(" "))).toEqual({
      ok: false,
      message: "Allowed hosts may list at most 50 hosts.",
    });
  });

  it("become https sources", () => {
    expect(cspSourcesOf(["ads.example.com", "*.cdn.example"])).toBe(
      "https://ads.example.com https://*.cdn.example",
    );
    expect(cspSourcesOf([])).toBe("");
  });
});
