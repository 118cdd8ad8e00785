import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { sessionCookie } from "#app/server/http/cookies.server.ts";
import { createLog } from "./log.server.ts";
import { isLocalClient, mayReadMetrics, sameSecret } from "./metrics-access.server.ts";
import {
  acceptedRequestId,
  currentRequest,
  newRequestId,
  requests,
  routeLabel,
  setRoute,
} from "./request.server.ts";

describe("route labels", () => {
  it("writes React Router patterns as paths, so the index and nested routes read alike", () => {
    expect(routeLabel("")).toBe("/");
    expect(routeLabel("/")).toBe("/");
    expect(routeLabel("blogs/:slug")).toBe("/blogs/:slug");
    expect(routeLabel("admin/dashboard")).toBe("/admin/dashboard");
    expect(routeLabel("*")).toBe("/*");
  });

  it("names the route of the request in scope, and of no other", () => {
    const record = { id: "a", start: 0, route: "unmatched" };
    requests.run(record, () => {
      setRoute("/blogs/:slug");
      expect(currentRequest()?.route).toBe("/blogs/:slug");
    });
    setRoute("/elsewhere");
    expect(record.route).toBe("/blogs/:slug");
    expect(currentRequest()).toBeUndefined();
  });
});

describe("request ids", () => {
  it("makes ids of 22 base64url characters, none twice, across refills of their pool", () => {
    // A pool holds about 2,000 ids: this crosses several refills.
    const ids = Array.from({ length: 10_000 }, newRequestId);
    for (const id of ids) expect(id).toMatch(/^[\w-]{22}$/);
    expect(new Set(ids).size).toBe(ids.length);
    // Its own ids are ones a trusted proxy's would be accepted as (log lines quote them unescaped).
    expect(acceptedRequestId(ids[0], true)).toBe(ids[0]);
  });
});

describe("incoming request ids", () => {
  it("keeps a short plain token from a trusted proxy", () => {
    expect(acceptedRequestId("f3a1c2d4-0000-4000-8000-1234567890ab", true)).toBe(
      "f3a1c2d4-0000-4000-8000-1234567890ab",
    );
    expect(acceptedRequestId("nginx.req_42:a", true)).toBe("nginx.req_42:a");
  });

  it("ignores it from anyone else, and anything long, empty, repeated or with markup", () => {
    expect(acceptedRequestId("abc", false)).toBeUndefined();
    expect(acceptedRequestId(undefined, true)).toBeUndefined();
    expect(acceptedRequestId("", true)).toBeUndefined();
    expect(acceptedRequestId("x".repeat(65), true)).toBeUndefined();
    expect(acceptedRequestId("<script>", true)).toBeUndefined();
    expect(acceptedRequestId("a b", true)).toBeUndefined();
    expect(acceptedRequestId('a"}\n{"level":60', true)).toBeUndefined();
    expect(acceptedRequestId(["a", "b"], true)).toBeUndefined();
  });
});

/** A logger at `level` whose lines land in the array returned. */
function capture(level: "info" | "debug" = "info") {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split("\n").filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { log: createLog(level, stream), lines };
}

