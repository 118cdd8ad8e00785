/**
 * Every admin screen and action, three ways (issue: "the server decides"): no session, a session
 * whose account is not (or no longer) an admin, and a valid admin. The first two must be sent to
 * the login screen and change nothing.
 */
import { type APIRequestContext, request as playwrightRequest } from "@playwright/test";
import { deviceCookie, sessionCookie, toastCookie } from "#app/server/http/cookies.server.ts";
import { addComment } from "#app/server/models/comments.server.ts";
import { isPopupEnabled } from "#app/server/models/settings.server.ts";
import { addUser } from "#app/server/models/users.server.ts";
import { ADMIN, ensureAccount } from "./admin-fixtures.ts";
import { countRows, expect, test, withSiteDb } from "./fixtures.ts";

const DEMOTED = { email: "demoted@wanderplate.test", password: "soon not an admin" };
const TABLES = [
  "blogs",
  "comments",
  "recipes",
  "users",
  "contacts",
  "settings",
  "site_numbers",
  "blog_slug_redirects",
  "category_slug_redirects",
  "uploads",
  "autosaves",
] as const;

/** Everything an action could change, as one comparable value (rows in a stable order). */
function snapshot(): Promise<string> {
  return withSiteDb(async (db) => {
    const tables = [];
    for (const table of TABLES) {
      const rows = await db.selectFrom(table).selectAll().execute();
      tables.push(rows.map((row) => JSON.stringify(row)).sort());
    }
    return JSON.stringify(tables);
  });
}

async function signedIn(
  baseURL: string,
  account: { email: string; password: string },
): Promise<APIRequestContext> {
  await ensureAccount(account.email, account.password);
  const ctx = await playwrightRequest.newContext({ baseURL });
  const res = await ctx.post("/admin/login", {
    form: { email: account.email, password: account.password },
    maxRedirects: 0,
  });
  expect(res.status(), `login of ${account.email}`).toBe(302);
  expect(res.headers().location).toBe("/admin/dashboard");
  return ctx;
}

/** The first sample blog or recipe. */
const first = (table: "blogs" | "recipes") =>
  withSiteDb((db) =>
    db.selectFrom(table).select(["id", "title"]).orderBy("id").limit(1).executeTakeFirstOrThrow(),
  );

/**
 * Every admin page (the first sample blog's and recipe's editors, reader and previews among them),
 * a screen that does not exist, and a data request.
 */
async function adminPages(): Promise<string[]> {
  const blog = await first("blogs");
  const recipe = await first("recipes");
  return [
    "/admin/dashboard",
    "/admin/blog",
    `/admin/blog/edit?id=${blog.id}`,
    `/admin/blog/${encodeURIComponent(blog.title)}`,
    "/admin/categories",
    "/admin/manage-users",
    "/admin/manage-contacts",
    "/admin/manage-comments",
    "/admin/manage-recipe",
    `/admin/manage-recipe/edit?id=${recipe.id}`,
    "/admin/settings",
    "/admin/media",
    `/admin/preview/blog/${blog.id}`,
    `/admin/preview/recipe/${recipe.id}`,
    "/admin/autosave?key=blog:new",
    "/admin/manage-users/subscribers.csv",
    "/admin/no-such-screen",
    "/admin/dashboard.data",
  ];
}

/** A blog, a recipe, a user and a pending comment for the actions to aim at. */
async function fixtureIds() {
  const blog = await first("blogs");
  const recipe = await first("recipes");
  return withSiteDb(async (db) => {
    const user = await addUser(db, { fullName: "Access Test", email: "access@example.com", phone: "" });
    const comment = await addComment(db, blog.id, {
      name: "Acc",
      email: "acc@example.com",
      comment: "access check",
    });
    return { blog, recipeId: recipe.id, userId: user.id, commentId: comment.id };
  });
}

