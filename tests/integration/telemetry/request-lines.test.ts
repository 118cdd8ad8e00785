/**
 * Request lines are written through a buffer (telemetry/log.server.ts): a burst of requests
 * followed at once by SIGTERM still leaves one line per request, each with its metric sample, and
 * LOG_REQUESTS chooses which requests get a line (every one is still counted). Against the built
 * server, on SQLite (the log path does not depend on the engine).
 */
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { beforeAll, describe, expect, it } from "vitest";
import { temporaryDir } from "#tests/support/hooks.ts";
import { ensureBuilt, type RunningServer, siteEnv, startServer } from "#tests/support/server-process.ts";

type Line = Record<string, unknown>;

beforeAll(() => ensureBuilt(), 120_000);
const dir = temporaryDir("wanderplate-request-lines-");

/** A server on a fresh SQLite site, with its standard output gathered. */
async function site(name: string, more: Record<string, string> = {}) {
  let text = "";
  const server = await startServer(
    siteEnv(
      { database: `file:${join(dir.path, `${name}.db`)}`, uploads: join(dir.path, `uploads-${name}`) },
      { LOG_LEVEL: "info", ...more },
    ),
    {
      stdout: (chunk) => {
        text += chunk;
      },
    },
  );
  return {
    server,
    lines: (): Line[] =>
      text
        .split("\n")
        .filter(Boolean)
        .map((l) => JSON.parse(l) as Line),
  };
}

/** Stops the server and waits until its standard output is closed (every line read). */
async function stopAndDrain(server: RunningServer): Promise<number | null> {
  const closed = new Promise<number | null>((resolve) =>
    server.process.once("close", (code) => resolve(code)),
  );
  server.process.kill("SIGTERM");
  return closed;
}

/** The requests counted on /metrics so far, over every label. */
async function requestsCounted(url: string): Promise<number> {
  const text = await (await fetch(`${url}/metrics`)).text();
  return text
    .split("\n")
    .filter((l) => l.startsWith("wanderplate_http_requests_total{"))
    .reduce((n, l) => n + Number(l.slice(l.lastIndexOf(" ") + 1)), 0);
}

describe("request lines", () => {
  it("loses none to a stop right after a burst, and each request has its line and its sample", async () => {
    const { server, lines } = await site("burst");
    const paths = ["/", "/blogs", "/destinations", "/about", "/no-such-page", "/favicon.svg"];
    const answers = await Promise.all(
      Array.from({ length: 300 }, (_, i) => fetch(`${server.url}${paths[i % paths.length]}`)),
    );
    const ids = answers.map((a) => a.headers.get("x-request-id") ?? "");
    await Promise.all(answers.map((a) => a.arrayBuffer()));
    // Every request so far is counted once: the burst, and the health checks of the start.
    const counted = await requestsCounted(server.url);
    expect(await stopAndDrain(server)).toBe(0);

    const requestLines = lines().filter((l) => l.msg === "request");
    for (const id of ids)
      expect(
        requestLines.filter((l) => l.reqId === id),
        id,
      ).toHaveLength(1);
    // One line for each request counted, and the /metrics read itself.
    expect(requestLines).toHaveLength(counted + 1);
  });

  it("names each request of a burst by its own page, although pages start a few per turn", async () => {
    const { server, lines } = await site("own-route");
    const paths = ["/", "/blogs", "/destinations", "/about", "/no-such-page"];
    // Each page alone first: the route its line names when nothing else runs.
    const alone = new Map<string, string>();
    for (const path of paths) {
      const answer = await fetch(`${server.url}${path}`);
      await answer.arrayBuffer();
      alone.set(answer.headers.get("x-request-id") ?? "", path);
    }
    const burst = await Promise.all(
      Array.from({ length: 100 }, async (_, i) => {
        const path = paths[i % paths.length] ?? "/";
        const answer = await fetch(`${server.url}${path}`);
        await answer.arrayBuffer();
        return { id: answer.headers.get("x-request-id") ?? "", path };
      }),
    );
    expect(await stopAndDrain(server)).toBe(0);

    const routeOf = new Map(
      lines()
        .filter((l) => l.msg === "request")
        .map((l) => [String(l.reqId), String(l.route)]),
    );
    const expected = new Map([...alone].map(([id, path]) => [path, routeOf.get(id)]));
    expect(new Set(expected.values()).size, "five pages, five routes").toBe(paths.length);
    expect(burst.map(({ id }) => routeOf.get(id))).toEqual(burst.map(({ path }) => expected.get(path)));
  });

  it("writes only answers of 500 or more with LOG_REQUESTS=errors, none with none, and counts every one", async () => {
    for (const choice of ["errors", "none"] as const) {
      const { server, lines } = await site(`choice-${choice}`, { LOG_REQUESTS: choice });
      for (const path of ["/", "/blogs", "/no-such-page"])
        await (await fetch(`${server.url}${path}`)).arrayBuffer();
      const before = await requestsCounted(server.url);
      await (await fetch(`${server.url}/blogs`)).arrayBuffer();
      expect(await requestsCounted(server.url)).toBe(before + 2);
      // A page that fails: the blogs table renamed behind the server's back.
      const db = new DatabaseSync(join(dir.path, `choice-${choice}.db`));
      db.exec("alter table blogs rename to blogs_gone");
      db.close();
      const failed = await fetch(`${server.url}/blogs/kyoto-in-the-rain`);
      await failed.arrayBuffer();
      expect(failed.status).toBe(500);
      expect(await stopAndDrain(server)).toBe(0);
      expect(lines().filter((l) => l.msg === "request")).toEqual(
        choice === "errors"
          ? [expect.objectContaining({ reqId: failed.headers.get("x-request-id"), status: 500 })]
          : [],
      );
      // Other lines are not request lines: the start is still said.
      expect(lines().some((l) => String(l.msg).startsWith("Wanderplate listening"))).toBe(true);
    }
  });
});