describe("log lines", () => {
  it("redacts secrets wherever a call puts them", () => {
    const { log, lines } = capture();
    log.info(
      {
        password: "hunter2-password",
        token: "reset-token-value",
        headers: {
          cookie: `${sessionCookie.name}=abc123`,
          authorization: "Bearer s3cret",
          "set-cookie": `${sessionCookie.name}=x`,
        },
        req: {
          headers: { cookie: `${sessionCookie.name}=def456`, authorization: "Basic Zm9vOmJhcg==" },
          body: "a=b",
        },
        account: { email: "a@example.com", password: "nested-password" },
        form: "email=a&password=plain",
      },
      "something",
    );
    const text = JSON.stringify(lines);
    for (const secret of [
      "hunter2-password",
      "reset-token-value",
      "abc123",
      "s3cret",
      "def456",
      "Zm9vOmJhcg",
      "nested-password",
      "password=plain",
      "a=b",
    ]) {
      expect(text).not.toContain(secret);
    }
    expect(text).toContain("a@example.com");
    expect(lines[0]?.password).toBe("[redacted]");
  });

  it("writes a Fetch Request or Response as what it is, without throwing or writing its headers", () => {
    const { log, lines } = capture();
    const outage = new Response("We'll be right back", {
      status: 503,
      headers: { "set-cookie": `${sessionCookie.name}=response-secret` },
    });
    const request = new Request("http://127.0.0.1/admin", {
      headers: { cookie: `${sessionCookie.name}=request-secret` },
    });
    expect(() => log.error({ err: outage, request, route: "/" }, "request failed")).not.toThrow();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      err: { type: "Response", status: 503 },
      request: { type: "Request", method: "GET" },
      route: "/",
      msg: "request failed",
    });
    expect(JSON.stringify(lines)).not.toContain("secret");
  });

  it("names the request in scope on every line written while it is answered", () => {
    const { log, lines } = capture();
    requests.run({ id: "req-7", start: 0, route: "/" }, () => log.warn("inside"));
    log.warn("outside");
    expect(lines.map((l) => [l.msg, l.reqId])).toEqual([
      ["inside", "req-7"],
      ["outside", undefined],
    ]);
  });

  it("keeps the request line's own id over the one in scope", () => {
    const { log, lines } = capture();
    requests.run({ id: "other", start: 0, route: "/" }, () => log.info({ reqId: "mine" }, "request"));
    expect(lines[0]?.reqId).toBe("mine");
  });

  it("writes nothing below its level", () => {
    const { log, lines } = capture("info");
    log.debug("hidden");
    expect(lines).toEqual([]);
  });
});

describe("who may read /metrics", () => {
  const TOKEN = "0123456789abcdef-metrics";

  it("this machine, when no forwarding header names anyone else", () => {
    expect(isLocalClient("127.0.0.1", {})).toBe(true);
    expect(isLocalClient("::1", {})).toBe(true);
    expect(isLocalClient("::ffff:127.0.0.1", {})).toBe(true);
    expect(isLocalClient("127.0.0.1", { "x-forwarded-for": "127.0.0.1, ::1" })).toBe(true);
  });

  it("not a client elsewhere, even when a local proxy makes it arrive from 127.0.0.1", () => {
    expect(isLocalClient("203.0.113.9", {})).toBe(false);
    expect(isLocalClient("10.0.0.2", {})).toBe(false);
    expect(isLocalClient(undefined, {})).toBe(false);
    expect(isLocalClient("127.0.0.1", { "x-forwarded-for": "203.0.113.9" })).toBe(false);
    expect(isLocalClient("127.0.0.1", { "x-forwarded-for": "127.0.0.1, 203.0.113.9" })).toBe(false);
    expect(isLocalClient("127.0.0.1", { "x-forwarded-for": "not-an-address" })).toBe(false);
    expect(isLocalClient("127.0.0.1", { "x-real-ip": "198.51.100.4" })).toBe(false);
    expect(isLocalClient("127.0.0.1", { forwarded: "for=127.0.0.1" })).toBe(false);
  });

  it("a bearer of the token from anywhere; a wrong or unexpected token from nowhere", () => {
    const bearer = (value: string) => ({ authorization: `Bearer ${value}` });
    expect(mayReadMetrics({ ip: "203.0.113.9", headers: bearer(TOKEN), token: TOKEN })).toBe(true);
    expect(mayReadMetrics({ ip: "127.0.0.1", headers: bearer(`${TOKEN}x`), token: TOKEN })).toBe(false);
    expect(mayReadMetrics({ ip: "127.0.0.1", headers: bearer(TOKEN), token: undefined })).toBe(false);
    expect(mayReadMetrics({ ip: "127.0.0.1", headers: { authorization: TOKEN }, token: TOKEN })).toBe(false);
    expect(mayReadMetrics({ ip: "127.0.0.1", headers: {}, token: TOKEN })).toBe(true);
    expect(mayReadMetrics({ ip: "203.0.113.9", headers: {}, token: TOKEN })).toBe(false);
  });

  it("compares secrets whole, whatever their lengths", () => {
    expect(sameSecret("abc", "abc")).toBe(true);
    expect(sameSecret("abc", "abcd")).toBe(false);
    expect(sameSecret("", "abc")).toBe(false);
  });
});
