import { COMMAND_LINE } from "#app/server/models/activity.server.ts";
import { createBlog } from "#app/server/models/blogs.server.ts";
import { toggleApproved } from "#app/server/models/comments.server.ts";
import { countRows, expect, setPopup, test, withSiteDb } from "./fixtures.ts";

/** A sample blog among the newest nine (page one of /blogs). */
const SAMPLE_BLOG_TITLE = "Kyoto in the Rain";

const PUBLIC_PATHS = [
  "/",
  "/destinations",
  "/destinations/santorini-greece",
  "/blogs",
  "/favorites",
  "/about",
  "/contact",
  "/disclaimer",
  "/privacy-policy",
  "/terms-and-condition",
  "/recipes",
  "/rss.xml",
  "/sitemap.xml",
  "/robots.txt",
];

test.describe("routes", () => {
  test("every public route answers 200", async ({ request }) => {
    for (const path of PUBLIC_PATHS) {
      const res = await request.get(path);
      expect(res.status(), path).toBe(200);
    }
  });

  test("unknown paths and slugs answer the designed 404 page with status 404", async ({ page }) => {
    for (const path of [
      "/no-such-page",
      "/blogs/no-such-blog",
      "/destinations/atlantis",
      "/recipes/no-such-recipe",
    ]) {
      const res = await page.goto(path);
      expect(res?.status(), path).toBe(404);
      await expect(page.getByRole("heading", { name: "We couldn't find that page" })).toBeVisible();
      await expect(page.getByRole("navigation", { name: "Main" })).toBeAttached();
    }
  });

  test("health check answers ok", async ({ request }) => {
    const res = await request.get("/healthz");
    expect(res.status()).toBe(200);
    expect(await res.json()).toEqual({ status: "ok" });
  });

  test("security headers: CSP with a nonce, nosniff, referrer policy", async ({ request }) => {
    const res = await request.get("/");
    const csp = res.headers()["content-security-policy"] ?? "";
    const directives = new Map(
      csp
        .split(";")
        .map((d) => d.trim().split(/\s+/))
        .filter(([name]) => name)
        .map(([name, ...values]) => [name, values]),
    );
    // A freshly rendered page carries a nonce; a cached one allows its inline scripts by hash.
    // Nothing else may run: no inline script without one, no eval, no plugins, no framing.
    const scriptSrc = directives.get("script-src") ?? [];
    const [self, ...trusted] = scriptSrc;
    expect(self).toBe("'self'");
    // What a trusted script inserts may run (the page's modules, the owner's injected code's).
    expect(trusted.at(-1)).toBe("'strict-dynamic'");
    const allowed = trusted.slice(0, -1);
    // A fresh page: one nonce. A cached page: a hash per inline script. Never anything else.
    const nonce = /^'nonce-[A-Za-z0-9+/=]{16,}'$/;
    const hash = /^'sha256-[A-Za-z0-9+/]{43}='$/;
    const oneNonce = allowed.length === 1 && nonce.test(allowed[0] ?? "");
    const onlyHashes = allowed.length > 0 && allowed.every((source) => hash.test(source));
    expect(oneNonce || onlyHashes, `script-src ${scriptSrc.join(" ")}`).toBe(true);
    expect(directives.get("default-src")).toEqual(["'self'"]);
    expect(directives.get("object-src")).toEqual(["'none'"]);
    expect(directives.get("base-uri")).toEqual(["'self'"]);
    expect(directives.get("form-action")).toEqual(["'self'"]);
    expect(directives.get("frame-ancestors")).toEqual(["'none'"]);
    expect(res.headers()["x-content-type-options"]).toBe("nosniff");
    expect(res.headers()["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  });

  test("the sitemap lists pages, destinations, blogs and recipes; the feed lists blogs", async ({
    request,
  }) => {
    const index = await (await request.get("/sitemap.xml")).text();
    expect(index).toContain("<sitemapindex");
    const files = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1] ?? "").pathname);
    expect(files).toEqual(["/sitemaps/pages.xml", "/sitemaps/categories.xml", "/sitemaps/blogs/1"]);
    const sitemap = (await Promise.all(files.map(async (f) => (await request.get(f)).text()))).join("\n");
    for (const path of [
      "/about",
      "/contact",
      "/destinations/kyoto-japan",
      "/blogs/kyoto-in-the-rain",
      "/recipes/khao-soi-gai",
    ]) {
      expect(sitemap).toContain(path);
    }
    expect((await request.get("/sitemaps/blogs/99")).status()).toBe(404);
    const rss = await (await request.get("/rss.xml")).text();
    expect(rss).toContain("<rss");
    expect((rss.match(/<item>/g) ?? []).length).toBeGreaterThanOrEqual(6);
  });
});

test.describe("layout", () => {
  test("header: fixed and light on home, scrolled style past 200 px, dark and absolute elsewhere", async ({
    page,
  }) => {
    await page.goto("/");
    const header = page.locator("header").first();
    await expect(header).toHaveAttribute("data-theme", "light");
    await expect(header).toHaveCSS("position", "fixed");
    await expect(header).toHaveAttribute("data-scrolled", "false");
    await page.mouse.wheel(0, 800);
    await expect(header).toHaveAttribute("data-scrolled", "true");

    await page.goto("/blogs");
    await expect(header).toHaveAttribute("data-theme", "dark");
    await expect(header).toHaveCSS("position", "absolute");
  });

  test("navigation links, the search icon to /favorites, footer and tagline", async ({ page }) => {
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    for (const [name, href] of [
      ["Home", "/"],
      ["Destinations", "/destinations"],
      ["Blog", "/blogs"],
      ["Contact", "/contact"],
    ] as const) {
      await expect(nav.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
    }
    await page.getByRole("link", { name: "Saved places" }).click();
    await expect(page).toHaveURL(/\/favorites$/);

    const footer = page.locator("footer");
    await expect(footer.getByText("Adventure made simple")).toBeVisible();
    await expect(footer.getByText(`© ${new Date().getFullYear()}`)).toBeVisible();
    for (const href of [
      "/destinations",
      "/favorites",
      "/blogs",
      "/disclaimer",
      "/terms-and-condition",
      "/privacy-policy",
    ]) {
      await expect(footer.locator(`a[href="${href}"]`)).toHaveCount(1);
    }
    await expect(page.getByRole("link", { name: /get in touch/i })).toHaveAttribute("href", "/contact");
  });

  test("the site's links navigate inside the page once it is interactive, and the menu marks where you are", async ({
    page,
  }) => {
    await page.goto("/");
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link", { name: "Home", exact: true })).toHaveAttribute(
      "aria-current",
      "page",
    );
    // A document load would lose this mark; navigating inside the app keeps it.
    await page.evaluate(() => {
      (window as unknown as { sameDocument: boolean }).sameDocument = true;
    });
    const sameDocument = () =>
      page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument);

    await nav.getByRole("link", { name: "Blog", exact: true }).click();
    await expect(page).toHaveURL(/\/blogs$/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Blog", exact: true })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await expect(nav.getByRole("link", { name: "Home", exact: true })).not.toHaveAttribute("aria-current");

    await page.getByRole("link", { name: SAMPLE_BLOG_TITLE, exact: true }).first().click();
    await expect(page).toHaveURL(/\/blogs\/kyoto-in-the-rain$/);
    await expect(page.getByRole("heading", { level: 1, name: SAMPLE_BLOG_TITLE })).toBeVisible();
    // A blog's page is in the Blog section.
    await expect(nav.getByRole("link", { name: "Blog", exact: true })).toHaveAttribute(
      "aria-current",
      "page",
    );

    await page.locator("footer").getByRole("link", { name: "Disclaimer" }).click();
    await expect(page).toHaveURL(/\/disclaimer$/);
    await expect(nav.getByRole("link", { name: "Blog", exact: true })).not.toHaveAttribute("aria-current");
    expect(await sameDocument()).toBe(true);

    await page.goBack();
    await expect(page).toHaveURL(/\/blogs\/kyoto-in-the-rain$/);
    expect(await sameDocument()).toBe(true);
  });

  test("the hamburger toggles the mobile menu with the same four links, then Search", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/blogs");
    const menu = page.getByRole("navigation", { name: "Mobile" });
    await expect(menu).toBeHidden();
    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(menu).toBeVisible();
    await expect(menu.getByRole("link")).toHaveText(["Home", "Destinations", "Blog", "Contact", "Search"]);
    await page.getByRole("button", { name: "Close menu" }).click();
    await expect(menu).toBeHidden();
  });

  test("about and contact are at least 60vh tall; a start-up spinner is present", async ({ page }) => {
    await page.goto("/contact");
    await expect(page.locator(".min-h-\\[60vh\\]")).toHaveCount(1);
    await expect(page.locator(".boot-spinner")).toBeAttached();
    await page.goto("/about");
    await expect(page.locator(".min-h-\\[60vh\\]")).toHaveCount(1);
  });
});