test.describe("admin access is decided on the server", () => {
  test("pages and actions: anonymous and non-admin sessions change nothing; an admin gets through", async ({
    baseURL,
  }) => {
    if (!baseURL) throw new Error("no baseURL");
    await ensureAccount(ADMIN.email, ADMIN.password);
    await ensureAccount(DEMOTED.email, DEMOTED.password);
    const ids = await fixtureIds();

    const pages = await adminPages();
    const png = Buffer.from(
      "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
      "base64",
    );
    const actions: { path: string; form: Record<string, string> }[] = [
      { path: "/admin/dashboard", form: { intent: "popup", enabled: "true" } },
      {
        path: "/admin/blog",
        form: {
          intent: "create",
          title: "Injected",
          author: "x",
          date: "2025-01-01",
          imageUrl: "https://example.com/x.jpg",
        },
      },
      { path: "/admin/blog", form: { intent: "delete", id: String(ids.blog.id) } },
      {
        path: `/admin/blog/edit?id=${ids.blog.id}`,
        form: { title: "Hijacked", content: "<p>x</p>", author: "x", date: "2025-01-01" },
      },
      {
        path: "/admin/manage-users",
        form: { intent: "create", fullName: "Injected", email: "inj@example.com", phone: "" },
      },
      { path: "/admin/manage-users", form: { intent: "delete", id: String(ids.userId) } },
      { path: "/admin/manage-comments", form: { intent: "toggle", id: String(ids.commentId) } },
      { path: "/admin/categories", form: { intent: "rename", slug: "travel", name: "Hijacked" } },
      {
        path: "/admin/manage-recipe",
        form: { intent: "create", title: "Injected", short: "x", imageUrl: "https://example.com/x.jpg" },
      },
      { path: "/admin/manage-recipe", form: { intent: "delete", id: String(ids.recipeId) } },
      {
        path: `/admin/manage-recipe/edit?id=${ids.recipeId}`,
        form: { intent: "update", title: "Hijacked", short: "x" },
      },
      { path: "/admin/settings", form: { intent: "site-info", name: "Hijacked", email: "h@example.com" } },
      {
        path: "/admin/settings",
        form: { intent: "site-numbers", domain: "hijack.example", numberIntl: "1", numberLocal: "1" },
      },
      { path: "/admin/media", form: { intent: "delete", id: "0123456789abcdef01234567" } },
      {
        path: "/admin/autosave",
        form: { key: "blog:new", intent: "save", generation: "0", title: "Injected" },
      },
      { path: "/admin/logout", form: {} },
    ];

    const anonymous = await playwrightRequest.newContext({ baseURL });
    const demoted = await signedIn(baseURL, DEMOTED);
    const admin = await signedIn(baseURL, ADMIN);
    // The demoted account had a valid admin session a moment ago; its role changes now. (Not through
    // create-admin: a password reset ends the sessions itself, and this checks the role check.)
    // No model changes a role alone (create-admin's reset also ends the sessions), so this one
    // write goes straight to the table.
    await withSiteDb((db) =>
      db.updateTable("accounts").set({ role: "viewer" }).where("email", "=", DEMOTED.email).execute(),
    );

    for (const [who, ctx] of [
      ["anonymous", anonymous],
      ["non-admin session", demoted],
    ] as const) {
      for (const path of pages) {
        const res = await ctx.get(path, { maxRedirects: 0 });
        const location = res.headers().location ?? res.headers()["x-remix-redirect"] ?? "";
        if (path.endsWith(".data")) {
          // Single-fetch data requests answer redirects in their own encoding; never data.
          expect([202, 204, 302], `${who} GET ${path}`).toContain(res.status());
          expect(await res.text(), `${who} GET ${path}`).not.toContain("admin@wanderplate.test");
        } else {
          expect(res.status(), `${who} GET ${path}`).toBe(302);
          expect(location, `${who} GET ${path}`).toBe("/admin/login");
        }
      }
      const before = await snapshot();
      for (const { path, form } of actions) {
        if (path === "/admin/logout") continue;
        const res = await ctx.post(path, {
          multipart: { ...form, imageFile: { name: "x.png", mimeType: "image/png", buffer: png } },
          maxRedirects: 0,
        });
        expect([302, 401, 403], `${who} POST ${path} ${form.intent ?? ""}`).toContain(res.status());
        if (res.status() === 302) expect(res.headers().location).toBe("/admin/login");
      }
      expect(await snapshot(), `${who}: nothing changed`).toBe(before);
    }

    // The demoted account's session is gone from the database, not just refused.
    const sessions = await countRows((db) =>
      db
        .selectFrom("sessions")
        .innerJoin("accounts", "accounts.id", "sessions.account_id")
        .where("accounts.email", "=", DEMOTED.email),
    );
    expect(sessions).toBe(0);

    for (const path of pages.filter((p) => !p.endsWith(".data"))) {
      const res = await admin.get(path, { maxRedirects: 0 });
      expect(res.status(), `admin GET ${path}`).toBe(path === "/admin/no-such-screen" ? 404 : 200);
    }
    const popup = await admin.post("/admin/dashboard", {
      form: { intent: "popup", enabled: "true" },
      maxRedirects: 0,
    });
    expect(popup.status()).toBe(200);
    expect(await withSiteDb(isPopupEnabled)).toBe(true);
    await admin.post("/admin/dashboard", { form: { intent: "popup", enabled: "false" } });

    // Logging out destroys the session on the server: the old cookie opens nothing afterwards.
    const out = await admin.post("/admin/logout", { maxRedirects: 0 });
    expect(out.status()).toBe(302);
    const after = await admin.get("/admin/dashboard", { maxRedirects: 0 });
    expect(after.status()).toBe(302);
    expect(after.headers().location).toBe("/admin/login");

    await Promise.all([anonymous.dispose(), demoted.dispose(), admin.dispose()]);
  });

  test("a post that is not a readable form is a 4xx for the login and for admin actions", async ({
    baseURL,
    request,
  }) => {
    if (!baseURL) throw new Error("no baseURL");
    const json = {
      headers: { "Content-Type": "application/json" },
      data: { email: ADMIN.email },
      maxRedirects: 0,
    };
    expect((await request.post("/admin/login", json)).status()).toBe(415);
    const admin = await signedIn(baseURL, ADMIN);
    expect((await admin.post("/admin/manage-users", json)).status()).toBe(415);
    const brokenMultipart = await admin.post("/admin/manage-users", {
      headers: { "Content-Type": "multipart/form-data; boundary=x" },
      data: "not multipart at all",
      maxRedirects: 0,
    });
    expect(brokenMultipart.status()).toBe(400);
    await admin.dispose();
  });

  test("/admin sends visitors to the login and admins to the dashboard", async ({ baseURL, request }) => {
    const res = await request.get("/admin", { maxRedirects: 0 });
    expect(res.headers().location).toBe("/admin/login");
    if (!baseURL) throw new Error("no baseURL");
    const admin = await signedIn(baseURL, ADMIN);
    const signed = await admin.get("/admin", { maxRedirects: 0 });
    expect(signed.headers().location).toBe("/admin/dashboard");
    await admin.dispose();
  });

  test("login: Access denied for a non-admin role, no session; bad input is a 4xx", async ({ request }) => {
    await ensureAccount("viewer@wanderplate.test", "viewer password", "viewer");
    const denied = await request.post("/admin/login", {
      form: { email: "viewer@wanderplate.test", password: "viewer password" },
      maxRedirects: 0,
    });
    expect(denied.status()).toBe(403);
    expect(await denied.text()).toContain("Access denied");
    expect(denied.headers()["set-cookie"] ?? "").not.toContain(`${sessionCookie.name}=`);

    // An existing account with a wrong password (not the unknown-email path).
    await ensureAccount(ADMIN.email, ADMIN.password);
    const wrong = await request.post("/admin/login", {
      form: { email: ADMIN.email, password: "wrong" },
      maxRedirects: 0,
    });
    expect(wrong.status()).toBe(401);
    const malformed = await request.post("/admin/login", {
      form: { email: "not-an-email", password: "" },
      maxRedirects: 0,
    });
    expect(malformed.status()).toBe(400);
  });
});

