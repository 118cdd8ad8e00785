/**
 * The database's disk full (docs/decisions/008-database-faults.md, session 41): the SQLite file on
 * a small tmpfs of its own, filled to the last byte. Pages are still served; a write is refused
 * with the 503 page that says nothing was saved (it was a 500 "Something went wrong" under the tab
 * title "Page not found"), the log says so once, and writes work again once there is room.
 * Mounting needs root, as the CI machine and this one have; elsewhere the file is skipped.
 */
import { execFileSync } from "node:child_process";
import { closeSync, mkdirSync, openSync, rmSync, writeSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { chromium } from "@playwright/test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHROMIUM_ARGS, chromiumPath } from "#tests/support/chromium.ts";
import { blogFields } from "#tests/support/content.ts";
import {
  ensureBuilt,
  type RunningServer,
  signIn,
  siteEnv,
  startServer,
} from "#tests/support/server-process.ts";

const ADMIN = { email: "owner@wanderplate.test", password: "a full disk is a fact of life" };

/** Whether this process may mount a tmpfs (root, or a user namespace that allows it). */
function canMount(): boolean {
  const probe = join(tmpdir(), `wanderplate-mount-probe-${process.pid}`);
  mkdirSync(probe, { recursive: true });
  try {
    execFileSync("mount", ["-t", "tmpfs", "-o", "size=1m", "tmpfs", probe], { stdio: "ignore" });
    execFileSync("umount", [probe], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  } finally {
    rmSync(probe, { recursive: true, force: true });
  }
}

const post = (url: string, body: Record<string, string>, headers: Record<string, string> = {}) =>
  fetch(url, { method: "POST", body: new URLSearchParams(body), headers, redirect: "manual" });

const comment = (text: string) => ({ name: "Visitor", email: "visitor@example.com", comment: text });

describe.skipIf(!canMount())("the database's disk full", () => {
  let dir: string;
  let disk: string;
  let databaseFile: string;
  let fill: string;
  let server: RunningServer;
  let output = "";
  let blogPath: string;

  beforeAll(async () => {
    ensureBuilt();
    dir = await mkdtemp(join(tmpdir(), "wanderplate-disk-full-"));
    disk = join(dir, "disk");
    mkdirSync(disk);
    execFileSync("mount", ["-t", "tmpfs", "-o", "size=24m", "tmpfs", disk]);
    databaseFile = join(disk, "site.db");
    fill = join(disk, "fill");
    server = await startServer(
      siteEnv(
        { database: `file:${databaseFile}`, uploads: join(dir, "uploads"), admin: ADMIN },
        { FORM_RATE_LIMIT: "100000", ANALYTICS: "false" },
      ),
      { stdout: (chunk) => (output += chunk) },
    );
    const cookie = await signIn(server.url, ADMIN);
    const added = await post(
      `${server.url}/admin/blog`,
      blogFields("Full Harbour", { intent: "create", content: "<p>Written before the disk filled.</p>" }),
      { cookie },
    );
    expect(added.status).toBe(200);
    blogPath = "/blogs/full-harbour";
    expect((await post(`${server.url}${blogPath}`, comment("before"))).status).toBe(303);
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    if (disk) execFileSync("umount", [disk]);
    await rm(dir, { recursive: true, force: true });
  });

  /** Fills the disk: the WAL emptied first, so the next write must grow a file, then every byte taken. */
  function fillDisk() {
    const db = new DatabaseSync(databaseFile, { timeout: 2000 });
    try {
      expect(db.prepare("PRAGMA wal_checkpoint(TRUNCATE)").get()).toMatchObject({ busy: 0 });
    } finally {
      db.close();
    }
    const fd = openSync(fill, "w");
    const chunk = Buffer.alloc(1 << 20);
    try {
      for (;;) writeSync(fd, chunk);
    } catch (error) {
      expect((error as NodeJS.ErrnoException).code).toBe("ENOSPC");
    }
    // The last partial megabyte.
    try {
      for (;;) writeSync(fd, chunk.subarray(0, 512));
    } catch {
      // Full to the byte.
    } finally {
      closeSync(fd);
    }
  }

  it("serves pages, refuses writes with 503, says so once in the log, and recovers", async () => {
    fillDisk();
    const before = output.length;

    expect((await fetch(`${server.url}${blogPath}?while=full`)).status).toBe(200);

    // A comment is refused as a form is: the blog's page, the message above the fields, and what
    // the reader wrote still in them (without JavaScript too).
    for (const text of ["first", "second"]) {
      const refused = await post(`${server.url}${blogPath}`, comment(`when full: ${text}`));
      expect(refused.status).toBe(503);
      expect(refused.headers.get("retry-after")).toBe("5");
      const page = await refused.text();
      expect(page).toContain("Not sent: the site cannot save anything just now.");
      expect(page).toContain(`>when full: ${text}</textarea>`);
    }

    // The back office says what it is: waiting will not mend it.
    const login = await post(`${server.url}/admin/login`, ADMIN);
    expect(login.status).toBe(503);
    const adminPage = await login.text();
    expect(adminPage).toContain("The server&#x27;s disk is full");
    expect(adminPage).toContain("nothing was saved");
    expect(adminPage).toContain("<title>Disk full | Admin</title>");

    // Log lines are written in batches, at least every 250 ms; at LOG_LEVEL=error, a request's
    // line only when it failed (the page read above has none).
    const linesSince = () => output.slice(before).split("\n").filter(Boolean);
    await expect.poll(() => linesSince().filter((l) => l.includes('"msg":"request"')).length).toBe(3);
    const lines = linesSince();
    const fullLines = lines.filter((line) => line.includes("the disk is full"));
    expect(fullLines).toHaveLength(1);
    expect(JSON.parse(fullLines[0] ?? "{}")).toMatchObject({ level: 50 });
    // Each refused request has its line, with its status; no 500 and no stack of its own.
    const statuses = lines.filter((l) => l.includes('"msg":"request"')).map((l) => JSON.parse(l).status);
    expect(statuses).toEqual([503, 503, 503]);
    expect(lines.filter((l) => l.includes('"msg":"request failed"'))).toEqual([]);

    rmSync(fill);
    expect((await post(`${server.url}${blogPath}`, comment("after"))).status).toBe(303);
    expect((await post(`${server.url}/admin/login`, ADMIN)).status).toBe(302);
  }, 60_000);

  it("an editor's save keeps the spec's toast and says the disk is full: 503, one log line, no stack", async () => {
    const cookie = await signIn(server.url, ADMIN);
    fillDisk();
    const before = output.length;
    try {
      const refused = await post(
        `${server.url}/admin/blog`,
        blogFields("Written on a full disk", { intent: "create" }),
        { cookie },
      );
      // It was a 500, "…: the blog could not be saved." and the SQLite error's stack in the log.
      expect(refused.status).toBe(503);
      // The toast, in the page's action data.
      expect(await refused.text()).toMatch(
        /Error uploading blog: the blog could not be saved\. The server.{1,6}s disk is full: nothing was saved\./,
      );
      await expect.poll(() => output.slice(before).includes('"msg":"request"')).toBe(true);
      const lines = output.slice(before).split("\n").filter(Boolean);
      expect(lines.filter((line) => line.includes("Adding a blog"))).toEqual([]);
    } finally {
      rmSync(fill);
    }
  }, 60_000);

  it("a start that cannot create its database on the full disk exits with a line that says so", async () => {
    fillDisk();
    let startOutput = "";
    try {
      const start = startServer(
        siteEnv({ database: `file:${join(disk, "new.db")}`, uploads: join(dir, "uploads-new") }),
        { stdout: (chunk) => (startOutput += chunk) },
      );
      // It was SQLite's "database or disk is full" and its stack, from the first pragma.
      await expect(start).rejects.toThrow(/exited \(1\)/);
      const fatal = startOutput.split("\n").filter((line) => line.includes('"level":60'));
      expect(fatal).toHaveLength(1);
      expect(fatal[0]).toContain("Cannot start: the database's disk is full.");
    } finally {
      rmSync(fill);
    }
  }, 60_000);

  it("in a browser, a form that fails says so on a styled page, in view", async () => {
    const browser = await chromium.launch({ executablePath: await chromiumPath(), args: CHROMIUM_ARGS });
    try {
      const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
      const hydrated = () => page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
      // The site's stylesheet is the document's largest <style>, inlined by the server.
      const stylesheetLength = () =>
        page.evaluate(() =>
          Math.max(0, ...[...document.querySelectorAll("style")].map((s) => s.textContent.length)),
        );
      // A back office signed into before the disk fills, in a browser of its own.
      const admin = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      await admin.goto(`${server.url}/admin/login`);
      await admin.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
      await admin.getByLabel("Email").fill(ADMIN.email);
      await admin.getByLabel("Password").fill(ADMIN.password);
      await admin.getByRole("button", { name: "Login" }).click();
      await admin.waitForURL("**/admin/dashboard");
      await admin.goto(`${server.url}/admin/account`);
      await admin.waitForFunction(() => document.documentElement.dataset.hydrated === "true");

      await page.goto(`${server.url}${blogPath}`);
      await hydrated();
      const styled = await stylesheetLength();
      expect(styled).toBeGreaterThan(10_000);

      fillDisk();
      try {
        // A back-office form whose action lets the failure through (the editors catch their own
        // and say "could not be saved"): a toast says nothing was saved, and the screen keeps what
        // was typed. Thrown, the failure put the 503 page in the screen's place.
        const name = admin.locator("#account-name");
        await name.fill("Typed while the disk is full");
        await admin.getByRole("button", { name: "Save details" }).click();
        await expect
          .poll(() => admin.getByText("The server's disk is full: nothing was saved.").isVisible())
          .toBe(true);
        expect(await name.inputValue()).toBe("Typed while the disk is full");
        expect(new URL(admin.url()).pathname).toBe("/admin/account");

        // A failure the action lets through (the sign-in's), asked for by the browser's router: a
        // plain 503, not React Router's sanitized 500.
        const data = await post(`${server.url}/admin/login.data`, ADMIN);
        expect(data.status).toBe(503);
        expect(data.headers.get("x-remix-response")).toBeNull();
        expect(await data.text()).toBe("storage-full");

        // The comment form says it was not sent and keeps what was written.
        const form = page.locator("#comments form");
        await form.locator("input[name=name]").fill("Visitor");
        await form.locator("input[name=email]").fill("visitor@example.com");
        await form.locator("textarea[name=comment]").fill("Sent while the disk is full.");
        await form.getByRole("button", { name: "Post Comment" }).click();
        await expect
          .poll(() => page.getByText("Not sent: the site cannot save anything just now.").isVisible())
          .toBe(true);
        expect(await form.locator("textarea[name=comment]").inputValue()).toBe(
          "Sent while the disk is full.",
        );

        // Where a form's failure is the page's (that plain 503 for this one), the message is drawn in
        // the page's place, near its top, in view: the form was far down the page.
        await page.route(
          (url) => url.pathname === `${blogPath}.data`,
          (route) => route.fulfill({ status: 503, contentType: "text/plain", body: "" }),
        );
        await form.getByRole("button", { name: "Post Comment" }).click();
        const heading = page.getByRole("heading", { level: 1, name: "We'll be right back" });
        await expect.poll(() => heading.isVisible()).toBe(true);
        expect(await page.getByText("it was not sent yet").count()).toBe(1);
        // In view: the form was far down the page, the message is near its top.
        await expect
          .poll(async () => {
            const box = await heading.boundingBox();
            return box !== null && box.y >= 0 && box.y + box.height <= 844;
          })
          .toBe(true);
        // The root's error page draws the document's head again: the stylesheet stays.
        await page.goto(`${server.url}/admin/login`);
        await hydrated();
        await page.getByLabel("Email").fill(ADMIN.email);
        await page.getByLabel("Password").fill(ADMIN.password);
        await page.getByRole("button", { name: "Login" }).click();
        await expect
          .poll(() => page.getByRole("heading", { level: 1, name: "The server's disk is full" }).isVisible())
          .toBe(true);
        expect(await page.title()).toBe("Disk full | Admin");
        expect(await stylesheetLength()).toBe(styled);
      } finally {
        rmSync(fill);
      }
    } finally {
      await browser.close();
    }
  }, 60_000);
});
