/**
 * The WordPress export (WXR 1.0–1.2) reader: streams the file through a repairing UTF-8 decoder
 * into saxes and yields each item as its `</item>` closes, so memory stays flat however large the
 * export is. What each item becomes is decided in wxr-map (posts, attachments, skipped items) and
 * wprm (recipes); this file knows XML: namespaces, the document's shape, and what a broken file
 * tells the blogger.
 */
import { createReadStream } from "node:fs";
import { type SaxesAttributeNS, SaxesParser, type SaxesTagNS } from "saxes";
import { plural } from "#app/lib/plural.ts";
import { RepairingUtf8Decoder } from "../clean-text.server.ts";
import { type ImportEvent, type ImportedAuthor, ImportFileError, type SourceSite } from "../items.server.ts";
import { emptyItem, type WxrComment, type WxrContext, type WxrItem } from "./wxr-fields.server.ts";
import { mapWxrItem } from "./wxr-map.server.ts";

/** WordPress's export namespaces, every version, as written over http or https. */
const WP_NS = /^https?:\/\/wordpress\.org\/export\/\d+\.\d+\/$/;
const EXCERPT_NS = /^https?:\/\/wordpress\.org\/export\/\d+\.\d+\/excerpt\/$/;
const CONTENT_NS = /^https?:\/\/purl\.org\/rss\/1\.0\/modules\/content\/$/;
const DC_NS = /^https?:\/\/purl\.org\/dc\/elements\/1\.1\/$/;

/** One field larger than this is not a blog post: refused rather than held in memory. */
const MAX_FIELD_CHARS = 64 * 1024 * 1024;
const CHUNK_BYTES = 64 * 1024;

/**
 * Is this (the first 64 KB of a file, as text) a WordPress export? XML, an `<rss` root, and a
 * WordPress export namespace declared on it. Never decided by the file's name.
 */
