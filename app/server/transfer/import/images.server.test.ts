import { describe, expect, it } from "vitest";
import { imageSrc, normalizeImageUrl, originalImageUrl } from "./images.server.ts";
import { blockedAddressReason, formatBytes } from "./images-fetch.server.ts";

describe("blockedAddressReason", () => {
  it.each([
    ["127.0.0.1", "a loopback address"],
    ["10.0.0.5", "a private address"],
    ["172.16.3.4", "a private address"],
    ["192.168.1.1", "a private address"],
    ["100.64.0.1", "a private address"],
    ["169.254.169.254", "a link-local address"],
    ["0.0.0.0", "an unspecified address"],
    ["224.0.0.1", "a multicast address"],
    ["255.255.255.255", "a broadcast address"],
    ["::1", "a loopback address"],
    ["::", "an unspecified address"],
    ["fe80::1", "a link-local address"],
    ["fe80::1%eth0", "a link-local address"],
    ["fd12:3456::1", "a private address"],
    ["ff02::1", "a multicast address"],
    ["::ffff:10.0.0.5", "a private address"],
    ["::ffff:127.0.0.1", "a loopback address"],
    ["[::ffff:169.254.169.254]", "a link-local address"],
    ["64:ff9b::a00:5", "a private address"],
    // ipaddr.js reads a dotted tail as IPv4-mapped; the hex spelling is IPv4-compatible (deprecated).
    ["::10.0.0.5", "a private address"],
    ["::a00:5", "a reserved address"],
    ["not-an-ip", "not a valid address"],
  ])("refuses %s as %s", (address, reason) => {
    expect(blockedAddressReason(address)).toBe(reason);
  });

  it.each(["93.184.215.14", "8.8.8.8", "2606:4700::6810:84e5", "::ffff:93.184.215.14", "64:ff9b::808:808"])(
    "lets the public address %s through",
    (address) => {
      expect(blockedAddressReason(address)).toBeNull();
    },
  );
});

describe("normalizeImageUrl", () => {
  it("makes __GHOST_URL__ and relative addresses absolute against the source URL, dropping the fragment", () => {
    expect(normalizeImageUrl("__GHOST_URL__/content/images/a.jpg", "https://old.test/")).toEqual({
      url: "https://old.test/content/images/a.jpg",
    });
    expect(normalizeImageUrl(" /wp-content/uploads/a b.jpg#top ", "https://old.test")).toEqual({
      url: "https://old.test/wp-content/uploads/a%20b.jpg",
    });
    expect(normalizeImageUrl("//cdn.test/a.jpg", null)).toEqual({ url: "https://cdn.test/a.jpg" });
    expect(normalizeImageUrl("https://x.test/a.jpg", "https://old.test")).toEqual({
      url: "https://x.test/a.jpg",
    });
  });

  it("says why an address cannot be fetched", () => {
    expect(normalizeImageUrl("__GHOST_URL__/a.jpg", null)).toEqual({
      failure: expect.stringContaining("--source-url"),
    });
    expect(normalizeImageUrl("images/a.jpg", null)).toEqual({
      failure: expect.stringContaining("relative address"),
    });
    expect(normalizeImageUrl("ftp://x.test/a.jpg", null)).toEqual({ failure: "not a web address (ftp:)" });
    expect(normalizeImageUrl("file:///etc/passwd", "https://old.test")).toEqual({
      failure: "not a web address (file:)",
    });
    expect(normalizeImageUrl("data:image/png;base64,AAAA", null)).toEqual({
      failure: expect.stringContaining("data:"),
    });
    expect(normalizeImageUrl("", null)).toEqual({ failure: "empty image address" });
  });
});

describe("originalImageUrl", () => {
  it("maps WordPress and Ghost resized copies to their original", () => {
    expect(originalImageUrl("https://x.test/wp-content/uploads/2020/01/photo-300x200.jpg")).toBe(
      "https://x.test/wp-content/uploads/2020/01/photo.jpg",
    );
    expect(originalImageUrl("https://x.test/wp-content/uploads/2020/01/my-trip-2-1024x683.JPEG?x=1")).toBe(
      "https://x.test/wp-content/uploads/2020/01/my-trip-2.JPEG?x=1",
    );
    expect(originalImageUrl("https://x.test/content/images/size/w600/2024/05/a.jpg")).toBe(
      "https://x.test/content/images/2024/05/a.jpg",
    );
    expect(originalImageUrl("https://x.test/content/images/size/w1000h500/format/webp/2024/05/a.png")).toBe(
      "https://x.test/content/images/2024/05/a.png",
    );
  });

  it("leaves originals and look-alikes outside the known paths alone", () => {
    expect(originalImageUrl("https://x.test/wp-content/uploads/2020/01/photo.jpg")).toBeNull();
    expect(originalImageUrl("https://x.test/img/banner-1200x600.jpg")).toBeNull();
    expect(originalImageUrl("https://x.test/wp-content/uploads/2020/01/photo-scaled.jpg")).toBeNull();
  });
});

describe("imageSrc and formatBytes", () => {
  it("points an upload at its largest width and keeps a kept address", () => {
    expect(imageSrc({ uploadId: "0123456789abcdef01234567" })).toBe(
      "/uploads/0123456789abcdef01234567-1600.webp",
    );
    expect(imageSrc({ keptUrl: "https://x.test/a.jpg", failure: "HTTP 404" })).toBe("https://x.test/a.jpg");
  });

  it("writes limits as a blogger reads them", () => {
    expect(formatBytes(20 * 1024 * 1024)).toBe("20 MB");
    expect(formatBytes(1.5 * 1024 * 1024)).toBe("1.5 MB");
    expect(formatBytes(2048)).toBe("2 KB");
    expect(formatBytes(900)).toBe("900 bytes");
  });
});