test.describe("destinations and favourites", () => {
  test("four destinations with best times, two trending, detail pages by slug", async ({ page }) => {
    await page.goto("/destinations");
    const cards = page.locator("article");
    await expect(cards).toHaveCount(4);
    for (const wording of [
      "April to October",
      "March to May and October to November",
      "May to October",
      "November to February",
    ]) {
      await expect(page.getByText(`Best time: ${wording}`, { exact: true })).toHaveCount(1);
    }
    await expect(page.getByText("Trending", { exact: true })).toHaveCount(2);
    await cards.first().getByRole("heading").getByRole("link").click();
    await expect(page).toHaveURL(/\/destinations\/[a-z-]+$/);
    await expect(page.getByRole("heading", { name: "Highlights" })).toBeVisible();
    const highlights = await page
      .getByRole("heading", { name: "Highlights" })
      .locator("..")
      .locator("li")
      .count();
    expect(highlights).toBeGreaterThanOrEqual(3);
    expect(highlights).toBeLessThanOrEqual(4);
  });

  test("a favourite toggles, is kept under favoriteDestinations and listed on /favorites", async ({
    page,
  }) => {
    await page.goto("/favorites");
    await expect(page.getByText("You haven't saved any places yet.")).toBeVisible();

    await page.goto("/destinations");
    const save = page.getByRole("button", { name: "Save Kyoto, Japan to favourites" });
    await expect(save).toBeEnabled();
    await expect(save).toHaveAttribute("aria-pressed", "false");
    await save.click();
    await expect(page.getByRole("button", { name: "Remove Kyoto, Japan from favourites" })).toHaveAttribute(
      "aria-pressed",
      "true",
    );

    const stored = await page.evaluate(() =>
      JSON.parse(localStorage.getItem("favoriteDestinations") ?? "[]"),
    );
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      name: "Kyoto, Japan",
      bestTime: expect.any(String),
      highlights: expect.any(Array),
    });

    await page.goto("/favorites");
    await expect(page.getByRole("heading", { name: "Kyoto, Japan" })).toBeVisible();
    await page.getByRole("button", { name: "Remove Kyoto, Japan from favourites" }).click();
    await expect(page.getByText("You haven't saved any places yet.")).toBeVisible();
  });

  test("the saved-places page keeps its layout still while the list is read from storage", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/favorites");
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await expect(page.getByText("You haven't saved any places yet.")).toBeVisible();
    const layoutShift = await page.evaluate(async () => {
      let total = 0;
      const observer = new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[])
          total += entry.value;
      });
      observer.observe({ type: "layout-shift", buffered: true });
      // Buffered entries arrive in a callback after the next frame.
      await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
      observer.disconnect();
      return total;
    });
    expect(layoutShift).toBeLessThan(0.01);
  });

  test("unreadable favourites storage gives an empty list", async ({ page }) => {
    await page.goto("/");
    await page.evaluate(() => localStorage.setItem("favoriteDestinations", "{broken"));
    await page.goto("/favorites");
    await expect(page.getByText("You haven't saved any places yet.")).toBeVisible();
  });
});

