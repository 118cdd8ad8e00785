import { describe, expect, it } from "vitest";
import { sanitizeBlogHtml } from "#app/lib/sanitize.server.ts";
import { wordpressContentToHtml } from "./content.server.ts";

/** Converts and returns the HTML with the notices it raised. */
function convert(raw: string) {
  const notices: { code: string; message: string }[] = [];
  const html = wordpressContentToHtml(raw, (code, message) => notices.push({ code, message }));
  return { html, notices, codes: notices.map((n) => n.code) };
}

const html = (raw: string) => convert(raw).html;

describe("block editor content", () => {
  it("drops block comments and keeps the block's HTML as it is", () => {
    const raw =
      '<!-- wp:heading -->\n<h2>Day one</h2>\n<!-- /wp:heading -->\n\n<!-- wp:paragraph -->\n<p>We landed.</p>\n<!-- /wp:paragraph -->\n\n<!-- wp:separator -->\n<hr class="wp-block-separator"/>\n<!-- /wp:separator -->';
    // The dropped comments leave their line ends: harmless between blocks.
    const out = html(raw).replace(/\n+/g, "\n");
    expect(out).toBe('<h2>Day one</h2>\n<p>We landed.</p>\n<hr class="wp-block-separator"/>');
    expect(out).not.toContain("wp:");
  });

  it("adds no paragraphs inside block HTML (WordPress skips wpautop for it)", () => {
    const raw = "<!-- wp:html -->\n<div>one\n\ntwo</div>\n<!-- /wp:html -->";
    expect(html(raw)).toBe("<div>one\n\ntwo</div>");
  });

  it("drops every other HTML comment, including <!--more-->", () => {
    expect(html("Intro<!--more-->\n\nRest <!-- note to self -->here")).toBe("<p>Intro</p><p>Rest here</p>");
  });

  it("removes empty and &nbsp;-only paragraphs", () => {
    expect(
      html("<!-- wp:paragraph --><p></p><!-- /wp:paragraph --><p>&nbsp;</p><p> <br> </p><p>Kept</p>"),
    ).toBe("<p>Kept</p>");
  });

  it("never nests paragraphs or puts a block inside one", () => {
    const out = html("<!-- wp:paragraph --><p>One<p>Two</p><div>Three</div></p><!-- /wp:paragraph -->");
    expect(out).toBe("<p>One</p><p>Two</p><div>Three</div>");
  });
});