export function looksLikeWxr(head: string): boolean {
  const text = head.replace(/^\uFEFF/, "");
  if (!/^\s*</.test(text)) return false;
  const rss = /<rss\b[^>]*>/.exec(text);
  if (rss === null) return false;
  return /xmlns:[\w.-]+\s*=\s*["']https?:\/\/wordpress\.org\/export\/\d+\.\d+\/["']/.test(rss[0]);
}

/** "1.2" from the head's `<wp:wxr_version>`, for the report's format line; null when absent. */
export function wxrVersionOf(head: string): string | null {
  return /<[\w.-]+:wxr_version>\s*(?:<!\[CDATA\[)?\s*(\d+\.\d+)/.exec(head)?.[1] ?? null;
}

/** Reads one WordPress export. Throws ImportFileError for a file that cannot be imported. */
export async function* readWxr(file: string): AsyncGenerator<ImportEvent> {
  const reader = new WxrStream(file);
  try {
    for await (const chunk of createReadStream(file, { highWaterMark: CHUNK_BYTES })) {
      reader.write(chunk as Buffer);
      yield* reader.drain();
    }
  } catch (error) {
    throw asImportFileError(file, error);
  }
  reader.end();
  yield* reader.drain();
}

function asImportFileError(file: string, error: unknown): unknown {
  if (error instanceof ImportFileError) return error;
  const code = (error as NodeJS.ErrnoException | null)?.code;
  if (code === "ENOENT")
    return new ImportFileError(file, `${file} could not be found: check the file's name and folder.`);
  if (code === "EISDIR") return new ImportFileError(file, `${file} is a folder, not an export file.`);
  if (code === "EACCES" || code === "EPERM") {
    return new ImportFileError(file, `${file} could not be read: this account is not allowed to open it.`);
  }
  return error;
}

function canonicalName(tag: { uri: string; local: string }): string {
  if (tag.uri === "") return tag.local;
  if (WP_NS.test(tag.uri)) return `wp:${tag.local}`;
  if (EXCERPT_NS.test(tag.uri)) return `excerpt:${tag.local}`;
  if (CONTENT_NS.test(tag.uri)) return `content:${tag.local}`;
  if (DC_NS.test(tag.uri)) return `dc:${tag.local}`;
  return `{${tag.uri}}${tag.local}`;
}

class WxrStream {
  private readonly decoder = new RepairingUtf8Decoder();
  private readonly parser = new SaxesParser({ xmlns: true, position: true });
  private readonly queue: ImportEvent[] = [];
  private readonly ctx: WxrContext = { authors: new Map() };
  /** Canonical names of the open elements, the root first. */
  private readonly stack: string[] = [];
  private text = "";
  private sawAnything = false;
  private sawRoot = false;
  private sawChannel = false;
  private closedRoot = false;
  /** Text before the root's start, scanned for a DOCTYPE before the parser sees it. */
  private preRootTail = "";
  private preRootLines = 1;

  private site: { title: string; link: string; blogUrl: string; siteUrl: string } | null = {
    title: "",
    link: "",
    blogUrl: "",
    siteUrl: "",
  };
  private pendingAuthors: ImportedAuthor[] = [];
  private author: Record<string, string> | null = null;
  private item: WxrItem | null = null;
  private meta: { key: string; value: string } | null = null;
  private comment: WxrComment | null = null;
  private commentMeta: { key: string; value: string } | null = null;
  private category: { domain: string; nicename: string } | null = null;

  private readonly file: string;

  constructor(file: string) {
    this.file = file;
    const p = this.parser;
    p.on("error", (error) => {
      throw this.brokenAt(error.message.replace(/^.*?\d+:\d+: /, ""));
    });
    p.on("doctype", () => {
      throw this.doctypeAt(p.line);
    });
    p.on("opentag", (tag) => this.open(tag));
    p.on("closetag", () => this.close());
    p.on("text", (t) => this.append(t));
    p.on("cdata", (t) => this.append(t));
  }

  write(chunk: Uint8Array): void {
    const text = this.decoder.decode(chunk);
    this.feed(text);
  }

  end(): void {
    this.feed(this.decoder.end());
    if (!this.sawAnything) {
      throw new ImportFileError(
        this.file,
        `${this.file} is empty: there is nothing in it to import. Export your site again from WordPress (Tools → Export) and import the new file.`,
      );
    }
    if (this.sawRoot && !this.closedRoot) {
      throw new ImportFileError(
        this.file,
        `${this.file} is cut short: it ends at line ${this.parser.line}, before the end of the export (its closing </rss> is missing). The download or copy was probably interrupted; export your site again from WordPress and import the new file.`,
        this.parser.line,
      );
    }
    this.parser.close();
    if (!this.sawRoot) throw this.brokenAt("the file holds no XML element");
    this.emitNotices();
  }

  *drain(): Generator<ImportEvent> {
    while (this.queue.length > 0) yield this.queue.shift() as ImportEvent;
  }

  private feed(text: string): void {
    if (text === "") return;
    if (!this.sawAnything && text.trim() !== "") this.sawAnything = true;
    if (!this.sawRoot) this.refuseDoctype(text);
    this.parser.write(text);
  }

  /**
   * A DOCTYPE may declare entities (a "billion laughs" bomb, or a file read from disk): refuse
   * one before the parser reads it, so nothing is ever expanded. WordPress never writes one. Only
   * text before the `<rss` start is looked at: a post about HTML may well contain "<!DOCTYPE".
   */
  private refuseDoctype(text: string): void {
    const scanned = this.preRootTail + text;
    const rootAt = scanned.search(/<rss\b/);
    const before = rootAt === -1 ? scanned : scanned.slice(0, rootAt);
    const found = /<!(DOCTYPE|ENTITY)/i.exec(before);
    if (found !== null) {
      throw this.doctypeAt(this.preRootLines + countLines(before.slice(0, found.index)));
    }
    // Keep a short tail so "<!DOC" + "TYPE" split between two chunks is still seen.
    const keep = rootAt === -1 ? 9 : 0;
    const consumed = scanned.length - keep;
    this.preRootLines += countLines(scanned.slice(0, consumed));
    this.preRootTail = scanned.slice(consumed);
  }

  private doctypeAt(line: number): ImportFileError {
    return new ImportFileError(
      this.file,
      `${this.file} declares a document type (a DOCTYPE, at line ${line}); WordPress never writes one, so the file was not imported. It may have been changed by another program: export your site again from WordPress (Tools → Export) and import the new file.`,
      line,
    );
  }

  private brokenAt(reason: string): ImportFileError {
    const line = this.parser.line;
    return new ImportFileError(
      this.file,
      `${this.file} is not a readable WordPress export: the XML is broken at line ${line} (${reason.replace(/\.$/, "")}). The file was probably damaged or edited by hand; export your site again from WordPress (Tools → Export) and import the new file.`,
      line,
    );
  }

  private notWxr(what: string): ImportFileError {
    const line = this.parser.line;
    return new ImportFileError(
      this.file,
      `${this.file} is not a WordPress export: ${what} (line ${line}). A WordPress export is the XML file that WordPress's Tools → Export makes; choose that file.`,
      line,
    );
  }

  private open(tag: SaxesTagNS): void {
    const name = canonicalName(tag);
    const depth = this.stack.length;
    if (depth === 0) {
      this.sawRoot = true;
      if (name !== "rss") throw this.notWxr(`its main element is <${tag.name}>, not <rss>`);
      if (!Object.values(tag.ns).some((uri) => WP_NS.test(uri))) {
        throw this.notWxr("its <rss> feed does not declare WordPress's export namespace");
      }
    } else if (depth === 1) {
      if (name === "channel") this.sawChannel = true;
    } else if (depth === 2 && this.stack[1] === "channel") {
      if (name === "item") {
        this.emitSite();
        this.item = emptyItem();
      } else if (name === "wp:author") {
        this.author = Object.create(null);
      }
    } else if (depth === 3 && this.item !== null) {
      if (name === "wp:postmeta") this.meta = { key: "", value: "" };
      else if (name === "wp:comment") this.comment = { fields: Object.create(null), meta: [] };
      else if (name === "category") {
        this.category = { domain: attribute(tag, "domain"), nicename: attribute(tag, "nicename") };
      }
    } else if (depth === 4 && this.comment !== null && name === "wp:commentmeta") {
      this.commentMeta = { key: "", value: "" };
    }
    this.stack.push(name);
    this.text = "";
  }

  private append(text: string): void {
    if (this.stack.length < 3) return;
    if (this.text.length + text.length > MAX_FIELD_CHARS) {
      throw this.brokenAt(
        `one field is larger than ${MAX_FIELD_CHARS / 1024 / 1024} MB, more than any post holds`,
      );
    }
    this.text += text;
  }

  private close(): void {
    const name = this.stack.pop() as string;
    const depth = this.stack.length;
    const value = this.text;
    this.text = "";
    if (depth === 0) {
      this.closedRoot = true;
      if (!this.sawChannel) throw this.notWxr("its <rss> feed has no <channel>");
    } else if (depth === 1 && name === "channel") {
      this.emitSite();
    } else if (depth === 2 && this.stack[1] === "channel") {
      this.closeChannelChild(name, value);
    } else if (depth === 3 && this.author !== null) {
      this.author[name] = value.trim();
    } else if (depth === 3 && this.item !== null) {
      this.closeItemField(name, value);
    } else if (depth === 4 && this.item !== null) {
      const parent = this.stack[3];
      if (parent === "wp:postmeta" && this.meta !== null) {
        if (name === "wp:meta_key") this.meta.key = value.trim();
        else if (name === "wp:meta_value") this.meta.value = value;
      } else if (parent === "wp:comment" && this.comment !== null) {
        this.closeCommentField(this.comment, name, value);
      }
    } else if (depth === 5 && this.commentMeta !== null && this.stack[4] === "wp:commentmeta") {
      if (name === "wp:meta_key") this.commentMeta.key = value.trim();
      else if (name === "wp:meta_value") this.commentMeta.value = value;
    }
  }

  private closeChannelChild(name: string, value: string): void {
    if (name === "item" && this.item !== null) {
      this.queue.push(...mapWxrItem(this.item, this.ctx));
      this.item = null;
    } else if (name === "wp:author" && this.author !== null) {
      this.addAuthor(this.author);
      this.author = null;
    } else if (this.site !== null) {
      if (name === "title") this.site.title = value.trim();
      else if (name === "link") this.site.link = value.trim();
      else if (name === "wp:base_blog_url") this.site.blogUrl = value.trim();
      else if (name === "wp:base_site_url") this.site.siteUrl = value.trim();
    }
  }

  private closeItemField(name: string, value: string): void {
    const item = this.item as WxrItem;
    if (name === "wp:postmeta" && this.meta !== null) {
      if (this.meta.key !== "") item.meta.push(this.meta);
      this.meta = null;
    } else if (name === "wp:comment" && this.comment !== null) {
      item.comments.push(this.comment);
      this.comment = null;
    } else if (name === "category" && this.category !== null) {
      item.categories.push({ ...this.category, name: value });
      this.category = null;
    } else if (item.fields[name] === undefined) {
      item.fields[name] = value;
    }
  }

  private closeCommentField(comment: WxrComment, name: string, value: string): void {
    if (name === "wp:commentmeta") {
      if (this.commentMeta !== null && this.commentMeta.key !== "") comment.meta.push(this.commentMeta);
      this.commentMeta = null;
    } else if (name.startsWith("wp:")) {
      comment.fields[name.slice(3)] = value;
    }
  }

  private addAuthor(fields: Record<string, string>): void {
    const login = fields["wp:author_login"] ?? "";
    if (login === "") return;
    const fullName = [fields["wp:author_first_name"], fields["wp:author_last_name"]]
      .filter(Boolean)
      .join(" ");
    const name = fields["wp:author_display_name"] || fullName || login;
    const email = fields["wp:author_email"] || null;
    this.ctx.authors.set(login, { name, email });
    this.pendingAuthors.push({ type: "author", sourceId: login, email, name });
  }

  /** The site comes first, then the authors the channel listed before its first item. */
  private emitSite(): void {
    if (this.site === null) return;
    const url = (this.site.blogUrl || this.site.link || this.site.siteUrl).replace(/\/+$/, "");
    const site: SourceSite = { type: "site", system: "wordpress", url, title: this.site.title };
    this.queue.push(site, ...this.pendingAuthors);
    this.site = null;
    this.pendingAuthors = [];
  }

  private emitNotices(): void {
    const { invalidSequences, controlCharacters } = this.decoder;
    if (invalidSequences > 0) {
      this.queue.push({
        type: "notice",
        code: "invalid-utf8",
        message: `${this.file} had ${plural(invalidSequences, "sequence")} of bytes that are not valid UTF-8 text; each was replaced with the character �.`,
      });
    }
    if (controlCharacters > 0) {
      this.queue.push({
        type: "notice",
        code: "control-characters",
        message: `${plural(controlCharacters, "invisible control character")} that XML does not allow ${controlCharacters === 1 ? "was" : "were"} removed from ${this.file}.`,
      });
    }
  }
}

function attribute(tag: SaxesTagNS, local: string): string {
  const found = Object.values(tag.attributes).find(
    (a: SaxesAttributeNS) => a.local === local && a.uri === "",
  );
  return found?.value.trim() ?? "";
}

function countLines(text: string): number {
  let n = 0;
  for (let i = text.indexOf("\n"); i !== -1; i = text.indexOf("\n", i + 1)) n++;
  return n;
}
