import { describe, expect, it } from "vitest";
import { utf8Bytes } from "./utf8.server.ts";

describe("utf8Bytes", () => {
  // Each as Buffer.from writes it: the document's bytes must not change with the way they are made.
  const texts: [string, string][] = [
    ["empty", ""],
    ["ASCII", '<p class="lead">Kyoto in the rain</p>'],
    ["Latin-1 past ASCII (a one-byte string in V8)", "Café crème, ½ cup, ©"],
    ["a curly quote and a dash", "the ship’s railing — at dawn"],
    ["other scripts and emoji", "日本語, Ελληνικά, עברית, 🍜🇬🇷"],
    ["an unpaired high surrogate", "before \ud83c after"],
    ["an unpaired low surrogate, then a pair", "\udf5c then 🍜 and ’"],
    ["a surrogate pair split at the end", "last ’ \ud83c"],
    ["a long page of both", `${"<li>plain</li>".repeat(4000)}’${"<li>naïve “quoted”</li>".repeat(2000)}`],
  ];

  it.each(texts)("%s: the bytes Buffer.from writes", (_name, text) => {
    const bytes = utf8Bytes(text);
    expect(Buffer.isBuffer(bytes)).toBe(true);
    expect(bytes.toString("hex")).toBe(Buffer.from(text).toString("hex"));
  });

  it("writes a substring of a two-byte string that holds only Latin-1", () => {
    // V8 keeps a slice of a two-byte string two bytes a character, whatever it holds.
    const text = "’ café au lait".slice(2);
    expect(utf8Bytes(text).equals(Buffer.from("café au lait"))).toBe(true);
  });
});
