/**
 * An error that reaches Express (not React Router's error page) is answered in plain text with the
 * request's id, the same as its X-Request-Id and its log line; client errors keep Express's answer.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { inRequestScope, observeRequests, sendRequestId } from "#app/server/telemetry/http.server.ts";
import { log, requestLog } from "#app/server/telemetry/log.server.ts";
import { serverError } from "../../../server.ts";

let server: Server;
let url: string;
const logged = vi.spyOn(log, "error").mockImplementation(() => {});
/** The request lines go through a logger of their own (no redaction: their fields are fixed). */
const requestLogged = vi.spyOn(requestLog, "error").mockImplementation(() => {});

beforeAll(async () => {
  const app = express();
  app.get("/boom", (_req, _res, next) => next(new Error("the disk said no")));
  app.get("/unavailable", (_req, _res, next) => next(Object.assign(new Error("later"), { status: 503 })));
  app.get("/bad", (_req, _res, next) => next(Object.assign(new Error("bad"), { status: 400 })));
  app.use(serverError);
  const observe = observeRequests(() => false);
  const handle = (req: IncomingMessage, res: ServerResponse) => {
    sendRequestId(res);
    app(req, res);
  };
  server = createServer((req, res) => inRequestScope(observe(req, res), handle, req, res));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

it("answers a 5xx in plain text with the id to quote, and logs the error under that id", async () => {
  const answer = await fetch(`${url}/boom`);
  const id = answer.headers.get("x-request-id");
  expect(answer.status).toBe(500);
  expect(answer.headers.get("content-type")).toMatch(/^text\/plain/);
  expect(await answer.text()).toBe(`Internal Server Error\nReference: ${id}\n`);
  const failure = logged.mock.calls.find((call) => call[1] === "request failed");
  expect(String((failure?.[0] as { err?: Error })?.err)).toContain("the disk said no");
  await vi.waitFor(() =>
    expect(requestLogged.mock.calls.some((call) => (call[0] as { reqId?: string })?.reqId === id)).toBe(true),
  );
});

it("keeps a 503's status, and leaves client errors to Express", async () => {
  const unavailable = await fetch(`${url}/unavailable`);
  expect(unavailable.status).toBe(503);
  expect(await unavailable.text()).toMatch(/^Service Unavailable\nReference: [\w-]{22}\n$/);
  const bad = await fetch(`${url}/bad`);
  expect(bad.status).toBe(400);
  expect(await bad.text()).not.toContain("Reference");
});
