/**
 * What the tests of a file (or of a describe block) share, made before them and undone after them:
 * register it at the top of the file or block; read it inside tests and hooks, once it is made.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll } from "vitest";

/** A fresh temporary folder named from `prefix`, removed with all it holds after the tests. */
export function temporaryDir(prefix: string): { readonly path: string } {
  let path = "";
  beforeAll(async () => {
    path = await mkdtemp(join(tmpdir(), prefix));
  });
  afterAll(async () => {
    if (path) await rm(path, { recursive: true, force: true });
  });
  return {
    get path() {
      if (!path) throw new Error(`${prefix}: the folder is made before the tests, read it inside them`);
      return path;
    },
  };
}

/**
 * What `start` makes (a server, two servers, a site), started before the tests and stopped after
 * them, even when the tests failed. The object returned takes the started one's fields once it has
 * started (a build may come first, hence the long default timeout).
 */
export function startedForTests<T extends { stop(): Promise<void> }>(
  start: () => Promise<T>,
  timeoutMs = 120_000,
): T {
  const started = {} as T;
  beforeAll(async () => {
    Object.assign(started, await start());
  }, timeoutMs);
  afterAll(async () => {
    await (started as Partial<T>).stop?.();
  });
  return started;
}
