import { describe, expect, it } from "vitest";
import { emptyItem, idOrNull, itemTimes, mapStatus, oldPathOf, parseWpDate } from "./wxr-fields.server.ts";

describe("parseWpDate", () => {
  it("reads WordPress's date as UTC seconds", () => {
    expect(parseWpDate("2019-05-10 08:30:00")).toBe(Date.UTC(2019, 4, 10, 8, 30) / 1000);
  });

  it("has no date for zeros, impossible days and junk", () => {
    for (const bad of [
      "0000-00-00 00:00:00",
      "2019-02-31 00:00:00",
      "2019-13-01 00:00:00",
      // Not 1919: MySQL keeps no year before 1000, so this is a damaged value.
      "0019-05-10 00:00:00",
      "yesterday",
      "",
    ]) {
      expect(parseWpDate(bad), bad).toBeNull();
    }
  });
});

describe("mapStatus", () => {
  it.each([
    ["publish", "", { kind: "keep", state: "published", draftReason: null }],
    ["future", "", { kind: "keep", state: "scheduled", draftReason: null }],
    ["draft", "", { kind: "keep", state: "draft", draftReason: null }],
    ["pending", "", { kind: "keep", state: "draft", draftReason: null }],
    ["private", "", { kind: "keep", state: "draft", draftReason: "it was private on the old site" }],
    [
      "publish",
      "pw",
      { kind: "keep", state: "draft", draftReason: "it was password-protected on the old site" },
    ],
    [
      "future",
      "pw",
      { kind: "keep", state: "draft", draftReason: "it was password-protected on the old site" },
    ],
    [
      "archived",
      "",
      { kind: "keep", state: "draft", draftReason: 'its status on the old site was "archived"' },
    ],
    ["trash", "", { kind: "skip", reason: "it was in the trash" }],
    ["auto-draft", "", { kind: "skip", reason: "it was an empty automatic draft" }],
  ])("%s (password %j)", (status, password, expected) => {
    expect(mapStatus(status, password)).toEqual(expected);
  });
});

describe("itemTimes", () => {
  const item = (gmt: string, local: string) => {
    const i = emptyItem();
    i.fields["wp:post_date_gmt"] = gmt;
    i.fields["wp:post_date"] = local;
    return i;
  };

  it("falls back to post_date for a published item without a GMT date", () => {
    expect(itemTimes(item("0000-00-00 00:00:00", "2012-01-05 14:30:46"), "published")).toEqual({
      publishAt: 1325773846,
      date: "2012-01-05",
      createdAt: 1325773846,
    });
  });

  it("gives a never-published draft no publication time, but a creation time", () => {
    expect(itemTimes(item("0000-00-00 00:00:00", "2012-01-05 14:30:46"), "draft")).toEqual({
      publishAt: null,
      date: "",
      createdAt: 1325773846,
    });
  });
});

describe("oldPathOf", () => {
  it("keeps the path of a pretty link, percent-encoding as written", () => {
    expect(oldPathOf("https://example.com/2019/05/kyoto/")).toEqual(["/2019/05/kyoto/"]);
    expect(oldPathOf("https://example.com/k%c3%b6ln/")).toEqual(["/k%c3%b6ln/"]);
  });

  it("has none for a query link, the root or junk", () => {
    for (const link of [
      "https://example.com/?p=12",
      "https://example.com/",
      "not a url",
      "javascript:alert(1)",
      "",
    ]) {
      expect(oldPathOf(link), link).toEqual([]);
    }
  });
});

describe("idOrNull", () => {
  it("treats 0 and empty as none", () => {
    expect([idOrNull("0"), idOrNull(""), idOrNull(null), idOrNull(" 101 "), idOrNull("abc")]).toEqual([
      null,
      null,
      null,
      "101",
      null,
    ]);
  });
});
