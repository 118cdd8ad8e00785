/**
 * Ghost 5+'s lexical document (the post's `lexical` column, a JSON string) rendered to plain HTML.
 * Written from Koenig's node formats (kg-default-nodes), keeping content and dropping Ghost's
 * presentation: text with its marks, headings, lists, quotes, links and the common cards.
 */
import { escapeHtml } from "#app/lib/escape-html.ts";
import { field, renderCard, unknownCardHtml } from "./cards.server.ts";

export interface RenderedBody {
  html: string;
  /** Node or card types we did not know: their text was kept, the caller tells the blogger. */
  unknown: string[];
}

/** Lexical's text format bits, outermost mark first. */
const TEXT_MARKS: [bit: number, tag: string][] = [
  [16, "code"],
  [1, "strong"],
  [2, "em"],
  [8, "u"],
  [4, "s"],
  [32, "sub"],
  [64, "sup"],
  [128, "mark"],
];

/** Deeper than this is not a document an editor made: the rest is dropped (and reported). */
const MAX_DEPTH = 64;

type LexicalNode = Record<string, unknown>;

/** Renders a lexical document (its JSON text, or already parsed). Throws nothing. */
export function renderLexical(lexical: unknown): RenderedBody {
  const unknown = new Set<string>();
  let doc: unknown = lexical;
  if (typeof lexical === "string") {
    try {
      doc = JSON.parse(lexical);
    } catch {
      return { html: "", unknown: ["lexical (not valid JSON)"] };
    }
  }
  const root = isNode(doc) ? doc.root : undefined;
  if (!isNode(root)) return { html: "", unknown: ["lexical (no root)"] };
  return { html: renderChildren(root, unknown, 0), unknown: [...unknown] };
}

function isNode(value: unknown): value is LexicalNode {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

function renderChildren(node: LexicalNode, unknown: Set<string>, depth: number): string {
  const children = Array.isArray(node.children) ? node.children : [];
  return children.map((child) => renderNode(child, unknown, depth + 1)).join("");
}

function renderNode(node: unknown, unknown: Set<string>, depth: number): string {
  if (!isNode(node)) return "";
  if (depth > MAX_DEPTH) {
    unknown.add("nesting too deep");
    return "";
  }
  const type = typeof node.type === "string" ? node.type : "";
  const inner = () => renderChildren(node, unknown, depth);
  switch (type) {
    case "paragraph": {
      const html = inner();
      return html ? `<p>${html}</p>` : "";
    }
    case "heading":
    case "extended-heading": {
      const tag = /^h[1-6]$/.test(field(node, "tag")) ? field(node, "tag") : "h2";
      return `<${tag}>${inner()}</${tag}>`;
    }
    case "quote":
    case "extended-quote":
    case "aside":
      return `<blockquote><p>${inner()}</p></blockquote>`;
    case "list": {
      const tag = field(node, "listType") === "number" || field(node, "tag") === "ol" ? "ol" : "ul";
      return `<${tag}>${inner()}</${tag}>`;
    }
    case "listitem":
      return `<li>${inner()}</li>`;
    case "link":
    case "autolink": {
      const url = field(node, "url");
      return url ? `<a href="${escapeHtml(url)}">${inner()}</a>` : inner();
    }
    case "linebreak":
      return "<br>";
    case "tab":
      return "\t";
    case "zwnj":
      return "";
    case "text":
    case "extended-text":
    case "tk":
    case "hashtag":
      return renderText(node);
    default:
      return renderOther(type, node, unknown, depth);
  }
}

function renderText(node: LexicalNode): string {
  const format = typeof node.format === "number" ? node.format : 0;
  let html = escapeHtml(field(node, "text"));
  for (const [bit, tag] of [...TEXT_MARKS].reverse()) {
    if (format & bit) html = `<${tag}>${html}</${tag}>`;
  }
  return html;
}

/** A card (a decorator node: its fields sit on the node itself), or a node we do not know. */
function renderOther(type: string, node: LexicalNode, unknown: Set<string>, depth: number): string {
  const card = renderCard(type, node);
  if (card !== null) return card;
  unknown.add(type || "(no type)");
  if (Array.isArray(node.children)) return renderChildren(node, unknown, depth);
  if (typeof node.text === "string") return escapeHtml(node.text);
  return unknownCardHtml(node);
}
