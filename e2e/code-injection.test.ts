import { mkdirSync } from "node:fs";
import type { Locator, Page } from "@playwright/test";
import { prepareInjectedCode } from "#app/lib/injected-code.server.ts";
import { SANITIZER_VERSION } from "#app/lib/sanitize.server.ts";
import { COMMAND_LINE } from "#app/server/models/activity.server.ts";
import { createBlog } from "#app/server/models/blogs.server.ts";
import { saveCodeInjection } from "#app/server/models/code-injection.server.ts";
import { loginAsAdmin } from "./admin-fixtures.ts";
import { expect, removeBlogs, test, withSiteDb } from "./fixtures.ts";

/**
 * Code injection under the strict CSP (DESIGN §2): the owner's header and footer code run on a
 * rendered page and on its cached copy with no CSP violation, and so does a script their code
 * inserts (through 'strict-dynamic'); a blog's own code runs on its page, reached directly or
 * from another page of the site; a script that reached a blog's body anyway does not run; the
 * admin's own pages never get the code. The e2e site is shared: the code is removed afterwards.
 */
const SHOTS = "/tmp/shots-code-injection";
const stamp = Date.now();

const HEADER = [
  `<meta name="e2e-injected" content="${stamp}">`,
  '<script>document.documentElement.dataset.injectedHead = "ran";</script>',
  // An outside script, as ad networks give them: inserted where it stood.
  "<script async src=\"data:text/javascript,document.documentElement.dataset.injectedSrc='ran'\"></script>",
  // A script the owner's script inserts in turn (an ad loader does that).
  "<script>var s=document.createElement('script');s.src=\"data:text/javascript,document.documentElement.dataset.injectedChild='ran'\";document.head.appendChild(s);</script>",
  '<script type="application/ld+json">{"@context":"https://schema.org","@type":"Organization"}</script>',
].join("\n");
const FOOTER = '<script>document.documentElement.dataset.injectedFoot = "ran";</script>';

