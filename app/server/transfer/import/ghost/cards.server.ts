/**
 * HTML for Ghost's cards, shared by the lexical and mobiledoc renderers: both editors store a card
 * as a name and a payload of the same fields (Koenig's kg-default-nodes). We keep the content and
 * drop Ghost's presentation (kg-card classes, widths): the writer's sanitizer would strip it anyway.
 */
import { escapeHtml } from "#app/lib/escape-html.ts";
import { renderSimpleMarkdown } from "./markdown.server.ts";

/** A payload field as a string (files are untrusted: a number or object where text belongs is ""). */
export function field(payload: unknown, name: string): string {
  if (payload === null || typeof payload !== "object") return "";
  const value = (payload as Record<string, unknown>)[name];
  return typeof value === "string" ? value : "";
}

function figure(inner: string, captionHtml: string): string {
  return captionHtml
    ? `<figure>${inner}<figcaption>${captionHtml}</figcaption></figure>`
    : `<figure>${inner}</figure>`;
}

/** HTML that Ghost stored as a fragment: kept as written, in a paragraph unless it is one already. */
function asBlock(html: string): string {
  if (!html.trim()) return "";
  return /^\s*<(p|h[1-6]|ul|ol|blockquote|figure|div|pre|table)[\s>]/i.test(html) ? html : `<p>${html}</p>`;
}

function img(src: string, alt: string): string {
  return `<img src="${escapeHtml(src)}" alt="${escapeHtml(alt)}">`;
}

function link(url: string, text: string): string {
  return `<p><a href="${escapeHtml(url)}">${escapeHtml(text || url)}</a></p>`;
}

/**
 * A card's HTML, or null for a card we do not know (the caller keeps its text and tells the
 * blogger). Captions and callout texts are HTML in Ghost's payloads and are kept as written.
 */
export function renderCard(name: string, payload: unknown): string | null {
  switch (name) {
    case "image": {
      const src = field(payload, "src");
      if (!src) return "";
      const image = img(src, field(payload, "alt") || field(payload, "altText"));
      const href = field(payload, "href");
      return figure(href ? `<a href="${escapeHtml(href)}">${image}</a>` : image, field(payload, "caption"));
    }
    case "gallery": {
      const images = (payload as { images?: unknown } | null)?.images;
      const list = Array.isArray(images) ? images : [];
      const inner = list
        .filter((image) => field(image, "src"))
        .map((image) => img(field(image, "src"), field(image, "alt")))
        .join("");
      return inner ? figure(inner, field(payload, "caption")) : "";
    }
    case "callout": {
      return asBlock(field(payload, "calloutText"));
    }
    case "bookmark": {
      const url = field(payload, "url");
      if (!url) return "";
      const metadata = (payload as { metadata?: unknown }).metadata;
      return link(url, field(payload, "title") || field(metadata, "title"));
    }
    case "embed":
    case "video":
    case "audio":
    case "file": {
      // An embed's own HTML is a third-party iframe or script: a link is what survives sanitizing.
      const url = field(payload, "url") || field(payload, "src");
      if (!url) return "";
      const title = field(payload, "title") || field(payload, "fileTitle") || field(payload, "fileName");
      const caption = field(payload, "caption");
      return link(url, title) + (caption ? `<p>${caption}</p>` : "");
    }
    case "code":
    case "codeblock": {
      const code = field(payload, "code");
      const language = field(payload, "language");
      const cls = language ? ` class="language-${escapeHtml(language)}"` : "";
      return `<pre><code${cls}>${escapeHtml(code)}</code></pre>`;
    }
    case "html":
      return field(payload, "html");
    case "markdown":
    case "card-markdown":
      return renderSimpleMarkdown(field(payload, "markdown"));
    case "hr":
    case "horizontalrule":
      return "<hr>";
    case "toggle": {
      const heading = field(payload, "heading");
      const content = field(payload, "content");
      return (heading ? `<p><strong>${heading}</strong></p>` : "") + asBlock(content);
    }
    case "button": {
      const url = field(payload, "buttonUrl");
      return url ? link(url, field(payload, "buttonText")) : "";
    }
    // Members-only markers and email-only content have no place on a public page.
    case "paywall":
    case "email":
    case "email-cta":
      return "";
    default:
      return null;
  }
}

/** Card fields that hold words a reader wants (productTitle, heading, calloutText, …), not settings. */
const TEXT_FIELD = /title|head|text|description|caption|content/i;

/**
 * What a reader can still use of a card we cannot render: its text fields, markup removed, as a
 * paragraph ("" when it has none).
 */
export function unknownCardHtml(payload: unknown): string {
  if (payload === null || typeof payload !== "object") return "";
  const text = Object.keys(payload)
    .filter((name) => TEXT_FIELD.test(name))
    .map((name) => field(payload, name).replace(/<[^>]*>/g, " "))
    .join(" ")
    .replace(/\s+/g, " ")
    .trim();
  return text ? `<p>${escapeHtml(text)}</p>` : "";
}