test.describe("cookies a browser should never send do no harm", () => {
  const MALFORMED = "%E0%A4%A";

  for (const cookie of [...sessionCookie.names, toastCookie.name, ...deviceCookie.names]) {
    test(`a ${cookie} cookie that is not valid percent-encoding is ignored, not a 500`, async ({
      request,
    }) => {
      const headers = { cookie: `${cookie}=${MALFORMED}` };
      const login = await request.get("/admin/login", { headers, maxRedirects: 0 });
      expect(login.status(), "GET /admin/login").toBe(200);
      // /admin itself and every admin page (but the data request: it answers in its own encoding).
      const pages = ["/admin", ...(await adminPages()).filter((path) => !path.endsWith(".data"))];
      for (const path of pages) {
        const res = await request.get(path, { headers, maxRedirects: 0 });
        expect(res.status(), `GET ${path}`).toBe(302);
        expect(res.headers().location, `GET ${path}`).toBe("/admin/login");
      }
      const post = await request.post("/admin/manage-users", {
        headers,
        form: { intent: "create", fullName: "X", email: "x@example.com", phone: "" },
        maxRedirects: 0,
      });
      expect(post.status(), "POST /admin/manage-users").toBe(302);
      const wrong = await request.post("/admin/login", {
        headers: { ...headers, "x-forwarded-for": "198.51.100.77" },
        form: { email: "nobody@wanderplate.test", password: "not the password" },
        maxRedirects: 0,
      });
      expect(wrong.status(), "POST /admin/login").toBe(401);
    });
  }
});

