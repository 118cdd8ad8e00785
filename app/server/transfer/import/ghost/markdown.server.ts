/**
 * Ghost's markdown card (and Ghost 1.x posts, which were one markdown card) rendered to HTML by a
 * deliberately small subset: headings, paragraphs, lists, fenced code, rules, quotes, and inline
 * bold, emphasis, code, links and images. Anything else stays as its text, escaped, so nothing the
 * blogger wrote is lost; the writer's sanitizer has the last word on the result.
 */
import { escapeHtml } from "#app/lib/escape-html.ts";

export function renderSimpleMarkdown(markdown: string): string {
  const lines = markdown.replace(/\r\n?/g, "\n").split("\n");
  const out: string[] = [];
  let paragraph: string[] = [];
  // Declared through a cast: assignments inside the flush closures would otherwise narrow it to null.
  let list = null as { tag: "ul" | "ol"; items: string[] } | null;

  const flushParagraph = () => {
    if (paragraph.length) out.push(`<p>${paragraph.map(inline).join("<br>")}</p>`);
    paragraph = [];
  };
  const flushList = () => {
    if (list)
      out.push(`<${list.tag}>${list.items.map((item) => `<li>${inline(item)}</li>`).join("")}</${list.tag}>`);
    list = null;
  };
  const flush = () => {
    flushParagraph();
    flushList();
  };

  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? "";
    const fence = /^\s*(```|~~~)\s*([\w+-]*)/.exec(line);
    if (fence) {
      flush();
      const code: string[] = [];
      for (i++; i < lines.length && !(lines[i] ?? "").trim().startsWith(fence[1] ?? "```"); i++)
        code.push(lines[i] ?? "");
      const cls = fence[2] ? ` class="language-${escapeHtml(fence[2])}"` : "";
      out.push(`<pre><code${cls}>${escapeHtml(code.join("\n"))}</code></pre>`);
      continue;
    }
    const heading = /^(#{1,6})\s+(.*)$/.exec(line);
    const item = /^\s*(?:([-*+])|(\d+)[.)])\s+(.*)$/.exec(line);
    if (!line.trim()) {
      flush();
    } else if (heading) {
      flush();
      const level = heading[1]?.length ?? 1;
      out.push(`<h${level}>${inline(trimClosingHashes(heading[2] ?? ""))}</h${level}>`);
    } else if (/^\s*([-*_])(\s*\1){2,}\s*$/.test(line)) {
      flush();
      out.push("<hr>");
    } else if (line.startsWith(">")) {
      flush();
      out.push(`<blockquote><p>${inline(line.replace(/^>\s?/, ""))}</p></blockquote>`);
    } else if (item) {
      flushParagraph();
      const tag = item[1] ? "ul" : "ol";
      if (list?.tag !== tag) {
        flushList();
        list = { tag, items: [] };
      }
      list.items.push(item[3] ?? "");
    } else {
      flushList();
      paragraph.push(line.trim());
    }
  }
  flush();
  return out.join("");
}

/** "Title ##" → "Title" (a loop, not a regex anchored at the end, which is quadratic on long lines). */
function trimClosingHashes(text: string): string {
  let end = text.length;
  while (end > 0 && /[\s#]/.test(text[end - 1] ?? "")) end--;
  return text.slice(0, end);
}

/** Inline markdown: escape first, then put back the few marks we know. */
function inline(text: string): string {
  const codes: string[] = [];
  // Code spans first, set aside so their contents are not read as marks.
  // A private-use character marks where a code span goes back (the text's own ones are dropped).
  let html = escapeHtml(text.replace(/\uE000/g, "")).replace(/`([^`\n]{1,2000})`/g, (_, code: string) => {
    codes.push(`<code>${code}</code>`);
    return `\uE000${codes.length - 1}\uE000`;
  });
  // Bounded, negated classes keep every pattern linear: a long line of unmatched marks stays cheap.
  html = html
    .replace(
      /!\[([^\]\n]{0,500})\]\(([^)\s]{1,2000})(?:\s+&quot;[^)\n]{0,500}&quot;)?\)/g,
      '<img src="$2" alt="$1">',
    )
    .replace(
      /\[([^\]\n]{1,500})\]\(([^)\s]{1,2000})(?:\s+&quot;[^)\n]{0,500}&quot;)?\)/g,
      '<a href="$2">$1</a>',
    )
    .replace(/\*\*([^*\n]{1,2000})\*\*/g, "<strong>$1</strong>")
    .replace(/(^|[^\w])__([^_\n]{1,2000})__(?!\w)/g, "$1<strong>$2</strong>")
    .replace(/\*([^*\s][^*\n]{0,2000})\*/g, "<em>$1</em>")
    .replace(/(^|[^\w])_([^_\s][^_\n]{0,2000})_(?!\w)/g, "$1<em>$2</em>")
    .replace(/~~([^~\n]{1,2000})~~/g, "<s>$1</s>");
  return html.replace(/\uE000(\d+)\uE000/g, (_, i: string) => codes[Number(i)] ?? "");
}
