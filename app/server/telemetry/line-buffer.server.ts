import { writeSync } from "node:fs";

/** Writes bytes to a file descriptor: fs.writeSync's shape (the tests hand in their own). */
export type WriteBytes = (fd: number, buffer: Uint8Array, offset: number, length: number) => number;

interface LineBufferOptions {
  /** Bytes the buffer holds (a longer text is written on its own). */
  size?: number;
  /** Characters (UTF-16 units) that start a write when this many are waiting. */
  minLength?: number;
  /** How long a full pipe (EAGAIN) is waited for in all before the waiting lines are dropped. */
  blockedLimitMs?: number;
  /**
   * The longest a line waits when few are written: the first line into an empty buffer arms one
   * timer. None armed while nothing waits, so an idle process is not woken to find nothing.
   */
  flushAfterMs?: number;
  write?: WriteBytes;
}

/** Pauses the thread (a full pipe: nothing else can be done for the lines meanwhile). */
const pause = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/**
 * Standard output's log lines, gathered and written with one synchronous write when 16 K
 * characters are waiting (and `flushAfterMs` after the first line waiting, and whenever the owner flushes: at exit). Every line of the
 * process goes through one buffer, so the lines keep their order.
 *
 * It replaces pino's destination (sonic-boom 4.2) for standard output: that one measures the
 * waiting text in bytes on every write, encodes it for the write and once more after it
 * (docs/performance.md, session 28). Here the waiting lines are joined as they come (V8 joins
 * strings without copying) and encoded once, into the buffer, when written: one encoding call per
 * write instead of one per line, and a write per ~70 request lines rather than ~18 (a write
 * syscall cost about as much as 20 request lines' own work on a slow host; session 37).
 * What sonic-boom did and this does too: a partial write is finished, a full
 * pipe (EAGAIN) is waited for. What it does not: lines that cannot be written (standard output
 * closed, or a pipe full for longer than `blockedLimitMs`) are dropped and counted, never thrown
 * into the code that logged them; and once a full pipe has been waited for in vain, later writes
 * do not wait again until one gets through (the process stalls once, not at every write).
 */
export class LineBuffer {
  readonly #fd: number;
  readonly #buffer: Buffer;
  readonly #minLength: number;
  readonly #blockedLimitMs: number;
  readonly #write: WriteBytes;
  readonly #flushAfterMs: number | undefined;
  /** The flush armed by the first line waiting (`flushAfterMs`). */
  #flushTimer: NodeJS.Timeout | undefined;
  /** The lines waiting, joined. */
  #text = "";
  /** Set when a full pipe was waited out in vain: no waiting again until a write gets through. */
  #gaveUp = false;
  /** Bytes given up on: standard output closed or blocked too long. */
  dropped = 0;

  constructor(
    fd: number,
    {
      size = 64 * 1024,
      minLength = 16 * 1024,
      blockedLimitMs = 1000,
      flushAfterMs,
      write = writeSync,
    }: LineBufferOptions = {},
  ) {
    this.#fd = fd;
    this.#buffer = Buffer.allocUnsafe(size);
    // A UTF-16 unit takes at most 3 bytes in UTF-8: what waits always fits the buffer.
    this.#minLength = Math.min(minLength, Math.floor(size / 3));
    this.#blockedLimitMs = blockedLimitMs;
    this.#write = write;
    this.#flushAfterMs = flushAfterMs;
  }

  /** Characters (UTF-16 units) waiting to be written. */
  get waiting(): number {
    return this.#text.length;
  }

  /** Adds text (whole lines); writes what waits once it reaches the minimum. Never throws. */
  write(text: string): boolean {
    if ((this.#text.length + text.length) * 3 > this.#buffer.length) {
      this.flushSync();
      if (text.length * 3 > this.#buffer.length) {
        this.#writeAll(Buffer.from(text, "utf8"));
        return true;
      }
    }
    this.#text += text;
    if (this.#text.length >= this.#minLength) this.flushSync();
    else if (this.#flushTimer === undefined && this.#flushAfterMs !== undefined)
      this.#armFlush(this.#flushAfterMs);
    return true;
  }

  /** Writes everything waiting, now. */
  flushSync(): void {
    if (this.#text === "") return;
    const length = this.#buffer.write(this.#text, 0);
    this.#text = "";
    this.#writeAll(this.#buffer.subarray(0, length));
  }

  #armFlush(ms: number): void {
    this.#flushTimer = setTimeout(() => {
      this.#flushTimer = undefined;
      this.flushSync();
    }, ms).unref();
  }

  /** pino's `logger.flush(cb)`: the same, synchronous. */
  flush(done?: (error?: Error) => void): void {
    this.flushSync();
    done?.();
  }

  #writeAll(bytes: Uint8Array): void {
    let offset = 0;
    let blockedMs = 0;
    while (offset < bytes.length) {
      try {
        offset += this.#write(this.#fd, bytes, offset, bytes.length - offset);
        this.#gaveUp = false;
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if ((code === "EAGAIN" || code === "EBUSY") && !this.#gaveUp && blockedMs < this.#blockedLimitMs) {
          pause(5);
          blockedMs += 5;
          continue;
        }
        // A pipe that stays full stalls the process once, not at every write after.
        if (code === "EAGAIN" || code === "EBUSY") this.#gaveUp = true;
        this.dropped += bytes.length - offset;
        return;
      }
    }
  }
}
