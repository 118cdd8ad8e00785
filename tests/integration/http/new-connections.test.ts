/**
 * Connections opened while the server is busy rendering are accepted and answered in their turn,
 * not after every busy connection has been answered many times over (app/server/http/turn-queue.server.ts).
 * Libuv accepts one connection per turn of the event loop; when each turn rendered every waiting
 * request, a turn grew with the connections, and the twentieth new connection waited for hundreds
 * of answers to others. Counted, not timed: how many answers went to other connections before
 * each new connection's first. Against the built server, every request rendered (no response cache).
 */
import { Agent, request } from "node:http";
import { describe, expect, it } from "vitest";
import { startedForTests } from "#tests/support/hooks.ts";
import { ensureBuilt, startSampleSite } from "#tests/support/server-process.ts";

const ADMIN = { email: "turns@wanderplate.test", password: "a few renders every turn" };

const site = startedForTests(() => {
  ensureBuilt();
  return startSampleSite("new-connections", ADMIN, { RESPONSE_CACHE: "false", LOG_REQUESTS: "none" });
});

/** Connections that keep the server busy, and connections opened at once among them. */
const BUSY = 20;
const NEW = 20;

/** One keep-alive connection asking for `path` again as soon as each answer is complete. */
function keepAsking(path: string, onAnswer: () => void): { stop(): void; done: Promise<void> } {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  let stopped = false;
  const done = (async () => {
    while (!stopped) {
      await new Promise<void>((resolve, reject) => {
        const req = request(`${site.url}${path}`, { agent }, (res) => {
          res.resume();
          res.on("end", () => {
            if (res.statusCode !== 200) reject(new Error(`status ${res.statusCode}`));
            else resolve();
          });
          res.on("error", reject);
        });
        req.on("error", reject);
        req.end();
      });
      if (!stopped) onAnswer();
    }
  })().finally(() => agent.destroy());
  return {
    stop() {
      stopped = true;
    },
    done,
  };
}

describe("new connections under load", () => {
  it("are answered after a few answers to the busy ones, not after hundreds", async () => {
    let answered = 0;
    const busy = Array.from({ length: BUSY }, () =>
      keepAsking("/blogs", () => {
        answered++;
      }),
    );
    // The server is busy when every busy connection has had a few answers.
    while (answered < BUSY * 3) await new Promise((resolve) => setTimeout(resolve, 5));

    const waitedFor: number[] = [];
    const opened = answered;
    let firstAnswers = 0;
    const fresh = Array.from({ length: NEW }, (_, i) => {
      const connection = keepAsking("/blogs", () => {
        if (waitedFor[i] === undefined) {
          waitedFor[i] = answered - opened;
          firstAnswers++;
          connection.stop();
        }
        answered++;
      });
      return connection;
    });
    while (firstAnswers < NEW) await new Promise((resolve) => setTimeout(resolve, 5));
    for (const connection of [...busy, ...fresh]) connection.stop();
    await Promise.all([...busy, ...fresh].map((connection) => connection.done));

    // Accepted one a turn, each turn starting at most four renders: the twentieth new connection
    // had its first answer after 106–107 answers in all (measured). When each turn rendered every
    // request that waited, each new connection waited a turn more than the one before, a turn being
    // an answer to every connection: 472–549.
    expect(waitedFor).toHaveLength(NEW);
    expect(Math.max(...waitedFor)).toBeLessThan(240);
  });
});
