/**
 * Code the owner injects into every public page (DESIGN §2, "code injection": an ad network's or
 * an analytics service's snippet), made to run under the site's strict CSP without loosening it.
 *
 * The code is parsed once, when it is saved (htmlparser2), and stored rewritten:
 * - an inline script that runs (no `type`, a JavaScript type, `module`, `importmap`) carries a
 *   nonce placeholder, which a render fills with the page's nonce; a cached copy of the page
 *   allows it by its hash instead (cache-http.server.ts), like the page's own scripts;
 * - a script with `src` becomes a two-line inline script that inserts it (same attributes, same
 *   place): a cached page cannot allow an outside file by hash, but under `'strict-dynamic'` a
 *   script inserted by an allowed one may run, and so may what it loads in turn;
 * - a script that does not run (`application/ld+json`, templates) needs nothing and is kept as is.
 * Everything else is kept as written. Code that is not well-formed HTML is refused with a message
 * saying where: an element never closed, a closing tag that closes nothing (often a `</script>`
 * inside a script's string, which ends the script early).
 */
import { decodeHTML } from "entities";
import { Parser } from "htmlparser2";
import type { DocumentEdit } from "./document-edits.server.ts";

/** Stands for the page's nonce in stored code; a render replaces it (`withNonce`). */
const NONCE_PLACEHOLDER = "wanderplate-injected-code-nonce";

const VOID_ELEMENTS = new Set([
  "area",
  "base",
  "br",
  "col",
  "embed",
  "hr",
  "img",
  "input",
  "link",
  "meta",
  "source",
  "track",
  "wbr",
]);

/** Script types a browser runs (and so a CSP guards); anything else is data. */
const RUNNING_TYPES = new Set([
  "",
  "module",
  "importmap",
  "text/javascript",
  "application/javascript",
  "application/ecmascript",
  "text/ecmascript",
  "text/jscript",
]);

export type PreparedCode = { ok: true; code: string } | { ok: false; message: string };

/** A parse that counts every closing tag it reads, matched or not (htmlparser2 drops unmatched ones). */
class CountingParser extends Parser {
  closingTagsRead = 0;
  override onclosetag(start: number, endIndex: number): void {
    this.closingTagsRead += 1;
    super.onclosetag(start, endIndex);
  }
}

interface OpenScript {
  attributes: Record<string, string>;
  text: string;
}

/** The code rewritten to run under the CSP, or why it cannot be saved (`label` names the field). */
export function prepareInjectedCode(source: string, label: string): PreparedCode {
  if (source.trim() === "") return { ok: true, code: "" };
  const state = { out: "", script: null as OpenScript | null, problem: null as string | null, closed: 0 };
  const parser = new CountingParser(
    {
      onopentag(name, attributes) {
        if (name === "script") state.script = { attributes, text: "" };
        else state.out += `<${name}${attributeText(attributes)}>`;
      },
      ontext(text) {
        if (state.script) state.script.text += text;
        else state.out += text;
      },
      oncomment(text) {
        state.out += `<!--${text}-->`;
      },
      onprocessinginstruction(_name, data) {
        state.out += `<${data}>`;
      },
      onclosetag(name, isImplied) {
        if (isImplied && !VOID_ELEMENTS.has(name)) state.problem ??= `${label}: <${name}> is never closed.`;
        if (!isImplied) state.closed += 1;
        if (name === "script" && state.script) {
          state.out += scriptFor(state.script);
          state.script = null;
        } else if (!VOID_ELEMENTS.has(name) && !isImplied) state.out += `</${name}>`;
      },
    },
    { decodeEntities: false, lowerCaseAttributeNames: true },
  );
  parser.end(source);
  if (state.problem) return { ok: false, message: state.problem };
  // Every closing tag the parser read outside scripts' text and comments must have closed something.
  if (parser.closingTagsRead > state.closed)
    return {
      ok: false,
      message: /<\/script/i.test(source)
        ? `${label}: a closing tag closes nothing. A "</script>" inside a script's text ends the script early: write it as "<\\/script>".`
        : `${label}: a closing tag closes nothing.`,
    };
  return { ok: true, code: state.out };
}

/** The stored code with the page's nonce in place (none: the attribute goes, for a page that has none). */
export function withNonce(code: string, nonce: string): string {
  return nonce
    ? code.replaceAll(NONCE_PLACEHOLDER, nonce)
    : code.replaceAll(` nonce="${NONCE_PLACEHOLDER}"`, "");
}

const HEAD_END = Buffer.from("</head>");
const BODY_END = Buffer.from("</body>");

/**
 * The edits that put the owner's code at the end of a rendered document's head and of its body,
 * each with the page's nonce. React leaves alone what it did not render there, when it hydrates.
 */
export function injectedCodeEdits(
  html: Buffer,
  code: { head: string; foot: string },
  nonce: string,
): DocumentEdit[] {
  if (!code.head && !code.foot) return [];
  const headEnd = html.indexOf(HEAD_END);
  const bodyEnd = html.lastIndexOf(BODY_END);
  if (headEnd < 0 || bodyEnd < headEnd) return [];
  return [
    { start: headEnd, end: headEnd, text: withNonce(code.head, nonce) },
    { start: bodyEnd, end: bodyEnd, text: withNonce(code.foot, nonce) },
  ];
}

function attributeText(attributes: Record<string, string>): string {
  return Object.entries(attributes)
    .map(([name, value]) => ` ${name}="${value.replaceAll('"', "&quot;")}"`)
    .join("");
}

function scriptFor({ attributes, text }: OpenScript): string {
  const { nonce: _nonce, ...kept } = attributes;
  const type = (kept.type ?? "").trim().toLowerCase();
  if (!RUNNING_TYPES.has(type)) return `<script${attributeText(kept)}>${text}</script>`;
  if (kept.src === undefined)
    return `<script nonce="${NONCE_PLACEHOLDER}"${attributeText(kept)}>${text}</script>`;
  return `<script nonce="${NONCE_PLACEHOLDER}">${inserterFor(kept)}</script>`;
}

/**
 * An inline script that puts the outside script where it stood, with its attributes: `async` as
 * written (a script without it runs in order with the others inserted so), `defer` dropped (an
 * inserted script never blocks the page anyway).
 */
function inserterFor(attributes: Record<string, string>): string {
  const { async, defer: _defer, ...rest } = attributes;
  const pairs = Object.entries(rest).map(([name, value]) => [name, decodeHTML(value)]);
  // Safe inside a script element: no "<" survives, so neither "</script" nor "<!--" can appear.
  const list = JSON.stringify(pairs).replaceAll("<", "\\u003c");
  return (
    "(function(c){var s=document.createElement('script');" +
    `s.async=${async !== undefined};` +
    `${list}.forEach(function(a){s.setAttribute(a[0],a[1])});` +
    "c.parentNode.insertBefore(s,c.nextSibling)})(document.currentScript)"
  );
}
