import type { Locator, Page } from "@playwright/test";
import { COMMAND_LINE } from "#app/server/models/activity.server.ts";
import { addUser, deleteUser } from "#app/server/models/users.server.ts";
import { loginAsAdmin } from "./admin-fixtures.ts";
import { countRows, expect, test, withSiteDb } from "./fixtures.ts";

/** Unique per run: the e2e database is shared with the other test files. */
const run = Date.now().toString(36);

function toast(page: Page, text: string): Locator {
  return page.locator("[data-sonner-toast]").filter({ hasText: text });
}

/** Runs `act`, which must make the page POST to `path`, and checks the answer's status. */
async function expectRefused(page: Page, path: string, status: number, act: () => Promise<void>) {
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === "POST" && r.url().includes(path)),
    act(),
  ]);
  expect(response.status()).toBe(status);
}

/** A table row of the main table, found by a unique text in it. */
function row(page: Page, text: string): Locator {
  return page.getByRole("row").filter({ hasText: text });
}

test.describe("admin screens: users, messages, comments, settings", () => {
  test("the screens and their actions need an admin session", async ({ request }) => {
    for (const path of [
      "/admin/manage-users",
      "/admin/manage-contacts",
      "/admin/manage-comments",
      "/admin/settings",
    ]) {
      const res = await request.get(path, { maxRedirects: 0 });
      expect(res.status(), path).toBe(302);
      expect(res.headers().location, path).toBe("/admin/login");
    }
    const { id } = await withSiteDb((db) =>
      addUser(db, { fullName: `Guarded ${run}`, email: `guarded-${run}@example.com`, phone: "" }),
    );
    const res = await request.post("/admin/manage-users", {
      form: { intent: "delete", id: String(id) },
      maxRedirects: 0,
    });
    expect(res.status()).toBe(302);
    expect(res.headers().location).toBe("/admin/login");
    const post = await request.post("/admin/settings", {
      form: { intent: "site-info", name: "Hacked", email: "h@example.com" },
      maxRedirects: 0,
    });
    expect(post.status()).toBe(302);
    expect(await countRows((db) => db.selectFrom("users").where("id", "=", id))).toBe(1);
    await withSiteDb((db) => deleteUser(db, COMMAND_LINE, id));
  });

  test("users: add a user, refuse bad input, then delete it with the confirmation", async ({ page }) => {
    await loginAsAdmin(page);
    await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Users" }).click();
    await expect(page).toHaveURL(/\/admin\/manage-users$/);
    await expect(page.getByRole("heading", { name: "Users", level: 1 })).toBeVisible();

    // Bad input: 400 with field messages, nothing stored.
    await page.getByRole("button", { name: "Add User" }).click();
    const dialog = page.getByRole("dialog", { name: "Add User" });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel("Email").fill("not-an-email");
    await expectRefused(page, "manage-users", 400, () =>
      dialog.getByRole("button", { name: "Add User" }).click(),
    );
    await expect(dialog.getByText("Full Name is required.")).toBeVisible();
    // The page behind the open dialog is hidden: "Add User" now names only the dialog's submit.
    await expect(page.getByRole("button", { name: "Add User" })).toHaveCount(1);
    await expect(dialog.getByText("Enter a valid email address.")).toBeVisible();
    expect(await countRows((db) => db.selectFrom("users").where("email", "=", "not-an-email"))).toBe(0);

    const name = `Ines Admin-${run}`;
    const email = `ines-${run}@example.com`;
    await dialog.getByLabel("Full Name").fill(name);
    await dialog.getByLabel("Email").fill(email);
    await dialog.getByLabel("Phone").fill("+351 21 000 1111");
    await dialog.getByRole("button", { name: "Add User" }).click();
    await expect(toast(page, "User added")).toBeVisible();
    await expect(dialog).toBeHidden();

    const table = page.getByRole("table");
    for (const header of ["Full Name", "Email", "Phone", "Registered On", "Actions"]) {
      await expect(table.getByRole("columnheader", { name: header, exact: true })).toBeVisible();
    }
    // Newest first: the new user is the first data row.
    await expect(table.getByRole("row").nth(1)).toContainText(name);
    const added = row(page, email);
    await expect(added).toContainText("+351 21 000 1111");
    await expect(added.getByRole("cell").nth(3)).not.toHaveText("N/A");

    // Reopening the dialog starts empty.
    await page.getByRole("button", { name: "Add User" }).click();
    await expect(dialog.getByLabel("Full Name")).toHaveValue("");
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(dialog).toBeHidden();

    // Cancel keeps the user; confirming deletes it.
    await added.getByRole("button", { name: "Delete" }).click();
    const confirm = page.getByRole("alertdialog");
    await expect(confirm).toHaveAccessibleName(`Are you sure you want to delete user "${name}"?`);
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expect(confirm).toBeHidden();
    await expect(added).toBeVisible();

    await added.getByRole("button", { name: "Delete" }).click();
    await expect(
      confirm.getByText(`Are you sure you want to delete user "${name}"?`, { exact: true }),
    ).toBeVisible();
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expect(toast(page, "User deleted successfully")).toBeVisible();
    await expect(row(page, email)).toHaveCount(0);
    expect(await countRows((db) => db.selectFrom("users").where("email", "=", email))).toBe(0);
  });

  test("users: missing values show N/A and -, the email names the user, a vanished user gives an error", async ({
    page,
  }) => {
    const email = `nameless-${run}@example.com`;
    // A sign-up with no date (0, as rows brought over from the old site have) cannot be made
    // through addUser, which always stamps the time: this row is written to the table directly.
    const { id } = await withSiteDb((db) =>
      db
        .insertInto("users")
        .values({ full_name: "", email, phone: "", created_at: 0 })
        .returning("id")
        .executeTakeFirstOrThrow(),
    );
    await loginAsAdmin(page);
    await page.goto("/admin/manage-users?page=1");
    // Created at 0 sorts last: walk to the last page if there is more than one.
    const last = page.getByRole("navigation", { name: "Pagination" }).getByRole("link").last();
    if (await last.isVisible()) {
      const pages = page
        .getByRole("navigation", { name: "Pagination" })
        .getByRole("link", { name: /^Page / });
      await pages.last().click();
    }
    const nameless = row(page, email);
    await expect(nameless.getByRole("cell").nth(0)).toHaveText("N/A");
    await expect(nameless.getByRole("cell").nth(2)).toHaveText("-");
    await expect(nameless.getByRole("cell").nth(3)).toHaveText("N/A");

    // Someone else deletes the user first: the admin gets the error toast and a 4xx.
    await withSiteDb((db) => deleteUser(db, COMMAND_LINE, id));
    await nameless.getByRole("button", { name: "Delete" }).click();
    const confirm = page.getByRole("alertdialog");
    await expect(confirm).toHaveAccessibleName(`Are you sure you want to delete user "${email}"?`);
    await expectRefused(page, "manage-users", 404, () =>
      confirm.getByRole("button", { name: "Delete" }).click(),
    );
    await expect(toast(page, "Error deleting user.")).toBeVisible();
  });

  test("messages: a message sent from the contact page appears in Customer Messages", async ({ page }) => {
    const last = `Messenger-${run}`;
    const message = `Is the ferry to Hydra running in March? (${run}) ${"Long words wrap in the table. ".repeat(8)}`;
    // The page's clock is ours: a person takes a while to write (the spam score counts the time).
    await page.clock.install();
    await page.goto("/contact");
    await page.getByLabel("First Name", { exact: true }).fill("Petra");
    await page.getByLabel("Last Name", { exact: true }).fill(last);
    await page.getByLabel("Email", { exact: true }).fill(`petra-${run}@example.com`);
    await page.getByLabel("Message", { exact: true }).fill(message);
    await page.clock.fastForward(60_000);
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Your message has been sent" })).toBeVisible();

    await loginAsAdmin(page);
    await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Messages" }).click();
    await expect(page.getByRole("heading", { name: "Customer Messages", level: 1 })).toBeVisible();
    const table = page.getByRole("table");
    for (const header of ["Name", "Email", "Phone", "Message", "Date"]) {
      await expect(table.getByRole("columnheader", { name: header, exact: true })).toBeVisible();
    }
    const sent = row(page, last);
    await expect(table.getByRole("row").nth(1)).toContainText(last);
    await expect(sent.getByRole("cell").nth(0)).toHaveText(`Petra ${last}`);
    await expect(sent.getByRole("cell").nth(1)).toHaveText(`petra-${run}@example.com`);
    await expect(sent.getByRole("cell").nth(2)).toHaveText("-");
    await expect(sent.getByRole("cell").nth(3)).toHaveText(message.trim());
    await expect(sent.getByRole("cell").nth(4)).not.toHaveText("N/A");
    // Readable at 1024 px: the table fits beside the 250 px sidebar without scrolling sideways.
    await page.setViewportSize({ width: 1024, height: 800 });
    const box = await table.boundingBox();
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(1024);
  });

  test("on a phone the menu is a strip above the page, every entry reachable, nothing hidden under it", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await loginAsAdmin(page);
    const nav = page.getByRole("navigation", { name: "Admin" });
    for (const path of ["/admin/dashboard", "/admin/media", "/admin/manage-contacts"]) {
      await page.goto(path);
      const heading = page.getByRole("heading", { level: 1 });
      const [menu, title] = [await nav.boundingBox(), await heading.boundingBox()];
      // The heading sits below the menu, from the left edge: not behind a 250 px sidebar.
      expect(title?.x ?? 0).toBeLessThan(40);
      expect(title?.y ?? 0).toBeGreaterThanOrEqual((menu?.y ?? 0) + (menu?.height ?? 0));
      // The page itself never scrolls sideways (wide tables scroll in their own frame).
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    }
    await nav.getByRole("link", { name: "Settings" }).scrollIntoViewIfNeeded();
    await nav.getByRole("link", { name: "Settings" }).click();
    await expect(page.getByRole("heading", { name: "Settings", level: 1 })).toBeVisible();
  });

  test("comments: approve shows a comment on the blog, disapprove hides it again", async ({ page }) => {
    const text = `Loved the night market tip (${run}).`;
    // A sample blog: other test files add and remove blogs in the shared database.
    await page.clock.install();
    await page.goto("/blogs/street-food-after-dark-in-bangkok");
    const blogPath = new URL(page.url()).pathname;
    const form = page.getByRole("form", { name: /^Comment on/ });
    const blogTitle = ((await form.getAttribute("aria-label")) ?? "").replace(/^Comment on /, "");
    await form.getByRole("textbox", { name: "Name" }).fill(`Commenter ${run}`);
    await form.getByRole("textbox", { name: "Email" }).fill(`commenter-${run}@example.com`);
    await form.getByRole("textbox", { name: "Comment" }).fill(text);
    await page.clock.fastForward(60_000);
    await page.getByRole("button", { name: "Post Comment" }).click();
    await expect(page.getByRole("status").filter({ hasText: "awaiting moderation" })).toBeVisible();

    await loginAsAdmin(page);
    await page
      .getByRole("navigation", { name: "Admin" })
      .getByRole("link", { name: /^Comments/ })
      .click();
    await expect(page.getByRole("heading", { name: "Comments", level: 1 })).toBeVisible();
    const group = page.getByRole("region", { name: blogTitle, exact: true });
    await expect(group.getByRole("link", { name: blogTitle, exact: true })).toHaveAttribute("href", blogPath);
    const item = group.getByRole("listitem").filter({ hasText: text });
    await expect(item).toContainText(`Commenter ${run}`);
    await expect(item).toContainText(`commenter-${run}@example.com`);
    await expect(item.getByText("Pending", { exact: true })).toBeVisible();
    await expect(item.locator("time")).toBeVisible();

    // The Pending filter lists it; the Approved filter does not.
    await page
      .getByRole("navigation", { name: "Filter comments" })
      .getByRole("link", { name: /^Approved/ })
      .click();
    await expect(page).toHaveURL(/status=approved/);
    await expect(page.getByText(text)).toHaveCount(0);
    await page
      .getByRole("navigation", { name: "Filter comments" })
      .getByRole("link", { name: /^Pending/ })
      .click();
    await expect(page).toHaveURL(/status=pending/);
    await expect(page.getByText(text)).toBeVisible();
    await page
      .getByRole("navigation", { name: "Filter comments" })
      .getByRole("link", { name: /^All/ })
      .click();

    await item.getByRole("button", { name: "Approve", exact: true }).click();
    await expect(toast(page, "Comment approved")).toBeVisible();
    await expect(item.getByText("Approved", { exact: true })).toBeVisible();
    await expect(item.getByRole("button", { name: "Disapprove" })).toBeVisible();

    await page.goto(blogPath);
    await expect(page.getByText(text)).toBeVisible();

    await page.goto("/admin/manage-comments");
    await item.getByRole("button", { name: "Disapprove" }).click();
    await expect(toast(page, "Comment disapproved")).toBeVisible();
    await expect(item.getByText("Pending", { exact: true })).toBeVisible();

    await page.goto(blogPath);
    await expect(page.getByText(text)).toHaveCount(0);
  });

  test("comments: toggling a comment that no longer exists fails with a 4xx", async ({ page }) => {
    await loginAsAdmin(page);
    const res = await page.request.post("/admin/manage-comments", {
      form: { intent: "toggle", id: "987654321" },
      headers: { Accept: "text/html" },
      maxRedirects: 0,
    });
    expect(res.status()).toBe(404);
  });

  test("settings: saved site info shows on the public site at once; site numbers are added and deleted", async ({
    page,
  }) => {
    await loginAsAdmin(page);
    await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Settings" }).click();
    await expect(page.getByRole("heading", { name: "Settings", level: 1 })).toBeVisible();
    const info = page.getByRole("form", { name: "Site info" });
    const labels = ["Site Name", "Email", "Phone", "Phone (dialable)", "Address", "City", "Domain"];
    const original: Record<string, string> = {};
    for (const label of labels) original[label] = await info.getByLabel(label, { exact: true }).inputValue();
    expect(original["Site Name"]).not.toBe("");

    // Bad input: 400 and field messages, nothing written.
    await info.getByLabel("Email", { exact: true }).fill("nope");
    await info.getByLabel("Domain", { exact: true }).fill("https://bad host/");
    await expectRefused(page, "settings", 400, () => info.getByRole("button", { name: "Save" }).click());
    await expect(info.getByText("Enter a valid email address.")).toBeVisible();
    await expect(info.getByText(/Enter a host name/)).toBeVisible();

    const name = `Atlas ${run}`;
    const email = `atlas-${run}@example.com`;
    await info.getByLabel("Site Name", { exact: true }).fill(name);
    await info.getByLabel("Email", { exact: true }).fill(email);
    await info.getByLabel("Domain", { exact: true }).fill(original.Domain ?? "");
    await info.getByRole("button", { name: "Save" }).click();
    await expect(toast(page, "Settings saved")).toBeVisible();
    await expect(info.getByText("Enter a valid email address.")).toHaveCount(0);

    try {
      await page.goto("/");
      const footer = page.getByRole("contentinfo");
      await expect(footer.getByText(name, { exact: true })).toBeVisible();
      await expect(footer.getByRole("link", { name: email })).toHaveAttribute("href", `mailto:${email}`);
    } finally {
      // Restore the originals so the other test files see the defaults.
      await page.goto("/admin/settings");
      const again = page.getByRole("form", { name: "Site info" });
      await expect(again.getByLabel("Site Name", { exact: true })).toHaveValue(name);
      for (const label of labels) await again.getByLabel(label, { exact: true }).fill(original[label] ?? "");
      await again.getByRole("button", { name: "Save" }).click();
      await expect(toast(page, "Settings saved")).toBeVisible();
    }
    await page.goto("/");
    await expect(
      page.getByRole("contentinfo").getByText(original["Site Name"] ?? "", { exact: true }),
    ).toBeVisible();

    // Site numbers for this server's own host show on the public site; deleting restores the default.
    await page.goto("/admin/settings");
    const region = page.getByRole("region", { name: "Site numbers" });
    const numbersForm = page.getByRole("form", { name: "Site numbers" });
    const host = "127.0.0.1";
    const intl = `+30 210 ${Date.now() % 10_000_000}`;
    await numbersForm.getByLabel("Domain", { exact: true }).fill(host);
    await numbersForm.getByLabel("International number", { exact: true }).fill(intl);
    await numbersForm.getByLabel("Local number", { exact: true }).fill("210 555 0000");
    await numbersForm.getByRole("button", { name: "Save" }).click();
    await expect(toast(page, "Settings saved")).toBeVisible();
    const domainRow = region.getByRole("row").filter({ hasText: host });
    await expect(domainRow).toContainText(intl);
    await expect(domainRow).toContainText("210 555 0000");
    await expect(numbersForm.getByLabel("Domain", { exact: true })).toHaveValue("");
    try {
      await page.goto("/");
      await expect(page.getByRole("contentinfo").getByRole("link", { name: intl })).toBeVisible();
    } finally {
      await page.goto("/admin/settings");
      await region.getByRole("row").filter({ hasText: host }).getByRole("button", { name: "Delete" }).click();
      const confirm = page.getByRole("alertdialog");
      await expect(confirm).toHaveAccessibleName(`Delete "${host}"? This cannot be undone.`);
      await confirm.getByRole("button", { name: "Delete" }).click();
      await expect(region.getByRole("row").filter({ hasText: host })).toHaveCount(0);
    }
    await page.goto("/");
    await expect(page.getByRole("contentinfo").getByRole("link", { name: intl })).toHaveCount(0);

    // A bad domain in the numbers form is refused.
    await page.goto("/admin/settings");
    await numbersForm.getByLabel("Domain", { exact: true }).fill("not a host");
    await numbersForm.getByLabel("International number", { exact: true }).fill("+1");
    await numbersForm.getByLabel("Local number", { exact: true }).fill("1");
    await expectRefused(page, "settings", 400, () =>
      numbersForm.getByRole("button", { name: "Save" }).click(),
    );
    await expect(numbersForm.getByText(/Enter a host name/)).toBeVisible();
    expect(await countRows((db) => db.selectFrom("site_numbers").where("domain", "=", "not a host"))).toBe(0);
  });
});
