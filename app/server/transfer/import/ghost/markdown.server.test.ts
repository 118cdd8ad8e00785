import { describe, expect, it } from "vitest";
import { renderSimpleMarkdown } from "./markdown.server.ts";

describe("renderSimpleMarkdown", () => {
  it("headings, paragraphs with line breaks, lists, rules, quotes and fenced code", () => {
    expect(
      renderSimpleMarkdown(
        "# Title #\n\nline one\nline two\n\n1. a\n2. b\n- c\n\n---\n> quoted\n```sh\nrm -rf <x>\n```",
      ),
    ).toBe(
      '<h1>Title</h1><p>line one<br>line two</p><ol><li>a</li><li>b</li></ol><ul><li>c</li></ul><hr><blockquote><p>quoted</p></blockquote><pre><code class="language-sh">rm -rf &lt;x&gt;</code></pre>',
    );
  });

  it("inline marks, with code spans left alone and HTML escaped", () => {
    expect(renderSimpleMarkdown('**b** *i* __s__ _e_ ~~x~~ `a *b*` snake_case_name <script>"')).toBe(
      "<p><strong>b</strong> <em>i</em> <strong>s</strong> <em>e</em> <s>x</s> <code>a *b*</code> snake_case_name &lt;script&gt;&quot;</p>",
    );
  });

  it("links and images", () => {
    expect(renderSimpleMarkdown('[site](https://e.com/?a=1&b=2 "T") ![a cat](/cat.jpg)')).toBe(
      '<p><a href="https://e.com/?a=1&amp;b=2">site</a> <img src="/cat.jpg" alt="a cat"></p>',
    );
  });

  it("stays fast on long runs of unmatched marks", () => {
    const hostile = `${"**[_`".repeat(50_000)}\n# ${"# ".repeat(50_000)}x`;
    expect(renderSimpleMarkdown(hostile).length).toBeGreaterThan(0);
  });
});
