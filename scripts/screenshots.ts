/**
 * `npm run screenshots -- [baseUrl]`: full-page screenshots of the public pages at desktop and
 * phone widths into test-results/screenshots, for people to look at (not a test).
 */
import { mkdirSync } from "node:fs";
import { chromium, type Page } from "playwright-core";
import { CHROMIUM_ARGS, chromiumPath } from "#tests/support/chromium.ts";

const base = process.argv[2] ?? "http://127.0.0.1:3000";
const paths = (
  process.env.SHOT_PATHS ??
  "/,/destinations,/destinations/santorini-greece,/blogs,BLOG,/favorites,/contact,/about,/recipes,RECIPE,/missing"
).split(",");
const widths = [1280, 390];
const out = "test-results/screenshots";
mkdirSync(out, { recursive: true });

/**
 * A full-page shot is taken without scrolling, so images below the fold that load lazily would
 * show empty: they are switched to load at once, and waited for (a few seconds at most).
 */
async function loadLazyImages(page: Page) {
  await page.evaluate(async () => {
    const pending = [...document.images].map((image) => {
      image.loading = "eager";
      if (image.complete) return null;
      return new Promise((settled) => {
        image.addEventListener("load", settled, { once: true });
        image.addEventListener("error", settled, { once: true });
      });
    });
    await Promise.race([Promise.all(pending), new Promise((late) => setTimeout(late, 5000))]);
  });
}

const browser = await chromium.launch({ executablePath: await chromiumPath(), args: CHROMIUM_ARGS });
try {
  for (const width of widths) {
    const page = await browser.newPage({ viewport: { width, height: width > 800 ? 800 : 844 } });
    for (let path of paths) {
      if (path === "BLOG" || path === "RECIPE") {
        await page.goto(`${base}${path === "BLOG" ? "/blogs" : "/recipes"}`);
        path = (await page.locator("article h2 a, article h3 a").first().getAttribute("href")) ?? "/";
      }
      await page.goto(`${base}${path}`, { waitUntil: "networkidle" });
      if (path === "/favorites") {
        await page.evaluate(() => localStorage.removeItem("favoriteDestinations"));
      }
      await loadLazyImages(page);
      const name = `${path === "/" ? "home" : path.replace(/^\//, "").replaceAll("/", "_")}-${width}.png`;
      await page.screenshot({ path: `${out}/${name}`, fullPage: true });
      console.log(`${out}/${name}`);
    }
    await page.close();
  }
} finally {
  await browser.close();
}
