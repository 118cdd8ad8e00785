import { DomUtils, parseDocument } from "htmlparser2";
import { describe, expect, it } from "vitest";
import { mailSafeHtml } from "./email-html.server.ts";

const SITE = "https://blog.example/";

/** The elements of one tag in mail HTML: their attributes and text. */
function elements(html: string, tag: string) {
  return DomUtils.findAll((e) => e.name === tag, parseDocument(html).children).map((e) => ({
    attribs: e.attribs,
    text: DomUtils.textContent(e),
  }));
}

function only(html: string, tag: string) {
  const found = elements(html, tag);
  expect(found).toHaveLength(1);
  return found[0] as (typeof found)[number];
}

describe("mailSafeHtml: links", () => {
  it("makes relative links absolute against the site and keeps http, https and mailto links", () => {
    const html = mailSafeHtml(
      '<p><a href="/recipes/yudofu">a</a> <a href="blogs/kyoto?x=1&amp;y=2">b</a> <a href="https://other.example/p">c</a> <a href="mailto:ana@example.com">d</a></p>',
      SITE,
    );
    expect(elements(html, "a").map((a) => a.attribs.href)).toEqual([
      "https://blog.example/recipes/yudofu",
      "https://blog.example/blogs/kyoto?x=1&y=2",
      "https://other.example/p",
      "mailto:ana@example.com",
    ]);
  });

  it("unwraps a link with any other scheme, or only a #fragment, and keeps its text", () => {
    const html = mailSafeHtml(
      '<p><a href="javascript:alert(1)">one</a> <a href="data:text/html,x">two</a> <a href="#top">three</a> <a href="ftp://x.example/f">four</a></p>',
      SITE,
    );
    expect(elements(html, "a")).toEqual([]);
    expect(only(html, "p").text).toBe("one two three four");
  });

  it("keeps a link's title and drops the site's target and rel (a mail has no tab to protect)", () => {
    const { attribs } = only(
      mailSafeHtml(
        '<a href="https://other.example/" target="_blank" rel="noopener noreferrer nofollow" title="Other">x</a>',
        SITE,
      ),
      "a",
    );
    expect(attribs.title).toBe("Other");
    expect(attribs.target).toBeUndefined();
    expect(attribs.rel).toBeUndefined();
    expect(attribs.style).toContain("color:#0b5f58");
    expect(attribs.style).toContain("word-break:break-word");
  });
});

describe("mailSafeHtml: images", () => {
  it("links an upload at its 960 px copy, absolute, with no srcset or sizes, at most 600 px wide", () => {
    const { attribs } = only(
      mailSafeHtml(
        '<img src="/uploads/k7Qx-1600.webp" srcset="/uploads/k7Qx-480.webp 480w, /uploads/k7Qx-1600.webp 1600w" sizes="100vw" alt="Gion at dawn" width="1600" height="1000" loading="lazy" decoding="async">',
        SITE,
      ),
      "img",
    );
    expect(attribs).toEqual({
      src: "https://blog.example/uploads/k7Qx-960.webp",
      alt: "Gion at dawn",
      width: "600",
      style: "display:block;max-width:100%;height:auto;border:0;margin:0 auto",
    });
  });

  it("keeps an image's own width below 600 and gives one with no width (or a percentage) 600", () => {
    const html = mailSafeHtml(
      '<img src="/uploads/a-480.webp" alt="a" width="320"><img src="/uploads/b-480.webp" alt="b"><img src="/uploads/c-480.webp" alt="c" width="50%">',
      SITE,
    );
    expect(elements(html, "img").map((i) => i.attribs.width)).toEqual(["320", "600", "600"]);
  });

  it("leaves images that are not one of our uploads' widths, or on another host, at their address", () => {
    const html = mailSafeHtml(
      [
        '<img src="https://cdn.example/uploads/k7Qx-1600.webp" alt="">',
        '<img src="/uploads/k7Qx-1234.webp" alt="">',
        '<img src="/images/map.png" alt="">',
      ].join(""),
      SITE,
    );
    expect(elements(html, "img").map((i) => i.attribs.src)).toEqual([
      "https://cdn.example/uploads/k7Qx-1600.webp",
      "https://blog.example/uploads/k7Qx-1234.webp",
      "https://blog.example/images/map.png",
    ]);
  });

  it("drops an image whose source is not http(s), and gives one without alt an empty alt", () => {
    const html = mailSafeHtml(
      '<img src="javascript:alert(1)" alt="x"><img src="data:image/png;base64,AAAA" alt="y"><img alt="z"><img src="/uploads/d-960.webp">',
      SITE,
    );
    expect(elements(html, "img").map((i) => i.attribs)).toEqual([
      expect.objectContaining({ src: "https://blog.example/uploads/d-960.webp", alt: "" }),
    ]);
  });
});

