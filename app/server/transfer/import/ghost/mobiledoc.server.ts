/**
 * Ghost 1–4's mobiledoc document (the post's `mobiledoc` column, a JSON string) rendered to plain
 * HTML. Written from the mobiledoc 0.3 format (sections of markers opening and closing markups,
 * cards and atoms by index) and Ghost's cards; mobiledoc 0.2's marker shape is read too.
 */
import { escapeHtml } from "#app/lib/escape-html.ts";
import { renderCard, unknownCardHtml } from "./cards.server.ts";
import type { RenderedBody } from "./lexical.server.ts";

const SECTION_MARKUP = 1;
const SECTION_IMAGE = 2;
const SECTION_LIST = 3;
const SECTION_CARD = 10;

/** Markup tags we keep, under the tag we write. */
const MARKUP_TAGS: Record<string, string> = {
  a: "a",
  b: "strong",
  strong: "strong",
  i: "em",
  em: "em",
  u: "u",
  s: "s",
  strike: "s",
  del: "s",
  code: "code",
  sub: "sub",
  sup: "sup",
  mark: "mark",
};

const BLOCK_TAGS: Record<string, string> = {
  p: "p",
  h1: "h1",
  h2: "h2",
  h3: "h3",
  h4: "h4",
  h5: "h5",
  h6: "h6",
  blockquote: "blockquote",
  aside: "blockquote",
  "pull-quote": "blockquote",
};

interface Doc {
  markups: unknown[];
  atoms: unknown[];
  cards: unknown[];
}

/** Renders a mobiledoc document (its JSON text, or already parsed). Throws nothing. */
export function renderMobiledoc(mobiledoc: unknown): RenderedBody {
  let value: unknown = mobiledoc;
  if (typeof mobiledoc === "string") {
    try {
      value = JSON.parse(mobiledoc);
    } catch {
      return { html: "", unknown: ["mobiledoc (not valid JSON)"] };
    }
  }
  if (
    value === null ||
    typeof value !== "object" ||
    !Array.isArray((value as { sections?: unknown }).sections)
  ) {
    return { html: "", unknown: ["mobiledoc (no sections)"] };
  }
  const raw = value as Record<string, unknown>;
  // 0.2 keeps its markups beside the sections: `sections: [markups, sections]`.
  const legacy = String(raw.version).startsWith("0.2.");
  const [markups, sections] = legacy ? arrayOf(raw.sections) : [raw.markups, raw.sections];
  const doc: Doc = { markups: arrayOf(markups), atoms: arrayOf(raw.atoms), cards: arrayOf(raw.cards) };
  const unknown = new Set<string>();
  const html = arrayOf(sections)
    .map((section) => renderSection(doc, section, unknown))
    .join("");
  return { html, unknown: [...unknown] };
}

function arrayOf(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

function renderSection(doc: Doc, section: unknown, unknown: Set<string>): string {
  if (!Array.isArray(section)) return "";
  const [kind, a, b] = section;
  switch (kind) {
    case SECTION_MARKUP: {
      const tag = BLOCK_TAGS[String(a).toLowerCase()] ?? "p";
      const html = renderMarkers(doc, b, unknown);
      if (!html) return "";
      return tag === "blockquote" ? `<blockquote><p>${html}</p></blockquote>` : `<${tag}>${html}</${tag}>`;
    }
    case SECTION_IMAGE:
      return renderCard("image", { src: typeof a === "string" ? a : "" }) ?? "";
    case SECTION_LIST: {
      const tag = String(a).toLowerCase() === "ol" ? "ol" : "ul";
      const items = arrayOf(b).map((markers) => `<li>${renderMarkers(doc, markers, unknown)}</li>`);
      return `<${tag}>${items.join("")}</${tag}>`;
    }
    case SECTION_CARD: {
      // 0.3: [10, index into cards]; 0.2: [10, name, payload].
      const card = typeof a === "number" ? doc.cards[a] : [a, b];
      if (!Array.isArray(card)) return "";
      const name = typeof card[0] === "string" ? card[0] : "";
      const html = renderCard(name, card[1]);
      if (html !== null) return html;
      unknown.add(name || "(unnamed card)");
      return unknownCardHtml(card[1]);
    }
    default:
      unknown.add(`section ${String(kind)}`);
      return "";
  }
}

/** A run of markers: text with markups opened and closed as the markers say. */
function renderMarkers(doc: Doc, markers: unknown, unknown: Set<string>): string {
  const open: string[] = [];
  let html = "";
  for (const marker of arrayOf(markers)) {
    if (!Array.isArray(marker)) continue;
    // 0.3: [type, opened, closeCount, value]; 0.2: [opened, closeCount, text].
    const [type, opened, closeCount, value] = Array.isArray(marker[0]) ? [0, ...marker] : marker;
    for (const index of arrayOf(opened)) {
      const tag = openTag(doc.markups[index as number]);
      open.push(tag ? tag.close : "");
      html += tag?.open ?? "";
    }
    html += type === 1 ? renderAtom(doc.atoms[value as number], unknown) : escapeHtml(String(value ?? ""));
    const closing = Math.min(typeof closeCount === "number" ? closeCount : 0, open.length);
    for (let i = 0; i < closing; i++) html += open.pop();
  }
  while (open.length) html += open.pop();
  return html;
}

function openTag(markup: unknown): { open: string; close: string } | null {
  if (!Array.isArray(markup)) return null;
  const tag = MARKUP_TAGS[String(markup[0]).toLowerCase()];
  if (!tag) return null;
  if (tag !== "a") return { open: `<${tag}>`, close: `</${tag}>` };
  const attributes = arrayOf(markup[1]);
  const hrefAt = attributes.findIndex((name, i) => i % 2 === 0 && name === "href");
  const href = hrefAt >= 0 ? attributes[hrefAt + 1] : undefined;
  return typeof href === "string" ? { open: `<a href="${escapeHtml(href)}">`, close: "</a>" } : null;
}

function renderAtom(atom: unknown, unknown: Set<string>): string {
  if (!Array.isArray(atom)) return "";
  if (atom[0] === "soft-return") return "<br>";
  unknown.add(`atom ${String(atom[0])}`);
  return escapeHtml(typeof atom[1] === "string" ? atom[1] : "");
}
