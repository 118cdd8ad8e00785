import { describe, expect, it } from "vitest";
import { excerptOf, hasMore, htmlToText } from "./excerpt.ts";

const KYOTO =
  "<p>We arrived in Kyoto as the last of the maples were turning, and the whole city smelled of roasted chestnuts and rain.</p>" +
  "<p>By noon the queue at Nishiki Market had doubled; we ate grilled mochi, pickled turnips and a tamagoyaki still warm from the pan, then walked it off along the Kamo River until dusk.</p>";

describe("htmlToText (the excerpt is plain text, tags stripped)", () => {
  it("strips tags, inline ones without adding space", () => {
    expect(htmlToText("<p>Hello <strong>world</strong></p>")).toBe("Hello world");
    expect(htmlToText("<p>Kyo<em>to</em> in <a href='/x'>autumn</a></p>")).toBe("Kyoto in autumn");
  });
  it("keeps a space between paragraphs, headings, list items, quotes and lines", () => {
    expect(htmlToText("<p>First paragraph.</p><p>Second one.</p>")).toBe("First paragraph. Second one.");
    expect(htmlToText("<h2>Where to eat</h2><p>Start at the market.</p>")).toBe(
      "Where to eat Start at the market.",
    );
    expect(htmlToText("<ul><li>Rice</li><li>Miso</li><li>Nori</li></ul>")).toBe("Rice Miso Nori");
    expect(htmlToText("<blockquote>Go early.</blockquote><div>Or late.</div>After")).toBe(
      "Go early. Or late. After",
    );
    expect(htmlToText("Line one<br>line two<br/>line three<BR />end")).toBe(
      "Line one line two line three end",
    );
  });
  it("drops scripts and styles with their content", () => {
    expect(htmlToText("<p>Hi</p><script>alert('x')</script><style>p{color:red}</style><p>there</p>")).toBe(
      "Hi there",
    );
    expect(
      htmlToText(
        'Before<script type="module">let a = 1;\nrun(a);</script>after<STYLE media="print">p { color: red }</STYLE>end',
      ),
    ).toBe("Before after end");
  });
  it("decodes entities and collapses whitespace", () => {
    expect(htmlToText("<p>Fish &amp; chips</p>\n\n<p>&quot;Yes&quot;&#33;</p>")).toBe('Fish & chips "Yes"!');
    expect(htmlToText("&#X2014;&#x2014;&#8212;")).toBe("———");
    expect(htmlToText("<p>5 &lt; 7 &gt; 3 &apos;ok&apos;&nbsp;&#x2014; caf&#233;</p>")).toBe(
      "5 < 7 > 3 'ok' — café",
    );
    expect(htmlToText("<p>  lots\t\tof \n  space  </p>")).toBe("lots of space");
  });
  it("leaves unknown and impossible entities as written", () => {
    expect(htmlToText("&bogus; &#0; &#x110000;")).toBe("&bogus; &#0; &#x110000;");
  });
});

describe("excerpt (tags stripped, cut to 200 characters)", () => {
  it("is the first 200 characters of the text, with the space between paragraphs", () => {
    expect(excerptOf(KYOTO)).toEqual({
      excerpt:
        "We arrived in Kyoto as the last of the maples were turning, and the whole city smelled of roasted chestnuts and rain. By noon the queue at Nishiki Market had doubled; we ate grilled mochi, pickled tur",
      textLength: 298,
    });
  });
  it("keeps a short text whole", () => {
    expect(excerptOf("<p>Short <b>and</b> sweet.</p>")).toEqual({
      excerpt: "Short and sweet.",
      textLength: 16,
    });
    expect(excerptOf("")).toEqual({ excerpt: "", textLength: 0 });
  });
  it("counts characters as a reader sees them: never cuts an emoji, a flag or an accent in half", () => {
    const lead = "Nineteen-course kaiseki in Gion, then a late walk home. ".padEnd(198, "~");
    // "é" written as e + combining acute, a flag (two code points), a family emoji (five).
    const text = `${lead}e\u0301🇯🇵👨‍👩‍👧 and more`;
    const { excerpt, textLength } = excerptOf(`<p>${text}</p>`);
    expect(excerpt).toBe(`${lead}e\u0301🇯🇵`);
    expect(textLength).toBe(198 + 3 + " and more".length);
    expect(excerpt.isWellFormed()).toBe(true);
  });
  it("is 200 characters long exactly at the limit", () => {
    const digits = "0123456789".repeat(21);
    expect(excerptOf(`<p>${digits}</p>`)).toEqual({ excerpt: "0123456789".repeat(20), textLength: 210 });
  });
});

describe("Read More (only when content is longer than 200)", () => {
  it("is shown past 200 characters only", () => {
    expect(hasMore(0)).toBe(false);
    expect(hasMore(200)).toBe(false);
    expect(hasMore(201)).toBe(true);
    expect(hasMore(excerptOf(KYOTO).textLength)).toBe(true);
  });
});
