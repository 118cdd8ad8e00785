import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { renderMobiledoc } from "./mobiledoc.server.ts";

const FIXTURES = join(import.meta.dirname, "../../../../../tests/fixtures/import/ghost");
/** Ghost's own rows (v4_export.json): each has the mobiledoc and the HTML Ghost rendered from it. */
const ghostRows = JSON.parse(readFileSync(join(FIXTURES, "ghost-4-pages.json"), "utf8")).db[0].data.posts as {
  slug: string;
  mobiledoc: string;
  html: string;
}[];
const row = (slug: string) => ghostRows.find((r) => r.slug === slug) as { mobiledoc: string; html: string };

/** The words of some HTML, for comparing ours with Ghost's whatever the markup. */
function words(html: string): string {
  return html
    .replace(/<[^>]*>/g, " ")
    .replace(/&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim();
}

describe("renderMobiledoc on Ghost's own documents", () => {
  it("renders the Contact page: heading, list of links, image card with its link", () => {
    const { html, unknown } = renderMobiledoc(row("contact").mobiledoc);
    expect(unknown).toEqual([]);
    expect(html).toBe(
      "<p>If you want to set up a contact page for people to be able to reach out to you, the simplest way is to set up a simple page like this and list the different ways people can reach out to you.</p>" +
        "<h3>For example, here&#39;s how to reach us!</h3>" +
        '<ul><li><a href="https://twitter.com/ghost">@Ghost</a> on Twitter</li><li><a href="https://www.facebook.com/ghost">@Ghost</a> on Facebook</li><li><a href="https://instagram.com/ghost">@Ghost</a> on Instagram</li></ul>' +
        "<p>If you prefer to use a contact form, almost all of the great embedded form services work great with Ghost and are easy to set up:</p>" +
        '<figure><a href="https://ghost.org/integrations/?tag=forms"><img src="https://static.ghost.org/v4.0.0/images/integrations.png" alt=""></a></figure>',
    );
    expect(words(html)).toBe(words(row("contact").html));
  });

  it("renders the About page: a quote with strong and code markups opened and closed by count", () => {
    const { html } = renderMobiledoc(row("about").mobiledoc);
    expect(html).toContain(
      "<blockquote><p><strong>Tip: </strong>If you&#39;re reading any post or page on your site and you notice something you want to edit, you can add <code>/edit</code> to the end of the URL",
    );
    expect(words(html)).toBe(words(row("about").html));
  });
});

describe("renderMobiledoc on the rest of the format", () => {
  const doc = (fields: object) =>
    JSON.stringify({ version: "0.3.1", atoms: [], cards: [], markups: [], ...fields });

  it("nested markups, a soft return atom, an image section, an ordered list", () => {
    const { html } = renderMobiledoc(
      doc({
        markups: [["b"], ["i"], ["a", ["rel", "x", "href", "https://e.com/?a=1&b=2"]]],
        atoms: [["soft-return", "", {}]],
        sections: [
          [
            1,
            "h2",
            [
              [0, [0, 1], 1, "bold italic"],
              [0, [], 1, " bold"],
              [1, [], 0, 0],
              [0, [2], 1, "link"],
            ],
          ],
          [2, "https://e.com/a.jpg"],
          [3, "ol", [[[0, [], 0, "one"]], [[0, [], 0, "two"]]]],
        ],
      }),
    );
    expect(html).toBe(
      '<h2><strong><em>bold italic</em> bold</strong><br><a href="https://e.com/?a=1&amp;b=2">link</a></h2><figure><img src="https://e.com/a.jpg" alt=""></figure><ol><li>one</li><li>two</li></ol>',
    );
  });

  it("Ghost's cards: image with caption and alt, code, html, hr, bookmark, embed, markdown", () => {
    const { html, unknown } = renderMobiledoc(
      doc({
        cards: [
          [
            "image",
            { src: "__GHOST_URL__/content/images/a.jpg", alt: "A <tree>", caption: "Our <b>tree</b>" },
          ],
          ["code", { code: "a < b", language: "js" }],
          ["html", { html: "<div>raw</div>" }],
          ["hr", {}],
          ["bookmark", { url: "https://e.com/x", metadata: { title: "X site" } }],
          ["embed", { url: "https://youtu.be/1", html: "<iframe></iframe>" }],
          ["markdown", { markdown: "Hello *there*" }],
        ],
        sections: [0, 1, 2, 3, 4, 5, 6].map((i) => [10, i]),
      }),
    );
    expect(unknown).toEqual([]);
    expect(html).toBe(
      '<figure><img src="__GHOST_URL__/content/images/a.jpg" alt="A &lt;tree&gt;"><figcaption>Our <b>tree</b></figcaption></figure>' +
        '<pre><code class="language-js">a &lt; b</code></pre><div>raw</div><hr>' +
        '<p><a href="https://e.com/x">X site</a></p><p><a href="https://youtu.be/1">https://youtu.be/1</a></p>' +
        "<p>Hello <em>there</em></p>",
    );
  });

  it("keeps an unknown card's text and an unknown atom's text, and names them", () => {
    const { html, unknown } = renderMobiledoc(
      doc({
        atoms: [["mention", "@ana", {}]],
        cards: [["nft", { title: "My <i>ape</i>", contractAddress: "0x1" }]],
        sections: [
          [10, 0],
          [1, "p", [[1, [], 0, 0]]],
        ],
      }),
    );
    expect(html).toBe("<p>My ape</p><p>@ana</p>");
    expect(unknown).toEqual(["nft", "atom mention"]);
  });

  it("reads mobiledoc 0.2's markers and cards", () => {
    const { html } = renderMobiledoc(
      JSON.stringify({
        version: "0.2.0",
        sections: [
          [["b"]],
          [
            [1, "p", [[[0], 1, "old"]]],
            [10, "card-markdown", { markdown: "## Hi" }],
          ],
        ],
      }),
    );
    expect(html).toBe("<p><strong>old</strong></p><h2>Hi</h2>");
  });

  it("never throws on a broken document", () => {
    for (const bad of [
      "{",
      "null",
      "[]",
      '{"sections": 3}',
      '{"sections": [[1, "p", [[0, [99], 5, "x"]]], [10, 7], [3, "ul", 4], "s"]}',
    ]) {
      expect(() => renderMobiledoc(bad)).not.toThrow();
    }
    expect(renderMobiledoc('{"sections": [[1, "p", [[0, [99], 5, "x"]]]]}').html).toBe("<p>x</p>");
    expect(renderMobiledoc("{").unknown).toEqual(["mobiledoc (not valid JSON)"]);
  });
});