test.describe("login throttling", () => {
  // Each test signs in as its own account from its own addresses (X-Forwarded-For from loopback
  // is trusted), so the limits it exhausts never touch another test's logins.
  const attempt = (ctx: APIRequestContext, email: string, password: string, address: string) =>
    ctx.post("/admin/login", {
      form: { email, password },
      headers: { "x-forwarded-for": address },
      maxRedirects: 0,
    });

  test("parallel wrong guesses beyond the limit are refused with 429 and Retry-After", async ({
    request,
  }) => {
    const target = { email: "parallel@wanderplate.test", password: "the parallel owner's passphrase" };
    await ensureAccount(target.email, target.password);
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        attempt(request, target.email, `wrong guess ${i}`, "203.0.113.30"),
      ),
    );
    const statuses = answers.map((r) => r.status());
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(10);
    const refused = answers.filter((r) => r.status() === 429);
    expect(refused.length).toBeGreaterThanOrEqual(20);
    for (const r of refused) {
      expect(Number(r.headers()["retry-after"])).toBeGreaterThan(0);
      expect(await r.text()).toContain("Too many login attempts. Please wait a few minutes and try again.");
    }
  });

  test("a stranger's failures cannot lock the owner out of a browser they signed in from before", async ({
    baseURL,
  }) => {
    const owner = { email: "owner@wanderplate.test", password: "the owner's own passphrase" };
    await ensureAccount(owner.email, owner.password);
    const ownerBrowser = await playwrightRequest.newContext({ baseURL });
    expect((await attempt(ownerBrowser, owner.email, owner.password, "192.0.2.10")).status()).toBe(302);
    await ownerBrowser.post("/admin/logout", { maxRedirects: 0 });

    // A stranger guesses until the limits answer 429.
    const stranger = await playwrightRequest.newContext({ baseURL });
    let refused = false;
    for (let i = 0; i < 40 && !refused; i++) {
      refused = (await attempt(stranger, owner.email, `guess ${i}`, "198.51.100.1")).status() === 429;
    }
    expect(refused, "the account-wide limit refuses the stranger").toBe(true);
    // Even the right password from an unknown browser now waits...
    expect((await attempt(stranger, owner.email, owner.password, "198.51.100.200")).status()).toBe(429);
    // ...but the owner's browser, known from its last sign-in, gets in (from the same address too).
    const back = await attempt(ownerBrowser, owner.email, owner.password, "198.51.100.1");
    expect(back.status()).toBe(302);
    expect(back.headers().location).toBe("/admin/dashboard");
    await Promise.all([ownerBrowser.dispose(), stranger.dispose()]);
  });
});
