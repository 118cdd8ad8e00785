import { describe, expect, it } from "vitest";
import {
  clientAddress,
  countryOf,
  familiesOf,
  pagePath,
  recordedView,
  referrerHost,
  visitorId,
} from "./view-details.server.ts";

const CHROME =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";
const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
const trustNone = () => false;
const view = (extra: Partial<Parameters<typeof recordedView>[0]> = {}) => ({
  at: Date.UTC(2026, 10, 28, 12, 0, 0),
  host: "site.example",
  url: "/blogs/kyoto",
  userAgent: CHROME,
  referer: "",
  remote: "8.8.8.8",
  forwardedFor: "",
  ...extra,
});

describe("a page view as recorded", () => {
  it("is the page's path: a client navigation's .data and a trailing slash are the same page", () => {
    expect(
      ["/blogs/kyoto", "/blogs/kyoto.data", "/blogs/kyoto/", "/_root.data", "/", "/Blogs/Kyoto"].map(
        pagePath,
      ),
    ).toEqual(["/blogs/kyoto", "/blogs/kyoto", "/blogs/kyoto", "/", "/", "/blogs/kyoto"]);
  });

  it("names the referring site by host, never this site, a non-web address or nonsense", () => {
    expect(referrerHost("https://www.Google.com/search?q=x", "site.example")).toBe("google.com");
    expect(referrerHost("https://site.example/blogs", "site.example")).toBe("");
    expect(referrerHost("android-app://com.x/", "site.example")).toBe("");
    expect(referrerHost("not a url", "site.example")).toBe("");
    expect(referrerHost("", "site.example")).toBe("");
  });

  it("reads the client address through trusted proxies only", () => {
    const trustLoopback = (address: string) => address === "127.0.0.1" || address === "10.0.0.2";
    expect(clientAddress("127.0.0.1", "203.0.113.5", trustLoopback)).toBe("203.0.113.5");
    expect(clientAddress("127.0.0.1", "198.51.100.7, 10.0.0.2", trustLoopback)).toBe("198.51.100.7");
    expect(clientAddress("192.0.2.1", "203.0.113.5", trustLoopback)).toBe("192.0.2.1");
    expect(clientAddress("127.0.0.1", "", trustLoopback)).toBe("127.0.0.1");
  });

  it("gives one reader one visitor id a day, and a stranger's with another salt or browser", () => {
    const a = visitorId("salt-1", "site.example", "203.0.113.5", CHROME);
    expect(a).toMatch(/^[0-9a-f]{16}$/);
    expect(visitorId("salt-1", "SITE.example", "203.0.113.5", CHROME)).toBe(a);
    // An IPv6 reader moves within their /64: still one visitor.
    expect(visitorId("s", "h", "2001:db8:1:2::1", CHROME)).toBe(
      visitorId("s", "h", "2001:db8:1:2:ffff::9", CHROME),
    );
    expect(visitorId("salt-2", "site.example", "203.0.113.5", CHROME)).not.toBe(a);
    expect(visitorId("salt-1", "site.example", "203.0.113.6", CHROME)).not.toBe(a);
    expect(visitorId("salt-1", "site.example", "203.0.113.5", IPHONE)).not.toBe(a);
  });

  it("knows browser and device families", () => {
    expect(familiesOf(CHROME)).toEqual({ browser: "Chrome", device: "desktop" });
    expect(familiesOf(IPHONE)).toEqual({ browser: "Safari", device: "mobile" });
    expect(familiesOf("curl-ish thing")).toEqual({ browser: "Other", device: "other" });
  });

  it("finds the country in the shipped database", () => {
    expect(countryOf("8.8.8.8")).toBe("US");
    expect(countryOf("::ffff:8.8.8.8")).toBe("US");
    expect(countryOf("127.0.0.1")).toBe("");
    expect(countryOf("not an address")).toBe("");
  });

  it("keeps campaigns short and plain, and leaves bots out", () => {
    const long = `${"x".repeat(10_000)}`;
    const recorded = recordedView(
      view({ url: `/?utm_source=NewsLetter&utm_medium=Email&utm_campaign=<b>Spring</b>%0A${long}` }),
      { salt: "s", day: "2026-11-28", trust: trustNone },
    );
    expect(recorded).toMatchObject({
      day: "2026-11-28",
      path: "/",
      source: "newsletter",
      medium: "email",
      country: "US",
      browser: "Chrome",
      device: "desktop",
    });
    expect(recorded?.campaign).toBe(`bSpring/b${"x".repeat(100 - "bSpring/b".length)}`);
    expect(
      recordedView(view({ userAgent: "Googlebot/2.1 (+http://www.google.com/bot.html)" }), {
        salt: "s",
        day: "d",
        trust: trustNone,
      }),
    ).toBeNull();
    expect(recordedView(view({ userAgent: "" }), { salt: "s", day: "d", trust: trustNone })).toBeNull();
  });
});
