import { describe, expect, it } from "vitest";
import {
  DEFAULT_NAVIGATION,
  itemsOf,
  linkProblem,
  moveRow,
  NAV_LIMITS,
  NAV_MESSAGES,
  type NavRow,
  navigationFrom,
  rowsOf,
} from "./navigation.ts";

const row = (label: string, child = false): NavRow => ({ label, href: `/${label.toLowerCase()}`, child });
const labels = (rows: NavRow[]) => rows.map((r) => (r.child ? `  ${r.label}` : r.label));

describe("menu links", () => {
  it("takes this site's paths and https addresses", () => {
    for (const ok of ["/", "/about", "/blogs/category/food?x=1#top", "https://shop.example.com/a?b=c"]) {
      expect(linkProblem(ok), ok).toBeNull();
    }
  });

  it("refuses script, data, other schemes, other sites disguised as paths, and hidden whitespace", () => {
    for (const bad of [
      "javascript:alert(1)",
      "JavaScript:alert(1)",
      "java\tscript:alert(1)",
      " javascript:alert(1)",
      "data:text/html,<script>alert(1)</script>",
      "vbscript:msgbox",
      "http://insecure.example",
      "ftp://files.example",
      "mailto:a@b.c",
      "//evil.example/x",
      "/\\evil.example",
      "https://user:pass@evil.example",
      "about",
      "https://",
      `/${"a".repeat(NAV_LIMITS.href)}`,
    ]) {
      expect(linkProblem(bad), bad).not.toBeNull();
    }
    expect(linkProblem("")).toBe(NAV_MESSAGES.linkRequired);
  });
});

describe("the editor's rows and a menu's items", () => {
  it("round-trips the default menus", () => {
    for (const menu of ["header", "footer"] as const) {
      expect(itemsOf(menu, rowsOf(DEFAULT_NAVIGATION[menu]))).toEqual({ items: DEFAULT_NAVIGATION[menu] });
    }
  });

  it("nests a header row under the item above it, drops empty rows, and keeps the footer flat", () => {
    const rows = [
      row("Travel"),
      row("Asia", true),
      { label: "", href: "", child: false },
      row("Europe", true),
    ];
    expect(itemsOf("header", rows)).toEqual({
      items: [
        {
          label: "Travel",
          href: "/travel",
          children: [
            { label: "Asia", href: "/asia" },
            { label: "Europe", href: "/europe" },
          ],
        },
      ],
    });
    expect(itemsOf("footer", rows)).toEqual({
      items: [
        { label: "Travel", href: "/travel" },
        { label: "Asia", href: "/asia" },
        { label: "Europe", href: "/europe" },
      ],
    });
  });

  it("names each row's problem", () => {
    const result = itemsOf("header", [
      row("Orphan", true),
      { label: "Bad", href: "javascript:alert(1)", child: false },
      { label: "", href: "/x", child: false },
      { label: "x".repeat(61), href: "/x", child: false },
    ]);
    expect(result).toEqual({
      problems: {
        rows: {
          0: { child: NAV_MESSAGES.orphanChild },
          1: { href: NAV_MESSAGES.unsafeLink },
          2: { label: NAV_MESSAGES.labelRequired },
          3: { label: NAV_MESSAGES.labelTooLong },
        },
      },
    });
  });

  it("refuses more items than a menu holds", () => {
    const many = (n: number, child = false) => Array.from({ length: n }, (_, i) => row(`Item${i}`, child));
    expect(itemsOf("header", many(NAV_LIMITS.header))).toHaveProperty("items");
    expect(itemsOf("header", many(NAV_LIMITS.header + 1))).toEqual({
      problems: { rows: {}, menu: NAV_MESSAGES.tooManyHeader },
    });
    expect(itemsOf("header", [row("Top"), ...many(NAV_LIMITS.children + 1, true)])).toEqual({
      problems: { rows: {}, menu: NAV_MESSAGES.tooManyChildren },
    });
    expect(itemsOf("footer", many(10_000))).toEqual({
      problems: { rows: {}, menu: NAV_MESSAGES.tooManyFooter },
    });
  });
});

describe("moving rows", () => {
  const rows = [row("A"), row("A1", true), row("A2", true), row("B"), row("C"), row("C1", true)];

  it("moves an item with its children past a whole item", () => {
    expect(labels(moveRow(rows, { kind: "down", index: 0 }))).toEqual([
      "B",
      "A",
      "  A1",
      "  A2",
      "C",
      "  C1",
    ]);
    expect(labels(moveRow(rows, { kind: "up", index: 4 }))).toEqual(["A", "  A1", "  A2", "C", "  C1", "B"]);
    expect(labels(moveRow(rows, { kind: "up", index: 3 }))).toEqual(["B", "A", "  A1", "  A2", "C", "  C1"]);
  });

  it("moves a child among its siblings and into the item above or below", () => {
    expect(labels(moveRow(rows, { kind: "up", index: 2 }))).toEqual(["A", "  A2", "  A1", "B", "C", "  C1"]);
    expect(labels(moveRow(rows, { kind: "down", index: 2 }))).toEqual([
      "A",
      "  A1",
      "B",
      "  A2",
      "C",
      "  C1",
    ]);
    expect(labels(moveRow(rows, { kind: "up", index: 5 }))).toEqual(["A", "  A1", "  A2", "B", "  C1", "C"]);
  });

  it("changes nothing at the edges, and never puts a child first", () => {
    expect(moveRow(rows, { kind: "up", index: 0 })).toEqual(rows);
    expect(moveRow(rows, { kind: "down", index: 5 })).toEqual(rows);
    expect(moveRow(rows, { kind: "down", index: 4 })).toEqual(rows);
    expect(moveRow(rows, { kind: "up", index: 1 })).toEqual(rows);
    expect(moveRow(rows, { kind: "up", index: 99 })).toEqual(rows);
  });

  it("adds an empty row, and removes an item with its children", () => {
    expect(moveRow(rows, { kind: "add" }).at(-1)).toEqual({ label: "", href: "", child: false });
    expect(labels(moveRow(rows, { kind: "remove", index: 0 }))).toEqual(["B", "C", "  C1"]);
    expect(labels(moveRow(rows, { kind: "remove", index: 1 }))).toEqual(["A", "  A2", "B", "C", "  C1"]);
  });
});

describe("a stored menu", () => {
  it("is read back as saved when it is well formed", () => {
    const saved = {
      header: [{ label: "Eat", href: "/blogs", children: [{ label: "Shop", href: "https://s.example" }] }],
      footer: [],
    };
    expect(navigationFrom(saved)).toEqual(saved);
  });

  it("falls back to the defaults, menu by menu, when damaged or unsafe", () => {
    expect(navigationFrom(null)).toEqual(DEFAULT_NAVIGATION);
    expect(navigationFrom({ header: "x", footer: [{ label: 1 }] })).toEqual(DEFAULT_NAVIGATION);
    const unsafe = navigationFrom({ header: [{ label: "x", href: "javascript:alert(1)" }], footer: [] });
    expect(unsafe).toEqual({ header: DEFAULT_NAVIGATION.header, footer: [] });
  });
});
