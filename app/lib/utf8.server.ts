const encoder = new TextEncoder();

/** Room a new collector starts with: a page's document, before its stylesheet, is 40–100 KB. */
const FIRST_ROOM = 128 * 1024;
/** Buffers of finished documents kept for the next ones: a few renders run at once. */
const MOST_SPARE = 8;
/** A buffer grown past this for an unusually long document is left to the collector, not kept. */
const MOST_KEPT_BYTES = 512 * 1024;
const spare: Buffer[] = [];

/**
 * A document's pieces, text and bytes, collected as UTF-8 in one buffer, with the same bytes as
 * `Buffer.concat(pieces.map((piece) => Buffer.from(piece)))`.
 *
 * Each text piece is encoded straight into place (`TextEncoder.encodeInto`): one pass over the
 * text, where `Buffer.from(text)` makes two (the byte length first), and is slower still for text
 * V8 keeps two bytes a character (any character past Latin-1: a curly quote, a dash), which it
 * encodes a character at a time; joining the pieces was one more copy of the document. The buffer
 * grows when a piece does not fit (encodeInto says how much of it did), and goes back to a few
 * kept for the next documents when `release` is called: a render allocates nothing to collect its
 * document once the server is warm. An unpaired surrogate becomes U+FFFD, as `Buffer.from` writes it.
 */
export class Utf8Collector {
  #buffer: Buffer;
  #length = 0;

  constructor() {
    this.#buffer = spare.pop() ?? Buffer.allocUnsafe(FIRST_ROOM);
  }

  write(piece: string | Uint8Array): void {
    if (typeof piece !== "string") {
      this.#makeRoom(piece.byteLength);
      this.#buffer.set(piece, this.#length);
      this.#length += piece.byteLength;
      return;
    }
    let rest = piece;
    for (;;) {
      const { read, written } = encoder.encodeInto(rest, this.#buffer.subarray(this.#length));
      this.#length += written;
      if (read === rest.length) return;
      rest = rest.slice(read);
      // The most a UTF-16 unit takes is three bytes (a surrogate pair's two take four).
      this.#makeRoom(rest.length * 3);
    }
  }

  /**
   * The bytes so far: a view of the collector's buffer, not a copy, good until `release`; what
   * outlives the collector must be a copy.
   */
  bytes(): Buffer {
    return this.#buffer.subarray(0, this.#length);
  }

  /** The buffer goes to the next document; the collector must not be used after. */
  release(): void {
    if (spare.length < MOST_SPARE && this.#buffer.length <= MOST_KEPT_BYTES) spare.push(this.#buffer);
    this.#buffer = Buffer.alloc(0);
    this.#length = 0;
  }

  #makeRoom(most: number): void {
    const needed = this.#length + most;
    if (needed <= this.#buffer.length) return;
    const grown = Buffer.allocUnsafe(Math.max(needed, this.#buffer.length * 2));
    this.#buffer.copy(grown, 0, 0, this.#length);
    this.#buffer = grown;
  }
}
