/**
 * `npm run screenshots:admin -- [baseUrl] [email] [password]`: screenshots of every admin screen at
 * 1440 and 1024 px into test-results/screenshots, for people to look at (not a test).
 */
import { mkdirSync } from "node:fs";
import { chromium } from "playwright-core";
import { CHROMIUM_ARGS, chromiumPath } from "#tests/support/chromium.ts";

const [base = "http://127.0.0.1:3000", email = "admin@example.com", password = "change me please"] =
  process.argv.slice(2);
const out = "test-results/screenshots";
mkdirSync(out, { recursive: true });

const browser = await chromium.launch({ executablePath: await chromiumPath(), args: CHROMIUM_ARGS });
try {
  for (const width of [1440, 1024]) {
    const page = await browser.newPage({ viewport: { width, height: 900 } });
    await page.goto(`${base}/admin/login`);
    await page.screenshot({ path: `${out}/admin-login-${width}.png` });
    await page.getByRole("textbox", { name: "Email" }).fill(email);
    await page.getByLabel("Password", { exact: true }).fill(password);
    await page.getByRole("button", { name: "Login" }).click();
    await page.waitForURL(/dashboard/);
    const firstEdit = await page
      .getByRole("link", { name: /^Edit / })
      .first()
      .getAttribute("href");
    const firstRecipeEdit = async () => {
      await page.goto(`${base}/admin/manage-recipe`);
      return page.getByRole("link", { name: /^Edit/ }).first().getAttribute("href");
    };
    const shots: [string, string | (() => Promise<void>)][] = [
      ["dashboard", "/admin/dashboard"],
      [
        "blog-add",
        async () => {
          await page.goto(`${base}/admin/blog`);
          await page.getByRole("button", { name: "Add Blog" }).click();
          await page.getByRole("toolbar", { name: "Formatting" }).waitFor();
        },
      ],
      ["blog-edit", firstEdit ?? "/admin/blog"],
      ["blog-reader", "/admin/blog/Kyoto%20in%20the%20Rain"],
      ["recipes", "/admin/manage-recipe"],
      [
        "recipe-add",
        async () => {
          await page.goto(`${base}/admin/manage-recipe`);
          await page.getByRole("button", { name: "+ Add Recipe" }).click();
        },
      ],
      [
        "recipe-edit",
        async () => {
          await page.goto(`${base}${(await firstRecipeEdit()) ?? "/admin/manage-recipe"}`);
        },
      ],
      ["users", "/admin/manage-users"],
      ["messages", "/admin/manage-contacts"],
      ["comments", "/admin/manage-comments"],
      ["settings", "/admin/settings"],
      ["media", "/admin/media"],
    ];
    for (const [name, target] of shots) {
      if (typeof target === "string") await page.goto(`${base}${target}`, { waitUntil: "networkidle" });
      else await target();
      await page.waitForTimeout(400);
      await page.screenshot({ path: `${out}/admin-${name}-${width}.png`, fullPage: !name.endsWith("-add") });
      console.log(`${out}/admin-${name}-${width}.png`);
    }
    await page.close();
  }
} finally {
  await browser.close();
}
