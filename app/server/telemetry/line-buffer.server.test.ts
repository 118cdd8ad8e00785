import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { LineBuffer, type WriteBytes } from "./line-buffer.server.ts";

/** A writer that records each write's bytes, and can be told to fail or write less. */
function recorder(plan: (call: number, length: number) => number | NodeJS.ErrnoException = (_, n) => n) {
  const writes: string[] = [];
  let call = 0;
  const write: WriteBytes = (_fd, buffer, offset, length) => {
    const outcome = plan(call++, length);
    if (outcome instanceof Error) throw outcome;
    writes.push(Buffer.from(buffer.subarray(offset, offset + outcome)).toString("utf8"));
    return outcome;
  };
  return { writes, write, calls: () => call };
}

const errno = (code: string) => Object.assign(new Error(code), { code });

describe("LineBuffer", () => {
  it("writes nothing until the minimum is waiting, then everything, in order", () => {
    const out = recorder();
    const lines = new LineBuffer(1, { minLength: 20, write: out.write });
    lines.write("one\n");
    lines.write("two\n");
    expect(out.writes).toEqual([]);
    expect(lines.waiting).toBe(8);
    lines.write("three, and more\n");
    expect(out.writes).toEqual(["one\ntwo\nthree, and more\n"]);
    expect(lines.waiting).toBe(0);
  });

  it("writes what waits on flushSync and flush, and nothing when nothing waits", () => {
    const out = recorder();
    const lines = new LineBuffer(1, { write: out.write });
    lines.flushSync();
    expect(out.calls()).toBe(0);
    lines.write("a\n");
    lines.flushSync();
    let flushed = false;
    lines.write("b\n");
    lines.flush(() => {
      flushed = true;
    });
    expect(flushed).toBe(true);
    expect(out.writes).toEqual(["a\n", "b\n"]);
  });

  it("judges room in bytes at worst (3 a character): multi-byte lines arrive whole", () => {
    const out = recorder();
    const lines = new LineBuffer(1, { size: 64, minLength: 64, write: out.write });
    const line = "Café — 京都 🍜\n";
    for (let i = 0; i < 5; i++) lines.write(line);
    lines.flushSync();
    expect(out.writes.join("")).toBe(line.repeat(5));
    // Room is judged by the worst case, so a line never straddles a write.
    expect(out.writes.length).toBeGreaterThan(1);
    for (const chunk of out.writes) expect(chunk.endsWith("\n")).toBe(true);
  });

  it("writes text longer than the buffer on its own, after what waited", () => {
    const out = recorder();
    const lines = new LineBuffer(1, { size: 32, minLength: 32, write: out.write });
    lines.write("first\n");
    const long = `${"x".repeat(100)}\n`;
    lines.write(long);
    lines.write("last\n");
    lines.flushSync();
    expect(out.writes).toEqual(["first\n", long, "last\n"]);
  });

  it("finishes a partial write", () => {
    // The first write takes 3 bytes only; the rest follow.
    const out = recorder((call, n) => (call === 0 ? 3 : n));
    const lines = new LineBuffer(1, { write: out.write });
    lines.write("hello world\n");
    lines.flushSync();
    expect(out.writes).toEqual(["hel", "lo world\n"]);
  });

  it("writes to a real file descriptor", () => {
    const dir = mkdtempSync(join(tmpdir(), "line-buffer-"));
    try {
      const path = join(dir, "out.log");
      const fd = openSync(path, "w");
      const lines = new LineBuffer(fd, { size: 128, minLength: 64 });
      const written = Array.from({ length: 40 }, (_, i) => `{"n":${i},"text":"ü"}\n`);
      for (const line of written) lines.write(line);
      lines.flushSync();
      closeSync(fd);
      expect(readFileSync(path, "utf8")).toBe(written.join(""));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("LineBuffer, flushAfterMs", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("writes a lone line that long after it, and arms no timer while nothing waits", () => {
    vi.useFakeTimers();
    const out = recorder();
    const lines = new LineBuffer(1, { flushAfterMs: 250, write: out.write });
    // An idle process has nothing to flush, so nothing may wake it.
    expect(vi.getTimerCount()).toBe(0);
    lines.write("first\n");
    vi.advanceTimersByTime(100);
    lines.write("second\n");
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersByTime(149);
    expect(out.writes).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(out.writes).toEqual(["first\nsecond\n"]);
    expect(vi.getTimerCount()).toBe(0);
    vi.advanceTimersByTime(10_000);
    expect(out.calls()).toBe(1);
  });

  it("arms the next flush with the next line after one, however the last was written", () => {
    vi.useFakeTimers();
    const out = recorder();
    const lines = new LineBuffer(1, { minLength: 10, flushAfterMs: 250, write: out.write });
    lines.write("a long line\n");
    expect(out.writes).toEqual(["a long line\n"]);
    lines.write("b\n");
    vi.advanceTimersByTime(250);
    expect(out.writes).toEqual(["a long line\n", "b\n"]);
    lines.write("c\n");
    lines.flushSync();
    vi.advanceTimersByTime(250);
    lines.write("d\n");
    vi.advanceTimersByTime(250);
    expect(out.writes).toEqual(["a long line\n", "b\n", "c\n", "d\n"]);
  });
});

describe("LineBuffer, when standard output fails", () => {
  it("waits out a full pipe (EAGAIN) and then writes", () => {
    const out = recorder((call, n) => (call < 2 ? errno("EAGAIN") : n));
    const lines = new LineBuffer(1, { write: out.write });
    lines.write("after the wait\n");
    lines.flushSync();
    expect(out.writes).toEqual(["after the wait\n"]);
    expect(lines.dropped).toBe(0);
  });

  it("drops and counts lines it cannot write, without throwing, and goes on", () => {
    let closed = true;
    const out = recorder((_, n) => (closed ? errno("EPIPE") : n));
    const lines = new LineBuffer(1, { write: out.write });
    lines.write("lost\n");
    expect(() => lines.flushSync()).not.toThrow();
    expect(lines.dropped).toBe(5);
    closed = false;
    lines.write("kept\n");
    lines.flushSync();
    expect(out.writes).toEqual(["kept\n"]);
  });

  it("gives up on a pipe that stays full past its limit", () => {
    const out = recorder(() => errno("EAGAIN"));
    const lines = new LineBuffer(1, { blockedLimitMs: 20, write: out.write });
    lines.write("never\n");
    lines.flushSync();
    expect(lines.dropped).toBe(6);
    expect(out.calls()).toBeGreaterThan(1);
    expect(out.calls()).toBeLessThan(10);
  });

  it("waits for a stuck pipe once: later writes drop at once until one gets through", () => {
    let stuck = true;
    const out = recorder((_, n) => (stuck ? errno("EAGAIN") : n));
    const lines = new LineBuffer(1, { blockedLimitMs: 20, write: out.write });
    lines.write("first\n");
    lines.flushSync();
    const waited = out.calls();
    expect(waited).toBeGreaterThan(1);
    lines.write("second\n");
    lines.flushSync();
    // One try, no waiting.
    expect(out.calls()).toBe(waited + 1);
    expect(lines.dropped).toBe(13);
    stuck = false;
    lines.write("third\n");
    lines.flushSync();
    expect(out.writes).toEqual(["third\n"]);
    // Through again: a full pipe is waited for again.
    stuck = true;
    lines.write("fourth\n");
    lines.flushSync();
    expect(out.calls()).toBeGreaterThan(waited + 3);
  });
});
