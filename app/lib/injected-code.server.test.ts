import { describe, expect, it } from "vitest";
import { prepareInjectedCode, withNonce } from "./injected-code.server.ts";

const LABEL = "Site header code";

/** The stored form of `source`, as a render with nonce "N0NCE" sends it. */
function rendered(source: string): string {
  const prepared = prepareInjectedCode(source, LABEL);
  if (!prepared.ok) throw new Error(prepared.message);
  return withNonce(prepared.code, "N0NCE");
}

/** What an inserter script does, run against a stand-in document: the attributes it sets. */
function inserted(script: string): { async: boolean; attributes: [string, string][] } {
  const made = { async: true, attributes: [] as [string, string][] };
  const element = {
    set async(value: boolean) {
      made.async = value;
    },
    setAttribute(name: string, value: string) {
      made.attributes.push([name, value]);
    },
  };
  const current = { parentNode: { insertBefore: () => {} }, nextSibling: null };
  const document = { createElement: () => element, currentScript: current };
  new Function("document", script)(document);
  return made;
}

describe("injected code under the CSP", () => {
  it("gives an inline script the page's nonce, and keeps its attributes", () => {
    expect(rendered("<script>window.dataLayer = [];</script>")).toBe(
      '<script nonce="N0NCE">window.dataLayer = [];</script>',
    );
    expect(rendered('<script type="module" data-site="7">import("/x.js")</script>')).toBe(
      '<script nonce="N0NCE" type="module" data-site="7">import("/x.js")</script>',
    );
    // A nonce written into the code is the owner's guess, never the page's: it is replaced.
    expect(rendered('<script nonce="guess">go()</script>')).toBe('<script nonce="N0NCE">go()</script>');
  });

  it("leaves scripts that do not run as they are: JSON needs no nonce", () => {
    const json = '<script type="application/ld+json">{"@type":"Organization"}</script>';
    expect(rendered(json)).toBe(json);
    const template = '<script type="text/template"><p>{{name}}</p></script>';
    expect(rendered(template)).toBe(template);
  });

  it("turns a script with src into an inline one that inserts it where it stood, attributes kept", () => {
    const out = rendered(
      '<script async src="https://pagead2.googlesyndication.com/pagead/js/adsbygoogle.js?client=ca-pub-1&amp;x=2" crossorigin="anonymous"></script>',
    );
    const body = /^<script nonce="N0NCE">(.*)<\/script>$/.exec(out)?.[1];
    expect(body).toBeDefined();
    expect(inserted(body ?? "")).toEqual({
      async: true,
      attributes: [
        ["src", "https://pagead2.googlesyndication.com/pagead/js/adsbygoogle.js?client=ca-pub-1&x=2"],
        ["crossorigin", "anonymous"],
      ],
    });
    // Without async it keeps its order among the inserted scripts; defer means nothing inserted.
    const ordered = /^<script nonce="N0NCE">(.*)<\/script>$/.exec(
      rendered('<script defer src="/a.js"></script>'),
    )?.[1];
    expect(inserted(ordered ?? "")).toEqual({ async: false, attributes: [["src", "/a.js"]] });
  });

  it("cannot be broken out of: a src or attribute with markup stays a string", () => {
    const out = rendered(
      '<script src="https://x.example/a.js" data-x="</script><script>alert(1)</script>"></script>',
    );
    expect(out.match(/<script/g)).toHaveLength(1);
    expect(out).not.toContain("</script><script>");
  });

  it("keeps the rest as written: meta, link, style, noscript, comments, text", () => {
    const rest =
      '<meta name="google-site-verification" content="abc"><link rel="preconnect" href="https://x.example">' +
      '<style>.ad{min-height:250px}</style><!-- Ad network --><noscript><img src="https://x.example/p.gif" alt=""></noscript>';
    expect(rendered(rest)).toBe(rest);
  });

  it("has no nonce at all on a page without one", () => {
    const prepared = prepareInjectedCode("<script>go()</script>", LABEL);
    expect(prepared.ok && withNonce(prepared.code, "")).toBe("<script>go()</script>");
  });

  it("refuses code that is not well-formed HTML, saying what is wrong", () => {
    expect(prepareInjectedCode("<div><span>ad</div>", LABEL)).toEqual({
      ok: false,
      message: "Site header code: <span> is never closed.",
    });
    expect(prepareInjectedCode("<div>ad", LABEL)).toEqual({
      ok: false,
      message: "Site header code: <div> is never closed.",
    });
    expect(prepareInjectedCode("ad</div>", LABEL)).toEqual({
      ok: false,
      message: "Site header code: a closing tag closes nothing.",
    });
    expect(prepareInjectedCode('<script>var end = "</script>";</script>', LABEL)).toEqual({
      ok: false,
      message:
        'Site header code: a closing tag closes nothing. A "</script>" inside a script\'s text ends the script early: write it as "<\\/script>".',
    });
    expect(prepareInjectedCode("<script>go()", LABEL)).toEqual({
      ok: false,
      message: "Site header code: <script> is never closed.",
    });
  });

  it("takes empty code, and a </script> written safely", () => {
    expect(prepareInjectedCode("  \n", LABEL)).toEqual({ ok: true, code: "" });
    expect(rendered('<script>var end = "<\\/script>";</script>')).toBe(
      '<script nonce="N0NCE">var end = "<\\/script>";</script>',
    );
  });
});
