import { mkdirSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import { type APIRequestContext, type Page, request as playwrightRequest } from "@playwright/test";
import { prepareInjectedCode } from "#app/lib/injected-code.server.ts";
import { ADMINISTRATOR_ONLY, EDITOR_ROLE } from "#app/lib/roles.ts";
import { COMMAND_LINE } from "#app/server/models/activity.server.ts";
import { createBlog } from "#app/server/models/blogs.server.ts";
import { blogPageCode } from "#app/server/models/code-injection.server.ts";
import { isPopupEnabled } from "#app/server/models/settings.server.ts";
import { ensureAccount, loginAsAdmin, toastsClosed } from "./admin-fixtures.ts";
import { countRows, expect, removeBlogs, test, withSiteDb } from "./fixtures.ts";

/**
 * The editor role (lib/roles.ts, docs/decisions/033-the-editor-role.md): an editor signs in, writes
 * blogs and recipes, moderates comments, reads the analytics and keeps its own account; every
 * other screen and action answers 403 "For the administrator" and changes nothing, and the editor
 * stays signed in. A blog's own Header code and Footer code are the administrator's: an editor
 * neither sees them nor changes them by posting them.
 */
const EDITOR = {
  email: "editor@wanderplate.test",
  password: "an editor's own passphrase",
  role: EDITOR_ROLE,
};
const SHOTS = "/tmp/shots-editor";
const stamp = Date.now();

const first = (table: "blogs" | "recipes") =>
  withSiteDb((db) =>
    db.selectFrom(table).select(["id", "title"]).orderBy("id").limit(1).executeTakeFirstOrThrow(),
  );

async function signedInEditor(baseURL: string): Promise<APIRequestContext> {
  await ensureAccount(EDITOR.email, EDITOR.password, EDITOR.role);
  const ctx = await playwrightRequest.newContext({ baseURL });
  const res = await ctx.post("/admin/login", {
    form: { email: EDITOR.email, password: EDITOR.password },
    maxRedirects: 0,
  });
  expect(res.status(), "an editor signs in").toBe(302);
  expect(res.headers().location).toBe("/admin/dashboard");
  return ctx;
}

/** The tables an administrator-only action could change, as one comparable value. */
function snapshot(): Promise<string> {
  return withSiteDb(async (db) => {
    const tables = [];
    for (const table of ["users", "contacts", "settings", "site_numbers", "pages", "autosaves"] as const) {
      const rows = await db.selectFrom(table).selectAll().execute();
      tables.push(rows.map((row) => JSON.stringify(row)).sort());
    }
    return JSON.stringify(tables);
  });
}

async function axeViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"])
    .analyze();
  return violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

async function shoot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png` });
  }
}

test.describe("the editor role", () => {
  test("the server opens an editor's screens and refuses the administrator's, changing nothing", async ({
    baseURL,
  }) => {
    if (!baseURL) throw new Error("no baseURL");
    const editor = await signedInEditor(baseURL);
    const blog = await first("blogs");
    const recipe = await first("recipes");

    const open = [
      "/admin/dashboard",
      "/admin/blog",
      `/admin/blog/edit?id=${blog.id}`,
      `/admin/blog/${encodeURIComponent(blog.title)}`,
      "/admin/categories",
      "/admin/manage-recipe",
      `/admin/manage-recipe/edit?id=${recipe.id}`,
      "/admin/manage-comments",
      "/admin/media",
      "/admin/media/library",
      "/admin/analytics",
      "/admin/analytics.csv",
      "/admin/account",
      `/admin/preview/blog/${blog.id}`,
      `/admin/preview/recipe/${recipe.id}`,
      "/admin/autosave?key=blog:new",
      "/admin/autosave?key=recipe:new",
    ];
    for (const path of open) {
      const res = await editor.get(path, { maxRedirects: 0 });
      expect(res.status(), `editor GET ${path}`).toBe(200);
    }
    expect((await editor.get("/admin/no-such-screen", { maxRedirects: 0 })).status()).toBe(404);

    const refused = [
      "/admin/manage-users",
      "/admin/manage-users/subscribers.csv",
      "/admin/manage-contacts",
      "/admin/newsletter",
      "/admin/pages",
      "/admin/pages/new",
      "/admin/destinations",
      "/admin/navigation",
      "/admin/design",
      "/admin/settings",
      "/admin/settings/earning",
      "/admin/settings/code-injection",
      "/admin/import",
      "/admin/activity",
      "/admin/team",
      "/admin/export",
      "/admin/autosave?key=page:new",
    ];
    for (const path of refused) {
      const res = await editor.get(path, { maxRedirects: 0 });
      expect(res.status(), `editor GET ${path}`).toBe(403);
    }
    // A screen says why, inside the admin frame.
    const settings = await (await editor.get("/admin/settings")).text();
    expect(settings).toContain(ADMINISTRATOR_ONLY.heading);
    expect(settings).toContain('aria-label="Admin"');

    const before = await snapshot();
    const popupBefore = await withSiteDb(isPopupEnabled);
    const actions: { path: string; form: Record<string, string> }[] = [
      { path: "/admin/dashboard", form: { intent: "popup", enabled: String(!popupBefore) } },
      {
        path: "/admin/manage-users",
        form: { intent: "create", fullName: "Editor Made", email: `made-${stamp}@example.com`, phone: "" },
      },
      { path: "/admin/settings", form: { intent: "site-info", name: "Hijacked", email: "h@example.com" } },
      { path: "/admin/pages/new", form: { title: "Editor page", content: "<p>x</p>" } },
      { path: "/admin/autosave", form: { key: "page:new", intent: "save", generation: "0", title: "x" } },
      { path: "/admin/export", form: {} },
    ];
    for (const { path, form } of actions) {
      const res = await editor.post(path, { form, maxRedirects: 0 });
      expect(res.status(), `editor POST ${path} ${form.intent ?? ""}`).toBe(403);
    }
    expect(await snapshot(), "nothing changed").toBe(before);
    expect(await withSiteDb(isPopupEnabled)).toBe(popupBefore);

    // Refused, not signed out: the editor's session is still there and still opens its screens.
    expect(
      await countRows((db) =>
        db
          .selectFrom("sessions")
          .innerJoin("accounts", "accounts.id", "sessions.account_id")
          .where("accounts.email", "=", EDITOR.email),
      ),
    ).toBe(1);
    expect((await editor.get("/admin/dashboard", { maxRedirects: 0 })).status()).toBe(200);
    await editor.dispose();
  });

  test("a blog's own code is the administrator's: an editor edits the post and leaves its code alone", async ({
    baseURL,
  }) => {
    if (!baseURL) throw new Error("no baseURL");
    const typed = `<script>document.documentElement.dataset.ownersCode = "${stamp}";</script>`;
    const prepared = prepareInjectedCode(typed, "Header code");
    if (!prepared.ok) throw new Error(prepared.message);
    const post = await withSiteDb((db) =>
      createBlog(db, COMMAND_LINE, {
        title: `E2E Editor Edits ${stamp}`,
        content: "<p>The first words.</p>",
        author: "Ana",
        date: "2026-03-03",
        headerCode: { source: typed, code: prepared.code },
        footerCode: { source: "", code: "" },
      }),
    );
    const editor = await signedInEditor(baseURL);
    try {
      const form = await (await editor.get(`/admin/blog/edit?id=${post.id}`)).text();
      expect(form).toContain("The first words.");
      expect(form).not.toContain("ownersCode");
      expect(form).not.toContain("Code injection");

      const saved = await editor.post(`/admin/blog/edit?id=${post.id}`, {
        form: {
          title: post.title,
          content: "<p>The editor's words.</p>",
          author: "Ana",
          date: "2026-03-03",
          headerCode: '<script>document.documentElement.dataset.editorsCode = "ran";</script>',
          footerCode: "<script>alert(1)</script>",
        },
        maxRedirects: 0,
      });
      expect(saved.status()).toBe(302);
      const after = await withSiteDb(async (db) => ({
        code: await blogPageCode(db, post.id),
        content: (
          await db.selectFrom("blogs").select("content").where("id", "=", post.id).executeTakeFirstOrThrow()
        ).content,
      }));
      expect(after.content).toContain("The editor's words.");
      expect(after.code.header.source).toBe(typed);
      expect(after.code.footer.source).toBe("");

      // An editor's new blog gets no code either.
      const added = await editor.post("/admin/blog", {
        form: {
          intent: "create",
          title: `E2E Editor Adds ${stamp}`,
          content: "<p>New.</p>",
          author: "Ana",
          date: "2026-03-04",
          imageUrl: "https://example.com/x.jpg",
          headerCode: "<script>alert(2)</script>",
          footerCode: "",
        },
        maxRedirects: 0,
      });
      expect(added.status()).toBe(200);
      const addedCode = await withSiteDb(async (db) => {
        const row = await db
          .selectFrom("blogs")
          .select(["id", "code_injection"])
          .where("title", "=", `E2E Editor Adds ${stamp}`)
          .executeTakeFirstOrThrow();
        return row;
      });
      expect(addedCode.code_injection).toBe("");
      await removeBlogs([addedCode.id]);
    } finally {
      await removeBlogs([post.id]);
      await editor.dispose();
    }
  });

  test("the back office an editor sees: its screens in the menu, and a clear word elsewhere", async ({
    page,
    consoleErrors,
  }) => {
    await loginAsAdmin(page, EDITOR);
    const menu = page.getByRole("navigation", { name: "Admin" });
    await expect(menu.getByRole("link")).toHaveText([
      "Dashboard",
      /^Blogs/,
      "Categories",
      /^Recipe/,
      "Media",
      /^Comments/,
      "Analytics",
      "View site →",
    ]);
    await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
    await expect(page.getByRole("switch", { name: "Popup" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Add Blog" })).toBeVisible();
    // The "Login successful" toast fades in and out: axe reads a half-faded one as low contrast.
    await toastsClosed(page);
    expect(await axeViolations(page)).toEqual([]);
    await shoot(page, "dashboard");

    await page.goto("/admin/settings");
    await expect(page.getByRole("heading", { name: ADMINISTRATOR_ONLY.heading, level: 1 })).toBeVisible();
    await expect(page.getByText(ADMINISTRATOR_ONLY.message)).toBeVisible();
    await expect(page).toHaveTitle(`${ADMINISTRATOR_ONLY.heading} | Admin`);
    expect(await axeViolations(page)).toEqual([]);
    await shoot(page, "refused");

    // The menu still works from there, and the account is the editor's own.
    await menu.getByRole("link", { name: "Analytics" }).click();
    await expect(page).toHaveURL(/\/admin\/analytics$/);
    await expect(page.getByRole("heading", { name: "Analytics", level: 1 })).toBeVisible();
    await toastsClosed(page);
    await page.getByTestId("admin-account").click();
    await expect(page).toHaveURL(/\/admin\/account$/);
    await expect(page.getByText(EDITOR.email).first()).toBeVisible();
    expect(consoleErrors.filter((e) => !/status of 403/.test(e))).toEqual([]);
  });
});

test.describe("the Team screen", () => {
  test("the administrator adds an editor, makes them an administrator, then removes them", async ({
    page,
    browser,
    consoleErrors,
  }) => {
    const member = { email: `team-${stamp}@wanderplate.test`, password: "a first passphrase to hand over" };
    await loginAsAdmin(page);
    await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Team" }).click();
    await expect(page.getByRole("heading", { name: "Team", level: 1 })).toBeVisible();
    await toastsClosed(page);

    // Refused first: a short password says why, and the dialog stays open with what was typed.
    await page.getByRole("button", { name: "Add team member" }).click();
    const dialog = page.getByRole("dialog", { name: "Add team member" });
    await dialog.getByLabel("Email").fill(member.email);
    await dialog.getByLabel("Name").fill("Tess Writer");
    await dialog.getByLabel("First password").fill("too short");
    await dialog.getByRole("button", { name: "Add team member" }).click();
    await expect(dialog.getByText("The password must be at least 15 characters long.").first()).toBeVisible();
    await expect(dialog.getByLabel("Email")).toHaveValue(member.email);
    await dialog.getByLabel("First password").fill(member.password);
    await dialog.getByRole("button", { name: "Add team member" }).click();
    await expect(dialog).toBeHidden();
    const row = page.getByRole("row").filter({ hasText: member.email });
    await expect(row).toContainText("Tess Writer");
    await expect(row.getByLabel(`Role of ${member.email}`)).toHaveValue(EDITOR_ROLE);
    await expect(row).toContainText("Never");
    await toastsClosed(page);
    expect(await axeViolations(page)).toEqual([]);
    await shoot(page, "team");

    // The new editor signs in with the first password and sees an editor's back office.
    const theirs = await browser.newContext();
    const them = await theirs.newPage();
    await them.goto("/admin/login");
    await them.getByRole("textbox", { name: "Email" }).fill(member.email);
    await them.getByLabel("Password", { exact: true }).fill(member.password);
    await them.getByRole("button", { name: "Login" }).click();
    await expect(them).toHaveURL(/\/admin\/dashboard$/);
    const theirMenu = them.getByRole("navigation", { name: "Admin" });
    await expect(theirMenu.getByRole("link", { name: "Settings" })).toHaveCount(0);

    // Made an administrator: their next page has the whole menu, with no new sign-in.
    await page.setViewportSize({ width: 1280, height: 900 });
    await row.getByLabel(`Role of ${member.email}`).selectOption("all");
    await row.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Role changed")).toBeVisible();
    await them.reload();
    await expect(theirMenu.getByRole("link", { name: "Settings" })).toBeVisible();

    // Removed: their session is gone with the account.
    await toastsClosed(page);
    await row.getByRole("button", { name: "Remove" }).click();
    const confirm = page.getByRole("alertdialog");
    await expect(confirm).toContainText(`Remove ${member.email} from the team?`);
    await confirm.getByRole("button", { name: "Remove" }).click();
    await expect(page.getByText("Team member removed")).toBeVisible();
    await expect(row).toHaveCount(0);
    await them.reload();
    await expect(them).toHaveURL(/\/admin\/login$/);
    await theirs.close();

    // The administrator's own row has no role choice and no Remove.
    const own = page.getByRole("row").filter({ hasText: "(you)" });
    await expect(own.getByRole("button")).toHaveCount(0);
    expect(consoleErrors).toEqual([]);
  });
});
