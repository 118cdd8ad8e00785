import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "playwright-core";
import { createDatabaseOn, startEmbeddedPostgres } from "../tests/support/embedded-postgres.ts";
import { startServer } from "../tests/support/server-process.ts";

const out = "/tmp/dbfault-shots";
const pgs = await startEmbeddedPostgres();
const db = await createDatabaseOn(pgs.url);
const uploads = await mkdtemp(join(tmpdir(), "shots-"));
const server = await startServer({
  DATABASE_URL: db.url, UPLOADS_DIR: uploads, SAMPLE_CONTENT: "false", BUILD_DIR: "build",
  ADMIN_EMAIL: "a@b.test", ADMIN_PASSWORD: "password password",
  DATABASE_CONNECT_TIMEOUT_MS: "1000", DATABASE_STATEMENT_TIMEOUT_MS: "2000",
});
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--headless", "--no-sandbox", "--disable-gpu"] });
try {
  const login = await browser.newPage();
  await login.goto(`${server.url}/admin/login`);
  await login.getByLabel("Email").fill("a@b.test");
  await login.getByLabel("Password").fill("password password");
  await login.getByRole("button", { name: /log ?in|sign ?in/i }).click();
  await login.waitForURL(/dashboard/);
  const cookies = await login.context().cookies();
  await pgs.halt("immediate");
  for (const width of [1280, 390]) {
    const ctx = await browser.newContext({ viewport: { width, height: width > 800 ? 800 : 844 } });
    await ctx.addCookies(cookies);
    const page = await ctx.newPage();
    const errors: string[] = [];
    page.on("console", (m) => { if (m.type() === "error") errors.push(m.text()); });
    page.on("pageerror", (e) => errors.push(String(e)));
    for (const [name, path] of [["public", "/blogs"], ["admin", "/admin/dashboard"]]) {
      const res = await page.goto(`${server.url}${path}`, { waitUntil: "networkidle" });
      await page.waitForTimeout(500);
      const heading = await page.locator("h1").first().textContent();
      console.log(width, name, res?.status(), res?.headers()["retry-after"], JSON.stringify(heading), await page.title());
      await page.screenshot({ path: `${out}/503-${name}-${width}.png`, fullPage: true });
    }
    console.log("console errors:", errors);
    await ctx.close();
  }
} finally {
  await browser.close();
  await server.stop();
  await pgs.start();
  await pgs.stop();
}
