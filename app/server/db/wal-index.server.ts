import { closeSync, constants, openSync, readSync } from "node:fs";

/** The WAL-index header: two copies of 48 bytes at the start of the `-shm` file. */
const HEADER_BYTES = 48;
/** Byte 12 of a copy: 1 once the header has been built. */
const IS_INIT = 12;
const WORDS = HEADER_BYTES / 4;

/**
 * Tells whether any connection, of any process, has committed to a SQLite database in WAL mode
 * since a moment we kept, by reading the WAL-index header from the database's `-shm` file
 * (https://sqlite.org/walformat.html, "The WAL-Index Header"). A reader's snapshot is what that
 * header says (how many WAL frames are committed, the WAL's salts); every commit rewrites it
 * (its change counter, iChange, moves) before the commit is visible to a new read, and so does
 * every restart of the WAL. So while the header is unchanged a new read would see exactly what the
 * last one saw.
 *
 * Reading it is one 96-byte `pread` (about 0.5 µs on a fast host, 3.4 on a slow one) where a read
 * of one row costs about 1.8 µs, of it two `fcntl` calls for the WAL read lock. The cache hit's
 * version read (sqlite-driver.server.ts, firstValueSync) is asked on every hit and the answer
 * rarely changes; the hits of one turn of the event loop share one look at the header.
 *
 * The writer writes the second copy, then the first; a reader that finds them different caught a
 * write halfway and must not trust either (`read()` says false). The watch only compares bytes: it
 * needs no knowledge of their meaning beyond that, and its one fd sees what SQLite's own mapping
 * of the file sees (the same page cache).
 */
export class WalIndexWatch {
  readonly #fd: number;
  /** The header just read (both copies), and the same bytes as words to compare. */
  readonly #readWords = new Uint32Array(WORDS * 2);
  readonly #read = Buffer.from(this.#readWords.buffer);
  /** The first copy of the header `keep()` kept, and whether there is one. */
  readonly #kept = new Uint32Array(WORDS);
  #hasKept = false;

  private constructor(fd: number) {
    this.#fd = fd;
  }

  /**
   * Watches the database at `databasePath` (which must be open in WAL mode: its `-shm` file
   * exists); undefined when the file cannot be opened.
   */
  static open(databasePath: string): WalIndexWatch | undefined {
    try {
      // Without access times: a read would otherwise check, and now and then write, the inode's.
      return new WalIndexWatch(
        openSync(`${databasePath}-shm`, constants.O_RDONLY | (constants.O_NOATIME ?? 0)),
      );
    } catch {
      try {
        // O_NOATIME is refused for a file this process's user does not own.
        return new WalIndexWatch(openSync(`${databasePath}-shm`, "r"));
      } catch {
        return undefined;
      }
    }
  }

  /**
   * Reads the header now; false when it cannot be trusted (the file is short, not yet built, or
   * being written). Read it before the reads whose results `keep()` will stand for.
   */
  read(): boolean {
    let bytes: number;
    try {
      bytes = readSync(this.#fd, this.#read, 0, HEADER_BYTES * 2, 0);
    } catch {
      return false;
    }
    if (bytes !== HEADER_BYTES * 2 || this.#read[IS_INIT] !== 1) return false;
    // Word by word in JavaScript: Buffer's compare and equals cross into C++ (0.1 µs each here).
    const words = this.#readWords;
    for (let i = 0; i < WORDS; i++) if (words[i] !== words[i + WORDS]) return false;
    return true;
  }

  /** Whether the header last read is the one kept: nothing was committed in between. */
  unchanged(): boolean {
    if (!this.#hasKept) return false;
    const words = this.#readWords;
    const kept = this.#kept;
    for (let i = 0; i < WORDS; i++) if (words[i] !== kept[i]) return false;
    return true;
  }

  /** Keeps the header last read (which `read()` found whole), to compare later reads with. */
  keep(): void {
    this.#kept.set(this.#readWords.subarray(0, WORDS));
    this.#hasKept = true;
  }

  /** Forgets the kept header: `unchanged()` is false until the next `keep()`. */
  forget(): void {
    this.#hasKept = false;
  }

  close(): void {
    this.#hasKept = false;
    try {
      closeSync(this.#fd);
    } catch {
      // Already closed.
    }
  }
}
