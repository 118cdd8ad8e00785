import { describe, expect, it } from "vitest";
import { EXCERPT_LENGTH, excerptOf, hasMore, htmlToText } from "./excerpt.ts";

describe("excerpt (spec §5: tags stripped, cut to 200 characters)", () => {
  it("strips tags", () => {
    expect(htmlToText("<p>Hello <strong>world</strong></p>")).toBe("Hello world");
  });
  it("decodes entities and collapses whitespace", () => {
    expect(htmlToText("<p>Fish &amp; chips</p>\n\n<p>&quot;Yes&quot;&#33;</p>")).toBe('Fish & chips "Yes"!');
  });
  it("cuts the text to 200 characters and reports its full length", () => {
    const text = "a".repeat(250);
    const { excerpt, textLength } = excerptOf(`<p>${text}</p>`);
    expect(excerpt).toHaveLength(EXCERPT_LENGTH);
    expect(textLength).toBe(250);
  });
  it("keeps a short text whole", () => {
    expect(excerptOf("<p>Short</p>")).toEqual({ excerpt: "Short", textLength: 5 });
  });
});

describe("Read More (spec §2: only when content is longer than 200)", () => {
  it("is shown past 200 characters only", () => {
    expect(hasMore(200)).toBe(false);
    expect(hasMore(201)).toBe(true);
  });
});