test.describe("blogs", () => {
  test("cards show image, title, excerpt, Read More, Date and Created At", async ({ page }) => {
    await page.goto("/blogs");
    // A sample blog: other test files add blogs of their own to the shared database.
    const card = page.locator("article", { hasText: SAMPLE_BLOG_TITLE });
    await expect(card.locator("img")).toHaveCount(1);
    await expect(card.getByText("Date", { exact: true })).toBeVisible();
    await expect(card.getByText("Created At", { exact: true })).toBeVisible();
    await expect(card.getByRole("link", { name: /^Read More/ })).toBeVisible();
  });

  test("Created At is rendered in UTC, then in the viewer's locale and time zone once on screen", async ({
    browser,
  }) => {
    const context = await browser.newContext({ locale: "de-DE", timezoneId: "Asia/Tokyo" });
    const page = await context.newPage();
    await page.goto("/blogs");
    const created = page.locator("article", { hasText: SAMPLE_BLOG_TITLE }).locator("time").first();
    await created.scrollIntoViewIfNeeded();
    const seconds = Date.parse((await created.getAttribute("datetime")) ?? "") / 1000;
    const expected = new Intl.DateTimeFormat("de-DE", { dateStyle: "medium", timeZone: "Asia/Tokyo" }).format(
      seconds * 1000,
    );
    await expect(created).toHaveText(expected);
    await context.close();
  });

  test("detail: title, long date, author, meta tags, canonical and JSON-LD", async ({ page }) => {
    await page.goto("/blogs");
    const firstTitle = SAMPLE_BLOG_TITLE;
    await page
      .locator("article", { hasText: firstTitle })
      .getByRole("link", { name: /^Read More/ })
      .click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(firstTitle);
    await expect(page.getByText(/By .+ · [A-Z][a-z]+ \d{1,2}, \d{4}/)).toBeVisible();
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /.+/);
    await expect(page.locator('meta[name="keywords"]')).toHaveAttribute("content", /.+/);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/blogs\/[a-z0-9-]+$/);
    await expect(page.locator('meta[property="og:title"]')).toHaveCount(1);
    const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}");
    expect(ld["@type"]).toBe("BlogPosting");
    expect(ld.headline).toBe(firstTitle);
  });

  test("a blog with no SEO fields uses the spec's default description and keywords", async ({ page }) => {
    // Created long ago, so it stays off the first pages the other stories read.
    const { slug } = await withSiteDb((db) =>
      createBlog(db, COMMAND_LINE, { title: "Plain Post", content: "<p>Hi</p>", author: "Ed", date: "" }, 1),
    );
    await page.goto(`/blogs/${slug}`);
    await expect(page).toHaveTitle("Plain Post");
    await expect(page.locator('meta[name="description"]')).toHaveAttribute(
      "content",
      "Default blog description",
    );
    await expect(page.locator('meta[name="keywords"]')).toHaveAttribute(
      "content",
      "blog, antivirus, cybersecurity",
    );
    await expect(page.getByText("Date not available")).toBeVisible();
  });

  test("comments: a posted comment awaits moderation and shows once approved", async ({ page }) => {
    // The page's clock is ours: a person takes a while to write (the spam score counts the time).
    await page.clock.install();
    await page.goto("/blogs");
    await page.getByRole("link", { name: SAMPLE_BLOG_TITLE, exact: true }).click();
    await expect(page).toHaveURL(/\/blogs\/[a-z0-9-]+$/);
    const slug = new URL(page.url()).pathname.split("/").pop();
    const form = page.getByRole("form", { name: /^Comment on/ });
    await form.getByRole("textbox", { name: "Name" }).fill("Rosa");
    await form.getByRole("textbox", { name: "Email" }).fill("rosa@example.com");
    await form.getByRole("textbox", { name: "Comment" }).fill("We went last spring: the ferry tip saved us.");
    await page.clock.fastForward(60_000);
    await page.getByRole("button", { name: "Post Comment" }).click();
    await expect(page.getByRole("status").filter({ hasText: "awaiting moderation" })).toBeVisible();
    await page.reload();
    await expect(page.getByText("We went last spring")).toHaveCount(0);

    await withSiteDb(async (db) => {
      const pending = db.selectFrom("comments").select("id").where("approved", "=", 0);
      const rosa = await pending.where("name", "=", "Rosa").execute();
      for (const { id } of rosa) await toggleApproved(db, COMMAND_LINE, id);
    });
    await page.goto(`/blogs/${slug}`);
    await expect(page.getByText("We went last spring: the ferry tip saved us.")).toBeVisible();
  });

  test("without JavaScript, a posted comment redirects to the blog, which says it awaits moderation", async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/blogs/kyoto-in-the-rain");
    const form = page.getByRole("form", { name: /^Comment on/ });
    await form.getByRole("textbox", { name: "Name" }).fill("Plain Form");
    await form.getByRole("textbox", { name: "Email" }).fill("plain@example.com");
    await form.getByRole("textbox", { name: "Comment" }).fill("Posted without scripts.");
    const [post] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === "POST"),
      page.getByRole("button", { name: "Post Comment" }).click(),
    ]);
    // Post/Redirect/Get: reloading the page it lands on cannot post the comment again.
    expect(post.status()).toBe(303);
    await expect(page).toHaveURL(/\/blogs\/kyoto-in-the-rain\?comment=sent#comments$/);
    await expect(
      page.getByRole("status").filter({ hasText: "Your comment is awaiting moderation" }),
    ).toBeVisible();
    await page.reload();
    const stored = await withSiteDb((db) =>
      db.selectFrom("comments").select("approved").where("name", "=", "Plain Form").execute(),
    );
    expect(stored).toEqual([{ approved: 0 }]);
    await context.close();
  });

  test("a link to the comments keeps its place once the page's scripts start", async ({ page }) => {
    // With reduced motion a scroll the scripts start is instant, so it has happened by the time
    // the page is hydrated (goto waits for that): what is read below is where the page stays.
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.goto("/blogs/kyoto-in-the-rain#comments");
    const placed = await page.evaluate(async () => {
      await new Promise((r) => requestAnimationFrame(r));
      const rect = document.getElementById("comments")?.getBoundingClientRect();
      return {
        scrollY: window.scrollY,
        inView: Boolean(rect && rect.top < window.innerHeight && rect.bottom > 0),
      };
    });
    expect(placed).toEqual({ scrollY: expect.any(Number), inView: true });
    expect(placed.scrollY).toBeGreaterThan(0);
    await expect(page.getByRole("heading", { name: /^Comments/ })).toBeInViewport();
  });

  test("the list is paginated", async ({ page }) => {
    // Created long ago, so they fill the last pages and leave the first ones as they were.
    await withSiteDb(async (db) => {
      for (let i = 0; i < 12; i++) {
        await createBlog(
          db,
          COMMAND_LINE,
          { title: `Filler ${i}`, content: "<p>x</p>", author: "Bot", date: "2020-01-01" },
          100 + i,
        );
      }
    });
    await page.goto("/blogs");
    await expect(page.getByRole("navigation", { name: "Pagination" })).toBeVisible();
    await page.getByRole("link", { name: "Page 2" }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(page.getByRole("link", { name: "Page 2" })).toHaveAttribute("aria-current", "page");
  });
});

