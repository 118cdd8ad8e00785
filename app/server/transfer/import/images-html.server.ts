/**
 * The image references in an imported post's HTML, and rewriting them to our uploads. The HTML is
 * read with a real parser (htmlparser2: quotes, entities, odd casing, unclosed tags), but the text
 * is rewritten in place, one attribute at a time, so everything else (WordPress block comments,
 * shortcodes, whitespace) stays exactly as written for the steps that follow.
 *
 * Each <img> has one image URL: its `src`, or where lazy-loading plugins put the real address
 * (`data-lazy-src`, `data-src`) when `src` is missing or an inline placeholder, or else the widest
 * candidate of its `srcset`. The other sizes in `srcset` are not fetched: once the image is ours,
 * `srcset`/`sizes` (and the lazy-loading copies) are dropped, since our own variants replace them
 * (and the sanitizer drops srcset anyway). An <a> that wraps an <img> and points to an image file is
 * the "link to the full size": its `href` is an image URL too.
 */
import { Parser } from "htmlparser2";

/** File endings of the images a "link to the full size" may point to. */
const IMAGE_FILE = /\.(jpe?g|png|gif|webp|avif|bmp|tiff?|heic|heif)$/i;

/** Attributes that describe the image's source: all dropped when the image is rewritten. */
const SOURCE_ATTRIBUTES = [
  "src",
  "srcset",
  "sizes",
  "data-src",
  "data-lazy-src",
  "data-srcset",
  "data-lazy-srcset",
] as const;

interface AttributeSpan {
  /** Where the attribute (name, `=`, value and quotes) starts and ends in the HTML. */
  start: number;
  end: number;
  value: string;
}

interface ImageTag {
  attributes: Map<string, AttributeSpan>;
  /** The attribute the image URL came from, and the URL. */
  source: { attribute: string; url: string } | null;
}

interface FullSizeLink {
  href: AttributeSpan;
}

/** True when the URL's path (query and fragment aside) ends in an image file's extension. */
export function isImageFileUrl(url: string): boolean {
  const path = url.split(/[?#]/, 1)[0] ?? "";
  return IMAGE_FILE.test(path);
}

/** A srcset candidate: the URL and its width (`480w`) or density (`2x`) as a number to compare. */
interface SrcsetCandidate {
  url: string;
  size: number;
}

/**
 * The candidates of a `srcset` (the HTML standard's parsing, simplified: a URL runs to the next
 * whitespace, a trailing comma ends it; descriptors run to the next comma).
 */
export function parseSrcset(value: string): SrcsetCandidate[] {
  const candidates: SrcsetCandidate[] = [];
  let i = 0;
  while (i < value.length) {
    while (i < value.length && /[\s,]/.test(value[i] as string)) i++;
    const start = i;
    while (i < value.length && !/\s/.test(value[i] as string)) i++;
    let url = value.slice(start, i);
    let descriptor = "";
    if (url.endsWith(",")) url = url.replace(/,+$/, "");
    else {
      const next = value.indexOf(",", i);
      const end = next === -1 ? value.length : next;
      descriptor = value.slice(i, end).trim();
      i = end;
    }
    if (!url) continue;
    const match = /^(\d+(?:\.\d+)?)([wx])$/i.exec(descriptor);
    candidates.push({ url, size: match ? Number(match[1]) : 1 });
  }
  return candidates;
}

/** A URL worth fetching: not empty, not an inline `data:` image. */
function usable(url: string | undefined): string | null {
  const trimmed = url?.trim();
  if (!trimmed || /^data:/i.test(trimmed)) return null;
  return trimmed;
}

function imageSource(attributes: Map<string, AttributeSpan>): ImageTag["source"] {
  for (const attribute of ["src", "data-lazy-src", "data-src"]) {
    const url = usable(attributes.get(attribute)?.value);
    if (url) return { attribute, url };
  }
  const widest = parseSrcset(attributes.get("srcset")?.value ?? "")
    .filter((c) => usable(c.url))
    .reduce<SrcsetCandidate | null>((best, c) => (!best || c.size > best.size ? c : best), null);
  return widest ? { attribute: "srcset", url: widest.url } : null;
}

/** One pass of the parser: every <img>, and every link to the full size of an image. */
function scan(html: string): { images: ImageTag[]; links: FullSizeLink[] } {
  const images: ImageTag[] = [];
  const links: FullSizeLink[] = [];
  const openAnchors: { href: AttributeSpan | undefined; wrapsImage: boolean }[] = [];
  let attributes = new Map<string, AttributeSpan>();
  const parser = new Parser(
    {
      onopentagname() {
        attributes = new Map();
      },
      onattribute(name, value) {
        // Only the first of a repeated attribute counts, as in a browser.
        if (!attributes.has(name))
          attributes.set(name, { start: parser.startIndex, end: parser.endIndex, value });
      },
      onopentag(name) {
        if (name === "img") {
          images.push({ attributes, source: imageSource(attributes) });
          const anchor = openAnchors[openAnchors.length - 1];
          if (anchor) anchor.wrapsImage = true;
        } else if (name === "a") openAnchors.push({ href: attributes.get("href"), wrapsImage: false });
      },
      onclosetag(name) {
        if (name !== "a") return;
        const anchor = openAnchors.pop();
        if (
          anchor?.wrapsImage &&
          anchor.href &&
          usable(anchor.href.value) &&
          isImageFileUrl(anchor.href.value.trim())
        )
          links.push({ href: anchor.href });
      },
    },
    { decodeEntities: true, lowerCaseAttributeNames: true, lowerCaseTags: true },
  );
  parser.end(html);
  return { images, links };
}

/**
 * Every image URL in the HTML, as written (trimmed, entities decoded), each once, in order: the
 * source of each <img> (see above) and each link to the full size.
 */
export function imageUrlsIn(html: string): string[] {
  const { images, links } = scan(html);
  const urls = new Set<string>();
  for (const image of images) if (image.source) urls.add(image.source.url);
  for (const link of links) urls.add(link.href.value.trim());
  return [...urls];
}

interface Edit {
  start: number;
  end: number;
  text: string;
}

function attribute(name: string, value: string): string {
  return `${name}="${value.replace(/&/g, "&amp;").replace(/"/g, "&quot;")}"`;
}

/**
 * The HTML with each image URL `replace` maps (a URL from `imageUrlsIn`) rewritten: the <img> gets
 * `src="new"` and loses srcset, sizes and the lazy-loading copies; a link to the full size gets the
 * new `href`. A URL `replace` answers null for (a failed or kept image) is left exactly as written.
 */
export function rewriteImageUrls(html: string, replace: (url: string) => string | null): string {
  const { images, links } = scan(html);
  const edits: Edit[] = [];
  for (const image of images) {
    if (!image.source) continue;
    const replacement = replace(image.source.url);
    if (replacement === null) continue;
    for (const name of SOURCE_ATTRIBUTES) {
      const span = image.attributes.get(name);
      if (!span) continue;
      if (name === image.source.attribute) edits.push({ ...span, text: attribute("src", replacement) });
      else {
        // Take the whitespace before a removed attribute with it.
        const start = /\s/.test(html[span.start - 1] ?? "") ? span.start - 1 : span.start;
        edits.push({ start, end: span.end, text: "" });
      }
    }
  }
  for (const { href } of links) {
    const replacement = replace(href.value.trim());
    if (replacement !== null) edits.push({ ...href, text: attribute("href", replacement) });
  }
  edits.sort((a, b) => b.start - a.start);
  let out = html;
  for (const edit of edits) out = out.slice(0, edit.start) + edit.text + out.slice(edit.end);
  return out;
}
