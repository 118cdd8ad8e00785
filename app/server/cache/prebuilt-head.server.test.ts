import { createServer, type Server, ServerResponse } from "node:http";
import { connect } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { type PrebuiltHead, prebuildHead, sameAsNode, setPrebuiltHead } from "./prebuilt-head.server.ts";

const body = Buffer.from("<!doctype html><p>twelve</p>");
const fields = [
  "content-type",
  "text/html; charset=utf-8",
  "content-security-policy",
  `default-src 'self'; script-src 'self' ${"'sha256-abc' ".repeat(20)}`,
  "etag",
  'W/"abc"',
  "content-length",
  String(body.length),
];
const head: PrebuiltHead = prebuildHead(200, fields);
const notModifiedFields = fields.slice(0, 6);
const notModified: PrebuiltHead = prebuildHead(304, notModifiedFields);

/** How each request was answered: "ours" when the prebuilt head was set, "node" when it fell back. */
let answeredBy: string[] = [];
let server: Server | undefined;

async function stop() {
  server?.closeAllConnections();
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  server = undefined;
  answeredBy = [];
}

afterEach(stop);

/** A server answering /node with writeHead and anything else with the prebuilt head. */
async function start(options: { keepAliveTimeout?: number; maxRequestsPerSocket?: number } = {}) {
  server = createServer((req, res) => {
    if (req.url === "/set-before") res.setHeader("x-early", "1");
    if (req.url === "/wrapped")
      res.writeHead = ((...a: Parameters<ServerResponse["writeHead"]>) =>
        ServerResponse.prototype.writeHead.apply(res, a)) as ServerResponse["writeHead"];
    const own = ["x-cache", "HIT", "x-request-id", "id-1"];
    // /304-node and /304-ours: the answer to a matching If-None-Match.
    const [status, answerHead, answerFields] = req.url?.startsWith("/304")
      ? [304, notModified, notModifiedFields]
      : [200, head, fields];
    if (req.url?.endsWith("node") || !setPrebuiltHead(res, answerHead, own)) {
      answeredBy.push("node");
      res.writeHead(status, [...answerFields, ...own]);
    } else answeredBy.push("ours");
    res.end(status === 304 ? undefined : body);
  });
  if (options.keepAliveTimeout !== undefined) server.keepAliveTimeout = options.keepAliveTimeout;
  if (options.maxRequestsPerSocket !== undefined) server.maxRequestsPerSocket = options.maxRequestsPerSocket;
  await new Promise<void>((resolve) => server?.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (address === null || typeof address === "string") throw new Error("no port");
  return address.port;
}

/** Sends raw request texts on one connection, one after the other; answers what came back, and whether the server closed. */
async function exchange(port: number, requests: string[]): Promise<{ answers: string[]; closed: boolean }> {
  const socket = connect(port, "127.0.0.1");
  let received = "";
  let closed = false;
  socket.on("data", (chunk) => {
    received += chunk.toString("latin1");
  });
  socket.on("end", () => {
    closed = true;
  });
  const answers: string[] = [];
  for (const request of requests) {
    socket.write(request);
    const expected = answers.join("").length;
    // An answer is complete when its head and a body of its Content-Length (or none, for a HEAD) are in.
    await waitFor(() => {
      const rest = received.slice(expected);
      const end = rest.indexOf("\r\n\r\n");
      if (end < 0) return false;
      const length = request.startsWith("HEAD") ? 0 : Number(/content-length: (\d+)/i.exec(rest)?.[1] ?? 0);
      return rest.length >= end + 4 + length;
    });
    const rest = received.slice(expected);
    const end = rest.indexOf("\r\n\r\n") + 4;
    const length = request.startsWith("HEAD") ? 0 : Number(/content-length: (\d+)/i.exec(rest)?.[1] ?? 0);
    answers.push(rest.slice(0, end + length));
  }
  // Whether the server ends the connection after the last answer (it would within a moment).
  await waitFor(() => closed, 20).catch(() => undefined);
  socket.destroy();
  return { answers, closed };
}

async function waitFor(done: () => boolean, tries = 400) {
  for (let i = 0; i < tries && !done(); i++) await new Promise((resolve) => setTimeout(resolve, 5));
  if (!done()) throw new Error("no complete answer");
}

/** A response to an HTTP/1.1 GET, with no server or socket behind it. */
const responseToGet = () =>
  new ServerResponse(
    Object.assign(Object.create(null), {
      method: "GET",
      httpVersionMajor: 1,
      httpVersionMinor: 1,
      headers: {},
    }),
  );

const get = (path: string, extra = "") => `GET ${path} HTTP/1.1\r\nHost: x\r\n${extra}\r\n`;
const withoutDate = (answer: string) => answer.replace(/\r\nDate: [^\r]*/, "\r\nDate: -");

describe("a prebuilt head", () => {
  it("is, byte for byte, the head writeHead writes for the same fields", async () => {
    for (const options of [
      {},
      { keepAliveTimeout: 65_000, maxRequestsPerSocket: 100 },
      { keepAliveTimeout: 0 },
    ]) {
      const port = await start(options);
      const { answers } = await exchange(port, [
        get("/node"),
        get("/ours"),
        get("/304-node"),
        get("/304-ours"),
      ]);
      expect(answeredBy).toEqual(["node", "ours", "node", "ours"]);
      expect(withoutDate(answers[1] ?? "")).toBe(withoutDate(answers[0] ?? ""));
      expect(withoutDate(answers[3] ?? "")).toBe(withoutDate(answers[2] ?? ""));
      expect(answers[3]).toMatch(/^HTTP\/1\.1 304 Not Modified\r\n[\s\S]*\r\n\r\n$/);
      expect(answers[3]).not.toMatch(/content-length|transfer-encoding/i);
      expect(answers[1]).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
      expect(answers[1]).toContain("\r\nx-request-id: id-1\r\nDate: ");
      expect(answers[1]?.endsWith(`\r\n\r\n${body}`)).toBe(true);
      await stop();
    }
  });

  it("keeps the connection for the next request", async () => {
    const port = await start();
    const { answers, closed } = await exchange(port, [get("/a"), get("/b"), get("/c")]);
    expect(answeredBy).toEqual(["ours", "ours", "ours"]);
    expect(answers.map((a) => a.split("\r\n")[0])).toEqual(Array(3).fill("HTTP/1.1 200 OK"));
    expect(closed).toBe(false);
  });

  it("is left to writeHead wherever Node words the head otherwise", async () => {
    const port = await start({ maxRequestsPerSocket: 2 });
    // The connection's last allowed request: Node says Connection: close.
    const last = await exchange(port, [get("/a"), get("/b")]);
    expect(answeredBy).toEqual(["ours", "node"]);
    expect(last.answers[1]).toContain("\r\nConnection: close\r\n");

    for (const [request, says] of [
      [get("/a", "Connection: close\r\n"), "Connection: close"],
      ["GET /a HTTP/1.0\r\nHost: x\r\n\r\n", "Connection: close"],
      [get("/set-before"), "x-early: 1"],
      [get("/wrapped"), "x-request-id: id-1"],
    ] as const) {
      answeredBy = [];
      const { answers } = await exchange(port, [request]);
      expect(answeredBy).toEqual(["node"]);
      expect(answers[0]).toContain(says);
    }
    answeredBy = [];
    const head = await exchange(port, [`HEAD /a HTTP/1.1\r\nHost: x\r\n\r\n`]);
    expect(answeredBy).toEqual(["node"]);
    expect(head.answers[0]?.endsWith("\r\n\r\n")).toBe(true);
  });

  it("refuses a value writeHead would refuse, and so does its making", async () => {
    expect(() => prebuildHead(200, ["x-bad", "a\r\nb"])).toThrow(
      expect.objectContaining({ code: "ERR_INVALID_CHAR" }),
    );
    expect(() => prebuildHead(200, ["bad name", "a"])).toThrow(
      expect.objectContaining({ code: "ERR_INVALID_HTTP_TOKEN" }),
    );
    const response = responseToGet();
    expect(() => setPrebuiltHead(response, head, ["x-request-id", "a\nb"])).toThrow(
      expect.objectContaining({ code: "ERR_INVALID_CHAR" }),
    );
  });

  it("is left to writeHead for a 204 and an informational status", () => {
    for (const status of [204, 103]) {
      const response = responseToGet();
      expect(setPrebuiltHead(response, prebuildHead(status, ["etag", 'W/"abc"']), [])).toBe(false);
      expect(response.headersSent).toBe(false);
    }
  });

  it("is checked against this Node's own writeHead, and would be found out if Node wrote heads otherwise", () => {
    expect(sameAsNode()).toBe(true);
    const proto = ServerResponse.prototype as unknown as {
      _storeHeader: (this: { _header: string }, ...a: unknown[]) => void;
    };
    const storeHeader = proto._storeHeader;
    proto._storeHeader = function (this: { _header: string }, ...args: unknown[]) {
      storeHeader.apply(this, args);
      this._header = this._header.replace("\r\n\r\n", "\r\nX-New-In-Node: 1\r\n\r\n");
    };
    try {
      expect(sameAsNode()).toBe(false);
    } finally {
      proto._storeHeader = storeHeader;
    }
  });
});
