/**
 * Malformed input never becomes a 5xx, and a refused request writes nothing. Sends variants of
 * methods, cookies, path encodings, bodies and sizes to every route of the built server, signed
 * out and signed in, then checks the database's content tables are as they were.
 */
import { connect } from "node:net";
import { DatabaseSync } from "node:sqlite";
import { beforeAll, describe, expect, it } from "vitest";
import { sessionCookie, toastCookie } from "#app/server/http/cookies.server.ts";
import { startedForTests } from "#tests/support/hooks.ts";
import { adminScreens, ensureBuilt, startSampleSite } from "#tests/support/server-process.ts";

const ADMIN = { email: "fuzz@wanderplate.test", password: "malformed on purpose" };
/** Tables a refused request must leave alone (rate-limit counters and sessions may move). */
const CONTENT_TABLES = [
  "blogs",
  "blog_slug_redirects",
  "category_slug_redirects",
  "comments",
  "recipes",
  "recipe_ratings",
  "users",
  "contacts",
  "accounts",
  "site_numbers",
  "settings",
  "activity_log",
  "recovery_codes",
];

const site = startedForTests(() => {
  ensureBuilt();
  return startSampleSite("fuzz", ADMIN, { FORM_RATE_LIMIT: "100000" });
});
let routes: string[] = [];

interface Answer {
  status: number;
  /** Whatever part of the body had arrived with the headers. */
  body: string;
}

/**
 * One raw HTTP request over a socket: any method, path bytes and headers, and a body the server may
 * refuse before it has all arrived (then our writes fail while its answer is already on the way).
 */
function send(
  method: string,
  path: string,
  { headers = {}, body }: { headers?: Record<string, string>; body?: Buffer | string } = {},
): Promise<Answer> {
  const { port } = new URL(site.url);
  const payload = body === undefined ? undefined : Buffer.from(body);
  // Keep-alive, as browsers send: a server that answers before reading a body drains it then,
  // instead of closing under the client's feet (which resets the connection and loses the answer).
  const head: Record<string, string> = { host: `127.0.0.1:${port}`, ...headers };
  if (payload) head["content-length"] = String(payload.length);
  const lines = [`${method} ${path} HTTP/1.1`, ...Object.entries(head).map(([k, v]) => `${k}: ${v}`)];
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), "127.0.0.1");
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => socket.destroy(new Error(`${method} ${path} timed out`)), 20_000);
    const settle = () => {
      clearTimeout(timer);
      const text = Buffer.concat(chunks).toString("utf8");
      const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(text)?.[1] ?? 0);
      socket.destroy();
      if (!status) reject(new Error(`${method} ${path}: no answer (${text.slice(0, 80)})`));
      else resolve({ status, body: text.slice(text.indexOf("\r\n\r\n") + 4) });
    };
    socket.on("data", (c: Buffer) => {
      chunks.push(c);
      // The status line and headers are all this test reads.
      if (Buffer.concat(chunks).includes("\r\n\r\n")) settle();
    });
    socket.on("error", (error: NodeJS.ErrnoException) => {
      // The server answered and closed before taking the whole body: its answer is what counts.
      if (error.code !== "EPIPE" && error.code !== "ECONNRESET") reject(error);
    });
    socket.on("close", settle);
    socket.write(`${lines.join("\r\n")}\r\n\r\n`);
    if (payload) socket.write(payload);
  });
}

function contentSnapshot(): Record<string, string> {
  const db = new DatabaseSync(site.dbFile, { readOnly: true });
  try {
    const snapshot: Record<string, string> = {};
    for (const table of CONTENT_TABLES) {
      snapshot[table] = JSON.stringify(db.prepare(`select * from ${table} order by 1`).all());
    }
    return snapshot;
  } finally {
    db.close();
  }
}

