import { describe, expect, it } from "vitest";
import { sanitizeBlogHtml } from "./sanitize.server.ts";

const LAZY = 'loading="lazy" decoding="async"';
const EXTERNAL = 'target="_blank" rel="noopener noreferrer nofollow"';

describe("sanitizeBlogHtml: what the editor makes survives", () => {
  it("keeps the allowed structure and text exactly", () => {
    const html =
      '<h2>Three days in Porto</h2><p>We ate <strong>francesinha</strong>, <em>twice</em>.</p><ol start="3"><li>Ribeira</li><li>Foz</li></ol><blockquote><p>Go in May.</p></blockquote><pre><code>N 41.14</code></pre><hr>';
    expect(sanitizeBlogHtml(html)).toBe(
      '<h2>Three days in Porto</h2><p>We ate <strong>francesinha</strong>, <em>twice</em>.</p><ol start="3"><li>Ribeira</li><li>Foz</li></ol><blockquote><p>Go in May.</p></blockquote><pre><code>N 41.14</code></pre><hr />',
    );
  });
  it("keeps every element and attribute the editor makes", () => {
    const html =
      '<p>a<br />b <b>bold</b> <i>it</i> <u>under</u> <s>struck</s> <code>x</code></p><h3>Sub</h3><h4>Minor</h4><ul><li>one</li></ul><figure><img src="http://img.example/a.jpg" alt="A" title="T" width="4" height="3" /><figcaption>Caption</figcaption></figure><p><a href="/about" title="About us">About</a></p>';
    expect(sanitizeBlogHtml(html)).toBe(
      `<p>a<br />b <b>bold</b> <i>it</i> <u>under</u> <s>struck</s> <code>x</code></p><h3>Sub</h3><h4>Minor</h4><ul><li>one</li></ul><figure><img src="http://img.example/a.jpg" alt="A" title="T" width="4" height="3" ${LAZY} /><figcaption>Caption</figcaption></figure><p><a href="/about" title="About us">About</a></p>`,
    );
  });
  it("keeps an image with an http(s) source, lazy", () => {
    expect(sanitizeBlogHtml('<img src="https://img.example/porto.jpg" alt="Porto" width="800">')).toBe(
      `<img src="https://img.example/porto.jpg" alt="Porto" width="800" ${LAZY} />`,
    );
  });
  it("closes unclosed tags and drops tags outside the list but keeps their text", () => {
    expect(sanitizeBlogHtml("<p>unclosed <b>bold")).toBe("<p>unclosed <b>bold</b></p>");
    expect(sanitizeBlogHtml("<h1>Big</h1><div>div</div><span>span</span>")).toBe("Bigdivspan");
  });
});

describe("sanitizeBlogHtml: nothing that can run script or leave the page", () => {
  const cases: [name: string, input: string, output: string][] = [
    ["script element", "<p>Hi<script>alert(1)</script></p>", "<p>Hi</p>"],
    ["upper-case script with src", "<SCRIPT SRC=//evil.example/x.js></SCRIPT><p>ok</p>", "<p>ok</p>"],
    ["event handlers", '<p onclick="steal()" onmouseover=x>Hi</p>', "<p>Hi</p>"],
    [
      "onerror on an image",
      '<img src="https://img.example/a.jpg" onerror="alert(1)" alt="A">',
      `<img src="https://img.example/a.jpg" alt="A" ${LAZY} />`,
    ],
    ["javascript: URL", '<a href="javascript:alert(1)">x</a>', "<a>x</a>"],
    ["javascript: in mixed case", '<a href="JaVaScRiPt:alert(1)">x</a>', "<a>x</a>"],
    ["javascript: after a space", '<a href=" javascript:alert(1)">x</a>', "<a>x</a>"],
    ["javascript: split by a tab entity", '<a href="java&#x09;script:alert(1)">x</a>', "<a>x</a>"],
    ["javascript: split by a raw tab", '<a href="java\tscript:alert(1)">x</a>', "<a>x</a>"],
    [
      "javascript: written in decimal entities",
      '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>',
      "<a>x</a>",
    ],
    ["javascript: with a named colon entity", '<a href="&#x6A;avascript&colon;alert(1)">x</a>', "<a>x</a>"],
    ["data: URL on a link", '<a href="data:text/html;base64,PHNjcmlwdD4=">x</a>', "<a>x</a>"],
    ["data: URL on an image", '<img src="data:image/svg+xml;base64,PHN2Zz4=">', `<img ${LAZY} />`],
    ["mailto: as an image source", '<img src="mailto:a@example.com">', `<img ${LAZY} />`],
    ["vbscript: URL", '<a href="vbscript:msgbox(1)">x</a>', "<a>x</a>"],
    ["protocol-relative link", '<a href="//evil.example/">x</a>', "<a>x</a>"],
    ["protocol-relative image", '<img src="//evil.example/a.png">', `<img ${LAZY} />`],
    ["backslashed protocol-relative image", '<img src="\\\\evil.example/a.png">', `<img ${LAZY} />`],
    [
      "srcset",
      '<img src="https://img.example/a.jpg" srcset="javascript:alert(1) 1x">',
      `<img src="https://img.example/a.jpg" ${LAZY} />`,
    ],
    ["svg with onload", "<svg onload=alert(1)><circle/></svg><p>after</p>", "<p>after</p>"],
    [
      "math/style mutation XSS",
      "<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>",
      "",
    ],
    ["style element", "<style>body{background:url(javascript:alert(1))}</style><p>x</p>", "<p>x</p>"],
    ["CSS expression in a style attribute", '<p style="background:expression(alert(1))">x</p>', "<p>x</p>"],
    ["iframe", '<iframe src="https://evil.example"></iframe><p>x</p>', "<p>x</p>"],
    ["iframe srcdoc", '<iframe srcdoc="<script>alert(1)</script>"></iframe>', ""],
    ["object and embed", '<object data="x.swf"></object><embed src="x.swf">', ""],
    [
      "form, input and button",
      '<form action="https://evil.example"><input name=a><button>Go</button></form>',
      "Go",
    ],
    ["meta refresh", '<meta http-equiv="refresh" content="0;url=https://evil.example">', ""],
    ["base", '<base href="https://evil.example/">', ""],
    ["stylesheet link", "<link rel=stylesheet href=https://evil.example/x.css>", ""],
    ["nested script tags", "<<script>script>alert(1)<</script>/script>", "&lt;/script&gt;"],
    ["script split by a script", "<scr<script>ipt>alert(1)</script>", "ipt&gt;alert(1)"],
    ["script in a comment", "<!-- <script>alert(1)</script> --><p>c</p>", "<p>c</p>"],
    ["attribute breaking out", '<p title="&quot;><script>alert(1)</script>">t</p>', "<p>t</p>"],
    [
      "noscript parser differential",
      '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
      "<p></p>",
    ],
    ["template", "<template><script>alert(1)</script></template>", ""],
    ["textarea", "<textarea><script>alert(1)</script></textarea>", ""],
    [
      "formaction on a link",
      '<a href="https://x.example" formaction="javascript:alert(1)">f</a>',
      `<a href="https://x.example" rel="noopener noreferrer nofollow" target="_blank">f</a>`,
    ],
  ];
  it.each(cases)("%s", (_name, input, output) => {
    expect(sanitizeBlogHtml(input)).toBe(output);
  });
});