describe("classic editor text (wpautop)", () => {
  it("makes paragraphs from blank lines and <br> from single newlines", () => {
    expect(html("First line\nsecond line\n\nNew paragraph.")).toBe(
      "<p>First line<br>\nsecond line</p><p>New paragraph.</p>",
    );
  });

  it("treats Windows line ends and spaces around newlines alike", () => {
    expect(html("One\r\n  \r\nTwo  \r\nThree")).toBe("<p>One</p><p>Two<br>\nThree</p>");
  });

  it("does not wrap block elements or add empty paragraphs around them", () => {
    const raw = "Intro\n<h3>Where to eat</h3>\n<ul>\n<li>Ramen</li>\n<li>Sushi\nrolls</li>\n</ul>\nOutro";
    expect(html(raw)).toBe(
      "<p>Intro</p><h3>Where to eat</h3><ul><li>Ramen</li><li>Sushi<br>\nrolls</li></ul><p>Outro</p>",
    );
  });

  it("leaves content that already has paragraphs alone", () => {
    expect(html("<p>Already</p>\n\n<p>wrapped</p>")).toBe("<p>Already</p><p>wrapped</p>");
  });

  it("keeps <pre> exactly as written", () => {
    expect(html("Code:\n\n<pre>line 1\n\nline 3 [not_a_shortcode x=1]</pre>")).toBe(
      "<p>Code:</p><pre>line 1\n\nline 3 [not_a_shortcode x=1]</pre>",
    );
  });

  it("puts paragraphs inside a blockquote and a div", () => {
    expect(html("<blockquote>Quote one\n\nQuote two</blockquote>")).toBe(
      "<blockquote><p>Quote one</p><p>Quote two</p></blockquote>",
    );
    expect(html('<div class="note">loose text</div>')).toBe('<div class="note"><p>loose text</p></div>');
  });

  it("closes and reopens inline elements a blank line splits", () => {
    expect(html("<strong>bold\n\nstill bold</strong> end")).toBe(
      "<p><strong>bold</strong></p><p><strong>still bold</strong> end</p>",
    );
  });

  it("drops a closing tag that closes nothing", () => {
    expect(html("text</em> more")).toBe("<p>text more</p>");
  });

  it("does not double a <br> written before a newline", () => {
    expect(html("one<br />\ntwo")).toBe("<p>one<br />two</p>");
  });

  it("maps h1 to h2 and h5/h6 to h4", () => {
    expect(html('<h1 class="x">Big</h1>\n<h5>Small</h5>\n<h6>Tiny</h6>')).toBe(
      '<h2 class="x">Big</h2><h4>Small</h4><h4>Tiny</h4>',
    );
  });

  it("drops scripts and styles with their content", () => {
    expect(html("Hi<script>alert('x')</script>\n<style>p{color:red}</style>\n\nBye")).toBe(
      "<p>Hi</p><p>Bye</p>",
    );
  });

  it("escapes a '<' that opens no tag", () => {
    expect(html("Prices < 5€ and a <b")).toBe("<p>Prices &lt; 5€ and a &lt;b</p>");
  });

  it("is empty for empty or whitespace content", () => {
    expect(html("")).toBe("");
    expect(html(" \n\n \n")).toBe("");
  });
});

describe("captions and galleries", () => {
  it("turns [caption] into a figure with a figcaption", () => {
    const raw =
      '[caption id="attachment_12" align="alignnone" width="300"]<img class="size-medium wp-image-12" src="https://blog.test/ramen.jpg" alt="Ramen" width="300" height="200" /> Tonkotsu in Fukuoka[/caption]';
    expect(html(raw)).toBe(
      '<figure><img class="size-medium wp-image-12" src="https://blog.test/ramen.jpg" alt="Ramen" width="300" height="200" /><figcaption>Tonkotsu in Fukuoka</figcaption></figure>',
    );
  });

  it("keeps the link around a captioned image", () => {
    const raw =
      '[caption id="attachment_7" align="aligncenter" width="640"]<a href="https://blog.test/big.jpg"><img src="https://blog.test/s.jpg" alt="" /></a> The harbour[/caption]\n\nAfter.';
    expect(html(raw)).toBe(
      '<figure><a href="https://blog.test/big.jpg"><img src="https://blog.test/s.jpg" alt="" /></a><figcaption>The harbour</figcaption></figure><p>After.</p>',
    );
  });

  it("reads the older caption attribute", () => {
    expect(
      html('[caption id="" align="alignleft" width="200" caption="Old style"]<img src="a.jpg" />[/caption]'),
    ).toBe('<figure><img src="a.jpg" /><figcaption>Old style</figcaption></figure>');
  });

  it("unwraps a caption without an image, keeping its text", () => {
    expect(html("[caption]Just words[/caption]")).toBe("<p>Just words</p>");
  });

  it("turns [gallery ids] into one figure of attachment placeholders", () => {
    expect(html('Look:\n\n[gallery columns="2" ids="11, 12,x,13" size="large"]')).toBe(
      '<p>Look:</p><figure><img data-import-attachment="11" alt=""><img data-import-attachment="12" alt=""><img data-import-attachment="13" alt=""></figure>',
    );
  });

  it("leaves a [gallery] without ids for the post's attached images (the writer knows them)", () => {
    const { html: out, codes } = convert("Before\n\n[gallery]\n\nAfter");
    expect(out).toBe('<p>Before</p><figure data-import-gallery="attached"></figure><p>After</p>');
    expect(codes).toEqual([]);
  });
});

