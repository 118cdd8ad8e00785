import sanitizeHtml from "sanitize-html";
import { UPLOAD_WIDTHS, UPLOADS_PATH, uploadSrc } from "#app/lib/images.ts";

/**
 * The newsletter's colours, light (inline on every element) and dark (the `prefers-color-scheme`
 * block of the mail's head, for the clients that honour it). Every text element carries its own
 * colour, so a client that inverts colours, or strips the head, still has a pair to keep apart.
 */
export const LIGHT = {
  page: "#f5efe4",
  card: "#ffffff",
  panel: "#fbf8f3",
  code: "#f5efe4",
  border: "#e9dfcd",
  ink: "#14213d",
  muted: "#4a5568",
  link: "#0b5f58",
  accent: "#c8431c",
  buttonText: "#ffffff",
} as const;

export const DARK = {
  page: "#0f1419",
  card: "#182028",
  panel: "#1f2832",
  code: "#26303b",
  border: "#3a4654",
  ink: "#ece8e1",
  muted: "#b9c2cc",
  link: "#7fd8cc",
  buttonText: "#0b1f1d",
} as const;

/** The class of the element that holds the blog's own HTML, which the dark-mode styles address. */
export const CONTENT_CLASS = "wanderplate-content";

const SERIF = "Georgia,'Times New Roman',serif";
const MONO = "Menlo,Consolas,'Courier New',monospace";
const WRAP = "word-break:break-word;overflow-wrap:break-word";
const TEXT = `font-size:17px;line-height:1.6;color:${LIGHT.ink}`;

/** The mail's width: no image is drawn wider (Outlook for Windows reads only the attribute). */
const MAIL_WIDTH = 600;

/** The upload width the mail links: sharp enough at 600 CSS pixels on most screens, a third of 1600's bytes. */
const MAIL_UPLOAD_WIDTH: (typeof UPLOAD_WIDTHS)[number] = 960;

/** Inline styles by tag: mail clients drop or rewrite `<style>`, so each element says how it looks. */
const STYLES: Record<string, string> = {
  p: `margin:0 0 16px;${TEXT};${WRAP}`,
  h2: `margin:28px 0 12px;font-family:${SERIF};font-size:24px;line-height:1.3;font-weight:600;color:${LIGHT.ink};${WRAP}`,
  h3: `margin:24px 0 10px;font-family:${SERIF};font-size:20px;line-height:1.35;font-weight:600;color:${LIGHT.ink};${WRAP}`,
  h4: `margin:20px 0 8px;font-size:18px;line-height:1.4;font-weight:600;color:${LIGHT.ink};${WRAP}`,
  blockquote: `margin:0 0 16px;padding:4px 0 4px 16px;border-left:4px solid ${LIGHT.accent};font-family:${SERIF};font-style:italic;${TEXT};${WRAP}`,
  pre: `margin:0 0 16px;padding:12px 16px;background-color:${LIGHT.code};border-radius:8px;font-family:${MONO};font-size:15px;line-height:1.5;color:${LIGHT.ink};white-space:pre-wrap;${WRAP}`,
  code: `font-family:${MONO};font-size:0.9em;background-color:${LIGHT.code};color:${LIGHT.ink};${WRAP}`,
  ul: `margin:0 0 16px;padding-left:24px;${TEXT}`,
  ol: `margin:0 0 16px;padding-left:24px;${TEXT}`,
  li: `margin:0 0 8px;${TEXT};${WRAP}`,
  a: `color:${LIGHT.link};text-decoration:underline;${WRAP}`,
  img: "display:block;max-width:100%;height:auto;border:0;margin:0 auto",
  figure: "margin:0 0 16px",
  figcaption: `margin:8px 0 0;font-size:14px;line-height:1.5;color:${LIGHT.muted};text-align:center;${WRAP}`,
  hr: `margin:24px 0;border:none;border-top:1px solid ${LIGHT.border}`,
  // Fixed layout: columns share the width instead of growing to their longest word.
  table: `width:100%;table-layout:fixed;border-collapse:collapse;margin:0 0 16px;font-size:15px;line-height:1.5;color:${LIGHT.ink}`,
  caption: `padding:0 0 6px;font-size:14px;color:${LIGHT.muted};text-align:left;${WRAP}`,
  th: `padding:6px 8px;border:1px solid ${LIGHT.border};background-color:${LIGHT.code};font-weight:600;text-align:left;vertical-align:top;color:${LIGHT.ink};${WRAP}`,
  td: `padding:6px 8px;border:1px solid ${LIGHT.border};text-align:left;vertical-align:top;color:${LIGHT.ink};${WRAP}`,
};

/** Hosts whose embeds are videos: the link to one reads "Watch the video". */
const VIDEO_HOSTS = /(^|\.)(youtube\.com|youtube-nocookie\.com|youtu\.be|vimeo\.com|dailymotion\.com)$/;

/** `value` made absolute against the site, or null unless it ends up with one of `schemes`. */
function absolute(value: string | undefined, siteUrl: string, schemes: string[]): URL | null {
  if (!value) return null;
  try {
    const url = new URL(value, siteUrl);
    return schemes.includes(url.protocol) ? url : null;
  } catch {
    return null;
  }
}

