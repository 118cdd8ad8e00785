/**
 * The shared page cache against the built production server (issue: the cache served admin pages
 * to strangers). What an admin opens, under any spelling of its path, is never served to anyone
 * else; a request with a session cookie is never stored; only the route's own query parameters
 * make a cache entry; and only writes that change public pages move the content version.
 */
import { DatabaseSync } from "node:sqlite";
import { describe, expect, it } from "vitest";
import { blogFields } from "#tests/support/content.ts";
import { startedForTests } from "#tests/support/hooks.ts";
import { adminScreens, ensureBuilt, startSampleSite } from "#tests/support/server-process.ts";

const ADMIN = { email: "keeper@wanderplate.test", password: "a cache must keep secrets" };

const site = startedForTests(() => {
  ensureBuilt();
  return startSampleSite("cache", ADMIN, { FORM_RATE_LIMIT: "1000" });
});

/**
 * Served from the shared cache without a render: HIT, or STALE when the version read was slower
 * than its bound (a saturated test machine); either way no render happened.
 */
const fromCache = (res: Response) => ["HIT", "STALE"].includes(res.headers.get("x-cache") ?? "");

/**
 * Opens a page until the cache has it. A render that could not read the content version (an
 * overloaded machine) is rightly not shared; the next one is.
 */
async function primed(path: string): Promise<void> {
  for (let attempt = 0; attempt < 5; attempt++) {
    expect((await get(path)).status).toBe(200);
    if (fromCache(await get(path))) return;
  }
  throw new Error(`${path} never came from the cache`);
}

/** The content version, read from the site's database file. */
function contentVersion(): number {
  const db = new DatabaseSync(site.dbFile, { readOnly: true });
  try {
    return Number(
      (db.prepare("select version from content_version where id = 1").get() as { version: number }).version,
    );
  } finally {
    db.close();
  }
}

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${site.url}${path}`, { headers, redirect: "manual" });
const post = (path: string, body: Record<string, string>, headers: Record<string, string> = {}) =>
  fetch(`${site.url}${path}`, {
    method: "POST",
    body: new URLSearchParams(body),
    headers,
    redirect: "manual",
  });

/** The spellings a router accepts for one path, besides the path itself. */
function spellingsOf(path: string): string[] {
  const [pathname = "", query] = path.split("?");
  const q = query ? `?${query}` : "";
  const sep = q ? "&" : "?";
  return [
    path,
    `${pathname.toUpperCase()}${q}`,
    `${pathname.replace("/admin", "/Admin")}${q}`,
    `${pathname.replace("/admin", "/%61dmin")}${q}`,
    `${pathname.replace("/admin", "/%41DMIN")}${q}`,
    `${pathname}/${q}`,
    `${pathname}.data${q}`,
    `${pathname.toUpperCase()}.data${q}`,
    `${path}${sep}x=${Math.random()}`,
  ];
}

describe("shared cache and admin pages", () => {
  it("never serves what an admin opened to anyone else, under any spelling", async () => {
    for (const screen of await adminScreens(site.url, site.cookie)) {
      for (const spelling of spellingsOf(screen)) {
        // The admin opens it (twice: a second visit would be a cache hit if it had been stored)...
        await get(spelling, { cookie: site.cookie });
        await get(spelling, { cookie: site.cookie });
        // ...then a stranger asks for the same URL.
        const anonymous = await get(spelling);
        const body = await anonymous.text();
        expect(body, `${spelling} leaked the admin's email`).not.toContain(ADMIN.email);
        expect([200, 304], `${spelling} answered ${anonymous.status}`).not.toContain(anonymous.status);
      }
    }
  });

  it("does not store a public page rendered for a signed-in admin", async () => {
    const signedIn = await get("/destinations", { cookie: site.cookie });
    expect(signedIn.status).toBe(200);
    expect(signedIn.headers.get("x-cache")).toBeNull();
    // The first anonymous visit finds no entry: the admin's copy was not stored.
    const anonymous = await get("/destinations");
    expect(fromCache(anonymous)).toBe(false);
    await primed("/destinations");
    // And the admin keeps getting fresh renders, never the shared copy.
    expect((await get("/destinations", { cookie: site.cookie })).headers.get("x-cache")).toBeNull();
  });

  it("adds no cache entry for query parameters the page does not read", async () => {
    await primed("/blogs");
    for (let i = 0; i < 5; i++) {
      const r = await get(`/blogs?x=${Math.random()}&utm_campaign=${i}`);
      expect(r.status).toBe(200);
      expect(fromCache(r)).toBe(true);
    }
    // A non-canonical spelling of a public path is rendered, never stored under its own key.
    await get("/BLOGS");
    expect(fromCache(await get("/BLOGS"))).toBe(false);
  });
});

describe("content version", () => {
  it("does not move for a comment, a contact message or a sign-up", async () => {
    const list = await (await get("/blogs")).text();
    const slug = /href="\/blogs\/([a-z0-9-]+)"/.exec(list)?.[1];
    const before = contentVersion();
    const comment = await post(`/blogs/${slug}`, {
      name: "Ana",
      email: "ana@example.com",
      comment: "Lovely.",
    });
    expect(comment.status).toBe(303);
    const contact = await post("/contact", {
      first: "Ana",
      last: "Lima",
      email: "ana@example.com",
      phone: "+351 912 345 678",
      message: "Hello there, a question about Lisbon.",
    });
    expect(contact.status).toBe(303);
    const signup = await post("/signup", { fullName: "Ana Lima", email: "ana.lima@example.com", phone: "" });
    expect(signup.status).toBe(200);
    expect(contentVersion()).toBe(before);
  });

  it("does not move for a post to a renamed blog's old slug", async () => {
    const created = await post(
      "/admin/blog",
      blogFields("Before The Rename", { intent: "create", content: "<p>Original</p>" }),
      { cookie: site.cookie },
    );
    expect(created.status).toBeLessThan(400);
    const list = await (await get("/admin/blog", { cookie: site.cookie })).text();
    const id = /\/admin\/blog\/edit\?id=(\d+)[^>]*>[\s\S]{0,400}?Before The Rename/.exec(list)?.[1];
    expect(id).toBeDefined();
    const renamed = await post(
      `/admin/blog/edit?id=${id}`,
      blogFields("After The Rename", { content: "<p>Original</p>" }),
      { cookie: site.cookie },
    );
    expect(renamed.status).toBeLessThan(400);
    expect((await get("/blogs/before-the-rename")).status).toBe(301);
    const before = contentVersion();
    for (let i = 0; i < 3; i++) {
      const r = await post("/blogs/before-the-rename", {
        name: "X",
        email: "x@example.com",
        comment: "flush?",
      });
      expect(r.status).toBeLessThan(500);
    }
    expect(contentVersion()).toBe(before);
    // An admin write that public pages show does move it, and the cached home page is rendered anew.
    await primed("/");
    const toggled = await post(
      "/admin/dashboard",
      { intent: "popup", enabled: "true" },
      { cookie: site.cookie },
    );
    expect(toggled.status).toBe(200);
    expect(contentVersion()).toBeGreaterThan(before);
    // Not a HIT: the copy is out of date (STALE would only mean the version read was too slow).
    expect((await get("/")).headers.get("x-cache")).not.toBe("HIT");
  });
});