describe("embeds", () => {
  it("links a YouTube or Vimeo URL alone on its line", () => {
    expect(html("Our trip:\nhttps://www.youtube.com/watch?v=dQw4w9WgXcQ\nEnjoy")).toBe(
      '<p>Our trip:</p><p><a href="https://www.youtube.com/watch?v=dQw4w9WgXcQ">Watch the video on YouTube</a></p><p>Enjoy</p>',
    );
    expect(html("https://vimeo.com/76979871")).toBe(
      '<p><a href="https://vimeo.com/76979871">Watch the video on Vimeo</a></p>',
    );
  });

  it("links another URL alone on its line plainly", () => {
    expect(html("https://twitter.com/x/status/1?a=1&amp;b=2")).toBe(
      '<p><a href="https://twitter.com/x/status/1?a=1&amp;b=2">https://twitter.com/x/status/1?a=1&amp;b=2</a></p>',
    );
  });

  it("leaves a URL inside a sentence or a link as it is", () => {
    expect(html("See https://youtu.be/abc for more")).toBe("<p>See https://youtu.be/abc for more</p>");
    expect(html('<a href="https://youtu.be/abc">https://youtu.be/abc</a>\n\nNext')).toBe(
      '<p><a href="https://youtu.be/abc">https://youtu.be/abc</a></p><p>Next</p>',
    );
  });

  it("turns [embed] into a link", () => {
    expect(html('[embed width="640"]https://youtu.be/abc123[/embed]')).toBe(
      '<p><a href="https://youtu.be/abc123">Watch the video on YouTube</a></p>',
    );
  });

  it("turns the wp:embed block (and its older core-embed form) into a link, dropping its figure", () => {
    const raw =
      '<!-- wp:embed {"url":"https://www.youtube.com/watch?v=abc","type":"video","providerNameSlug":"youtube"} -->\n<figure class="wp-block-embed is-provider-youtube"><div class="wp-block-embed__wrapper">\nhttps://www.youtube.com/watch?v=abc\n</div><figcaption>Caption</figcaption></figure>\n<!-- /wp:embed -->';
    expect(html(raw)).toBe(
      '<p><a href="https://www.youtube.com/watch?v=abc">Watch the video on YouTube</a></p>',
    );
    const old =
      '<!-- wp:core-embed/vimeo {"url":"https://vimeo.com/1"} -->\n<figure><div>\nhttps://vimeo.com/1\n</div></figure>\n<!-- /wp:core-embed/vimeo -->';
    expect(html(old)).toBe('<p><a href="https://vimeo.com/1">Watch the video on Vimeo</a></p>');
  });

  it("turns a YouTube iframe into a link to the video's page", () => {
    expect(html('<iframe width="560" src="https://www.youtube.com/embed/abc_1-2?rel=0"></iframe>')).toBe(
      '<p><a href="https://www.youtube.com/watch?v=abc_1-2">Watch the video on YouTube</a></p>',
    );
  });

  it("removes other iframes with a notice", () => {
    const { html: out, codes } = convert('Map:\n<iframe src="https://maps.example/embed">fallback</iframe>');
    expect(out).toBe("<p>Map:</p>");
    expect(codes).toEqual(["embed-removed"]);
  });
});

