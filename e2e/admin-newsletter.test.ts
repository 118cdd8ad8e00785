import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { nowSeconds } from "#app/server/db/db.server.ts";
import { COMMAND_LINE } from "#app/server/models/activity.server.ts";
import { createBlog } from "#app/server/models/blogs.server.ts";
import { loginAsAdmin } from "./admin-fixtures.ts";
import { expect, removeBlogs, test, withSiteDb } from "./fixtures.ts";

/** The e2e server runs without SMTP_URL (playwright.config.ts): mail is off. */
const MAIL_OFF = "Mail is off: set SMTP_URL and MAIL_FROM to send mail.";

/** axe over the page as accessibility.test.ts runs it: WCAG 2.x A/AA and best practices. */
async function axeViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"])
    .analyze();
  return violations.flatMap((v) =>
    v.nodes.map((n) => `${v.id} (${v.impact ?? "?"}): ${n.target.join(" ")}: ${v.help}`),
  );
}

/**
 * A blog sent to three readers (one copy sent, one failed, one still queued), removed afterwards
 * (its send and deliveries go with it) so other files see the sample site as it was.
 */
async function addSentBlog(
  baseURL: string | undefined,
  stamp: string,
): Promise<{ blogId: number; userIds: number[]; title: string }> {
  const title = `Night Ferry to Naxos ${stamp}`;
  return withSiteDb(async (db) => {
    const now = nowSeconds();
    const blog = await createBlog(db, COMMAND_LINE, {
      title,
      content: "<p>The boat leaves at midnight.</p>",
      author: "Ana",
      date: "2025-06-01",
      imageUrl: `${baseURL}/images/destinations/kyoto-japan-640.webp`,
    });
    const users = await db
      .insertInto("users")
      .values(
        ["sent", "failed", "queued"].map((s) => ({
          full_name: `Reader ${s}`,
          email: `newsletter-${s}-${stamp}@example.test`,
          phone: "",
          created_at: now,
          subscription: "subscribed",
        })),
      )
      .returning("id")
      .execute();
    const send = await db
      .insertInto("newsletter_sends")
      .values({
        blog_id: blog.id,
        round: 1,
        status: "sending",
        requested_by: "admin@wanderplate.test",
        requested_at: now - 60,
        started_at: now - 30,
        recipients: 3,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db
      .insertInto("newsletter_deliveries")
      .values(
        (["sent", "failed", "queued"] as const).map((status, i) => ({
          send_id: send.id,
          user_id: users[i]?.id ?? 0,
          status,
          error: status === "failed" ? "550 5.1.1 mailbox unavailable" : null,
          updated_at: now,
        })),
      )
      .execute();
    return { blogId: blog.id, userIds: users.map((u) => u.id), title };
  });
}

test.describe("admin: the newsletter screen", () => {
  test("opens from the sidebar with its sends, the subscriber chart and the test mail; axe finds nothing", async ({
    page,
    baseURL,
  }) => {
    const stamp = Date.now().toString(36);
    const { blogId, userIds, title } = await addSentBlog(baseURL, stamp);
    try {
      await page.setViewportSize({ width: 1280, height: 900 });
      await loginAsAdmin(page);
      await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Newsletter" }).click();
      await expect(page).toHaveURL(/\/admin\/newsletter$/);
      await expect(page.getByRole("heading", { name: "Newsletter", level: 1 })).toBeVisible();
      await expect(page.getByTestId("subscriber-count")).toHaveText(/^\d+ confirmed subscribers?$/);
      await expect(page.getByText(MAIL_OFF).first()).toBeVisible();
      await expect(page.getByRole("figure", { name: /Today's confirmed subscribers/ })).toBeVisible();
      await expect(page.getByRole("button", { name: "Send test to me" })).toBeDisabled();

      const sends = page.getByRole("region", { name: "Sends" });
      const row = sends.getByRole("row").filter({ has: page.getByRole("link", { name: title }) });
      await expect(row.getByRole("link", { name: title })).toHaveAttribute(
        "href",
        /^\/blogs\/night-ferry-to-naxos/,
      );
      await expect(row.getByRole("cell")).toHaveText([
        title,
        "First send",
        /^Sending/,
        /\S/,
        "3",
        "1",
        "1",
        "1",
        "0",
        "0",
      ]);
      await sends.getByText(`Why 1 copy of “${title}” failed`).click();
      await expect(sends.getByText("550 5.1.1 mailbox unavailable")).toBeVisible();
      // The login's toast has gone (its colours are the toaster's, checked elsewhere).
      await expect(page.locator("[data-sonner-toast]")).toHaveCount(0);
      expect(await axeViolations(page)).toEqual([]);

      // On a phone the table scrolls inside its frame: the page itself never scrolls sideways.
      await page.setViewportSize({ width: 375, height: 812 });
      await page.reload();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      expect(await axeViolations(page)).toEqual([]);
    } finally {
      await removeBlogs([blogId]);
      await withSiteDb((db) => db.deleteFrom("users").where("id", "in", userIds).execute());
    }
  });

  test("the settings save from their own address, the page staying where it is", async ({ page }) => {
    await loginAsAdmin(page);
    await page.goto("/admin/newsletter");
    const settings = page.getByRole("region", { name: "Settings" });
    /** Chooses `label` and saves: the form posts to its own address (as data: `.data`), answered 200. */
    const save = async (label: string) => {
      await settings.getByLabel(label).check();
      const answered = page.waitForResponse(
        (r) =>
          r.request().method() === "POST" &&
          /^\/admin\/newsletter\/settings(\.data)?$/.test(new URL(r.url()).pathname),
      );
      await settings.getByRole("button", { name: "Save" }).click();
      expect((await answered).status()).toBe(200);
    };
    try {
      await save("Send the excerpt with a link");
      await expect(
        page.locator("[data-sonner-toast]").filter({ hasText: "Newsletter settings saved." }),
      ).toBeVisible();
      await expect(page).toHaveURL(/\/admin\/newsletter$/);
      await page.reload();
      await expect(settings.getByLabel("Send the excerpt with a link")).toBeChecked();
    } finally {
      // The site as other files expect it: the whole blog in each mail.
      await save("Send the whole blog");
    }
  });
});
