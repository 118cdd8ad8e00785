import { describe, expect, it } from "vitest";
import { isPhpSerialized, MAX_DEPTH, PhpUnserializeError, unserializePhp } from "./php-unserialize.server.ts";

/** PHP's serialize() for the values the tests need (lengths in UTF-8 bytes). */
function ser(v: unknown): string {
  if (v === null) return "N;";
  if (typeof v === "boolean") return `b:${v ? 1 : 0};`;
  if (typeof v === "number") return Number.isInteger(v) ? `i:${v};` : `d:${v};`;
  if (typeof v === "string") return `s:${Buffer.byteLength(v)}:"${v}";`;
  const entries = Array.isArray(v) ? v.map((x, i) => [i, x] as const) : Object.entries(v as object);
  return `a:${entries.length}:{${entries.map(([k, x]) => ser(k) + ser(x)).join("")}}`;
}

// The shape WP Recipe Maker saves (WPRM_Recipe_Sanitizer): groups of ingredients, HTML values.
const WPRM_INGREDIENTS = [
  {
    uid: 0,
    name: "",
    ingredients: [
      { uid: 0, amount: "200", unit: "g", name: "rice noodles", notes: "", id: 11, unit_id: 21 },
      { uid: 1, amount: "1 &frac12;", unit: "tbsp", name: "palm sugar", notes: "<em>or brown</em>", id: 12 },
    ],
  },
  {
    uid: 1,
    name: "For the sauce",
    ingredients: [{ uid: 2, amount: "", unit: "", name: "Crème fraîche 😀", notes: "", id: 13 }],
  },
];

describe("unserializePhp", () => {
  it("reads every scalar type", () => {
    expect(unserializePhp("N;")).toBeNull();
    expect(unserializePhp("b:1;")).toBe(true);
    expect(unserializePhp("i:-42;")).toBe(-42);
    expect(unserializePhp("d:0.5;")).toBe(0.5);
    expect(unserializePhp("d:INF;")).toBe(Number.POSITIVE_INFINITY);
    expect(unserializePhp('s:5:"héllo";'.replace("5", "6"))).toBe("héllo");
  });

  it("reads a real-shaped WPRM ingredients value, counting lengths in UTF-8 bytes", () => {
    expect(unserializePhp(ser(WPRM_INGREDIENTS))).toEqual(WPRM_INGREDIENTS);
  });

  it("keeps an array with gaps in its keys as a record, in order", () => {
    const value = unserializePhp('a:2:{i:0;s:1:"a";i:2;s:1:"b";}');
    expect(Array.isArray(value)).toBe(false);
    expect(Object.values(value as object)).toEqual(["a", "b"]);
  });

  it("reads an object as a plain record, without its class or property visibility", () => {
    const value = unserializePhp('O:8:"stdClass":2:{s:4:"name";s:3:"Wok";s:7:"\0*\0note";s:2:"ok";}');
    expect({ ...(value as object) }).toEqual({ name: "Wok", note: "ok" });
    expect(Object.getPrototypeOf(value)).toBeNull();
  });

  it("does not let a key named __proto__ reach a prototype", () => {
    const value = unserializePhp('a:1:{s:9:"__proto__";a:1:{s:5:"admin";b:1;}}') as Record<string, unknown>;
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
    expect(Object.keys(value)).toEqual(["__proto__"]);
  });

  it("repairs a length counted with CRLF in a text that now has LF", () => {
    const text = "Boil.\r\nSalt.\r\nDrain.";
    const saved = ser([{ text, more: "x" }]).replace(/\r\n/g, "\n");
    expect(unserializePhp(saved)).toEqual([{ text: "Boil.\nSalt.\nDrain.", more: "x" }]);
  });

  it("repairs a length counted with LF in a text that now has CRLF", () => {
    const saved = ser({ notes: "a\nb", n: 1 }).replace("a\nb", "a\r\nb");
    expect({ ...(unserializePhp(saved) as object) }).toEqual({ notes: "a\r\nb", n: 1 });
  });

  it("finds the right end when the text itself holds '\";'", () => {
    const text = 'say "hi";\r\nthen go';
    const saved = ser([text, "next"]).replace("\r\n", "\n");
    expect(unserializePhp(saved)).toEqual(['say "hi";\nthen go', "next"]);
  });

  it("recovers a string whose length is wrong for another reason (re-encoded text)", () => {
    expect(unserializePhp('a:2:{i:0;s:3:"Café";i:1;s:2:"ok";}')).toEqual(["Café", "ok"]);
  });

  it("refuses references", () => {
    expect(() => unserializePhp('a:2:{i:0;s:1:"a";i:1;r:2;}')).toThrow(PhpUnserializeError);
    expect(() => unserializePhp("a:1:{i:0;R:1;}")).toThrow(/reference/);
  });

  it(`refuses nesting deeper than ${MAX_DEPTH} levels`, () => {
    const nested = (depth: number) => `${"a:1:{i:0;".repeat(depth)}N;${"}".repeat(depth)}`;
    expect(() => unserializePhp(nested(MAX_DEPTH))).not.toThrow();
    expect(() => unserializePhp(nested(MAX_DEPTH + 1))).toThrow(/nesting/);
  });

  it("refuses custom-serialized objects, enums and garbage", () => {
    for (const bad of [
      'C:3:"Foo":1:{x}',
      'E:7:"Foo:Bar";',
      "x:1;",
      'a:2:{i:0;s:1:"a";}',
      's:5:"abc',
      "i:1;junk",
      "",
    ]) {
      expect(() => unserializePhp(bad), bad).toThrow(PhpUnserializeError);
    }
  });
});

describe("isPhpSerialized", () => {
  it("tells serialized values from plain text", () => {
    expect(isPhpSerialized(ser(WPRM_INGREDIENTS))).toBe(true);
    expect(isPhpSerialized("N;")).toBe(true);
    expect(isPhpSerialized("20")).toBe(false);
    expect(isPhpSerialized("<p>Use wide noodles.</p>")).toBe(false);
  });
});