describe("WP Recipe Maker embeds", () => {
  const placeholder = '<p><a data-import-recipe="42"></a></p>';

  it("turns the self-closing block into a placeholder", () => {
    expect(html('<!-- wp:wp-recipe-maker/recipe {"id":42,"updated":1690000000} /-->')).toBe(placeholder);
  });

  it("drops the block's inner content", () => {
    const raw =
      '<!-- wp:paragraph --><p>Before</p><!-- /wp:paragraph -->\n<!-- wp:wp-recipe-maker/recipe {"id":42} -->\n<div class="wprm-recipe">Secret card text</div>\n<!-- /wp:wp-recipe-maker/recipe -->';
    const out = html(raw);
    expect(out).toBe(`<p>Before</p>\n${placeholder}`);
    expect(out).not.toContain("Secret");
  });

  it("reads the shortcode with quoted, unquoted and curly-quoted ids", () => {
    expect(html('[wprm-recipe id="42"]')).toBe(placeholder);
    expect(html("[wprm-recipe id=42 template=compact]")).toBe(placeholder);
    expect(html("[wprm-recipe id=\u201D42\u201D]")).toBe(placeholder);
  });

  it("puts the placeholder between paragraphs when written inside one", () => {
    expect(html("<p>Here it is: [wprm-recipe id=42] enjoy</p>")).toBe(
      `<p>Here it is: </p>${placeholder}<p> enjoy</p>`,
    );
  });

  it("removes the classic fallback and all of its HTML", () => {
    const raw =
      'Intro\n<!--WPRM Recipe 42-->\n<div class="wprm-fallback-recipe"><h2>Miso soup</h2><ul><li>miso</li></ul><p>Fallback text</p></div>\n<!--End WPRM Recipe-->\nOutro';
    const out = html(raw);
    expect(out).toBe(`<p>Intro</p>${placeholder}<p>Outro</p>`);
    expect(out).not.toContain("Fallback");
  });

  it("keeps the text after a fallback that never ends, with a notice", () => {
    const { html: out, codes } = convert("<!--WPRM Recipe 42-->\nAfter");
    expect(out).toBe(`${placeholder}<p>After</p>`);
    expect(codes).toEqual(["recipe-fallback-unclosed"]);
  });

  it("removes WPRM's other shortcodes without a notice", () => {
    const { html: out, codes } = convert('[wprm-recipe-jump]\n[wprm-recipe-print text="Print"]\n\nText');
    expect(out).toBe("<p>Text</p>");
    expect(codes).toEqual([]);
  });

  it("removes an embed without an id, with a notice", () => {
    const { html: out, codes } = convert('[wprm-recipe align="center"]');
    expect(out).toBe("");
    expect(codes).toEqual(["recipe-without-id"]);
  });
});

describe("page builders and unknown shortcodes", () => {
  it("unwraps WPBakery, keeping the text, with one notice naming it", () => {
    const raw =
      '[vc_row][vc_column width="1/2"][vc_column_text]Hello\n\nWorld[/vc_column_text][/vc_column][vc_column][vc_column_text]Again[/vc_column_text][/vc_column][/vc_row]';
    const { html: out, notices } = convert(raw);
    expect(out).toBe("<p>Hello</p><p>WorldAgain</p>");
    expect(notices).toHaveLength(1);
    expect(notices[0]?.code).toBe("page-builder");
    expect(notices[0]?.message).toContain("WPBakery");
  });

  it("names Divi and Fusion, and keeps a builder's image", () => {
    const divi = convert(
      '[et_pb_section][et_pb_row][et_pb_column type="4_4"][et_pb_text]<p>Divi text</p>[/et_pb_text][et_pb_image src="https://blog.test/a.jpg" alt="A"][/et_pb_image][/et_pb_column][/et_pb_row][/et_pb_section]',
    );
    expect(divi.html).toBe('<p>Divi text</p><figure><img src="https://blog.test/a.jpg" alt="A"></figure>');
    expect(divi.notices[0]?.message).toContain("Divi");
    const fusion = convert(
      "[fusion_builder_container][fusion_text]Fusion text[/fusion_text][/fusion_builder_container]",
    );
    expect(fusion.html).toBe("<p>Fusion text</p>");
    expect(fusion.notices[0]?.message).toContain("Fusion");
  });

  it("notices Elementor's leftover wrappers", () => {
    const { html: out, notices } = convert(
      '<div class="elementor elementor-12"><div class="elementor-widget-container"><p>Hi</p></div></div>',
    );
    expect(out).toBe(
      '<div class="elementor elementor-12"><div class="elementor-widget-container"><p>Hi</p></div></div>',
    );
    expect(notices.map((n) => n.code)).toEqual(["page-builder"]);
    expect(notices[0]?.message).toContain("Elementor");
  });

  it("unwraps unknown shortcodes and names them in one notice", () => {
    const { html: out, notices } = convert(
      '[su_note note_color="#fff"]Pack light.[/su_note] [thing /] [contact-form-7 id="5" title="Contact"]',
    );
    expect(out).toBe("<p>Pack light.  </p>");
    expect(notices).toHaveLength(1);
    expect(notices[0]?.code).toBe("unknown-shortcode");
    expect(notices[0]?.message).toContain("[su_note]");
    expect(notices[0]?.message).toContain("[thing]");
    expect(notices[0]?.message).toContain("[contact-form-7]");
  });

  it("keeps text in square brackets that is not a shortcode", () => {
    const { html: out, codes } = convert("Footnote [1], a typo [sic] and [Updated: May 2021] note. [TOC]");
    expect(out).toBe("<p>Footnote [1], a typo [sic] and [Updated: May 2021] note. [TOC]</p>");
    expect(codes).toEqual([]);
  });

  it("unwraps a bare-named shortcode that has a closing tag", () => {
    expect(html("[note]Bring cash[/note]")).toBe("<p>Bring cash</p>");
  });

  it("leaves shortcodes in <pre> and <code> as written", () => {
    const { html: out, codes } = convert(
      'Use <code>[gallery ids="1"]</code> or:\n\n<pre>[wprm-recipe id="3"]</pre>',
    );
    expect(out).toBe('<p>Use <code>[gallery ids="1"]</code> or:</p><pre>[wprm-recipe id="3"]</pre>');
    expect(codes).toEqual([]);
  });
});