describe("sanitizeBlogHtml: links (no window.opener for another site, no endorsement)", () => {
  const cases: [name: string, input: string, output: string][] = [
    [
      "an external link opens in a new tab without opener",
      '<a href="https://elsewhere.example/page">Out</a>',
      `<a href="https://elsewhere.example/page" rel="noopener noreferrer nofollow" target="_blank">Out</a>`,
    ],
    [
      "an author's target=_blank keeps its place and gains rel",
      '<a href="https://elsewhere.example/page" target="_blank">Out</a>',
      `<a href="https://elsewhere.example/page" ${EXTERNAL}>Out</a>`,
    ],
    [
      "an author's rel=opener on an external link is replaced",
      '<a href="https://evil.example" target="_blank" rel="opener">x</a>',
      `<a href="https://evil.example" ${EXTERNAL}>x</a>`,
    ],
    [
      "a plain http link is external too",
      '<a href="http://elsewhere.example/">Out</a>',
      `<a href="http://elsewhere.example/" rel="noopener noreferrer nofollow" target="_blank">Out</a>`,
    ],
    [
      "an upper-case scheme is still external",
      '<a href="HTTPS://Elsewhere.example">Up</a>',
      `<a href="HTTPS://Elsewhere.example" rel="noopener noreferrer nofollow" target="_blank">Up</a>`,
    ],
    [
      "https: without slashes is another site too",
      '<a href="https:evil.example" target="_blank" rel="opener">x</a>',
      `<a href="https:evil.example" ${EXTERNAL}>x</a>`,
    ],
    [
      "a leading space does not hide an external link",
      '<a href=" https://evil.example" target="_blank" rel="opener">x</a>',
      `<a href=" https://evil.example" ${EXTERNAL}>x</a>`,
    ],
    ["a site link stays as written", '<a href="/blogs/lisbon">In</a>', '<a href="/blogs/lisbon">In</a>'],
    [
      "a site link in a new tab gets noopener, never an author's opener",
      '<a href="/blogs/lisbon" target="_blank" rel="opener">In</a>',
      '<a href="/blogs/lisbon" target="_blank" rel="noopener">In</a>',
    ],
    [
      "mailto stays",
      '<a href="mailto:ana@example.com">Mail</a>',
      '<a href="mailto:ana@example.com">Mail</a>',
    ],
    [
      "an author's rel without a target goes",
      '<a href="#top" rel="opener">Top</a>',
      '<a href="#top">Top</a>',
    ],
  ];
  it.each(cases)("%s", (_name, input, output) => {
    expect(sanitizeBlogHtml(input)).toBe(output);
  });
});

describe("sanitizeBlogHtml: no ids, names or classes (a post cannot clobber the page's own elements)", () => {
  const cases: [name: string, input: string, output: string][] = [
    ["id and name on a link", '<a id="toaster" name="csrf" href="/about">x</a>', '<a href="/about">x</a>'],
    [
      "name on an image",
      '<img name="getElementById" src="https://img.example/a.jpg">',
      `<img src="https://img.example/a.jpg" ${LAZY} />`,
    ],
    ["id and class on a paragraph", '<p id="main" class="sr-only fixed inset-0">x</p>', "<p>x</p>"],
    ["data attributes", '<p data-theme="dark" data-href="javascript:alert(1)">x</p>', "<p>x</p>"],
  ];
  it.each(cases)("%s", (_name, input, output) => {
    expect(sanitizeBlogHtml(input)).toBe(output);
  });
});
