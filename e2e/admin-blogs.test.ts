import sharp from "sharp";
import { COMMAND_LINE } from "#app/server/models/activity.server.ts";
import { deleteBlog, findBlogByTitle } from "#app/server/models/blogs.server.ts";
import { ADMIN, ensureAccount, loginAsAdmin, toastsClosed } from "./admin-fixtures.ts";
import { countRows, expect, setPopup, test, withSiteDb } from "./fixtures.ts";

async function pngFile(name: string) {
  const buffer = await sharp({ create: { width: 320, height: 200, channels: 3, background: "#2a7f7a" } })
    .png()
    .toBuffer();
  return { name, mimeType: "image/png", buffer };
}

test.describe("admin: blogs", () => {
  test("layout: top bar with a ticking clock, the admin's email and Logout; side menu with badges", async ({
    page,
  }) => {
    await loginAsAdmin(page);
    await expect(page.getByText("Login successful")).toBeVisible();
    const clock = page.getByTestId("admin-clock");
    const first = await clock.textContent();
    await expect(clock).not.toHaveText(first ?? "", { timeout: 3000 });
    await expect(page.getByTestId("admin-account")).toHaveAccessibleName(`Your account: ${ADMIN.email}`);
    const menu = page.getByRole("navigation", { name: "Admin" });
    for (const name of ["Dashboard", "Blogs", "Recipe", "Users", "Messages", "Comments", "Settings"]) {
      await expect(menu.getByRole("link", { name: new RegExp(`^${name}`) })).toBeVisible();
    }
    // Counted row by row, not read from the count the app keeps: the menu must show the truth.
    const blogCount = await countRows((db) => db.selectFrom("blogs"));
    await expect(menu.getByRole("link", { name: /^Blogs/ })).toContainText(String(blogCount));
    // No public chrome in the admin.
    await expect(page.getByRole("navigation", { name: "Main" })).toHaveCount(0);
    await expect(page.getByText("Adventure made simple")).toHaveCount(0);
  });

  test("add, read, edit and delete a blog with an uploaded image", async ({ page }) => {
    const title = `Harbour Mornings ${Date.now()}`;
    await loginAsAdmin(page);
    await page.goto("/admin/blog");

    await page.getByRole("button", { name: "Add Blog" }).click();
    const modal = page.getByRole("dialog", { name: "Add Blog" });
    await expect(modal).toBeVisible();
    await modal.getByRole("button", { name: "Add Blog" }).click();
    await expect(page.getByText("Error uploading blog: Title is required.")).toBeVisible();
    await expect(modal.getByText("Author is required.")).toBeVisible();

    await modal.getByLabel("Title", { exact: true }).fill(title);
    await modal.getByLabel("Author", { exact: true }).fill("Test Writer");
    await modal.getByLabel("Date", { exact: true }).fill("2025-03-05");
    await modal.getByRole("button", { name: "Add Blog" }).click();
    await expect(page.getByText("Please upload an image or provide an image URL")).toBeVisible();

    const editor = modal.getByRole("textbox", { name: "Content" });
    await editor.click();
    await page.keyboard.type("The fishing boats come in before seven. ".repeat(8));
    await modal.getByRole("button", { name: "Bold" }).click();
    await page.keyboard.type("Be there early.");
    await modal.getByLabel("Upload Image").setInputFiles(await pngFile("harbour.png"));
    await modal.getByLabel("Alt text").fill("Fishing boats in the harbour at dawn");
    await modal.getByLabel("SEO Keywords", { exact: true }).fill(" harbour,  mornings ,");
    await modal.getByRole("button", { name: "Add Blog" }).click();
    await expect(page.getByText("Blog added successfully!")).toBeVisible();
    await expect(modal).toBeHidden();
    const card = page.locator("article", { hasText: title });
    await expect(card).toBeVisible();

    const stored = await withSiteDb((db) =>
      db
        .selectFrom("blogs")
        .select(["slug", "seo_keywords", "image_id", "content"])
        .where("title", "=", title)
        .executeTakeFirstOrThrow(),
    );
    expect(stored.slug).toBe(title.toLowerCase().replaceAll(" ", "-"));
    expect(stored.seo_keywords).toBe("harbour, mornings");
    expect(stored.image_id).toMatch(/^[0-9a-f]{24}$/);
    expect(stored.content).toContain("<strong>Be there early.</strong>");

    // The public page shows it, with the resized upload.
    const publicPage = await page.context().newPage();
    await publicPage.goto(`/blogs/${stored.slug}`);
    await expect(publicPage.getByRole("heading", { level: 1 })).toHaveText(title);
    await expect(publicPage.locator(`img[src^="/uploads/${stored.image_id}-"]`)).toBeVisible();
    await publicPage.close();

    // The reader finds it by title, ignoring case and surrounding spaces.
    await page.goto(`/admin/blog/${encodeURIComponent(`  ${title.toUpperCase()} `)}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    await page.getByRole("link", { name: "← Back" }).click();
    await page.goto("/admin/blog/no%20such%20title");
    await expect(page.getByText("No blog found.")).toBeVisible();

    // Edit: a new title makes a new slug; the old one redirects.
    await page.goto("/admin/blog");
    await page.getByRole("link", { name: `Edit ${title}` }).click();
    await expect(page.getByRole("link", { name: "← Back to Blog List" })).toBeVisible();
    await page.getByLabel("Author", { exact: true }).fill("");
    await page.getByRole("button", { name: "Update Blog" }).click();
    await expect(page.getByText("All fields are required!")).toBeVisible();
    const renamed = `${title} Revisited`;
    await page.getByLabel("Title", { exact: true }).fill(renamed);
    await page.getByLabel("Author", { exact: true }).fill("Test Writer");
    await page.getByRole("button", { name: "Update Blog" }).click();
    await expect(page.getByText("Blog updated successfully!")).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/blog$/);
    const old = await page.request.get(`/blogs/${stored.slug}`, { maxRedirects: 0 });
    expect(old.status()).toBe(301);
    expect(old.headers().location).toBe(`/blogs/${stored.slug}-revisited`);

    // Delete, after the spec's confirmation.
    await page.getByRole("button", { name: `Delete ${renamed}` }).click();
    const confirm = page.getByRole("alertdialog");
    await expect(confirm).toContainText(`Delete "${renamed}"? This cannot be undone.`);
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expect(page.getByText("Blog deleted")).toBeVisible();
    await expect(page.locator("article", { hasText: renamed })).toHaveCount(0);
    expect((await page.request.get(`/blogs/${stored.slug}-revisited`)).status()).toBe(404);
  });

  test("stored blog HTML is sanitized: no script, handlers or javascript: URLs reach a page", async ({
    page,
    baseURL,
  }) => {
    await loginAsAdmin(page);
    const title = `Sanitize ${Date.now()}`;
    const res = await page.request.post("/admin/blog", {
      multipart: {
        intent: "create",
        title,
        author: "Mallory",
        date: "2025-01-01",
        // An image URL is accepted as given; this one is served by the site itself (no internet here).
        imageUrl: `${baseURL}/images/destinations/kyoto-japan-640.webp`,
        content: `<p onclick="alert(1)">Hello<script>alert(2)</script><a href="javascript:alert(3)">x</a><img src="x" onerror="alert(4)"></p>`,
      },
    });
    expect(res.status()).toBe(200);
    const blog = await withSiteDb((db) => findBlogByTitle(db, title));
    if (!blog) throw new Error(`no blog "${title}"`);
    const slug = blog.slug;
    const html = await (await page.request.get(`/blogs/${slug}`)).text();
    // The blog's body: from its container to the "All stories" link after it.
    const body = html.slice(html.indexOf('class="prose-blog'), html.indexOf("← All stories"));
    expect(body).toContain("Hello");
    expect(body).not.toMatch(/<script>alert|onclick=|onerror=|javascript:alert/);
    await withSiteDb((db) => deleteBlog(db, COMMAND_LINE, blog.id));
  });

  test("refused input answers 4xx with a message and writes nothing", async ({ page }) => {
    await loginAsAdmin(page);
    const before = await countRows((db) => db.selectFrom("blogs"));
    const forms: Record<string, string>[] = [
      { intent: "create", title: "No Image", author: "A", date: "2025-01-01" },
      {
        intent: "create",
        title: "Bad URL",
        author: "A",
        date: "2025-01-01",
        imageUrl: "javascript:alert(1)",
      },
      {
        intent: "create",
        title: "Bad Date",
        author: "A",
        date: "2025-02-31",
        imageUrl: "https://example.com/a.jpg",
      },
    ];
    for (const form of forms) {
      const res = await page.request.post("/admin/blog", { multipart: form });
      expect(res.status(), form.title).toBe(400);
    }
    const notImage = await page.request.post("/admin/blog", {
      multipart: {
        intent: "create",
        title: "Not An Image",
        author: "A",
        date: "2025-01-01",
        imageFile: { name: "x.png", mimeType: "image/png", buffer: Buffer.from("definitely not a png") },
        imageAlt: "Not an image at all",
      },
    });
    expect(notImage.status()).toBe(400);
    expect(await notImage.text()).toContain("Error uploading blog:");
    const oversized = await page.request.post("/admin/blog", {
      multipart: {
        intent: "create",
        title: "Too Big",
        author: "A",
        date: "2025-01-01",
        imageFile: { name: "big.png", mimeType: "image/png", buffer: Buffer.alloc(6 * 1024 * 1024) },
      },
    });
    expect(oversized.status()).toBe(413);
    expect(await countRows((db) => db.selectFrom("blogs"))).toBe(before);

    // In the form, a file over 5 MB is refused as soon as it is chosen: it is never sent.
    await page.goto("/admin/blog");
    await page.getByRole("button", { name: "Add Blog" }).click();
    const modal = page.getByRole("dialog", { name: "Add Blog" });
    const upload = modal.getByLabel("Upload Image");
    await upload.setInputFiles({
      name: "big.png",
      mimeType: "image/png",
      buffer: Buffer.alloc(5 * 1024 * 1024 + 1),
    });
    await expect(modal.getByRole("alert")).toHaveText(
      "The image must be 5 MB or smaller. Choose a smaller file.",
    );
    expect(await upload.evaluate((input: HTMLInputElement) => input.files?.length)).toBe(0);
    await expect(upload).toHaveAttribute("aria-invalid", "true");
  });

  test("the popup switch turns the public popup on and off", async ({ page, browser }) => {
    await setPopup(false);
    await loginAsAdmin(page);
    const popupSwitch = page.getByRole("switch", { name: "Popup" });
    await expect(popupSwitch).toHaveAttribute("aria-checked", "false");
    await popupSwitch.click();
    await expect(page.getByText("Popup turned on")).toBeVisible();
    await expect(popupSwitch).toHaveAttribute("aria-checked", "true");

    const visitor = await browser.newPage();
    await visitor.goto("/");
    await expect(visitor.getByRole("dialog", { name: /travel club/ })).toBeVisible({ timeout: 5000 });
    await visitor.close();

    await popupSwitch.click();
    await expect(page.getByText("Popup turned off")).toBeVisible();
    await expect(popupSwitch).toHaveAttribute("aria-checked", "false");
  });

  test("logout ends the session and says so", async ({ page }) => {
    await loginAsAdmin(page);
    await toastsClosed(page);
    await page.getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL(/\/admin\/login$/);
    await expect(page.getByText("Logged out successfully")).toBeVisible();
    await page.goto("/admin/dashboard");
    await expect(page).toHaveURL(/\/admin\/login$/);
  });

  test("the login screen: inline errors, Access denied, and how to reset a password", async ({ page }) => {
    // A wrong password for an account that exists, whichever tests ran before.
    await ensureAccount(ADMIN.email, ADMIN.password);
    await page.goto("/admin/login");
    await expect(page.getByRole("navigation", { name: "Admin" })).toHaveCount(0);
    await page.getByRole("button", { name: "Login" }).click();
    await expect(page.getByText("Email is required.")).toBeVisible();
    await page.getByRole("textbox", { name: "Email" }).fill(ADMIN.email);
    await page.getByLabel("Password", { exact: true }).fill("wrong password");
    await page.getByRole("button", { name: "Login" }).click();
    await expect(page.getByRole("alert")).toHaveText("Invalid email or password.");
    await page.getByRole("button", { name: "Forgot password?" }).click();
    await expect(
      page.getByText("npm run create-admin -- --email you@example.com", { exact: true }),
    ).toBeVisible();
    await expect(
      page.getByText("npm run create-admin -- --email you@example.com --turn-off-two-step"),
    ).toBeVisible();
  });
});
