import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureBuilt, type RunningServer, siteEnv, startServer } from "#tests/support/server-process.ts";

/** Times the thread has given up the core to wait (each sleep in epoll_wait is one): Linux's count. */
async function voluntarySwitches(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/task/${pid}/status`, "utf8");
  return Number(status.match(/^voluntary_ctxt_switches:\s+(\d+)$/m)?.[1]);
}

const WINDOW_MS = 3000;

// A site with no visitors should cost its host nothing. Each timer that fires wakes the main thread
// once: prom-client's event-loop lag sampler woke it every 10 ms, and the log's flush every 250 ms
// with nothing to write (100 ms sampling and a flush armed only by a line: about ten a second). A
// slow host fires timers late, so it counts fewer, never more.
describe.skipIf(process.platform !== "linux")("an idle server", () => {
  let dir: string;
  let server: RunningServer;

  beforeAll(async () => {
    ensureBuilt();
    dir = await mkdtemp(join(tmpdir(), "wanderplate-idle-"));
    server = await startServer(
      siteEnv(
        { database: `file:${join(dir, "site.db")}`, uploads: join(dir, "uploads") },
        { LOG_LEVEL: "info", LOG_REQUESTS: "all" },
      ),
    );
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it("wakes its main thread about ten times a second, not a hundred", async () => {
    // A page and a request line first: the log has had something to flush.
    expect((await fetch(`${server.url}/`)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const pid = server.process.pid as number;
    const before = await voluntarySwitches(pid);
    await new Promise((resolve) => setTimeout(resolve, WINDOW_MS));
    const wakeUps = (await voluntarySwitches(pid)) - before;
    expect(wakeUps).toBeGreaterThan(0);
    expect(wakeUps).toBeLessThan((WINDOW_MS / 1000) * 30);
  }, 30_000);
});
