import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import type { DB } from "#app/server/db/db.server.ts";
import { latestBlogs } from "#app/server/models/blogs.server.ts";
import { listDestinationCards } from "#app/server/models/destinations.server.ts";
import { findPublishedPage } from "#app/server/models/pages.server.ts";
import { listRecipes } from "#app/server/models/recipes.server.ts";
import { loginAsAdmin } from "./admin-fixtures.ts";
import { expect, test, withSiteDb } from "./fixtures.ts";

/**
 * axe-core over every screen of the site: WCAG 2.0, 2.1 and 2.2 at levels A and AA, and axe's
 * best practices. A violation fails the test with one line per element: rule, impact, element.
 *
 * A new screen joins by one line in one of the lists below: a path, or a path read from the
 * site's database (a page whose address depends on content), optionally with the step that opens
 * what must be checked (a dialog).
 */
const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"];

interface Screen {
  /** The test's name. */
  name: string;
  /** The address, or how to find it in the site's database. */
  path: string | ((db: DB) => Promise<string>);
  /** What to do once the page is open (open a dialog), before axe runs. */
  open?: (page: Page) => Promise<void>;
  /** The page never hydrates (an error page drawn by the document root, without the app). */
  standalone?: boolean;
}

const screen = (path: string): Screen => ({ name: path, path });

async function newestBlog(db: DB) {
  const [blog] = await latestBlogs(db, 1);
  if (!blog) throw new Error("the e2e site has no published blog (sample content not loaded?)");
  return blog;
}

async function newestRecipe(db: DB) {
  const [recipe] = await listRecipes(db, 1);
  if (!recipe) throw new Error("the e2e site has no published recipe (sample content not loaded?)");
  return recipe;
}

/** The site's destinations in order (other tests may add and delete some): the `n`th. */
async function nthDestination(db: DB, n: number) {
  const list = await listDestinationCards(db);
  const destination = list[Math.min(n, list.length - 1)];
  if (!destination) throw new Error("the e2e site has no destination");
  return destination;
}

async function aboutPageId(db: DB) {
  const about = await findPublishedPage(db, { builtin: "about" });
  if (!about) throw new Error("the e2e site has no About page");
  return about.id;
}

async function openDialog(page: Page, button: string) {
  await page.getByRole("button", { name: button }).first().click();
  await expect(page.getByRole("dialog", { name: button })).toBeVisible();
}

/** Every public page: checked at desktop width and at phone width. */
const PUBLIC_SCREENS: Screen[] = [
  screen("/"),
  screen("/destinations"),
  { name: "a destination", path: async (db) => `/destinations/${(await nthDestination(db, 0)).slug}` },
  { name: "another destination", path: async (db) => `/destinations/${(await nthDestination(db, 1)).slug}` },
  // With its stories (a sample blog is about Kyoto), when no other test has deleted it.
  screen("/destinations/kyoto-japan"),
  screen("/blogs"),
  screen("/blogs?page=2"),
  { name: "a blog", path: async (db) => `/blogs/${(await newestBlog(db)).slug}` },
  screen("/recipes"),
  { name: "a recipe", path: async (db) => `/recipes/${(await newestRecipe(db)).slug}` },
  screen("/favorites"),
  screen("/contact"),
  screen("/about"),
  screen("/disclaimer"),
  screen("/privacy-policy"),
  screen("/terms-and-condition"),
  screen("/signup"),
  // With mail off (as in these tests) this is the document's bare 404 page.
  { name: "/signup/confirm", path: "/signup/confirm", standalone: true },
  screen("/unsubscribe"),
  screen("/no-such-page"),
  screen("/search"),
  screen("/search?q=kyoto"),
  screen("/search?q=zzzznothing"),
  screen("/blogs/category/travel"),
  { name: "a recipe, scaled", path: async (db) => `/recipes/${(await newestRecipe(db)).slug}?servings=8` },
  { name: "a recipe's print view", path: async (db) => `/recipes/${(await newestRecipe(db)).slug}/print` },
];

/** Admin screens seen signed out. */
const SIGNED_OUT_ADMIN_SCREENS: Screen[] = [
  screen("/admin/login"),
  screen("/admin/forgot-password"),
  screen("/admin/reset-password"),
];

