/**
 * Preview of blogs and recipes on the built server: only for a signed-in admin, never stored by
 * the shared cache or a browser, never indexed, sanitized like a save, and a posted preview
 * (the editor's unsaved form) writes nothing: no row, no content version, no upload.
 */
import { readdir } from "node:fs/promises";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { startedForTests } from "#tests/support/hooks.ts";
import { formOf } from "#tests/support/route-harness.ts";
import { ensureBuilt, startSampleSite } from "#tests/support/server-process.ts";

const ADMIN = { email: "previewer@wanderplate.test", password: "see it before they do" };

const site = startedForTests(() => {
  ensureBuilt();
  return startSampleSite("preview", ADMIN);
});

function readSite<T>(query: string): T {
  const db = new DatabaseSync(site.dbFile, { readOnly: true });
  try {
    return db.prepare(query).get() as T;
  } finally {
    db.close();
  }
}

/** Everything a preview must not change: rows, the content version, the saved blog 1, uploads. */
async function siteState() {
  return {
    blogs: readSite<{ n: number }>("select count(*) as n from blogs").n,
    recipes: readSite<{ n: number }>("select count(*) as n from recipes").n,
    version: readSite<{ version: number }>("select version from content_version where id = 1").version,
    blog1: readSite<{ title: string; updated_at: number }>(
      "select title, updated_at from blogs where id = 1",
    ),
    recipe1: readSite<{ title: string; updated_at: number }>(
      "select title, updated_at from recipes where id = 1",
    ),
    uploads: (await readdir(join(site.dir, "uploads"))).sort(),
  };
}

async function photo(): Promise<File> {
  const png = await sharp({ create: { width: 640, height: 400, channels: 3, background: "#c8431c" } })
    .png()
    .toBuffer();
  return new File([new Uint8Array(png)], "photo.png", { type: "image/png" });
}

const get = (path: string, headers: Record<string, string> = { cookie: site.cookie }) =>
  fetch(`${site.url}${path}`, { headers, redirect: "manual" });
const post = (path: string, body: FormData, headers: Record<string, string> = { cookie: site.cookie }) =>
  fetch(`${site.url}${path}`, { method: "POST", body, headers, redirect: "manual" });

async function blogForm(fields: Record<string, string> = {}): Promise<FormData> {
  return formOf({
    title: "Lisbon, Rewritten Before Anyone Sees It",
    author: "Preview Writer",
    date: "2025-06-01",
    category: "Drafts",
    content: "<p>Trams at dawn.</p>",
    seoTitle: "An Unsaved SEO Title",
    imageFile: await photo(),
    imageAlt: "Trams at dawn on a steep street",
    ...fields,
  });
}

function recipeForm(): FormData {
  return formOf({
    intent: "update",
    title: "Fava, Rewritten Before Anyone Sees It",
    short: "Still warm.",
    ingredients: "Yellow split peas",
    steps: "Simmer until soft",
    calories: "321",
  });
}

/** The preview answer's promises, whatever was previewed. */
async function expectPreviewAnswer(res: Response, status = 200): Promise<string> {
  expect(res.status).toBe(status);
  expect(res.headers.get("cache-control")).toBe("private, no-store");
  expect(res.headers.get("x-robots-tag")).toBe("noindex");
  expect(res.headers.get("x-cache")).toBeNull();
  const html = await res.text();
  expect(html).toContain('<meta name="robots" content="noindex"/>');
  return html;
}

describe("who may preview", () => {
  it("sends a stranger to the login page, for a saved item and for a posted form, and shows nothing", async () => {
    for (const path of ["/admin/preview/blog/1", "/admin/preview/recipe/1", "/admin/preview/blog/new"]) {
      const res = await get(path, {});
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toBe("/admin/login");
    }
    const before = await siteState();
    const posted = await post("/admin/preview/blog/1", await blogForm(), {});
    expect(posted.status).toBe(302);
    expect(posted.headers.get("location")).toBe("/admin/login");
    expect(await posted.text()).not.toContain("Rewritten");
    expect(await siteState()).toEqual(before);
  });

  it("refuses a post from another site (the CSRF origin check)", async () => {
    const res = await post("/admin/preview/blog/1", await blogForm(), {
      cookie: site.cookie,
      origin: "https://evil.example",
    });
    expect(res.status).toBe(403);
  });
});

describe("a saved item", () => {
  it("is its public page with a Preview bar, never cached nor indexed, for the admin only", async () => {
    const html = await expectPreviewAnswer(await get("/admin/preview/blog/1"));
    const title = readSite<{ title: string }>("select title from blogs where id = 1").title;
    expect(html).toContain(
      `<h1 class="mt-3 font-serif text-4xl leading-tight font-semibold sm:text-5xl">${title}</h1>`,
    );
    expect(html).toContain('<section aria-label="Preview"');
    expect(html).toContain('href="/admin/blog/edit?id=1"');
    // The public layout's header and footer are around it.
    expect(html).toContain('aria-label="Main"');
    expect(html).toContain("<footer");
    // Opened again, still rendered for the admin, and a stranger still gets the login page:
    // no copy of it was kept for anyone.
    await expectPreviewAnswer(await get("/admin/preview/blog/1"));
    expect((await get("/admin/preview/blog/1", {})).status).toBe(302);
  });

  it("works for recipes too, with the link back to the recipe editor", async () => {
    const html = await expectPreviewAnswer(await get("/admin/preview/recipe/1"));
    const title = readSite<{ title: string }>("select title from recipes where id = 1").title;
    expect(html).toContain(`<h1 class="mt-3 font-serif text-4xl font-semibold sm:text-5xl">${title}</h1>`);
    expect(html).toContain('href="/admin/manage-recipe/edit?id=1"');
  });

  it("answers 404 for an id that is not a saved item, and for new without a form", async () => {
    for (const path of [
      "/admin/preview/blog/999999",
      "/admin/preview/blog/0",
      "/admin/preview/blog/abc",
      "/admin/preview/blog/1.5",
      "/admin/preview/blog/new",
      "/admin/preview/recipe/999999",
      "/admin/preview/recipe/new",
    ]) {
      await expectPreviewAnswer(await get(path), 404);
    }
  });
});