beforeAll(async () => {
  const { cookie } = site;
  const page = async (path: string) => (await fetch(`${site.url}${path}`, { headers: { cookie } })).text();
  const blogSlug = /href="\/blogs\/([a-z0-9-]+)"/.exec(await page("/blogs"))?.[1];
  const recipeSlug = /href="\/recipes\/([a-z0-9-]+)"/.exec(await page("/recipes"))?.[1];
  expect(blogSlug && recipeSlug).toBeTruthy();
  routes = [
    "/",
    "/destinations",
    "/destinations/kyoto",
    "/destinations/santorini-greece",
    "/maps/world.svg",
    "/blogs",
    "/blogs?page=2",
    `/blogs/${blogSlug}`,
    "/blogs/category/travel",
    "/blogs/category/travel/rss.xml",
    "/recipes",
    `/recipes/${recipeSlug}`,
    `/recipes/${recipeSlug}?servings=7`,
    `/recipes/${recipeSlug}/print`,
    `/recipes/${recipeSlug}/print?images=1&servings=2`,
    "/favorites",
    "/search",
    "/search?q=kyoto",
    "/contact",
    "/signup",
    "/signup/confirm?token=x",
    "/unsubscribe?token=x",
    "/about",
    "/disclaimer",
    "/privacy-policy",
    "/terms-and-condition",
    "/no-such-page",
    "/rss.xml",
    "/sitemap.xml",
    "/sitemaps/pages.xml",
    "/sitemaps/categories.xml",
    "/sitemaps/blogs/1",
    "/robots.txt",
    "/healthz",
    "/uploads/nothing.webp",
    "/admin",
    "/admin/login",
    "/admin/login/code",
    "/admin/logout",
    "/admin/forgot-password",
    "/admin/reset-password?token=x",
    "/admin/manage-users/subscribers.csv",
    ...(await adminScreens(site.url, cookie)),
    "/admin/no-such-screen",
  ];
}, 120_000);

const SESSION = sessionCookie.name;
/**
 * The session cookie's former name: read, and moved to the new one (the device cookie's former name
 * is tried by e2e/admin-access.test.ts).
 */
const FORMER_SESSION = sessionCookie.formerName;
const TOAST = toastCookie.name;
const BAD_COOKIES = [
  `${SESSION}=%E0%A4%A`,
  `${FORMER_SESSION}=%E0%A4%A`,
  `${TOAST}=%E0%A4%A`,
  `${TOAST}=!!!not-base64!!!`,
  `${TOAST}=eyJ0eXBlIjoiZXJyb3IifQ`,
  `${SESSION}=; ${SESSION}=x; ${SESSION}`,
  `${FORMER_SESSION}=${"a".repeat(4000)}`,
  `=; ;;; =x; ${SESSION}==`,
  `${FORMER_SESSION}=\u00ff\u00fe`,
];

/** A body sent as a URL-encoded form, whatever it holds. */
const asForm = (name: string, body: string) => ({
  name,
  headers: { "content-type": "application/x-www-form-urlencoded" },
  body,
});

/** Bodies no form sends, each with the content type it claims. */
const BAD_BODIES: { name: string; headers: Record<string, string>; body: Buffer | string }[] = [
  { name: "JSON", headers: { "content-type": "application/json" }, body: '{"name":"x","comment":"y"}' },
  { name: "plain text", headers: { "content-type": "text/plain" }, body: "name=x" },
  { name: "no content type", headers: {}, body: "name=x&email=y" },
  asForm("broken percent-encoding", "name=%ZZ&email=%E0%A4%A&comment=%"),
  {
    name: "broken multipart",
    headers: { "content-type": "multipart/form-data; boundary=abc" },
    body: '--abc\r\nContent-Disposition: form-data; name="x"\r\n\r\nunterminated',
  },
  { name: "multipart without boundary", headers: { "content-type": "multipart/form-data" }, body: "x" },
  asForm("empty form", ""),
  asForm("10,000 fields", Array.from({ length: 10_000 }, (_, i) => `f${i}=${i}`).join("&")),
  asForm("2 MB form", `comment=${"x".repeat(2 * 1024 * 1024)}`),
  {
    name: "8 MB multipart",
    headers: { "content-type": "multipart/form-data; boundary=zz" },
    body: `--zz\r\nContent-Disposition: form-data; name="imageFile"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n${"\0".repeat(8 * 1024 * 1024)}\r\n--zz--\r\n`,
  },
  asForm("fields with control characters", "intent=%00%01&id=%00&title=%E2%80%AE&name=%00"),
  asForm("unknown intent", "intent=drop-tables&id=1"),
  asForm("id not a number", "intent=delete&id=1e309"),
];