describe("what the sanitizer keeps", () => {
  it("keeps the structure of a typical classic post", () => {
    const raw =
      '<h1>Kyoto</h1>\nWe arrived late.\n\n[caption id="attachment_3" width="300"]<img src="https://blog.test/k.jpg" alt="Gate" /> A gate[/caption]\n\nhttps://youtu.be/abc\n\n[wprm-recipe id="9"]';
    expect(sanitizeBlogHtml(html(raw))).toBe(
      '<h2>Kyoto</h2><p>We arrived late.</p><figure><img src="https://blog.test/k.jpg" alt="Gate" loading="lazy" decoding="async" /><figcaption>A gate</figcaption></figure><p><a href="https://youtu.be/abc" rel="noopener noreferrer nofollow" target="_blank">Watch the video on YouTube</a></p><p><a></a></p>',
    );
  });
});

describe("hostile input", () => {
  const MB = 1_000_000;
  const adversarial: [string, string][] = [
    ["unclosed quoted attributes", '<a title="'.repeat(MB / 10)],
    ["unclosed tags", "<a".repeat(MB / 2)],
    ["unclosed comments", "<!--".repeat(MB / 4)],
    ["unclosed shortcodes", "[a ".repeat(MB / 3)],
    ["nested captions", `${"[caption]".repeat(MB / 20)}${"[/caption]".repeat(MB / 20)}`],
    ["nested embeds", `${"[embed]".repeat(MB / 16)}${"[/embed]".repeat(MB / 16)}`],
    ["spaces without newlines", `a${" ".repeat(MB)}b`],
    ["deep blocks then stray closings", `${"<div>".repeat(MB / 10)}${"</p>".repeat(MB / 8)}`],
    ["deep inline then stray closings", `${"<b>".repeat(MB / 6)}${"</i>".repeat(MB / 8)}`],
    ["inline split by blank lines", `${"<b>".repeat(MB / 6)}${"x\n\n".repeat(MB / 6)}`],
    ["unclosed iframes", "<iframe src=x>".repeat(MB / 14)],
    ["recipe blocks without ends", '<!-- wp:wp-recipe-maker/recipe {"id":1} -->'.repeat(MB / 44)],
    ["scripts without ends", "<script>".repeat(MB / 8)],
  ];

  for (const [name, raw] of adversarial) {
    it(`finishes on 1 MB of ${name}`, () => {
      expect(raw.length).toBeGreaterThan(MB * 0.9);
      expect(typeof wordpressContentToHtml(raw, () => {})).toBe("string");
    });
  }
});
