import { decodeHTML } from "entities";
import { escapeHtml } from "#app/lib/escape-html.ts";
import { autop, BLOCK_TAGS, serialize } from "./autop.server.ts";
import {
  type BlockToken,
  type ShortcodeToken,
  type TagToken,
  type TextToken,
  type Token,
  tagAttributes,
  tokenize,
} from "./tokens.server.ts";

/**
 * WordPress `post_content` to HTML our sanitizer keeps (lib/sanitize.server.ts): block-editor
 * comments and unknown shortcodes never show as text, classic-editor text gets paragraphs (the rules
 * of WordPress's wpautop, reimplemented over tokens), captions and galleries become figures,
 * third-party players become links, and WP Recipe Maker embeds become placeholders the writer
 * replaces: `<a data-import-recipe="N"></a>` (recipe) and `<img data-import-attachment="N" alt="">`
 * (a media library item by its WordPress id). Linear in the content's length by construction.
 */

type Notice = (code: string, message: string) => void;

const VERBATIM_TAGS = new Set(["pre", "code"]);

/** Our headings start at h2 (the page title is the h1) and stop at h4. */
const HEADING_RENAME: Record<string, string> = { h1: "h2", h5: "h4", h6: "h4" };

const PAGE_BUILDERS: [prefix: string, label: string][] = [
  ["vc_", "WPBakery (Visual Composer)"],
  ["et_pb_", "Divi"],
  ["fusion_", "Avada (Fusion Builder)"],
  ["elementor", "Elementor"],
];

function pageBuilderOf(shortcode: string): string | null {
  return PAGE_BUILDERS.find(([prefix]) => shortcode.startsWith(prefix))?.[1] ?? null;
}

const HANDLED_SHORTCODES = new Set(["caption", "wp_caption", "gallery", "embed", "video", "audio"]);

function isKnownShortcode(name: string): boolean {
  return HANDLED_SHORTCODES.has(name) || name.startsWith("wprm-") || pageBuilderOf(name) !== null;
}

const block = (html: string): BlockToken => ({ kind: "block", html });

/** In a paragraph of its own: the writer puts the recipe's link there. */
const recipePlaceholder = (id: string) => block(`<p><a data-import-recipe="${id}"></a></p>`);

function attachmentPlaceholder(id: string): string {
  return `<img data-import-attachment="${id}" alt="">`;
}

/** The video service of a URL, when it is one we link to by name. */
function videoService(url: URL): string | null {
  const host = url.hostname.toLowerCase().replace(/^(www|m|music)\./, "");
  if (host === "youtube.com" || host === "youtu.be" || host === "youtube-nocookie.com") return "YouTube";
  if (host === "vimeo.com" || host === "player.vimeo.com") return "Vimeo";
  return null;
}

/** A player's address made into the page a reader can open ("…/embed/ID" → "…/watch?v=ID"). */
function watchPage(url: URL): URL {
  const youtube = /^\/embed\/([\w-]+)/.exec(url.pathname);
  if (youtube && /youtube/.test(url.hostname))
    return new URL(`https://www.youtube.com/watch?v=${youtube[1]}`);
  const vimeo = /^\/video\/(\d+)/.exec(url.pathname);
  if (vimeo && url.hostname === "player.vimeo.com") return new URL(`https://vimeo.com/${vimeo[1]}`);
  return url;
}

function parseHttpUrl(text: string): URL | null {
  try {
    const url = new URL(decodeHTML(text.trim()));
    return url.protocol === "http:" || url.protocol === "https:" ? url : null;
  } catch {
    return null;
  }
}

/** A link paragraph in place of an embedded player: we never load a third party's player. */
function mediaLink(rawUrl: string, videosOnly = false): BlockToken | null {
  const parsed = parseHttpUrl(rawUrl);
  if (!parsed) return null;
  const url = watchPage(parsed);
  const service = videoService(url);
  if (videosOnly && !service) return null;
  const label = service ? `Watch the video on ${service}` : escapeHtml(url.href);
  return block(`<p><a href="${escapeHtml(url.href)}">${label}</a></p>`);
}

/** What the block editor says in a comment: `wp:name {json} /` or `/wp:name`. */
interface BlockComment {
  name: string;
  closing: boolean;
  selfClosing: boolean;
  attrs: Record<string, unknown>;
}

