import { describe, expect, it } from "vitest";
import { Utf8Collector } from "./utf8.server.ts";

/** What the collector must write: each piece as Buffer.from writes it, joined. */
function expected(pieces: (string | Uint8Array)[]): Buffer {
  return Buffer.concat(pieces.map((piece) => (typeof piece === "string" ? Buffer.from(piece) : piece)));
}

/** The collector's bytes, copied out, and its buffer released for the next. */
function collect(pieces: (string | Uint8Array)[]): Buffer {
  const collector = new Utf8Collector();
  for (const piece of pieces) collector.write(piece);
  const bytes = Buffer.from(collector.bytes());
  collector.release();
  return bytes;
}

/** Its first room is 128 KB: pieces this long cross it. */
const ROOM = 128 * 1024;

describe("Utf8Collector", () => {
  // The document's bytes must not change with the way they are made.
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
    const bytes = collect([text]);
    expect(Buffer.isBuffer(bytes)).toBe(true);
    expect(bytes.toString("hex")).toBe(Buffer.from(text).toString("hex"));
  });

  it("joins text and byte pieces in order, growing past the room it started with", () => {
    const pieces: (string | Uint8Array)[] = [
      "<!DOCTYPE html>",
      Buffer.from("<style>body{margin:0}</style>"),
      "😀".repeat(ROOM / 8),
      "é".repeat(ROOM / 2),
      new Uint8Array(ROOM).fill(0x61),
      ...texts.map(([, text]) => text),
      "",
      Buffer.alloc(0),
      "</html>",
    ];
    const bytes = collect(pieces);
    expect(bytes.length).toBe(expected(pieces).length);
    expect(bytes.equals(expected(pieces))).toBe(true);
  });

  it("never splits a character where its room runs out", () => {
    // A three- or four-byte character lands on the end of the room, one byte either side.
    for (let filler = ROOM - 5; filler <= ROOM + 1; filler++) {
      for (const character of ["’", "🍜", "\ud83c"]) {
        const pieces = ["a".repeat(filler), `${character}${character} and after`];
        expect(collect(pieces).equals(expected(pieces))).toBe(true);
      }
    }
  });

  it("hands its buffer to the next document once released; a copy taken before stays", () => {
    const first = new Utf8Collector();
    first.write("the first page, ’ and all");
    const kept = Buffer.from(first.bytes());
    first.release();
    const second = new Utf8Collector();
    second.write("another");
    expect(second.bytes().toString()).toBe("another");
    expect(kept.toString()).toBe("the first page, ’ and all");
    second.release();
  });

  it("keeps a buffer for the next document, but not one grown for an unusually long page", () => {
    const ordinary = new Utf8Collector();
    ordinary.write("an ordinary page");
    const ordinaryMemory = ordinary.bytes().buffer;
    ordinary.release();
    const next = new Utf8Collector();
    next.write("x");
    expect(next.bytes().buffer).toBe(ordinaryMemory);
    next.release();

    const long = new Utf8Collector();
    long.write("p".repeat(5 * ROOM)); // more than 512 KB, whatever buffer it started with
    const longMemory = long.bytes().buffer;
    long.release();
    const after = new Utf8Collector();
    after.write("y");
    expect(after.bytes().buffer).not.toBe(longMemory);
    after.release();
  });

  it("writes a substring of a two-byte string that holds only Latin-1", () => {
    // V8 keeps a slice of a two-byte string two bytes a character, whatever it holds.
    const text = "’ café au lait".slice(2);
    expect(collect([text]).equals(Buffer.from("café au lait"))).toBe(true);
  });

  it("gives a view of what it has collected so far", () => {
    const collector = new Utf8Collector();
    collector.write("one ");
    expect(collector.bytes().toString()).toBe("one ");
    collector.write("two");
    expect(collector.bytes().toString()).toBe("one two");
  });
});
