import { describe, expect, it } from "vitest";
import { sanitizeBlogHtml } from "./sanitize.server.ts";

const LAZY = 'loading="lazy" decoding="async"';
const EXTERNAL = 'target="_blank" rel="noopener noreferrer nofollow"';
const IMG = "https://img.example/a.jpg";

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

/** A case of the tables below: its name, what the editor sent, what is kept. */
type Case = [name: string, input: string, output: string];

/** Each case's input sanitizes to exactly its output. */
function sanitizesEach(cases: Case[]) {
  it.each(cases)("%s", (_name, input, output) => {
    expect(sanitizeBlogHtml(input)).toBe(output);
  });
}

describe("sanitizeBlogHtml: nothing that can run script or leave the page", () => {
  // A link to any of these keeps its text and loses the address.
  const droppedHrefs: [name: string, href: string][] = [
    ["javascript: URL", "javascript:alert(1)"],
    ["javascript: in mixed case", "JaVaScRiPt:alert(1)"],
    ["javascript: after a space", " javascript:alert(1)"],
    ["javascript: split by a tab entity", "java&#x09;script:alert(1)"],
    ["javascript: split by a raw tab", "java\tscript:alert(1)"],
    [
      "javascript: written in decimal entities",
      "&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)",
    ],
    ["javascript: with a named colon entity", "&#x6A;avascript&colon;alert(1)"],
    ["data: URL on a link", "data:text/html;base64,PHNjcmlwdD4="],
    ["vbscript: URL", "vbscript:msgbox(1)"],
    ["protocol-relative link", "//evil.example/"],
  ];
  sanitizesEach(droppedHrefs.map(([name, href]) => [name, `<a href="${href}">x</a>`, "<a>x</a>"]));

  // An image from any of these stays an image with no source.
  const droppedSources: [name: string, src: string][] = [
    ["data: URL on an image", "data:image/svg+xml;base64,PHN2Zz4="],
    ["mailto: as an image source", "mailto:a@example.com"],
    ["protocol-relative image", "//evil.example/a.png"],
    ["backslashed protocol-relative image", "\\\\evil.example/a.png"],
  ];
  sanitizesEach(droppedSources.map(([name, src]) => [name, `<img src="${src}">`, `<img ${LAZY} />`]));

  // These leave nothing at all.
  const droppedWhole: [name: string, input: string][] = [
    [
      "math/style mutation XSS",
      "<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>",
    ],
    ["iframe srcdoc", '<iframe srcdoc="<script>alert(1)</script>"></iframe>'],
    ["object and embed", '<object data="x.swf"></object><embed src="x.swf">'],
    ["meta refresh", '<meta http-equiv="refresh" content="0;url=https://evil.example">'],
    ["base", '<base href="https://evil.example/">'],
    ["stylesheet link", "<link rel=stylesheet href=https://evil.example/x.css>"],
    ["template", "<template><script>alert(1)</script></template>"],
    ["textarea", "<textarea><script>alert(1)</script></textarea>"],
  ];
  sanitizesEach(droppedWhole.map(([name, input]) => [name, input, ""]));

  // These go, and the paragraph after them stays.
  const droppedBefore: [name: string, dropped: string, text: string][] = [
    ["upper-case script with src", "<SCRIPT SRC=//evil.example/x.js></SCRIPT>", "ok"],
    ["svg with onload", "<svg onload=alert(1)><circle/></svg>", "after"],
    ["style element", "<style>body{background:url(javascript:alert(1))}</style>", "x"],
    ["iframe", '<iframe src="https://evil.example"></iframe>', "x"],
    ["script in a comment", "<!-- <script>alert(1)</script> -->", "c"],
  ];
  sanitizesEach(
    droppedBefore.map(([name, dropped, text]) => [name, `${dropped}<p>${text}</p>`, `<p>${text}</p>`]),
  );

  // Script hidden in markup a parser may read otherwise, and a form that would post elsewhere.
  sanitizesEach([
    ["script element", "<p>Hi<script>alert(1)</script></p>", "<p>Hi</p>"],
    ["nested script tags", "<<script>script>alert(1)<</script>/script>", "&lt;/script&gt;"],
    ["script split by a script", "<scr<script>ipt>alert(1)</script>", "ipt&gt;alert(1)"],
    ["attribute breaking out", '<p title="&quot;><script>alert(1)</script>">t</p>', "<p>t</p>"],
    [
      "noscript parser differential",
      '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
      "<p></p>",
    ],
    [
      "form, input and button",
      '<form action="https://evil.example"><input name=a><button>Go</button></form>',
      "Go",
    ],
  ]);

  // Attributes that run script or load something: the element stays without them.
  sanitizesEach([
    ["event handlers", '<p onclick="steal()" onmouseover=x>Hi</p>', "<p>Hi</p>"],
    ["CSS expression in a style attribute", '<p style="background:expression(alert(1))">x</p>', "<p>x</p>"],
    [
      "onerror on an image",
      `<img src="${IMG}" onerror="alert(1)" alt="A">`,
      `<img src="${IMG}" alt="A" ${LAZY} />`,
    ],
    ["srcset", `<img src="${IMG}" srcset="javascript:alert(1) 1x">`, `<img src="${IMG}" ${LAZY} />`],
    [
      "formaction on a link",
      '<a href="https://x.example" formaction="javascript:alert(1)">f</a>',
      `<a href="https://x.example" rel="noopener noreferrer nofollow" target="_blank">f</a>`,
    ],
  ]);
});

describe("sanitizeBlogHtml: links (no window.opener for another site, no endorsement)", () => {
  // An external link the author left in the same tab: rel and target are added after its href.
  const external: [name: string, href: string, text: string][] = [
    ["an external link opens in a new tab without opener", "https://elsewhere.example/page", "Out"],
    ["a plain http link is external too", "http://elsewhere.example/", "Out"],
    ["an upper-case scheme is still external", "HTTPS://Elsewhere.example", "Up"],
  ];
  sanitizesEach(
    external.map(([name, href, text]) => [
      name,
      `<a href="${href}">${text}</a>`,
      `<a href="${href}" rel="noopener noreferrer nofollow" target="_blank">${text}</a>`,
    ]),
  );

  // An author's new tab with rel=opener, to an external address however it is spelled.
  const openers: [name: string, href: string][] = [
    ["an author's rel=opener on an external link is replaced", "https://evil.example"],
    ["https: without slashes is another site too", "https:evil.example"],
    ["a leading space does not hide an external link", " https://evil.example"],
  ];
  sanitizesEach(
    openers.map(([name, href]) => [
      name,
      `<a href="${href}" target="_blank" rel="opener">x</a>`,
      `<a href="${href}" ${EXTERNAL}>x</a>`,
    ]),
  );

  sanitizesEach([
    [
      "an author's target=_blank keeps its place and gains rel",
      '<a href="https://elsewhere.example/page" target="_blank">Out</a>',
      `<a href="https://elsewhere.example/page" ${EXTERNAL}>Out</a>`,
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
  ]);
});

describe("sanitizeBlogHtml: no ids, names or classes (a post cannot clobber the page's own elements)", () => {
  sanitizesEach([
    ["id and name on a link", '<a id="toaster" name="csrf" href="/about">x</a>', '<a href="/about">x</a>'],
    ["name on an image", `<img name="getElementById" src="${IMG}">`, `<img src="${IMG}" ${LAZY} />`],
    ["id and class on a paragraph", '<p id="main" class="sr-only fixed inset-0">x</p>', "<p>x</p>"],
    ["data attributes", '<p data-theme="dark" data-href="javascript:alert(1)">x</p>', "<p>x</p>"],
  ]);
});
