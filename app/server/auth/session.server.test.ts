import { describe, expect, it } from "vitest";
import { takeToast } from "#app/server/web/toast.server.ts";
import { readCookie } from "./session.server.ts";

const withCookie = (cookie: string) => new Request("http://localhost/admin", { headers: { cookie } });

describe("readCookie", () => {
  it("reads a cookie by name among others, decoding percent-encoding", () => {
    const request = withCookie("a=1; wp_session=abc%20def; b=2");
    expect(readCookie(request, "wp_session")).toBe("abc def");
    expect(readCookie(request, "a")).toBe("1");
    expect(readCookie(request, "missing")).toBeNull();
    expect(readCookie(new Request("http://localhost/"), "a")).toBeNull();
  });

  it("does not match a name that only ends with the one asked for", () => {
    expect(readCookie(withCookie("xwp_session=1"), "wp_session")).toBeNull();
  });

  it.each(["%E0%A4%A", "%", "%zz", "abc%E0"])("treats the undecodable value %j as absent", (value) => {
    expect(readCookie(withCookie(`wp_session=${value}`), "wp_session")).toBeNull();
  });

  it("a malformed toast cookie is no toast", () => {
    const { toast, headers } = takeToast(withCookie("wp_toast=%E0%A4%A"));
    expect(toast).toBeNull();
    expect(headers).toEqual({});
    expect(takeToast(withCookie("wp_toast=bm90IGpzb24")).toast).toBeNull();
  });
});
