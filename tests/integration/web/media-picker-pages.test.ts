/**
 * The image picker of the edit screens pages without JavaScript: its Newer / Older controls are
 * links to the same screen with `?pickerPage=N` (the screen's other parameters kept), and the edit
 * screens' loaders render that page of the media library. A bad page number is page 1, never an
 * error. Both engines, through the route modules as React Router calls them, and the edit screen
 * rendered on the server with its loader's data.
 */
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { beforeAll, expect, it } from "vitest";
import { blogInput, TEST_ACTOR } from "#tests/support/content.ts";
import { describeRoutesEachEngine } from "#tests/support/route-harness.ts";

/** The library shows 24 uploads a page: 50 make three pages (24, 24, 2). */
const UPLOADS = 50;
const PER_PAGE = 24;

type LoaderModule = { loader: (args: never) => unknown };

interface PickerPage {
  page: number;
  pageCount: number;
  items: { id: string }[];
}

/** The upload id of the n-th seeded upload (0 is the oldest). */
const uploadId = (n: number) => n.toString(16).padStart(24, "0");

/** The ids the library lists on `page`, newest first. */
const expectedOn = (page: number) =>
  Array.from({ length: UPLOADS }, (_, n) => uploadId(UPLOADS - 1 - n)).slice(
    (page - 1) * PER_PAGE,
    page * PER_PAGE,
  );

/** The links of rendered HTML: their href (entities decoded) and text. */
function links(html: string): { href: string; text: string }[] {
  return [...html.matchAll(/<a\b[^>]*?href="([^"]*)"[^>]*>(.*?)<\/a>/g)].map((m) => ({
    href: (m[1] ?? "").replaceAll("&amp;", "&"),
    text: (m[2] ?? "").replaceAll(/<!-- -->/g, ""),
  }));
}

describeRoutesEachEngine("the image picker's pages without JavaScript", (h) => {
  let blogId = 0;
  let recipeId = 0;

  beforeAll(async () => {
    const { createBlog } = await import("#app/server/models/blogs.server.ts");
    const { createRecipe } = await import("#app/server/models/recipes.server.ts");
    // Library rows with their sizes known (so nothing is measured from a store), one second apart.
    await h
      .db()
      .insertInto("uploads")
      .values(
        Array.from({ length: UPLOADS }, (_, n) => ({
          id: uploadId(n),
          bytes: 1000 + n,
          width: 64,
          height: 48,
          created_at: 1_750_000_000 + n,
        })),
      )
      .execute();
    blogId = (await createBlog(h.db(), TEST_ACTOR, blogInput("Paging Through the Library"))).id;
    recipeId = (
      await createRecipe(h.db(), TEST_ACTOR, {
        title: "Paged Rice",
        short: "Short.",
        steps: ["Cook."],
        ingredients: ["Rice"],
        nutritionalValues: { calories: 1, protein: 1, fats: 1, carbs: 1 },
      })
    ).id;
  });

  const screens = () => [
    {
      name: "edit blog",
      path: `/admin/blog/edit?id=${blogId}`,
      load: () => import("#app/routes/admin/blog/edit.tsx"),
    },
    {
      name: "edit recipe",
      path: `/admin/manage-recipe/edit?id=${recipeId}`,
      load: () => import("#app/routes/admin/manage-recipe/edit.tsx"),
    },
  ];

  async function libraryAt(path: string, load: () => Promise<LoaderModule>): Promise<PickerPage> {
    const data = (await h.loader(await load(), path)) as { library: PickerPage | null };
    if (!data.library) throw new Error(`no library at ${path}`);
    return data.library;
  }

  it("renders the page the screen's address names (pickerPage=N)", async () => {
    for (const screen of screens()) {
      const load: () => Promise<LoaderModule> = screen.load;
      const first = await libraryAt(screen.path, load);
      expect({ page: first.page, pageCount: first.pageCount }, screen.name).toEqual({
        page: 1,
        pageCount: 3,
      });
      expect(first.items.map((u) => u.id)).toEqual(expectedOn(1));

      const second = await libraryAt(`${screen.path}&pickerPage=2`, load);
      expect(second.page, screen.name).toBe(2);
      expect(second.items.map((u) => u.id)).toEqual(expectedOn(2));

      const third = await libraryAt(`${screen.path}&pickerPage=3`, load);
      expect(third.items.map((u) => u.id)).toEqual(expectedOn(3));
    }
  });

  it("gives page 1 for a page number that is not one, and the last page past the end", async () => {
    for (const screen of screens()) {
      const load: () => Promise<LoaderModule> = screen.load;
      for (const bad of ["abc", "0", "-2", "2.5", "1e1", "2abc", "", "%00", "99999999999999999999999"]) {
        const library = await libraryAt(`${screen.path}&pickerPage=${bad}`, load);
        expect({ bad, page: library.page }, screen.name).toEqual({ bad, page: 1 });
        expect(library.items.map((u) => u.id)).toEqual(expectedOn(1));
      }
      const past = await libraryAt(`${screen.path}&pickerPage=7`, load);
      expect(past.page, screen.name).toBe(3);
    }
  });

  it("renders Newer / Older as links to the screen's own address with the page, and opens the picker", async () => {
    const route = await import("#app/routes/admin/blog/edit.tsx");
    const path = `/admin/blog/edit?id=${blogId}&pickerPage=2`;
    const data = await h.loader(route, path);
    const Stub = createRoutesStub([{ id: "edit", path: "/admin/blog/edit", Component: route.default }]);
    const html = renderToString(
      createElement(Stub, { initialEntries: [path], hydrationData: { loaderData: { edit: data } } }),
    );
    const paging = links(html).filter((l) => /images/.test(l.text));
    expect(paging).toEqual([
      { href: `/admin/blog/edit?id=${blogId}&pickerPage=1#edit-blog-picker`, text: "← Newer images" },
      { href: `/admin/blog/edit?id=${blogId}&pickerPage=3#edit-blog-picker`, text: "Older images →" },
    ]);
    expect(html.replaceAll("<!-- -->", "")).toContain("Page 2 of 3");
    // Reached by one of those links, the picker is open, showing page 2's images.
    expect(html).toMatch(/<details[^>]*id="edit-blog-picker"[^>]*\sopen=""/);
    expect(html).toContain(`value="${expectedOn(2)[0]}"`);
    expect(html).not.toContain(`value="${expectedOn(1)[0]}"`);
  });
});
