import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { renderLexical } from "./lexical.server.ts";

const FIXTURES = join(import.meta.dirname, "../../../../../tests/fixtures/import/ghost");

const text = (value: string, format = 0) => ({ type: "extended-text", text: value, format });
const root = (...children: object[]) => JSON.stringify({ root: { type: "root", children } });
const paragraph = (...children: object[]) => ({ type: "paragraph", children });

describe("renderLexical on Koenig's demo content (a real lexical document)", () => {
  const { html, unknown } = renderLexical(
    readFileSync(join(FIXTURES, "koenig-demo-content.lexical.json"), "utf8"),
  );

  it("knows every node in it", () => {
    expect(unknown).toEqual([]);
  });

  it("renders its paragraphs, headings, images, links and text formats", () => {
    expect(
      html.startsWith(
        "<p>There&#39;s a whole lot to discover in this editor. Let us help you settle in.</p><h3>",
      ),
    ).toBe(true);
    expect(html.match(/<h3>/g)).toHaveLength(3);
    expect(html).toContain('<figure><img src="/Koenig-editor-1.png" alt=""></figure>');
    expect(html).toContain('<a href="https://ghost.org/changelog/markdown/">');
    expect(html).toContain("<code>ctrl/⌘</code>");
    expect(html).toContain("<em>italic </em>");
    expect(html).toContain("<strong>bold</strong>");
    expect(html.match(/<p>/g)).toHaveLength(8);
  });
});

describe("renderLexical", () => {
  it("combines text formats, outermost code first", () => {
    expect(
      renderLexical(root(paragraph(text("a", 1 | 2 | 8), text("b", 16 | 1), text("c", 4 | 32 | 64 | 128))))
        .html,
    ).toBe(
      "<p><strong><em><u>a</u></em></strong><code><strong>b</strong></code><s><sub><sup><mark>c</mark></sup></sub></s></p>",
    );
  });

  it("escapes text and link URLs", () => {
    const link = { type: "link", url: 'https://e.com/?q="x"&y=1', children: [text("<b>hi</b>")] };
    expect(renderLexical(root(paragraph(link))).html).toBe(
      '<p><a href="https://e.com/?q=&quot;x&quot;&amp;y=1">&lt;b&gt;hi&lt;/b&gt;</a></p>',
    );
  });

  it("nested lists, headings by tag, an empty paragraph dropped", () => {
    const list = {
      type: "list",
      listType: "bullet",
      children: [
        { type: "listitem", children: [text("one")] },
        {
          type: "listitem",
          children: [
            { type: "list", listType: "number", children: [{ type: "listitem", children: [text("1.1")] }] },
          ],
        },
      ],
    };
    expect(
      renderLexical(root({ type: "heading", tag: "h4", children: [text("T")] }, paragraph(), list)).html,
    ).toBe("<h4>T</h4><ul><li>one</li><li><ol><li>1.1</li></ol></li></ul>");
  });

  it("an unknown container keeps its children, an unknown card its text fields", () => {
    const { html, unknown } = renderLexical(
      root(
        { type: "table", children: [paragraph(text("cell"))] },
        { type: "signup", header: "<b>Join</b> us", buttonText: "Sign up", backgroundColor: "#fff" },
      ),
    );
    expect(html).toBe("<p>cell</p><p>Join us Sign up</p>");
    expect(unknown).toEqual(["table", "signup"]);
  });

  it("never throws on a broken document, and stops at absurd depth", () => {
    for (const bad of ["{", "null", "[]", '{"root": 1}', '{"root": {"children": [1, null, {"type": 5}]}}']) {
      expect(() => renderLexical(bad)).not.toThrow();
    }
    let deep: object = text("bottom");
    for (let i = 0; i < 500; i++) deep = { type: "paragraph", children: [deep] };
    const { html, unknown } = renderLexical(root(deep));
    expect(html).not.toContain("bottom");
    expect(unknown).toEqual(["nesting too deep"]);
    expect(renderLexical("{").unknown).toEqual(["lexical (not valid JSON)"]);
  });
});
