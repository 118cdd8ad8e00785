/**
 * The admin layout's error boundary on the built server (issue 40): a screen whose reads fail is
 * answered 500 inside the admin frame, the menu still there, under the screen's own heading and
 * title, with the product spec's message; the screen opens again once its table is back. A fault
 * of the layout's own reads (the menu's counts) has no frame to show it in: the plain error page.
 * Each screen's loader, on both engines: web/admin-load-failures.test.ts.
 */
import { DatabaseSync } from "node:sqlite";
import { expect, it } from "vitest";
import { startedForTests } from "#tests/support/hooks.ts";
import { ensureBuilt, startSampleSite } from "#tests/support/server-process.ts";

const ADMIN = { email: "owner@load-failures.test", password: "a screen that cannot read" };

const site = startedForTests(() => {
  ensureBuilt();
  return startSampleSite("load-failures", ADMIN);
});

/** Runs `run` while `table` of the site's database cannot be read (renamed away), then puts it back. */
async function withoutTable<T>(table: string, run: () => Promise<T>): Promise<T> {
  const rename = (from: string, to: string) => {
    const db = new DatabaseSync(site.dbFile);
    try {
      db.exec(`alter table ${from} rename to ${to}`);
    } finally {
      db.close();
    }
  };
  rename(table, `${table}_away`);
  try {
    return await run();
  } finally {
    rename(`${table}_away`, table);
  }
}

const open = async (path: string) => {
  const res = await fetch(`${site.url}${path}`, { headers: { cookie: site.cookie }, redirect: "manual" });
  return { status: res.status, html: await res.text() };
};

it.each([
  { path: "/admin/manage-users", table: "users", heading: "Users", message: "Failed to fetch users." },
  {
    path: "/admin/manage-contacts",
    table: "contacts",
    heading: "Customer Messages",
    message: "Failed to load messages.",
  },
  { path: "/admin/media", table: "uploads", heading: "Media", message: "Failed to load the media library." },
  {
    path: "/admin/activity",
    table: "activity_log",
    heading: "Activity",
    message: "Failed to load the activity log.",
  },
])("$path: the spec's message under the heading $heading, inside the admin frame", async (screen) => {
  const failed = await withoutTable(screen.table, () => open(screen.path));
  expect(failed.status).toBe(500);
  // The frame: the top bar, the menu (with its counts) and the way to the account.
  expect(failed.html).toContain("Wanderplate Admin");
  expect(failed.html).toMatch(/<nav aria-label="Admin"/);
  expect(failed.html).toContain('href="/admin/manage-comments"');
  expect(failed.html).toContain('data-testid="admin-account"');
  // The screen's own heading and title, and the message as an alert.
  expect(failed.html).toMatch(new RegExp(`<h1[^>]*>${screen.heading}</h1>`));
  expect(failed.html).toContain(`<title>${screen.heading} | Admin</title>`);
  expect(failed.html).toMatch(new RegExp(`<p role="alert"[^>]*>${screen.message}</p>`));
  expect(failed.html).not.toContain("Something went wrong");
  expect(failed.html).not.toContain(`${screen.table}_away`);

  const again = await open(screen.path);
  expect(again.status).toBe(200);
  expect(again.html).not.toContain(screen.message);
});

it("a fault of the layout's own reads (the menu's counts) gets the plain error page, no frame", async () => {
  const failed = await withoutTable("comments", () => open("/admin/manage-users"));
  expect(failed.status).toBe(500);
  expect(failed.html).toContain("Something went wrong");
  expect(failed.html).not.toMatch(/<nav aria-label="Admin"/);
  expect(failed.html).not.toContain("Failed to fetch users.");
});