test.describe("contact and forms", () => {
  test("the contact form confirms and shows the site's details", async ({ page }) => {
    await page.goto("/contact");
    await expect(page.getByRole("main").getByText("Remote Team, Worldwide")).toBeVisible();
    await expect(page.getByRole("main").getByText("hello@wanderplate.example")).toBeVisible();
    await page.getByLabel("First Name", { exact: true }).fill("Ana");
    await page.getByLabel("Last Name", { exact: true }).fill("Silva");
    await page.getByLabel("Email", { exact: true }).fill("ana@example.com");
    await page.getByLabel("Phone", { exact: true }).fill("+351 21 000 0000");
    await page.getByLabel("Message", { exact: true }).fill("Is October good for the Dolomites?");
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Your message has been sent" })).toBeVisible();
    const stored = await withSiteDb((db) =>
      db
        .selectFrom("contacts")
        .select(["first", "last", "message"])
        .where("email", "=", "ana@example.com")
        .execute(),
    );
    expect(stored).toEqual([{ first: "Ana", last: "Silva", message: "Is October good for the Dolomites?" }]);
  });

  test("without JavaScript, bad input gets field messages and a 400, and nothing is stored", async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/contact");
    await page.getByLabel("First Name", { exact: true }).fill("NoScript");
    await page.getByLabel("Email", { exact: true }).fill("not-an-email");
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === "POST"),
      page.getByRole("button", { name: "Send Message" }).click(),
    ]);
    expect(response.status()).toBe(400);
    await expect(page.getByText("Last Name is required.")).toBeVisible();
    await expect(page.getByText("Enter a valid email address.")).toBeVisible();
    await expect(page.getByLabel("First Name", { exact: true })).toHaveValue("NoScript");
    expect(await countRows((db) => db.selectFrom("contacts").where("first", "=", "NoScript"))).toBe(0);
    await context.close();
  });

  test("a filled honeypot is refused and stores nothing", async ({ request }) => {
    const res = await request.post("/contact", {
      form: {
        first: "Bot",
        last: "Bot",
        email: "bot@example.com",
        phone: "",
        message: "spam",
        website: "http://spam",
      },
    });
    expect(res.status()).toBe(400);
    expect(await countRows((db) => db.selectFrom("contacts").where("first", "=", "Bot"))).toBe(0);
  });

  test("a post that is not a readable form of a sane size is a 4xx with a message, never a 500", async ({
    request,
  }) => {
    for (const path of ["/contact", "/blogs/kyoto-in-the-rain", "/signup"]) {
      const json = await request.post(path, { data: { message: "hi" } });
      expect(json.status(), `${path} JSON`).toBe(415);
      expect(await json.text()).toContain("Only form submissions are accepted here.");
      const noBody = await request.post(path);
      expect(noBody.status(), `${path} no body`).toBe(415);
      const broken = await request.post(path, {
        headers: { "Content-Type": "multipart/form-data; boundary=x" },
        data: "not multipart at all",
      });
      expect(broken.status(), `${path} broken multipart`).toBe(400);
      const huge = await request.post(path, { form: { message: "x".repeat(100_000) } });
      expect(huge.status(), `${path} 100 KB`).toBe(413);
    }
    expect(await countRows((db) => db.selectFrom("contacts").where("message", "=", "hi"))).toBe(0);
  });

  test("a cross-site form post is refused", async ({ request }) => {
    const res = await request.post("/contact", {
      headers: { Origin: "https://evil.example" },
      form: { first: "X", last: "Y", email: "x@example.com", phone: "", message: "csrf" },
    });
    expect(res.status()).toBe(403);
  });
});

