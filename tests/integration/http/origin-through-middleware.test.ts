/**
 * The CSRF Origin check as the built server applies it (app/server/http/app.server.ts, before any
 * action runs), not the function alone: the scheme it compares is the one Express derives from a
 * trusted proxy's X-Forwarded-Proto (TRUST_PROXY, loopback by default; the test client is on this
 * machine). An https request with an `http://` Origin of its own host is a page anyone on the
 * network could write: refused. The same request with the `https://` Origin is the site itself:
 * the login action runs and signs in (a Secure cookie: the server did see https).
 *
 * The check reads no database, so one engine (SQLite) is enough here.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessionCookie } from "#app/server/http/cookies.server.ts";
import { ensureBuilt, type RunningServer, startServer } from "#tests/support/server-process.ts";

const HOST = "blog.example.test";
const ADMIN = { email: "origin-owner@example.com", password: "origin owner's long passphrase" };

let dir = "";
let server: RunningServer | undefined;

beforeAll(async () => {
  ensureBuilt();
  dir = await mkdtemp(join(tmpdir(), "wanderplate-origin-"));
  server = await startServer({
    DATABASE_URL: `file:${join(dir, "site.db")}`,
    UPLOADS_DIR: join(dir, "uploads"),
    SAMPLE_CONTENT: "false",
    TRUST_PROXY: "loopback",
    PUBLIC_URL: "",
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
  });
}, 120_000);

afterAll(async () => {
  await server?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

interface Answer {
  status: number;
  location: string | undefined;
  setCookie: string[];
  body: string;
}

/** A sign-in POST with exactly these headers (node:http: fetch would not send our Host). */
function postLogin(headers: Record<string, string>): Promise<Answer> {
  return postForm("/admin/login", ADMIN, headers);
}

function postForm(
  path: string,
  fields: Record<string, string>,
  headers: Record<string, string>,
): Promise<Answer> {
  if (!server) throw new Error("server not started");
  const { port } = new URL(server.url);
  const body = new URLSearchParams(fields).toString();
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: "127.0.0.1",
        port: Number(port),
        method: "POST",
        path,
        headers: {
          host: HOST,
          "content-type": "application/x-www-form-urlencoded",
          "content-length": String(Buffer.byteLength(body)),
          ...headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            location: res.headers.location,
            setCookie: res.headers["set-cookie"] ?? [],
            body: Buffer.concat(chunks).toString("utf8"),
          }),
        );
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

const sessionCookieOf = (answer: Answer) =>
  answer.setCookie.find((c) => c.startsWith(`${sessionCookie.name}=`));

describe("the Origin check in the server's middleware, behind a trusted TLS proxy", () => {
  it("refuses an https request whose Origin is the http spelling of its own host", async () => {
    const answer = await postLogin({ "x-forwarded-proto": "https", origin: `http://${HOST}` });
    expect(answer.status).toBe(403);
    expect(answer.body).toBe("Cross-site request refused.");
    expect(sessionCookieOf(answer)).toBeUndefined();
  });

  it("accepts the same https request with the https Origin: the action runs and signs in over https", async () => {
    const answer = await postLogin({ "x-forwarded-proto": "https", origin: `https://${HOST}` });
    expect(answer.status).toBe(302);
    expect(answer.location).toBe("/admin/dashboard");
    expect(sessionCookieOf(answer)).toMatch(
      new RegExp(`^${sessionCookie.name}=[A-Za-z0-9_-]{43}; .*; Secure; `),
    );
  });

  it("over plain http the http Origin is the site's own: accepted (the refusal above is the scheme's)", async () => {
    const answer = await postLogin({ origin: `http://${HOST}` });
    expect(answer.status).toBe(302);
    expect(answer.location).toBe("/admin/dashboard");
    const cookie = sessionCookieOf(answer);
    expect(cookie).toMatch(new RegExp(`^${sessionCookie.name}=`));
    expect(cookie).not.toContain("Secure");
  });

  it("refuses another site's Origin, whatever the scheme", async () => {
    for (const origin of ["https://evil.example", "http://evil.example", `https://${HOST}.evil.example`]) {
      const answer = await postLogin({ "x-forwarded-proto": "https", origin });
      expect(answer.status, origin).toBe(403);
      expect(sessionCookieOf(answer), origin).toBeUndefined();
    }
  });
});

describe("the one-click unsubscribe (RFC 8058)", () => {
  it("is not refused for a foreign Origin: a mail program posts from elsewhere, and the token is the credential", async () => {
    const oneClick = { "List-Unsubscribe": "One-Click" };
    const answer = await postForm("/unsubscribe?token=forged-token", oneClick, {
      origin: "https://mail.example",
    });
    // Past the Origin check, the action ran: an unknown token changes nothing.
    expect(answer.status).toBe(404);
    expect(answer.body).toContain("This unsubscribe link is not valid.");
    // Any other path keeps the check.
    const other = await postForm("/unsubscribe/x?token=forged-token", oneClick, {
      origin: "https://mail.example",
    });
    expect(other.status).toBe(403);
  });
});
