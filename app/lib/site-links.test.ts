import { describe, expect, it } from "vitest";
import { inAppDestination, isActivePath } from "./site-links.ts";

const ORIGIN = "https://blog.example.com";
const plainClick = {
  button: 0,
  metaKey: false,
  altKey: false,
  ctrlKey: false,
  shiftKey: false,
  defaultPrevented: false,
};
function anchor(
  attributes: Partial<{
    origin: string;
    pathname: string;
    search: string;
    hash: string;
    target: string;
    download: boolean;
  }> = {},
) {
  const { download = false, ...rest } = attributes;
  return {
    origin: ORIGIN,
    pathname: "/blogs",
    search: "",
    hash: "",
    target: "",
    hasAttribute: (name: string) => name === "download" && download,
    ...rest,
  };
}

describe("inAppDestination", () => {
  it("a plain click on a link of this site navigates to its path, query and fragment", () => {
    expect(inAppDestination(plainClick, anchor(), ORIGIN)).toBe("/blogs");
    expect(inAppDestination(plainClick, anchor({ search: "?page=2", hash: "#comments" }), ORIGIN)).toBe(
      "/blogs?page=2#comments",
    );
    expect(inAppDestination(plainClick, anchor({ target: "_self" }), ORIGIN)).toBe("/blogs");
  });

  it("leaves to the browser a click with a modifier key or another button (new tab, window, download)", () => {
    for (const key of ["metaKey", "altKey", "ctrlKey", "shiftKey"] as const)
      expect(inAppDestination({ ...plainClick, [key]: true }, anchor(), ORIGIN)).toBeNull();
    expect(inAppDestination({ ...plainClick, button: 1 }, anchor(), ORIGIN)).toBeNull();
  });

  it("leaves alone a click some handler already took", () => {
    expect(inAppDestination({ ...plainClick, defaultPrevented: true }, anchor(), ORIGIN)).toBeNull();
  });

  it("leaves to the browser links to another tab, downloads and other origins", () => {
    expect(inAppDestination(plainClick, anchor({ target: "_blank" }), ORIGIN)).toBeNull();
    expect(inAppDestination(plainClick, anchor({ download: true }), ORIGIN)).toBeNull();
    expect(inAppDestination(plainClick, anchor({ origin: "https://elsewhere.example" }), ORIGIN)).toBeNull();
  });
});

describe("isActivePath", () => {
  it("marks the same path and, for a section, the pages under it", () => {
    expect(isActivePath("/blogs", "/blogs")).toBe(true);
    expect(isActivePath("/blogs/kyoto-in-the-rain", "/blogs")).toBe(true);
    expect(isActivePath("/blogs/", "/blogs")).toBe(true);
    expect(isActivePath("/Blogs", "/blogs")).toBe(true);
  });

  it("does not mark a path that only begins with the same letters", () => {
    expect(isActivePath("/blogsmith", "/blogs")).toBe(false);
    expect(isActivePath("/destinations", "/blogs")).toBe(false);
  });

  it("with end, only the same path; Home is only ever the home page", () => {
    expect(isActivePath("/blogs/kyoto-in-the-rain", "/blogs", { end: true })).toBe(false);
    expect(isActivePath("/", "/", { end: true })).toBe(true);
    expect(isActivePath("/blogs", "/")).toBe(false);
    expect(isActivePath("/blogs", "/", { end: true })).toBe(false);
  });
});