test.describe("popup", () => {
  test("never shown while the setting is off; shown, stored and remembered when on", async ({ page }) => {
    // A controlled clock: the popup's delay is run through instead of waited out.
    await page.clock.install();
    await setPopup(false);
    await page.goto("/");
    // Off: the page carries no dialog at all, and none opens however long the visitor stays.
    await expect(page.locator("dialog")).toHaveCount(0);
    await page.clock.runFor(60_000);
    await expect(page.locator("dialog")).toHaveCount(0);

    await setPopup(true);
    await page.goto("/");
    const dialog = page.getByRole("dialog", { name: /travel club/ });
    await page.clock.runFor(60_000);
    await expect(dialog).toBeVisible();
    await dialog.getByLabel("Full Name", { exact: true }).fill("Mia Popup");
    await dialog.getByLabel("Email", { exact: true }).fill("mia@example.com");
    await dialog.getByRole("button", { name: "Sign Up" }).click();
    await expect(dialog.getByText("Thanks for signing up!")).toBeVisible();
    const users = await withSiteDb((db) =>
      db.selectFrom("users").select("full_name").where("email", "=", "mia@example.com").execute(),
    );
    expect(users).toEqual([{ full_name: "Mia Popup" }]);

    // Remembered: the dialog is on the page (the setting is on) but never opens.
    await page.goto("/blogs");
    await expect(page.locator("dialog")).toHaveCount(1);
    await page.clock.runFor(60_000);
    await expect(page.getByRole("dialog", { name: /travel club/ })).toBeHidden();
    await setPopup(false);
  });
});
