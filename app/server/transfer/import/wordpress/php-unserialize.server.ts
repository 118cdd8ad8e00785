/**
 * Reads PHP's `serialize()` format, as WordPress stores array postmeta (WP Recipe Maker's
 * ingredients and instructions) in an export. A parser, never an evaluator: objects become plain
 * records, nothing is constructed or called.
 *
 * Lenient where real exports need it: `s:N:"…";` counts N in UTF-8 bytes at the time WordPress saved
 * the value, and a file that has since passed through Windows or mail (or an XML parser, which
 * turns every CRLF into LF) holds a different number of line-ending bytes. When the declared length
 * does not land on `";`, the right terminator is searched for (see `readString`).
 */

export type PhpValue = null | boolean | number | string | PhpValue[] | PhpRecord;
/** An array with keys other than 0…n−1, or an object's properties. No prototype: keys are data. */
interface PhpRecord {
  [key: string]: PhpValue;
}

export class PhpUnserializeError extends Error {
  override name = "PhpUnserializeError";
}

/** Deeper nesting than any plugin writes: refused so a crafted value cannot exhaust the stack. */
export const MAX_DEPTH = 32;

/** WordPress's `is_serialized` in short: does this meta value look like PHP-serialized data? */
export function isPhpSerialized(value: string): boolean {
  const v = value.trim();
  if (v === "N;") return true;
  return /^[adObis]:/.test(v) && /[;}]$/.test(v);
}

/** The value `input` serializes; throws PhpUnserializeError when it is not PHP-serialized data. */
export function unserializePhp(input: string): PhpValue {
  const reader = new Reader(input);
  const value = reader.value(0);
  if (reader.pos !== input.length && input.slice(reader.pos).trim() !== "") {
    reader.fail("unexpected text after the value");
  }
  return value;
}

class Reader {
  pos = 0;
  private readonly s: string;
  constructor(input: string) {
    this.s = input;
  }

  fail(what: string): never {
    throw new PhpUnserializeError(`${what} at character ${this.pos}`);
  }

  value(depth: number): PhpValue {
    if (depth > MAX_DEPTH) this.fail(`nesting deeper than ${MAX_DEPTH} levels`);
    const type = this.s[this.pos];
    if (type === "N") {
      this.expect("N;");
      return null;
    }
    this.pos++;
    this.expect(":");
    switch (type) {
      case "b": {
        const digits = this.until(";");
        if (digits !== "0" && digits !== "1") this.fail("a boolean that is not 0 or 1");
        return digits === "1";
      }
      case "i": {
        const digits = this.until(";");
        if (!/^[+-]?\d+$/.test(digits)) this.fail("an integer that is not a number");
        return Number(digits);
      }
      case "d": {
        const text = this.until(";");
        if (text === "INF") return Number.POSITIVE_INFINITY;
        if (text === "-INF") return Number.NEGATIVE_INFINITY;
        if (text === "NAN") return Number.NaN;
        const n = Number(text);
        if (text === "" || !Number.isFinite(n)) this.fail("a decimal that is not a number");
        return n;
      }
      case "s":
        return this.string();
      case "a": {
        const count = this.count(":");
        this.expect("{");
        const result = this.entries(count, depth, false);
        this.expect("}");
        return result;
      }
      case "O": {
        // O:8:"stdClass":2:{…}: the class is ignored, the properties become a plain record.
        this.string(":");
        const count = this.count(":");
        this.expect("{");
        const result = this.entries(count, depth, true);
        this.expect("}");
        return result;
      }
      case "r":
      case "R":
        return this.fail("a reference (r: or R:), which is refused");
      default:
        return this.fail(`an unknown or refused type "${type ?? "end of text"}"`);
    }
  }