describe("malformed requests", () => {
  it("get a 405 for methods no route takes, on every route", async () => {
    const failures: string[] = [];
    for (const path of routes) {
      for (const method of ["TRACE", "TRACK", "PUT", "DELETE", "PATCH", "PROPFIND", "MKCOL", "LOCK"]) {
        const answer = await send(method, path, { headers: { cookie: site.cookie } });
        // Node's own parser refuses methods it does not know (TRACK) with a 400 before the app sees them.
        const expected = method === "TRACK" ? 400 : 405;
        if (answer.status !== expected) failures.push(`${method} ${path} → ${answer.status}`);
      }
      const options = await send("OPTIONS", path);
      if (options.status >= 500) failures.push(`OPTIONS ${path} → ${options.status}`);
    }
    expect(failures).toEqual([]);
  });

  it("a refused request's page says it was refused, with its status, never that the site failed", async () => {
    const post = (path: string) =>
      fetch(`${site.url}${path}`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: site.url },
        body: "a=b",
      });
    const answers: [string, Response, number][] = [
      ["POST /about (no action)", await post("/about"), 405],
      ["POST /blogs (no action)", await post("/blogs"), 405],
      ["GET /blogs/no-such-post", await fetch(`${site.url}/blogs/no-such-post`), 404],
    ];
    const bodies: string[] = [];
    for (const [what, answer, status] of answers) {
      expect(answer.status, what).toBe(status);
      const body = await answer.text();
      expect(body, what).not.toContain("Something went wrong");
      bodies.push(body);
    }
    expect(bodies[0]).toContain("We couldn&#x27;t handle that request");
    expect(bodies[0]).toContain("This page cannot take that kind of request.");
  });

  // The two sweeps below send every route many requests in a row, most of them renders:
  // 12-19 s on this project's 2-core machine, over 30 s when something else loads it.
  const sweep = { timeout: 120_000 };

  it("never get a 5xx for broken cookies, path encodings or headers", sweep, async () => {
    const failures: string[] = [];
    for (const path of routes) {
      for (const bad of BAD_COOKIES) {
        for (const method of ["GET", "HEAD"]) {
          const answer = await send(method, path, { headers: { cookie: bad } });
          if (answer.status >= 500)
            failures.push(`${method} ${path} cookie ${bad.slice(0, 40)} → ${answer.status}`);
        }
      }
      const odd = [
        `${path}%`,
        `${path}%ZZ`,
        `${path}%00`,
        `${path}%E0%A4%A`,
        `${path}/..%2f..%2f..%2fetc%2fpasswd`,
        `${path}%C0%AE%C0%AE`,
        `${path}${path.includes("?") ? "&" : "?"}page=%&id=%E0&q=${"%FF".repeat(200)}`,
        `${path}${path.includes("?") ? "&" : "?"}page=1e309&id=-1&id=2`,
        `${path}.data`,
        `${path}.data?_routes=%00`,
        path.toUpperCase(),
      ];
      for (const spelling of odd) {
        const variants: Record<string, string>[] = [
          {},
          { cookie: site.cookie },
          { "accept-encoding": "br;q=0, gzip;q=abc" },
          { host: "bad host" },
          { host: "a/b" },
          { host: "[::1" },
          { host: "" },
          { "x-forwarded-host": "evil host", "x-forwarded-proto": "gopher" },
        ];
        for (const headers of variants) {
          const answer = await send("GET", spelling, { headers });
          if (answer.status >= 500)
            failures.push(`GET ${spelling} ${JSON.stringify(headers).slice(0, 30)} → ${answer.status}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it("never get a 5xx for broken bodies, signed in or not, and write nothing", sweep, async () => {
    const before = contentSnapshot();
    const failures: string[] = [];
    // Signing out is the one post that may succeed with any body: it would end this test's session.
    for (const path of routes.filter((r) => r !== "/admin/logout")) {
      for (const { name, headers, body } of BAD_BODIES) {
        for (const auth of [{}, { cookie: site.cookie }] as Record<string, string>[]) {
          const answer = await send("POST", path, { headers: { ...headers, ...auth }, body });
          const signed = "cookie" in auth ? "signed in" : "anonymous";
          if (answer.status >= 500 || answer.status < 300)
            failures.push(`POST ${path} ${name} (${signed}) → ${answer.status}`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(contentSnapshot()).toEqual(before);
  });
});