describe("mailSafeHtml: what a mail cannot play or run", () => {
  it("turns a video player into a link to it, and another embed into a link named by its host", () => {
    const html = mailSafeHtml(
      '<iframe src="https://www.youtube.com/embed/abc123" width="560" height="315" allowfullscreen>Your client shows no frames</iframe><iframe src="https://www.maps.example/embed?q=kyoto"></iframe>',
      SITE,
    );
    expect(elements(html, "iframe")).toEqual([]);
    expect(elements(html, "a").map(({ attribs, text }) => [attribs.href, text])).toEqual([
      ["https://www.youtube.com/embed/abc123", "Watch the video"],
      ["https://www.maps.example/embed?q=kyoto", "maps.example"],
    ]);
    // Each on a line of its own.
    expect(elements(html, "p").map((p) => p.text)).toEqual(["Watch the video", "maps.example"]);
  });

  it("drops a player that is not http(s), with its fallback content", () => {
    const html = mailSafeHtml('<iframe src="javascript:alert(1)">fallback</iframe><p>after</p>', SITE);
    expect(html).not.toContain("fallback");
    expect(elements(html, "a")).toEqual([]);
    expect(html).toContain(">after</p>");
  });

  it("removes scripts, styles, media and forms with all they hold", () => {
    const html = mailSafeHtml(
      [
        "<p>before</p>",
        "<script>alert(1)</script><style>p{color:red}</style>",
        '<video src="/v.mp4" controls><source src="/v.webm">Your browser cannot play this</video>',
        '<audio src="/a.mp3">No audio</audio>',
        '<form action="/subscribe"><label>Your name</label><input name="n"><button>Send</button></form>',
        "<p>after</p>",
      ].join(""),
      SITE,
    );
    expect(elements(html, "p").map((p) => p.text)).toEqual(["before", "after"]);
    for (const gone of [
      "alert",
      "color:red",
      "Your browser",
      "No audio",
      "Your name",
      "Send",
      "input",
      "v.mp4",
    ]) {
      expect(html).not.toContain(gone);
    }
  });

  it("keeps the text of tags outside the allow-list, and none of an author's own attributes", () => {
    const html = mailSafeHtml(
      '<div class="x" onclick="alert(1)">loose text</div><p style="color:red" class="lead" id="p1">styled</p>',
      SITE,
    );
    expect(html).toContain("loose text");
    expect(html).not.toContain("<div");
    const { attribs } = only(html, "p");
    expect(Object.keys(attribs)).toEqual(["style"]);
    expect(attribs.style).not.toContain("color:red");
  });
});

describe("mailSafeHtml: inline styles that keep it inside a phone's width", () => {
  it("wraps long words in paragraphs, list items and headings", () => {
    const html = mailSafeHtml(
      "<h2>T</h2><h3>U</h3><p>x</p><ul><li>y</li></ul><blockquote><p>q</p></blockquote>",
      SITE,
    );
    for (const tag of ["h2", "h3", "p", "li", "blockquote"]) {
      expect(elements(html, tag)[0]?.attribs.style).toContain("word-break:break-word");
    }
    expect(only(html, "h2").attribs.style).toContain("font-size:24px");
    expect(only(html, "blockquote").attribs.style).toContain("border-left:4px solid");
  });

  it("lets code blocks wrap instead of scrolling", () => {
    const html = mailSafeHtml("<pre><code>const aVeryLongIdentifier = 1;</code></pre>", SITE);
    const { style } = only(html, "pre").attribs;
    expect(style).toContain("white-space:pre-wrap");
    expect(style).toContain("word-break:break-word");
    expect(only(html, "code").attribs.style).toContain("font-family:Menlo");
  });

  it("gives tables the full width in fixed columns, with cells that wrap", () => {
    const html = mailSafeHtml(
      '<table class="wide"><tr><th colspan="2" rowspan="3">Day</th></tr><tr><td>1</td><td>Gion</td></tr></table>',
      SITE,
    );
    const table = only(html, "table").attribs;
    expect(table.width).toBe("100%");
    expect(table.style).toContain("width:100%;table-layout:fixed");
    expect(table.class).toBeUndefined();
    expect(only(html, "th").attribs.colspan).toBe("2");
    expect(only(html, "th").attribs.rowspan).toBeUndefined();
    const cells = elements(html, "td");
    expect(cells).toHaveLength(2);
    expect(cells.every((td) => td.attribs.style?.includes("word-break:break-word"))).toBe(true);
  });

  it("keeps an ordered list's start and styles figures and captions", () => {
    const html = mailSafeHtml(
      '<ol start="3"><li>c</li></ol><figure><img src="/uploads/f-480.webp" alt="f"><figcaption>Gion at 6 am</figcaption></figure>',
      SITE,
    );
    expect(only(html, "ol").attribs.start).toBe("3");
    expect(only(html, "figure").attribs.style).toBe("margin:0 0 16px");
    expect(only(html, "figcaption").attribs.style).toContain("font-size:14px");
  });
});