/** Admin screens, signed in. */
const ADMIN_SCREENS: Screen[] = [
  screen("/admin/dashboard"),
  screen("/admin/blog"),
  { name: "Add Blog dialog", path: "/admin/blog", open: (page) => openDialog(page, "Add Blog") },
  { name: "edit blog", path: async (db) => `/admin/blog/edit?id=${(await newestBlog(db)).id}` },
  {
    name: "blog reader",
    path: async (db) => `/admin/blog/${encodeURIComponent((await newestBlog(db)).title)}`,
  },
  screen("/admin/categories"),
  screen("/admin/manage-recipe"),
  {
    name: "Add Recipe dialog",
    path: "/admin/manage-recipe",
    open: (page) => openDialog(page, "Add Recipe"),
  },
  {
    name: "edit recipe",
    path: async (db) => `/admin/manage-recipe/edit?id=${(await newestRecipe(db)).id}`,
  },
  screen("/admin/manage-users"),
  { name: "Add User dialog", path: "/admin/manage-users", open: (page) => openDialog(page, "Add User") },
  screen("/admin/manage-contacts"),
  screen("/admin/manage-comments"),
  screen("/admin/manage-comments?status=spam"),
  screen("/admin/manage-contacts?box=spam"),
  screen("/admin/media"),
  screen("/admin/import"),
  screen("/admin/newsletter"),
  screen("/admin/activity"),
  screen("/admin/analytics"),
  screen("/admin/settings"),
  screen("/admin/navigation"),
  screen("/admin/design"),
  screen("/admin/pages"),
  screen("/admin/pages/new"),
  { name: "edit page", path: async (db) => `/admin/pages/edit?id=${await aboutPageId(db)}` },
  { name: "page preview", path: async (db) => `/admin/preview/page/${await aboutPageId(db)}` },
  screen("/admin/destinations"),
  screen("/admin/destinations/new"),
  {
    name: "edit destination",
    path: async (db) => `/admin/destinations/edit?id=${(await nthDestination(db, 0)).id}`,
  },
  {
    name: "delete destination confirmation",
    path: "/admin/destinations",
    open: async (page) => {
      await page
        .getByRole("button", { name: /^Delete / })
        .first()
        .click();
      await expect(page.getByRole("alertdialog").or(page.getByRole("dialog"))).toBeVisible();
    },
  },
  screen("/admin/account"),
  {
    name: "two-step set-up",
    path: "/admin/account",
    open: async (page) => {
      await page.getByRole("button", { name: "Set up two-step sign-in" }).click();
      await page.getByTestId("two-step-key").waitFor();
    },
  },
  { name: "blog preview", path: async (db) => `/admin/preview/blog/${(await newestBlog(db)).id}` },
  {
    name: "recipe preview",
    path: async (db) => `/admin/preview/recipe/${(await newestRecipe(db)).id}`,
  },
  screen("/admin/no-such-screen"),
];

/** One line per failing element, so a failure reads as a list: rule (impact): element: what is wrong. */
async function axeViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
  return violations.flatMap((v) =>
    v.nodes.map((n) => `${v.id} (${v.impact ?? "?"}): ${n.target.join(" ")}: ${v.help}`),
  );
}

async function check(fixturePage: Page, { path, open, standalone }: Screen) {
  const url = typeof path === "string" ? path : await withSiteDb(path);
  // The fixture's page waits for hydration after each navigation; a bare page needs a plain one.
  const page = standalone ? await fixturePage.context().newPage() : fixturePage;
  await page.goto(url);
  await open?.(page);
  expect(await axeViolations(page), `axe violations on ${url}`).toEqual([]);
}

for (const [width, height] of [
  [1440, 900],
  [390, 844],
] as const) {
  test.describe(`public pages at ${width} px`, () => {
    test.use({ viewport: { width, height } });
    for (const s of PUBLIC_SCREENS) test(s.name, ({ page }) => check(page, s));
  });
}

test.describe("admin screens, signed out", () => {
  for (const s of SIGNED_OUT_ADMIN_SCREENS) test(s.name, ({ page }) => check(page, s));
});

test.describe("admin screens, signed in", () => {
  test.use({ viewport: { width: 1440, height: 900 } });
  for (const s of ADMIN_SCREENS) {
    test(s.name, async ({ page }) => {
      await loginAsAdmin(page);
      await check(page, s);
    });
  }
});
