/**
 * server.ts as an operator meets it: HSTS only for an https site, and a stop (SIGTERM) that lets a
 * request in progress finish, answers those already sent on connections it has not read yet, lets
 * keep-alive clients go at once, and says so in its exit code when it had to give up.
 */
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { Agent, createServer as createHttpServer, get as httpGet } from "node:http";
import { type AddressInfo, connect, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureBuilt, type RunningServer, startServer } from "#tests/support/server-process.ts";
import { isValidHost } from "../../../server.ts";

let dir: string;
beforeAll(async () => {
  ensureBuilt();
  dir = await mkdtemp(join(tmpdir(), "wanderplate-entry-"));
}, 120_000);
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

const serverWith = (
  name: string,
  env: Record<string, string> = {},
  options: Parameters<typeof startServer>[1] = {},
) =>
  startServer(
    {
      DATABASE_URL: `file:${join(dir, `${name}.db`)}`,
      UPLOADS_DIR: join(dir, "uploads"),
      SAMPLE_CONTENT: "false",
      BUILD_DIR: "build",
      ...env,
    },
    options,
  );

function exitOf(server: RunningServer): Promise<number | null> {
  const child = server.process;
  if (child.exitCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once("exit", (code) => resolve(code)));
}

/** Opens a connection and starts a POST whose body is not all there yet. */
function startSlowPost(
  url: string,
  path = "/contact",
): Promise<{ socket: Socket; finish(): void; answer: Promise<string>; received(): string }> {
  const { port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), "127.0.0.1", () => {
      const body = "name=Ana&email=ana%40example.com&comment=Hello";
      socket.write(
        `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 10)}`,
      );
      const chunks: Buffer[] = [];
      const answer = new Promise<string>((done) => {
        socket.on("data", (c: Buffer) => chunks.push(c));
        socket.on("close", () => done(Buffer.concat(chunks).toString("utf8")));
      });
      resolve({
        socket,
        finish: () => socket.write(body.slice(10)),
        answer,
        received: () => Buffer.concat(chunks).toString("utf8"),
      });
    });
    socket.on("error", reject);
  });
}