describe("a posted form (unsaved changes)", () => {
  it("shows the unsaved values and writes nothing: no row, no version, no upload", async () => {
    const before = await siteState();
    expect(before.uploads.length).toBeGreaterThan(0);
    for (const path of ["/admin/preview/blog/1", "/admin/preview/blog/new"]) {
      const html = await expectPreviewAnswer(await post(path, await blogForm()));
      expect(html).toContain("Lisbon, Rewritten Before Anyone Sees It</h1>");
      expect(html).toContain("<title>An Unsaved SEO Title</title>");
      expect(html).toContain(">Preview Writer</span>");
      expect(html).toContain("June 1, 2025");
      expect(html).toContain("<p>Trams at dawn.</p>");
      expect(html).toContain("Nothing has been saved.");
      expect(html).toContain("The chosen upload appears once saved.");
    }
    const recipe = await expectPreviewAnswer(await post("/admin/preview/recipe/1", recipeForm()));
    expect(recipe).toContain("Fava, Rewritten Before Anyone Sees It</h1>");
    expect(recipe).toContain("321 kcal");
    expect(recipe).toContain("Simmer until soft");
    expect(await siteState()).toEqual(before);
  });

  it("keeps the saved image when the form leaves it, and shows an image URL given in the form", async () => {
    const saved = readSite<{ image_id: string }>("select image_id from blogs where id = 1").image_id;
    const form = await blogForm();
    form.delete("imageFile");
    expect(await (await post("/admin/preview/blog/1", form)).text()).toContain(`/uploads/${saved}-1600.webp`);
    form.set("imageUrl", "https://images.example/harbour.jpg");
    expect(await (await post("/admin/preview/blog/1", form)).text()).toContain(
      'src="https://images.example/harbour.jpg"',
    );
  });

  it("is sanitized exactly like a save: no script, no handler, no javascript: link", async () => {
    const html = await expectPreviewAnswer(
      await post(
        "/admin/preview/blog/1",
        await blogForm({
          content:
            '<p>Safe words.</p><script>alert("previewed")</script><img src="x" onerror="alert(2)"><a href="javascript:alert(3)">link</a>',
        }),
      ),
    );
    expect(html).toContain("<p>Safe words.</p>");
    expect(html).not.toContain('alert("previewed")');
    expect(html).not.toContain("alert(2)");
    expect(html).not.toContain("javascript:alert");
  });

  it("refuses bad input with a 4xx and the save's own message, never a 500", async () => {
    const before = await siteState();
    const missing = await expectPreviewAnswer(
      await post("/admin/preview/blog/new", await blogForm({ title: "", date: "2025-02-30" })),
      400,
    );
    expect(missing).toContain("The preview cannot be shown: Title is required.");
    expect(missing).toContain("Date must be a real date.");

    const edit = await expectPreviewAnswer(
      await post("/admin/preview/blog/1", await blogForm({ content: "" })),
      400,
    );
    expect(edit).toContain("All fields are required!");

    const notAnImage = await blogForm();
    notAnImage.set("imageFile", new Blob(["plain words"], { type: "text/plain" }), "notes.txt");
    expect((await post("/admin/preview/blog/1", notAnImage)).status).toBe(400);

    const json = await fetch(`${site.url}/admin/preview/blog/1`, {
      method: "POST",
      body: "{}",
      headers: { cookie: site.cookie, "content-type": "application/json" },
    });
    await expectPreviewAnswer(json, 415);

    const recipe = recipeForm();
    recipe.set("calories", "lots");
    expect((await post("/admin/preview/recipe/1", recipe)).status).toBe(400);

    expect((await post("/admin/preview/blog/999999", await blogForm())).status).toBe(404);
    expect((await post("/admin/preview/recipe/abc", recipeForm())).status).toBe(404);
    expect(await siteState()).toEqual(before);
  });
});

describe("an item the public cannot see yet", () => {
  it("a draft and a scheduled blog are previewable while their public page answers 404", async () => {
    const ids: number[] = [];
    for (const [title, extra] of [
      ["Preview Of A Draft Nobody Reads Yet", { publication: "draft" }],
      ["Preview Of A Post Scheduled For Later", { publishAt: "2099-06-01T09:30", publishZone: "UTC" }],
    ] as const) {
      const form = formOf({
        intent: "create",
        title,
        content: "<p>Not for readers yet.</p>",
        author: "Preview Writer",
        date: "2025-06-01",
        imageUrl: "https://images.example/quiet.jpg",
        ...extra,
      });
      expect((await post("/admin/blog", form)).status).toBe(200);
      const row = readSite<{ id: number; slug: string; publish_at: number | null }>(
        `select id, slug, publish_at from blogs where title = '${title}'`,
      );
      expect(row.publish_at === null || row.publish_at > Date.now() / 1000).toBe(true);
      expect((await get(`/blogs/${row.slug}`, {})).status).toBe(404);
      const html = await expectPreviewAnswer(await get(`/admin/preview/blog/${row.id}`));
      expect(html).toContain(title);
      ids.push(row.id);
    }
    expect(ids).toHaveLength(2);
  });
});
