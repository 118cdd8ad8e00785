import { writeSync } from "node:fs";

/** Writes bytes to a file descriptor: fs.writeSync's shape (the tests hand in their own). */
export type WriteBytes = (fd: number, buffer: Uint8Array, offset: number, length: number) => number;

interface LineBufferOptions {
  /** Bytes the buffer holds (a longer text is written on its own). */
  size?: number;
  /** Bytes that start a write when this many are waiting. */
  minLength?: number;
  /** How long a full pipe (EAGAIN) is waited for in all before the waiting lines are dropped. */
  blockedLimitMs?: number;
  write?: WriteBytes;
}

/** Pauses the thread (a full pipe: nothing else can be done for the lines meanwhile). */
const pause = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/**
 * Standard output's log lines, gathered as bytes and written with one synchronous write when 4 KB
 * are waiting (and whenever the owner flushes: on a timer, at exit). Every line of the process goes
 * through one buffer, so the lines keep their order.
 *
 * It replaces pino's destination (sonic-boom 4.2) for standard output: that one keeps the waiting
 * text as a string, measures it in bytes on every write, encodes it for the write and once more
 * after it (docs/performance.md, session 28). Here each line is encoded once,
 * into the buffer. What sonic-boom did and this does too: a partial write is finished, a full
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
  #length = 0;
  /** Set when a full pipe was waited out in vain: no waiting again until a write gets through. */
  #gaveUp = false;
  /** Bytes given up on: standard output closed or blocked too long. */
  dropped = 0;

  constructor(
    fd: number,
    { size = 64 * 1024, minLength = 4096, blockedLimitMs = 1000, write = writeSync }: LineBufferOptions = {},
  ) {
    this.#fd = fd;
    this.#buffer = Buffer.allocUnsafe(size);
    this.#minLength = Math.min(minLength, size);
    this.#blockedLimitMs = blockedLimitMs;
    this.#write = write;
  }

  /** Bytes waiting to be written. */
  get waiting(): number {
    return this.#length;
  }

  /** Adds text (whole lines); writes what waits once it reaches the minimum. Never throws. */
  write(text: string): boolean {
    // A UTF-16 unit takes at most 3 bytes in UTF-8: with this much room, the text fits whole.
    if (text.length * 3 > this.#buffer.length - this.#length) {
      this.flushSync();
      if (text.length * 3 > this.#buffer.length) {
        this.#writeAll(Buffer.from(text, "utf8"));
        return true;
      }
    }
    this.#length += this.#buffer.write(text, this.#length);
    if (this.#length >= this.#minLength) this.flushSync();
    return true;
  }

  /** Writes everything waiting, now. */
  flushSync(): void {
    if (this.#length === 0) return;
    const length = this.#length;
    this.#length = 0;
    this.#writeAll(this.#buffer.subarray(0, length));
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