describe("HTTP entry", () => {
  it("sends HSTS only when PUBLIC_URL is https", async () => {
    const https = await serverWith("hsts", { PUBLIC_URL: "https://blog.example.test" });
    const plain = await serverWith("plain");
    try {
      for (const path of ["/", "/", "/healthz", "/admin/login"]) {
        const hsts = (await fetch(`${https.url}${path}`)).headers.get("strict-transport-security");
        expect(hsts, path).toMatch(/^max-age=\d{7,}/);
        expect((await fetch(`${plain.url}${path}`)).headers.get("strict-transport-security")).toBeNull();
      }
    } finally {
      await Promise.all([https.stop(), plain.stop()]);
    }
  });

  it("renders with React's production build when NODE_ENV is not set (its documented default)", async () => {
    // What the server process ran, written as it exits: the CommonJS modules of React it evaluated.
    // (The cache also holds files never run: to import React's index.js, Node reads the re-exports
    // of both its branches, production and development, for their names.)
    const loaded = join(dir, "react-modules.json");
    const probe = join(dir, "react-probe.mjs");
    const reactFile = String.raw`/[\\/]react(-dom)?[\\/]/`;
    await writeFile(
      probe,
      `import { createRequire } from "node:module";
import { writeFileSync } from "node:fs";
const { cache } = createRequire(import.meta.url);
process.on("exit", () => {
  const ran = Object.entries(cache).filter(([path, module]) => module?.loaded && ${reactFile}.test(path));
  writeFileSync(${JSON.stringify(loaded)}, JSON.stringify(ran.map(([path]) => path)));
});
`,
    );
    // NODE_ENV empty is NODE_ENV unset for the config (blank is unset) and for React (not "production").
    const server = await serverWith("mode", {
      NODE_ENV: "",
      NODE_OPTIONS: `--import=${pathToFileURL(probe).href}`,
      RESPONSE_CACHE: "false",
      SAMPLE_CONTENT: "true",
    });
    try {
      expect((await fetch(`${server.url}/blogs/kyoto-in-the-rain`)).status).toBe(200);
    } finally {
      await server.stop();
    }
    const modules = JSON.parse(await readFile(loaded, "utf8")) as string[];
    expect(modules.some((path) => /react-dom-server\.node\.production/.test(path))).toBe(true);
    expect(modules.filter((path) => /development/.test(path))).toEqual([]);
  });

  it("exits with one line that says so when its port is taken", async () => {
    // Another program on the port: it answers, but never as a healthy Wanderplate.
    const occupant = createHttpServer((_req, res) => res.writeHead(503).end());
    await new Promise<void>((resolve) => occupant.listen(0, "127.0.0.1", resolve));
    const { port } = occupant.address() as AddressInfo;
    let output = "";
    try {
      const start = serverWith(
        "port-taken",
        { PORT: String(port) },
        { stdout: (chunk) => (output += chunk) },
      );
      // It was Node's stack of an unhandled `error` event (EADDRINUSE), on standard error.
      const failure = await start.then(
        () => new Error("started on a taken port"),
        (error: Error) => error,
      );
      expect(failure.message).toMatch(/^server exited \(1\)/);
      expect(failure.message).not.toContain("Unhandled 'error' event");
      const fatal = output.split("\n").filter((line) => line.includes('"level":60'));
      expect(fatal).toHaveLength(1);
      expect(fatal[0]).toContain(`Cannot start: 127.0.0.1:${port} is already in use`);
    } finally {
      await new Promise((resolve) => occupant.close(resolve));
    }
  });

  it("exits with one line that says so when UPLOADS_DIR is not a folder it can write", async () => {
    const file = join(dir, "a-file-not-a-folder");
    await writeFile(file, "");
    let output = "";
    // With the sample content, it was the first image's StorageError, twice, with their stacks.
    const start = serverWith(
      "uploads-file",
      { UPLOADS_DIR: file, SAMPLE_CONTENT: "true" },
      { stdout: (chunk) => (output += chunk) },
    );
    await expect(start).rejects.toThrow(/^server exited \(1\)/);
    const fatal = output.split("\n").filter((line) => line.includes('"level":60'));
    expect(fatal).toHaveLength(1);
    expect(fatal[0]).toContain(
      `Cannot start: UPLOADS_DIR (${file}) is not a folder this user can write (EEXIST)`,
    );
    expect(output.split("\n").filter((line) => line.includes('"level":50'))).toEqual([]);
  });

  it("answers 408 to a body slower than 1 KB a second over BODY_TIMEOUT_MS; a steady one goes on", async () => {
    const server = await serverWith("slow-body", { BODY_TIMEOUT_MS: "1000" });
    const { port } = new URL(server.url);
    try {
      // It was held open for Node's requestTimeout, 30 minutes.
      const slow = await startSlowPost(server.url);
      const answer = await slow.answer;
      expect(answer).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
      expect(answer.toLowerCase()).toContain("connection: close");
      expect(answer).toContain("The request took too long to arrive.");

      // Answered without being read (the import's upload refuses a stranger at once): Node would
      // drain what keeps trickling in for those 30 minutes; the next check closes it.
      const drained = await startSlowPost(server.url, "/admin/import/upload");
      expect(await drained.answer).toMatch(/^HTTP\/1\.1 (?!408)\d{3} /);

      // 12 KB at 5 KB a second: longer than the window, but a real rate (a phone's upload).
      const body = `name=Ana&email=ana%40example.com&message=${"a".repeat(12 * 1024)}`;
      const steady = connect(Number(port), "127.0.0.1");
      const received: Buffer[] = [];
      steady.on("data", (chunk: Buffer) => received.push(chunk));
      await new Promise((resolve) => steady.once("connect", resolve));
      steady.write(
        `POST /contact HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${body.length}\r\n\r\n`,
      );
      for (let at = 0; at < body.length; at += 2048) {
        steady.write(body.slice(at, at + 2048));
        await new Promise((resolve) => setTimeout(resolve, 400));
      }
      await expect.poll(() => Buffer.concat(received).toString("utf8")).toMatch(/^HTTP\/1\.1 \d{3} /);
      expect(Buffer.concat(received).toString("utf8")).not.toMatch(/^HTTP\/1\.1 408 /);
      expect(steady.destroyed).toBe(false);
      steady.destroy();
    } finally {
      await server.stop();
    }
  });

  it("sends a rendered page whole, with its length (no chunked framing)", async () => {
    // Rendered, not served from the cache: the document's bytes go out as entry.server.tsx made them.
    const server = await serverWith("length", { RESPONSE_CACHE: "false", SAMPLE_CONTENT: "true" });
    try {
      for (const path of ["/", "/blogs", "/blogs/kyoto-in-the-rain", "/no-such-page"]) {
        const answer = await new Promise<{ headers: Record<string, unknown>; body: Buffer }>(
          (resolve, reject) => {
            httpGet(`${server.url}${path}`, (res) => {
              const chunks: Buffer[] = [];
              res.on("data", (c: Buffer) => chunks.push(c));
              res.on("end", () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
            }).on("error", reject);
          },
        );
        expect(answer.body.toString("utf8"), path).toContain("</html>");
        expect(answer.headers["transfer-encoding"], path).toBeUndefined();
        expect(Number(answer.headers["content-length"]), path).toBe(answer.body.length);
      }
    } finally {
      await server.stop();
    }
  });

  it("on SIGTERM under keep-alive load, lets the clients go at once and exits 0", async () => {
    const server = await serverWith("stop");
    // One client sending requests back to back on one keep-alive connection, as under load: the
    // connection is never idle, so closing only idle connections would wait for the fallback.
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const { port } = new URL(server.url);
    let answered = 0;
    let running = true;
    const load = (async () => {
      while (running) {
        const ok = await new Promise<boolean>((resolve) => {
          const req = httpGet({ host: "127.0.0.1", port, path: "/healthz", agent }, (res) => {
            res.resume();
            res.on("end", () => resolve(true));
          });
          req.on("error", () => resolve(false));
        });
        if (!ok) return;
        answered++;
      }
    })();
    while (answered < 20) await new Promise((r) => setTimeout(r, 10));
    server.process.kill("SIGTERM");
    // Well before the 5 s fallback (which would also exit 1).
    const exited = await Promise.race([
      exitOf(server),
      new Promise((r) => setTimeout(() => r("still running"), 4000)),
    ]);
    running = false;
    await load;
    agent.destroy();
    expect(exited).toBe(0);
  });

  it("on SIGTERM, answers the requests already sent on new connections instead of resetting them", async () => {
    const server = await serverWith("sent");
    const { port } = new URL(server.url);
    const pid = server.process.pid as number;
    // The server is held still while clients connect and send (the kernel completes connections
    // for it), then gets SIGTERM and goes on: the stop and those requests arrive together, as when
    // a busy server is stopped. Sent before the stop, they are owed an answer.
    process.kill(pid, "SIGSTOP");
    const answers: Promise<string>[] = [];
    try {
      const sent = Array.from(
        { length: 5 },
        () =>
          new Promise<void>((resolve, reject) => {
            const socket = connect(Number(port), "127.0.0.1", () => {
              socket.write(`GET /healthz HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`, () => resolve());
            });
            const chunks: Buffer[] = [];
            socket.on("data", (c: Buffer) => chunks.push(c));
            socket.on("error", () => undefined);
            answers.push(
              new Promise((done) => socket.on("close", () => done(Buffer.concat(chunks).toString("utf8")))),
            );
            socket.on("error", reject);
          }),
      );
      await Promise.all(sent);
      process.kill(pid, "SIGTERM");
    } finally {
      process.kill(pid, "SIGCONT");
    }
    const received = await Promise.all(answers);
    expect(received.map((r) => r.split("\r\n")[0])).toEqual(Array(5).fill("HTTP/1.1 200 OK"));
    for (const r of received) expect(r.toLowerCase()).toContain("connection: close");
    expect(await exitOf(server)).toBe(0);
  });

  it("a second signal during a stop does not cut it short: the request in progress is answered", async () => {
    const server = await serverWith("twice");
    const post = await startSlowPost(server.url);
    await new Promise((r) => setTimeout(r, 200));
    server.process.kill("SIGTERM");
    await new Promise((r) => setTimeout(r, 50));
    // systemd's stop and a Ctrl-C, say, or a process manager that sends both.
    server.process.kill("SIGINT");
    await new Promise((r) => setTimeout(r, 300));
    post.finish();
    expect(await post.answer).toMatch(/^HTTP\/1\.1 \d{3} /);
    expect(await exitOf(server)).toBe(0);
  });

  it("exits 1 when a request is still unfinished after the grace period", async () => {
    const server = await serverWith("stuck");
    const post = await startSlowPost(server.url);
    await new Promise((r) => setTimeout(r, 200));
    server.process.kill("SIGTERM");
    expect(await exitOf(server)).toBe(1);
    post.socket.destroy();
  }, 20_000);

  it("accepts host names and addresses as Host, and nothing else", () => {
    for (const ok of [
      "example.com",
      "example.com:8080",
      "127.0.0.1:3000",
      "[::1]:3000",
      "xn--bcher-kva.example",
    ])
      expect(isValidHost(ok), ok).toBe(true);
    for (const bad of [
      "bad host",
      "a/b",
      "[::1",
      "example.com:99999",
      "user@example.com",
      "a?b",
      "x".repeat(300),
    ])
      expect(isValidHost(bad), bad).toBe(false);
    expect(isValidHost(undefined)).toBe(true);
    expect(isValidHost(undefined, { required: true })).toBe(false);
    expect(isValidHost("", { required: true })).toBe(false);
  });
});
