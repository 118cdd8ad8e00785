/**
 * A strict well-formedness check for the XML the site serves (feeds, sitemaps), since no XML
 * parser is installed: every character must be an XML 1.0 Char, every `&` a defined entity or a
 * character reference to a Char, and the elements must nest and close. Throws on the first fault.
 */
const ENTITIES = new Set(["amp", "lt", "gt", "quot", "apos"]);

function isXmlChar(cp: number): boolean {
  return (
    cp === 0x9 ||
    cp === 0xa ||
    cp === 0xd ||
    (cp >= 0x20 && cp <= 0xd7ff) ||
    (cp >= 0xe000 && cp <= 0xfffd) ||
    (cp >= 0x10000 && cp <= 0x10ffff)
  );
}

export function assertWellFormedXml(xml: string): void {
  for (let i = 0; i < xml.length; i++) {
    const cp = xml.codePointAt(i) ?? 0;
    // A lone surrogate comes back as itself (0xD800–0xDFFF), which is not a Char.
    if (!isXmlChar(cp)) throw new Error(`not an XML character U+${cp.toString(16).toUpperCase()} at ${i}`);
    if (cp > 0xffff) i++;
  }
  for (const m of xml.matchAll(/&([^;\s<&]*);?/g)) {
    const [whole, name = ""] = m;
    if (!whole.endsWith(";")) throw new Error(`bare & at ${m.index}`);
    const ref = /^#x([0-9a-f]+)$/i.exec(name) ?? /^#([0-9]+)$/.exec(name);
    if (ref) {
      const cp = Number.parseInt(ref[1] ?? "", name[1] === "x" || name[1] === "X" ? 16 : 10);
      if (!isXmlChar(cp)) throw new Error(`reference to a non-character ${whole}`);
    } else if (!ENTITIES.has(name)) {
      throw new Error(`undefined entity ${whole}`);
    }
  }
  const body = xml.replace(/^<\?xml[^?]*\?>/, "").replace(/<!\[CDATA\[[\s\S]*?\]\]>/g, "");
  const open: string[] = [];
  let roots = 0;
  for (const m of body.matchAll(
    /<(\/?)([A-Za-z_][\w.:-]*)((?:\s+[\w.:-]+\s*=\s*(?:"[^"<]*"|'[^'<]*'))*)\s*(\/?)>|</g,
  )) {
    const [whole, closing, name, , selfClosing] = m;
    if (whole === "<") throw new Error(`a < that starts no tag at ${m.index}`);
    if (closing) {
      if (open.pop() !== name) throw new Error(`</${name}> closes nothing open at ${m.index}`);
    } else if (!selfClosing) {
      if (open.length === 0) roots++;
      open.push(name ?? "");
    } else if (open.length === 0) {
      roots++;
    }
  }
  if (open.length > 0) throw new Error(`unclosed <${open.join("> <")}>`);
  if (roots !== 1) throw new Error(`${roots} root elements`);
}
