import { afterEach, describe, expect, it, vi } from "vitest";
import { isSameOrigin, siteOrigin } from "./origin.server.ts";

type Case = [
  origin: string,
  host: string | undefined,
  protocol: string,
  publicUrl: string | undefined,
  same: boolean,
];

// [Origin header, Host header, request protocol, PUBLIC_URL, accepted]
const cases: Record<string, Case[]> = {
  "the site's own host": [
    ["https://blog.example.com", "blog.example.com", "https", undefined, true],
    ["http://127.0.0.1:3210", "127.0.0.1:3210", "http", undefined, true],
    ["http://[::1]:3000", "[::1]:3000", "http", undefined, true],
    // Hosts are case-insensitive; URL parsing lower-cases them.
    ["https://BLOG.Example.com", "blog.example.com", "https", undefined, true],
  ],
  "another host": [
    ["https://evil.example", "blog.example.com", "https", undefined, false],
    ["https://example.com", "blog.example.com", "https", undefined, false],
    ["https://blog.example.com.evil.example", "blog.example.com", "https", undefined, false],
    ["https://evilblog.example.com", "blog.example.com", "https", undefined, false],
    ["https://evil.example", undefined, "https", undefined, false],
  ],
  ports: [
    // A default port written out is the same origin as none.
    ["https://blog.example.com:443", "blog.example.com", "https", undefined, true],
    ["https://blog.example.com", "blog.example.com:443", "https", undefined, true],
    ["http://blog.example.com", "blog.example.com:80", "http", undefined, true],
    ["https://blog.example.com:8443", "blog.example.com", "https", undefined, false],
    ["https://blog.example.com", "blog.example.com:8443", "https", undefined, false],
    ["http://127.0.0.1:3211", "127.0.0.1:3210", "http", undefined, false],
  ],
  "http and https": [
    // An http page on the same host is not the https site (anyone on the network can write one).
    ["http://blog.example.com", "blog.example.com", "https", undefined, false],
    // Behind a TLS proxy that does not say so, the request looks like http: https on the same host
    // is still the site itself.
    ["https://blog.example.com", "blog.example.com", "http", undefined, true],
  ],
  "PUBLIC_URL set": [
    ["https://www.example.com", "127.0.0.1:3000", "http", "https://www.example.com", true],
    ["https://www.example.com", "127.0.0.1:3000", "http", "https://www.example.com/blog/", true],
    ["https://www.example.com", "127.0.0.1:3000", "http", "https://www.example.com:443", true],
    ["https://www.example.com", undefined, "http", "https://www.example.com", true],
    ["http://www.example.com", "127.0.0.1:3000", "http", "https://www.example.com", false],
    ["https://example.com", "127.0.0.1:3000", "http", "https://www.example.com", false],
    ["https://www.example.com:8443", "127.0.0.1:3000", "http", "https://www.example.com", false],
    ["https://evil.example", "127.0.0.1:3000", "http", "https://www.example.com", false],
    // The request's own host is still accepted alongside it (PUBLIC_URL is accepted "as well as" the request's host).
    ["http://127.0.0.1:3000", "127.0.0.1:3000", "http", "https://www.example.com", true],
  ],
  "PUBLIC_URL malformed": [
    ["https://blog.example.com", "blog.example.com", "https", "not a url", true],
    ["https://evil.example", "blog.example.com", "https", "not a url", false],
    ["https://evil.example", "blog.example.com", "https", "www.example.com", false],
  ],
  "not an origin a browser sends for this site": [
    ["null", "blog.example.com", "https", undefined, false],
    ["null", "blog.example.com", "https", "https://www.example.com", false],
    ["", "blog.example.com", "https", undefined, false],
    ["garbage", "blog.example.com", "https", undefined, false],
    ["blog.example.com", "blog.example.com", "https", undefined, false],
    ["//blog.example.com", "blog.example.com", "https", undefined, false],
    ["file://blog.example.com", "blog.example.com", "https", undefined, false],
    ["file:///etc/passwd", "blog.example.com", "https", undefined, false],
    ["ftp://blog.example.com", "blog.example.com", "https", undefined, false],
    ["ws://blog.example.com", "blog.example.com", "http", undefined, false],
    ["javascript://blog.example.com", "blog.example.com", "https", undefined, false],
    ["chrome-extension://blog.example.com", "blog.example.com", "https", undefined, false],
    // A Host header that is no host matches nothing (and does not throw).
    ["https://blog.example.com", "blog example com", "https", undefined, false],
    ["https://blog.example.com", "[::1", "https", undefined, false],
  ],
  "userinfo and path tricks": [
    ["https://blog.example.com@evil.example", "blog.example.com", "https", undefined, false],
    ["https://evil.example@blog.example.com", "blog.example.com", "https", undefined, false],
    ["https://user:pass@blog.example.com", "blog.example.com", "https", undefined, false],
    ["https://evil.example/?blog.example.com", "blog.example.com", "https", undefined, false],
    ["https://evil.example#blog.example.com", "blog.example.com", "https", undefined, false],
    ["https://blog.example.com/evil", "blog.example.com", "https", undefined, false],
  ],
};

describe("isSameOrigin (CSRF: a form post's Origin must be this site)", () => {
  for (const [group, rows] of Object.entries(cases)) {
    describe(group, () => {
      it.each(rows)(
        "Origin %j, Host %j over %s, PUBLIC_URL %j → %s",
        (origin, host, protocol, publicUrl, same) => {
          expect(isSameOrigin(origin, host, protocol, publicUrl)).toBe(same);
        },
      );
    });
  }
});

describe("siteOrigin", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });
  it("is PUBLIC_URL's origin when set, else the request's own", () => {
    const request = new Request("http://127.0.0.1:3000/blogs?page=2");
    vi.stubEnv("PUBLIC_URL", "");
    expect(siteOrigin(request)).toBe("http://127.0.0.1:3000");
    vi.stubEnv("PUBLIC_URL", "https://www.example.com/blog/");
    expect(siteOrigin(request)).toBe("https://www.example.com");
    // A malformed PUBLIC_URL stops the start, so no request ever meets one.
    vi.stubEnv("PUBLIC_URL", "not a url");
    expect(() => siteOrigin(request)).toThrow(/^PUBLIC_URL must be an http:\/\/ or https:\/\/ URL/);
  });
});