function readBlockComment(body: string): BlockComment | null {
  const match = /^(\/?)wp:([a-z][a-z0-9_-]*(?:\/[a-z][a-z0-9_-]*)?)/.exec(body);
  if (!match) return null;
  const selfClosing = body.endsWith("/");
  const json = body.slice(match[0].length, selfClosing ? -1 : undefined).trim();
  let attrs: Record<string, unknown> = {};
  if (json.startsWith("{")) {
    try {
      const parsed: unknown = JSON.parse(json);
      if (parsed && typeof parsed === "object") attrs = parsed as Record<string, unknown>;
    } catch {
      // Attributes we cannot read only cost us the embed's URL or the recipe's id.
    }
  }
  const name = (match[2] ?? "").replace(/^core\//, "");
  return { name, closing: match[1] === "/", selfClosing, attrs };
}

const isRecipeBlock = (name: string) => name === "wp-recipe-maker/recipe";
const isEmbedBlock = (name: string) => name === "embed" || name.startsWith("core-embed/");

/** A positive integer id as WordPress writes one ("123", 123), else null. */
function idOf(value: unknown): string | null {
  const text = typeof value === "number" ? String(value) : typeof value === "string" ? value.trim() : "";
  return /^[1-9]\d*$/.test(text) ? text : null;
}

/**
 * For every token, the index of the first token at or after it that ends a region (a recipe
 * block, WPRM's classic fallback, an embed block), so each skip is found without rescanning.
 */
function nextIndexWhere(tokens: Token[], test: (token: Token) => boolean): Int32Array {
  const next = new Int32Array(tokens.length + 1).fill(-1);
  for (let k = tokens.length - 1; k >= 0; k--) {
    next[k] = test(tokens[k] as Token) ? k : (next[k + 1] ?? -1);
  }
  return next;
}

function commentTest(test: (body: string, blockComment: BlockComment | null) => boolean) {
  return (token: Token) => token.kind === "comment" && test(token.body, readBlockComment(token.body));
}

/** Opening caption/embed shortcodes paired with their closing ones, as nested pairs. */
function pairShortcodes(tokens: Token[]): Map<number, number> {
  const pairs = new Map<number, number>();
  const open = new Map<string, number[]>();
  tokens.forEach((token, index) => {
    if (token.kind !== "shortcode" || token.selfClosing) return;
    const stack = open.get(token.name) ?? [];
    if (!token.closing) {
      stack.push(index);
      open.set(token.name, stack);
    } else {
      const opening = stack.pop();
      if (opening !== undefined) pairs.set(opening, index);
    }
  });
  return pairs;
}

/** HTML of tokens as written (used inside a caption). */
function serializeRaw(tokens: Token[]): string {
  return tokens
    .map((token) => {
      if (token.kind === "text") return token.text;
      if (token.kind === "tag") return token.raw;
      if (token.kind === "block") return token.html;
      return "";
    })
    .join("");
}

const isBlankText = (token: Token | undefined) => token?.kind === "text" && token.text.trim() === "";

/** How far into a caption its image may start: real captions open with it. */
const CAPTION_LOOKAHEAD = 12;

/**
 * `[caption]<a><img></a> Text[/caption]` → a figure. The image (with its link) is the first thing
 * inside; what follows is the caption, else the older `caption="…"` attribute.
 */
function captionFigure(open: ShortcodeToken, tokens: Token[], from: number, to: number): BlockToken | null {
  // Only the first few tokens are looked at before the image is known: nested captions stay linear.
  const inner = {
    at: (index: number) =>
      index < CAPTION_LOOKAHEAD && from + index < to ? tokens[from + index] : undefined,
  };
  let k = 0;
  while (isBlankText(inner.at(k))) k++;
  const first = inner.at(k);
  let imageEnd = -1;
  if (first?.kind === "tag" && first.name === "img") imageEnd = k;
  else if (first?.kind === "tag" && first.name === "a" && !first.closing) {
    let j = k + 1;
    while (isBlankText(inner.at(j))) j++;
    const image = inner.at(j);
    let close = j + 1;
    while (isBlankText(inner.at(close))) close++;
    const closeTag = inner.at(close);
    if (image?.kind === "tag" && image.name === "img" && closeTag?.kind === "tag" && closeTag.name === "a") {
      imageEnd = close;
    }
  }
  if (imageEnd < 0) return null;
  const image = serializeRaw(tokens.slice(from + k, from + imageEnd + 1));
  const caption =
    serializeRaw(tokens.slice(from + imageEnd + 1, to)).trim() || (open.attrs.caption ?? "").trim();
  return block(`<figure>${image}${caption ? `<figcaption>${caption}</figcaption>` : ""}</figure>`);
}

/** A `[gallery]` without ids: the writer fills it with the images attached to the post. */
export const ATTACHED_GALLERY_PLACEHOLDER = '<figure data-import-gallery="attached"></figure>';

/** `[gallery ids="1,2,3"]` (or the older `include=`) → one figure of attachment placeholders. */
function galleryFigure(shortcode: ShortcodeToken): BlockToken | null {
  const ids = (shortcode.attrs.ids ?? shortcode.attrs.include ?? "")
    .split(",")
    .map((id) => idOf(id))
    .filter((id): id is string => id !== null);
  if (ids.length === 0) return null;
  return block(`<figure>${ids.map(attachmentPlaceholder).join("")}</figure>`);
}

/** A page builder's image module carries its image in an attribute: keep the image. */
function pageBuilderImage(shortcode: ShortcodeToken): BlockToken | null {
  if (shortcode.closing) return null;
  const attachment = shortcode.name === "vc_single_image" ? idOf(shortcode.attrs.image) : null;
  if (attachment) return block(`<figure>${attachmentPlaceholder(attachment)}</figure>`);
  const src = shortcode.name === "et_pb_image" ? parseHttpUrl(shortcode.attrs.src ?? "") : null;
  if (src)
    return block(`<figure><img src="${escapeHtml(src.href)}" alt="${shortcode.attrs.alt ?? ""}"></figure>`);
  return null;
}

/**
 * Splits a text token around URLs that stand alone on their line, as WordPress's auto-embed reads
 * them; `alone*` say whether the token's edges are line edges (start of content, a block tag).
 */
function linkStandaloneUrls(text: string, aloneAtStart: boolean, aloneAtEnd: boolean): Token[] {
  if (!text.includes("http")) return [{ kind: "text", text }];
  const lines = text.split("\n");
  const out: Token[] = [];
  let pending = "";
  lines.forEach((line, index) => {
    const atStart = index > 0 || aloneAtStart;
    const atEnd = index < lines.length - 1 || aloneAtEnd;
    const candidate = line.trim();
    const link = atStart && atEnd && /^https?:\/\/[^\s<>"]+$/.test(candidate) ? mediaLink(candidate) : null;
    if (link) {
      if (pending) out.push({ kind: "text", text: pending });
      out.push(link);
      pending = index < lines.length - 1 ? "\n" : "";
    } else {
      pending += line + (index < lines.length - 1 ? "\n" : "");
    }
  });
  if (pending) out.push({ kind: "text", text: pending });
  return out;
}

/** Whether a token, beside a line of text, makes that line stand alone. */
function isLineEdge(token: Token | undefined): boolean {
  if (token === undefined || token.kind === "comment" || token.kind === "block") return true;
  if (token.kind === "tag") return BLOCK_TAGS.has(token.name) || token.name === "br";
  return false;
}

function renameHeading(tag: TagToken): TagToken {
  const renamed = HEADING_RENAME[tag.name];
  if (!renamed) return tag;
  const nameStart = tag.closing ? 2 : 1;
  const raw = `${tag.raw.slice(0, nameStart)}${renamed}${tag.raw.slice(nameStart + tag.name.length)}`;
  return { ...tag, name: renamed, raw };
}

interface Transformed {
  tokens: Token[];
  /** The post came from the block editor: its HTML already has its paragraphs. */
  hasBlocks: boolean;
}

/** Where a transform pass stands, passed to the handler of each kind of token. */
interface TransformState {
  tokens: Token[];
  notice: Notice;
  out: Token[];
  pairs: Map<number, number>;
  recipeBlockEnd: Int32Array;
  embedBlockEnd: Int32Array;
  wprmFallbackEnd: Int32Array;
  builders: Set<string>;
  unknown: Set<string>;
  removedEmbeds: Set<string>;
  hasBlocks: boolean;
  linkDepth: number;
  verbatimDepth: number;
}

/** Comments, shortcodes, embeds and headings made ours; text and tags otherwise as written. */
function transform(tokens: Token[], notice: Notice): Transformed {
  const state: TransformState = {
    tokens,
    notice,
    out: [],
    pairs: pairShortcodes(tokens),
    recipeBlockEnd: nextIndexWhere(
      tokens,
      commentTest((_, c) => c?.closing === true && isRecipeBlock(c.name)),
    ),
    embedBlockEnd: nextIndexWhere(
      tokens,
      commentTest((_, c) => c?.closing === true && isEmbedBlock(c.name)),
    ),
    wprmFallbackEnd: nextIndexWhere(
      tokens,
      commentTest((body) => /^End WPRM Recipe$/i.test(body)),
    ),
    builders: new Set<string>(),
    unknown: new Set<string>(),
    removedEmbeds: new Set<string>(),
    hasBlocks: false,
    linkDepth: 0,
    verbatimDepth: 0,
  };
  // Each handler returns the index of the last token it used up (a region it skipped ends there).
  for (let k = 0; k < tokens.length; k++) {
    const token = tokens[k] as Token;
    if (token.kind === "comment") k = transformComment(state, token.body, k);
    else if (token.kind === "tag") transformTag(state, token);
    else if (token.kind === "text") transformText(state, token, k);
    else if (token.kind === "block") state.out.push(token);
    else k = transformShortcode(state, token, k);
  }
  reportRemovals(state);
  return { tokens: state.out, hasBlocks: state.hasBlocks };
}

/** A block-editor comment or WPRM's fallback marker; every other comment (<!--more-->, notes) is dropped. */
function transformComment(state: TransformState, body: string, k: number): number {
  const { out } = state;
  const blockComment = readBlockComment(body);
  const wprmFallback = /^WPRM Recipe (\d+)$/i.exec(body);
  if (blockComment) {
    state.hasBlocks = true;
    const { name, closing, selfClosing, attrs } = blockComment;
    if (!closing && isRecipeBlock(name)) {
      const id = idOf(attrs.id);
      if (id) out.push(recipePlaceholder(id));
      else
        state.notice("recipe-without-id", "A WP Recipe Maker recipe block without a recipe id was removed.");
      // Whatever the block holds is WPRM's rendered card: never shown as it is.
      const end = selfClosing ? -1 : (state.recipeBlockEnd[k + 1] ?? -1);
      if (end > 0) return end;
    } else if (!closing && !selfClosing && isEmbedBlock(name) && typeof attrs.url === "string") {
      const link = mediaLink(attrs.url);
      const end = state.embedBlockEnd[k + 1] ?? -1;
      if (link && end > 0) {
        out.push(link);
        return end;
      }
    }
  } else if (wprmFallback?.[1]) {
    out.push(recipePlaceholder(wprmFallback[1]));
    const end = state.wprmFallbackEnd[k + 1] ?? -1;
    if (end > 0) return end;
    state.notice(
      "recipe-fallback-unclosed",
      `WP Recipe Maker's copy of recipe ${wprmFallback[1]} in this post has no end marker; the text after it was kept.`,
    );
  }
  return k;
}

/** A player's tag becomes a link (or goes), headings are renamed, other tags stay as written. */
function transformTag(state: TransformState, token: TagToken): void {
  if (
    token.name === "iframe" ||
    token.name === "video" ||
    token.name === "audio" ||
    token.name === "object"
  ) {
    const attrs = tagAttributes(token.raw);
    // A map or a widget's frame is no page to send a reader to: only a video gets its link.
    const link = mediaLink(attrs.src ?? attrs.data ?? "", token.name === "iframe" || token.name === "object");
    if (link) state.out.push(link);
    else state.removedEmbeds.add(token.name);
    return;
  }
  if (VERBATIM_TAGS.has(token.name) && !token.selfClosing) {
    state.verbatimDepth = Math.max(0, state.verbatimDepth + (token.closing ? -1 : 1));
  }
  if (token.name === "a" && !token.selfClosing)
    state.linkDepth = Math.max(0, state.linkDepth + (token.closing ? -1 : 1));
  if (token.name === "div" && !token.closing && /\belementor\b/.test(tagAttributes(token.raw).class ?? "")) {
    state.builders.add("Elementor");
  }
  state.out.push(renameHeading(token));
}

/** Text outside links and code has its standalone URLs made links. */
function transformText(state: TransformState, token: TextToken, k: number): void {
  const { out } = state;
  const alone = state.linkDepth === 0 && state.verbatimDepth === 0;
  if (!alone) out.push(token);
  else out.push(...linkStandaloneUrls(token.text, isLineEdge(out.at(-1)), isLineEdge(state.tokens[k + 1])));
}

/** A shortcode made ours, or dropped (its content stays as text): returns the last token used. */
function transformShortcode(state: TransformState, token: ShortcodeToken, k: number): number {
  const { out, tokens } = state;
  const { name } = token;
  const pairEnd = state.pairs.get(k);
  if (name === "caption" || name === "wp_caption") {
    const figure = pairEnd === undefined ? null : captionFigure(token, tokens, k + 1, pairEnd);
    if (figure && pairEnd !== undefined) {
      out.push(figure);
      return pairEnd;
    }
    // Without an image or a closing tag, the caption's content stays and its tags go.
  } else if (name === "gallery") {
    // Without ids, WordPress shows the images uploaded to the post: the writer knows them.
    out.push(galleryFigure(token) ?? block(ATTACHED_GALLERY_PLACEHOLDER));
  } else if (name === "embed" && pairEnd !== undefined) {
    const link = mediaLink(serializeRaw(tokens.slice(k + 1, pairEnd)));
    if (link) out.push(link);
    return pairEnd;
  } else if ((name === "video" || name === "audio") && !token.closing) {
    const source = token.attrs.src ?? Object.values(token.attrs).find((value) => /^https?:/i.test(value));
    const link = source ? mediaLink(source) : null;
    if (link) out.push(link);
  } else if (name === "wprm-recipe") {
    const id = idOf(token.attrs.id ?? token.attrs["0"]);
    if (id) out.push(recipePlaceholder(id));
    else if (!token.closing)
      state.notice("recipe-without-id", "A [wprm-recipe] without a recipe id was removed.");
  } else if (name.startsWith("wprm-")) {
    // Jump and print buttons, nutrition labels: parts of WPRM's own card, which ours replaces.
  } else if (pageBuilderOf(name)) {
    state.builders.add(pageBuilderOf(name) ?? name);
    const image = pageBuilderImage(token);
    if (image) out.push(image);
  } else if (!HANDLED_SHORTCODES.has(name)) {
    state.unknown.add(name);
  }
  return k;
}

/** Tells `notice`, once per kind, what the pass removed. */
function reportRemovals({ builders, unknown, removedEmbeds, notice }: TransformState): void {
  if (builders.size > 0) {
    notice(
      "page-builder",
      `This post was laid out with ${[...builders].join(" and ")}: the layout was removed and its text and images kept.`,
    );
  }
  if (unknown.size > 0) {
    const names = [...unknown].map((name) => `[${name}]`).join(", ");
    notice(
      "unknown-shortcode",
      `Shortcodes from plugins the import does not know were removed (their text kept): ${names}.`,
    );
  }
  if (removedEmbeds.size > 0) {
    notice(
      "embed-removed",
      `Embedded content (${[...removedEmbeds].join(", ")}) that is not a video link was removed.`,
    );
  }
}

/**
 * A post's `content:encoded` as WordPress stores it → HTML our sanitizer keeps. `notice` is told,
 * once per kind, about what was removed or changed (unknown shortcodes, page builders, galleries
 * without ids, embeds); nothing here throws on odd content.
 */
export function wordpressContentToHtml(raw: string, notice: Notice): string {
  const content = raw.replace(/\r\n?/g, "\n");
  const { tokens, hasBlocks } = transform(tokenize(content, isKnownShortcode), notice);
  // The block editor's HTML has its paragraphs; WordPress itself skips wpautop for it.
  return serialize(hasBlocks ? tokens : autop(tokens));
}