  private entries(count: number, depth: number, isObject: boolean): PhpValue[] | PhpRecord {
    const record: PhpRecord = Object.create(null);
    const keys: string[] = [];
    for (let i = 0; i < count; i++) {
      const keyType = this.s[this.pos];
      if (keyType !== "i" && keyType !== "s") this.fail("an array key that is neither integer nor string");
      let key = String(this.value(depth + 1));
      // Protected and private property names carry "\0*\0" or "\0Class\0" in front.
      if (isObject && key.startsWith("\0")) key = key.slice(key.indexOf("\0", 1) + 1);
      keys.push(key);
      record[key] = this.value(depth + 1);
    }
    // An array with keys 0…n−1 in order is a list, the way PHP code means it.
    if (!isObject && keys.every((k, i) => k === String(i))) return keys.map((k) => record[k] as PhpValue);
    return record;
  }

  /** s:N:"…"; (or, for a class name, s:N:"…": with the terminator given). */
  private string(terminator = ";"): string {
    const declared = this.count(":");
    this.expect('"');
    const start = this.pos;
    const exactEnd = endAfterBytes(this.s, start, declared);
    if (exactEnd !== -1 && this.s.startsWith(`"${terminator}`, exactEnd)) {
      this.pos = exactEnd + 2;
      return this.s.slice(start, exactEnd);
    }
    const end = this.findStringEnd(start, declared, terminator);
    if (end === -1) return this.fail(`a string whose length (${declared} bytes) does not match its text`);
    this.pos = end + 2;
    return this.s.slice(start, end);
  }

  /**
   * Where a string whose byte count is off really ends. First choice: a `"` + terminator at which
   * the text, with its line endings counted as LF or as CRLF, has exactly the declared length.
   * Else (the text was re-encoded): the first such terminator that a well-formed value follows.
   */
  private findStringEnd(start: number, declared: number, terminator: string): number {
    const closing = `"${terminator}`;
    // Every LF may have become CRLF or the reverse: the text is at most twice as long in bytes.
    const limit = Math.min(this.s.length, start + declared * 2 + 2);
    const candidates: number[] = [];
    for (
      let at = this.s.indexOf(closing, start);
      at !== -1 && at <= limit;
      at = this.s.indexOf(closing, at + 1)
    ) {
      candidates.push(at);
    }
    const plausible = candidates.filter((at) => terminator !== ";" || this.followsWell(at + 2));
    for (const at of plausible) {
      const text = this.s.slice(start, at);
      const lf = text.replace(/\r\n/g, "\n");
      if (utf8Length(lf) === declared || utf8Length(lf.replace(/\n/g, "\r\n")) === declared) return at;
    }
    return plausible[0] ?? -1;
  }

  /** After a string value: the end, the next key or value, or the end of the array. */
  private followsWell(at: number): boolean {
    if (at >= this.s.length) return true;
    return /^(?:\}|N;|[bidsaO]:)/.test(this.s.slice(at, at + 2));
  }

  private count(terminator: string): number {
    const digits = this.until(terminator);
    if (!/^\d+$/.test(digits)) this.fail("a length that is not a number");
    return Number(digits);
  }

  private until(terminator: string): string {
    const end = this.s.indexOf(terminator, this.pos);
    if (end === -1 || end - this.pos > 32) this.fail(`a missing "${terminator}"`);
    const text = this.s.slice(this.pos, end);
    this.pos = end + terminator.length;
    return text;
  }

  private expect(text: string): void {
    if (!this.s.startsWith(text, this.pos)) this.fail(`a missing "${text}"`);
    this.pos += text.length;
  }
}

/** The index in `s` after `bytes` UTF-8 bytes from `start`, or −1 when it falls inside a character. */
function endAfterBytes(s: string, start: number, bytes: number): number {
  let remaining = bytes;
  let i = start;
  while (remaining > 0 && i < s.length) {
    const code = s.codePointAt(i) as number;
    remaining -= code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
    i += code > 0xffff ? 2 : 1;
  }
  return remaining === 0 ? i : -1;
}

function utf8Length(s: string): number {
  return Buffer.byteLength(s, "utf8");
}
