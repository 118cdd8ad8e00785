import { describe, expect, it } from "vitest";
import { importSlug, percentDecode, plainText, plainTitle } from "./titles-and-slugs.server.ts";

const SLUG_SHAPE = /^[a-z0-9]+(-[a-z0-9]+)*$/;

describe("plainTitle", () => {
  it("decodes the entities WordPress stores in titles", () => {
    expect(plainTitle("Tom &amp; Jerry&#8217;s Caf&eacute; &#x2014; Day&nbsp;1")).toBe(
      "Tom & Jerry\u2019s Café \u2014 Day 1",
    );
  });

  it("removes markup but keeps the words apart where a block or break separated them", () => {
    expect(plainTitle("<em>Best</em> ramen in <strong>Tokyo</strong>")).toBe("Best ramen in Tokyo");
    expect(plainTitle("Part one<br />Part two")).toBe("Part one Part two");
    expect(plainTitle("Ky<b>o</b>to")).toBe("Kyoto");
  });

  it("drops scripts, styles and comments with their content", () => {
    expect(plainTitle('Hi<script>alert("x")</script> there<!-- note --><style>p{}</style>')).toBe("Hi there");
  });

  it("keeps a '<' that opens no tag", () => {
    expect(plainTitle("Budget &lt; 50€ & a < b <3")).toBe("Budget < 50€ & a < b <3");
    expect(plainTitle("I <3 Lisbon")).toBe("I <3 Lisbon");
  });

  it("removes bidi controls and zero-width characters", () => {
    expect(plainTitle("\u202EParis\u202C\u200B \uFEFFguide\u2066\u2069\u200E")).toBe("Paris guide");
  });

  it("collapses whitespace, tabs and newlines and trims", () => {
    expect(plainTitle("  A\t\ttitle\n\n on  two lines ")).toBe("A title on two lines");
  });

  it("is empty for an empty or markup-only title", () => {
    expect(plainTitle("")).toBe("");
    expect(plainTitle("<p> &nbsp; </p>")).toBe("");
  });

  it("stays linear on a title of unclosed '<'", () => {
    const title = "<a".repeat(200_000);
    expect(plainTitle(title)).toBe(title);
  });
});

describe("plainText", () => {
  it("turns a WordPress comment into one line of text", () => {
    expect(plainText("<p>Loved this &amp; the photos!</p>\n<p>Going in <em>May</em>.</p>")).toBe(
      "Loved this & the photos! Going in May.",
    );
  });

  it("turns a WPRM summary into text", () => {
    expect(plainText("A <strong>quick</strong> weeknight curry.<br>Serves&nbsp;4.")).toBe(
      "A quick weeknight curry. Serves 4.",
    );
  });

  it("is empty for whitespace", () => {
    expect(plainText(" \n\t ")).toBe("");
  });
});

describe("percentDecode", () => {
  it("decodes WordPress's UTF-8 slugs", () => {
    expect(percentDecode("%e6%9d%b1%e4%ba%ac")).toBe("東京");
    expect(percentDecode("caf%C3%A9-creme")).toBe("café-creme");
  });

  it("never throws on a bad escape", () => {
    expect(percentDecode("100%-natural")).toBe("100%-natural");
    expect(percentDecode("%zz%e6%9d")).toBe("%zz\uFFFD");
    expect(() => decodeURIComponent("%e6%9d")).toThrow();
  });
});

describe("importSlug", () => {
  it("keeps a usable source slug", () => {
    expect(importSlug("best-ramen-tokyo", "Something else")).toBe("best-ramen-tokyo");
  });

  it("derives one from the title when the source has none (a draft)", () => {
    expect(importSlug("", "Café Crème — Paris!")).toBe("cafe-creme-paris");
    expect(importSlug("", "Tom &amp; Jerry&#8217;s <em>Diner</em>")).toBe("tom-jerrys-diner");
  });

  it("percent-decodes and folds a WordPress slug", () => {
    expect(importSlug("caf%c3%a9-cr%c3%a8me", "x")).toBe("cafe-creme");
  });

  it("falls back to the title when the slug has no Latin letters or digits", () => {
    expect(importSlug("%e6%9d%b1%e4%ba%ac", "Tokyo in spring")).toBe("tokyo-in-spring");
    expect(importSlug("%e6%9d%b1%e4%ba%ac", "東京")).toBe("");
  });

  it("turns what it cannot fold into word breaks", () => {
    expect(importSlug("東京-tower", "")).toBe("tower");
    expect(importSlug("ramen東京guide", "")).toBe("ramen-guide");
    expect(importSlug("v1.2_release notes", "")).toBe("v1-2-release-notes");
  });

  it("folds Latin letters that have no decomposition", () => {
    expect(importSlug("", "Smørrebrød & Straße")).toBe("smorrebrod-strasse");
  });

  it("folds decomposed accents (NFD text)", () => {
    expect(importSlug("", "Cafe\u0301")).toBe("cafe");
  });

  it("drops bidi and zero-width characters instead of splitting on them", () => {
    expect(importSlug("", "Pa\u200Bris\u202E guide")).toBe("paris-guide");
  });

  it("does not throw on a malformed escape", () => {
    expect(importSlug("%e6%9d-%zz", "Title")).toBe("zz");
  });

  it("caps at 80 characters at a hyphen", () => {
    const title = "a-very-long-title-about-eating-through-the-night-markets-of-taipei-and-tainan-in-one-week";
    const slug = importSlug(title, "");
    expect(slug).toBe("a-very-long-title-about-eating-through-the-night-markets-of-taipei-and-tainan-in");
    expect(slug.length).toBeLessThanOrEqual(80);
  });

  it("cuts a single word longer than 80 characters hard", () => {
    expect(importSlug("x".repeat(100), "")).toBe("x".repeat(80));
  });

  it("keeps a slug exactly 80 long when the 81st character is a hyphen", () => {
    const slug = `${"a".repeat(80)}-b`;
    expect(importSlug(slug, "")).toBe("a".repeat(80));
  });

  it("always matches the slug shape or is empty", () => {
    const inputs = ["--a--b--", "___", "Ünïcödé   Ñame", "%%%", "-", "ÆØÅ", "emoji 🍜 bowl", "\u0301"];
    for (const input of inputs) {
      const slug = importSlug(input, input);
      expect(slug === "" || SLUG_SHAPE.test(slug), `${input} → ${slug}`).toBe(true);
    }
    expect(importSlug("--a--b--", "")).toBe("a-b");
    expect(importSlug("emoji 🍜 bowl", "")).toBe("emoji-bowl");
  });
});