/** The page at phone and desktop widths, scrolled to `at`, for a person to look at. */
async function shoot(page: Page, name: string, at: Locator) {
  mkdirSync(SHOTS, { recursive: true });
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await at.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png` });
  }
}

const ranAll = {
  injectedHead: "ran",
  injectedSrc: "ran",
  injectedChild: "ran",
  injectedFoot: "ran",
};

test.describe("code injection", () => {
  test.afterEach(() =>
    withSiteDb((db) =>
      saveCodeInjection(db, COMMAND_LINE, {
        header: { source: "", code: "" },
        footer: { source: "", code: "" },
        allowedHosts: [],
      }),
    ),
  );

  test("the owner's code runs on a rendered page and on its cached copy, never on admin pages", async ({
    page,
  }) => {
    await loginAsAdmin(page);
    await page.goto("/admin/settings");
    const card = page.getByRole("region", { name: "Code injection" });
    await card.getByLabel("Site header code").fill("<div>unclosed");
    await card.getByRole("button", { name: "Save" }).click();
    await expect(card.getByText("Site header code: <div> is never closed.")).toBeVisible();
    await card.getByLabel("Site header code").fill(HEADER);
    await card.getByLabel("Site footer code").fill(FOOTER);
    await card.getByLabel("Allowed hosts").fill("*");
    await card.getByRole("button", { name: "Save" }).click();
    await expect(card.getByText('"*" would allow every host')).toBeVisible();
    await card.getByLabel("Allowed hosts").fill("pagead2.googlesyndication.com\n*.doubleclick.net");
    await card.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Settings saved")).toBeVisible();
    await expect(page.locator("html")).not.toHaveAttribute("data-injected-head");
    await expect(page.getByText("Settings saved")).toBeHidden();
    await shoot(page, "settings-code-injection", card);

    // As a reader (a session is never served from the cache): rendered (the save emptied the
    // cache), then from the cache (hashes, no nonce).
    await page.context().clearCookies();
    const answers: string[] = [];
    for (let visit = 0; visit < 2; visit++) {
      const response = await page.goto("/destinations");
      answers.push(response?.headers()["x-cache"] ?? "MISS");
      const csp = response?.headers()["content-security-policy"] ?? "";
      for (const directive of ["script-src", "connect-src", "frame-src"])
        expect(csp, directive).toMatch(
          new RegExp(
            `${directive} [^;]*https://pagead2\\.googlesyndication\\.com https://\\*\\.doubleclick\\.net`,
          ),
        );
      await expect(page.locator("html")).toHaveAttribute("data-injected-child", "ran");
      expect(await page.locator("html").evaluate((html) => ({ ...html.dataset }))).toMatchObject(ranAll);
      await expect(page.locator('meta[name="e2e-injected"]')).toHaveAttribute("content", String(stamp));
    }
    expect(answers).toEqual(["MISS", "HIT"]);

    // The admin's pages: no code, no outside host in their policy.
    await loginAsAdmin(page);
    const admin = await page.goto("/admin/settings");
    expect(admin?.headers()["content-security-policy"]).not.toContain("googlesyndication");
    await expect(page.locator('meta[name="e2e-injected"]')).toHaveCount(0);
    await expect(page.locator("html")).not.toHaveAttribute("data-injected-head");
  });

  test("a script that reached a blog's body anyway does not run", async ({ page, consoleErrors }) => {
    const post = await withSiteDb(async (db) => {
      const blog = await createBlog(db, COMMAND_LINE, {
        title: `E2E Smuggled Script ${stamp}`,
        content: "<p>Nothing to see.</p>",
        author: "Ana",
        date: "2026-03-01",
      });
      // As if the sanitizer had let it through: the CSP is the second wall.
      await db
        .updateTable("blogs")
        .set({
          content:
            '<p>Nothing to see.</p><script>document.documentElement.dataset.smuggled = "ran";</script>',
          content_sanitizer: SANITIZER_VERSION,
        })
        .where("id", "=", blog.id)
        .execute();
      return blog;
    });
    try {
      await page.goto(`/blogs/${post.slug}`);
      await expect(page.getByText("Nothing to see.")).toBeVisible();
      expect(await page.locator("html").getAttribute("data-smuggled")).toBeNull();
      expect(consoleErrors.some((e) => /Content Security Policy/i.test(e))).toBe(true);
      consoleErrors.length = 0;
    } finally {
      // The shared site's lists stay as other tests expect them.
      await removeBlogs([post.id]);
    }
  });

  test("a blog's own code runs on its page, reached directly or from the blog list", async ({ page }) => {
    const typed = '<script>document.documentElement.dataset.blogCode = "ran";</script>';
    const prepared = prepareInjectedCode(typed, "Header code");
    if (!prepared.ok) throw new Error(prepared.message);
    const post = await withSiteDb((db) =>
      createBlog(db, COMMAND_LINE, {
        title: `E2E Mapped Walk ${stamp}`,
        content: "<p>The route, on a map.</p>",
        author: "Ana",
        date: "2026-03-02",
        headerCode: { source: typed, code: prepared.code },
        footerCode: { source: "", code: "" },
      }),
    );
    try {
      await page.goto(`/blogs/${post.slug}`);
      await expect(page.locator("html")).toHaveAttribute("data-blog-code", "ran");
      // From the list, a link the app would follow in the page: the blog loads as a whole page.
      await page.goto("/blogs");
      await expect(page.locator("html")).not.toHaveAttribute("data-blog-code");
      await page.getByRole("link", { name: post.title, exact: true }).first().click();
      await expect(page).toHaveURL(new RegExp(`/blogs/${post.slug}$`));
      await expect(page.locator("html")).toHaveAttribute("data-blog-code", "ran");
      // The editor shows the code as typed, its section open.
      await loginAsAdmin(page);
      await page.goto(`/admin/blog/edit?id=${post.id}`);
      await expect(page.getByLabel("Header code")).toHaveValue(typed);
      await shoot(page, "blog-editor-code", page.getByLabel("Footer code"));
    } finally {
      await removeBlogs([post.id]);
    }
  });
});