/** One of our uploads (`/uploads/<id>-<width>.webp` on the site) at the width the mail shows. */
function mailImageSrc(url: URL, siteUrl: string): string {
  const site = new URL(siteUrl);
  const upload = url.pathname.match(new RegExp(`^${UPLOADS_PATH}/([^/]+)-(\\d+)\\.webp$`));
  if (url.origin !== site.origin || !upload?.[1] || !UPLOAD_WIDTHS.some((w) => String(w) === upload[2])) {
    return url.href;
  }
  return new URL(uploadSrc(upload[1], MAIL_UPLOAD_WIDTH), siteUrl).href;
}

/** An image's width attribute, at most the mail's width (none or a percentage counts as full width). */
function mailImageWidth(width: string | undefined): string {
  const pixels = /^\d+$/.test(width ?? "") ? Number(width) : MAIL_WIDTH;
  return String(Math.min(pixels, MAIL_WIDTH));
}

/**
 * The attributes one element keeps in the mail, built anew (never the author's own style, class or
 * event attributes): the styles above, links and images made absolute.
 */
function mailAttributes(
  tag: string,
  attribs: sanitizeHtml.Attributes,
  siteUrl: string,
): sanitizeHtml.Attributes {
  const style = STYLES[tag];
  const out: sanitizeHtml.Attributes = style ? { style } : {};
  if (tag === "a") {
    // A bare "#section" link cannot jump inside a mail, and against the site's address it would lie.
    const href = attribs.href?.startsWith("#")
      ? null
      : absolute(attribs.href, siteUrl, ["http:", "https:", "mailto:"]);
    if (href) out.href = href.href;
    if (attribs.title) out.title = attribs.title;
  } else if (tag === "img") {
    const src = absolute(attribs.src, siteUrl, ["http:", "https:"]);
    if (src) out.src = mailImageSrc(src, siteUrl);
    out.alt = attribs.alt ?? "";
    out.width = mailImageWidth(attribs.width);
  } else if (tag === "ol" && attribs.start) {
    out.start = attribs.start;
  } else if (tag === "table") {
    out.width = "100%";
  } else if ((tag === "td" || tag === "th") && attribs.colspan) {
    out.colspan = attribs.colspan;
  }
  return out;
}

/** An embedded player becomes a link to it; anything else it could be is dropped. */
function embedLink(siteUrl: string): sanitizeHtml.Transformer {
  return (_tagName, attribs): sanitizeHtml.Tag => {
    const src = absolute(attribs.src, siteUrl, ["http:", "https:"]);
    if (!src) return { tagName: "iframe", attribs: {} };
    const text = VIDEO_HOSTS.test(src.hostname) ? "Watch the video" : src.hostname.replace(/^www\./, "");
    return { tagName: "a", attribs: { href: src.href }, text };
  };
}

/**
 * A blog's stored (already sanitized) HTML made fit for a mail: every link and image absolute
 * against `siteUrl` (only http, https and mailto links stay; images only http and https), uploads
 * at one width with no srcset (mail clients ignore it or pick badly), images never wider than
 * the mail, inline styles on every block so it reads the same with the head's styles stripped,
 * long words and URLs wrapped, tables that fit a phone. Players become links; scripts, styles,
 * media and forms go with all they hold.
 */
export function mailSafeHtml(html: string, siteUrl: string): string {
  // Each player on a line of its own, and emptied: sanitize-html writes a transformed tag's text,
  // then the raw text it held, so a player's fallback content would follow its link's text. What
  // this misreads is still sanitized below.
  const players = html.replace(/<iframe\b([^>]*)>[\s\S]*?<\/iframe\s*>/gi, "<p><iframe$1></iframe></p>");
  return sanitizeHtml(players, {
    allowedTags: [
      ...["p", "br", "h2", "h3", "h4", "strong", "b", "em", "i", "u", "s", "code", "pre", "blockquote"],
      ...["ul", "ol", "li", "a", "img", "hr", "figure", "figcaption"],
      ...["table", "caption", "thead", "tbody", "tfoot", "tr", "th", "td"],
    ],
    allowedAttributes: {
      "*": ["style"],
      a: ["href", "title"],
      img: ["src", "alt", "width"],
      ol: ["start"],
      table: ["width"],
      th: ["colspan"],
      td: ["colspan"],
    },
    allowedSchemes: ["http", "https", "mailto"],
    allowedSchemesByTag: { img: ["http", "https"] },
    allowProtocolRelative: false,
    // The styles are ours (every author style is dropped in mailAttributes): no need to parse them.
    parseStyleAttributes: false,
    // Dropped with everything inside them, not only the tag.
    nonTextTags: [
      ...["script", "style", "textarea", "option", "xmp", "noscript", "template"],
      ...["iframe", "video", "audio", "object", "embed", "svg", "math", "form", "select", "button"],
    ],
    transformTags: {
      iframe: embedLink(siteUrl),
      "*": (tagName, attribs) => ({ tagName, attribs: mailAttributes(tagName, attribs, siteUrl) }),
    },
    // An image whose source was refused would be an empty box; a link whose address was refused
    // keeps its text.
    exclusiveFilter: (frame) => {
      if (frame.tag === "img") return !frame.attribs.src;
      return frame.tag === "a" && !frame.attribs.href ? "excludeTag" : false;
    },
  });
}
