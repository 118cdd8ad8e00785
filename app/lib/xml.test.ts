import { describe, expect, it } from "vitest";
import { escapeXml } from "./xml.ts";

describe("escapeXml", () => {
  it("escapes the five XML special characters", () => {
    expect(escapeXml(`Fish & Chips <at> "Joe's"`)).toBe("Fish &amp; Chips &lt;at&gt; &quot;Joe&apos;s&quot;");
    expect(escapeXml("&amp;")).toBe("&amp;amp;");
  });

  it("leaves ordinary text, accents, emoji and the allowed whitespace as they are", () => {
    expect(escapeXml("Crème brûlée in Kyōto 🍮")).toBe("Crème brûlée in Kyōto 🍮");
    expect(escapeXml("line one\nline two\r\n\ttabbed")).toBe("line one\nline two\r\n\ttabbed");
    expect(escapeXml("https://x.test/blogs/a-week-in-lisbon")).toBe("https://x.test/blogs/a-week-in-lisbon");
  });

  // XML 1.0 Char: #x9 | #xA | #xD | [#x20-#xD7FF] | [#xE000-#xFFFD] | [#x10000-#x10FFFF]. Anything
  // else makes the whole feed or sitemap unreadable to a strict parser.
  it("drops characters XML 1.0 forbids, pasted into a title", () => {
    expect(escapeXml("Lisbon\u0001 Nights")).toBe("Lisbon Nights");
    expect(escapeXml("Tab\u000Bbed & \u000Cfed")).toBe("Tabbed &amp; fed");
    expect(escapeXml("\u0000Null\u001F")).toBe("Null");
    expect(escapeXml("Not a char: \uFFFE\uFFFF.")).toBe("Not a char: .");
    expect(escapeXml("lone \uD83D high and \uDE00 low")).toBe("lone  high and  low");
    expect(escapeXml("reversed pair \uDE00\uD83D")).toBe("reversed pair ");
  });

  it("keeps the characters at the edges of the allowed ranges", () => {
    const edges = "\u0009\u000A\u000D\u0020\uD7FF\uE000\uFFFD\u{10000}\u{10FFFF}";
    expect(escapeXml(edges)).toBe(edges);
    expect(escapeXml("\u0008\u000E\u001F\u007F")).toBe("\u007F");
  });
});
