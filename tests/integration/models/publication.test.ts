/**
 * Drafts, scheduled and published blogs and recipes: what the public reads return, what the admin
 * lists return, what a save does to the publish time, migration 006, and the version the response
 * cache checks (a scheduled item must make cached answers stale at its time, with no write).
 */
import { describe, expect, it, vi } from "vitest";
import { publicVersionReader } from "#app/server/cache/public-version.server.ts";
import { migrateToLatest } from "#app/server/db/migrate.server.ts";
import { blogSitemapFile, blogSitemapFileCount } from "#app/server/models/blog-sitemaps.server.ts";
import {
  blogFeedEntries,
  countBlogs,
  countPublishedBlogs,
  createBlog,
  findBlogById,
  findBlogBySlug,
  latestBlogs,
  listAdminBlogs,
  listBlogs,
  updateBlog,
} from "#app/server/models/blogs.server.ts";
import { ImageNeededToPublishError } from "#app/server/models/publication.server.ts";
import {
  createRecipe,
  findRecipeBySlug,
  listAdminRecipes,
  listRecipes,
  recipeSitemapEntries,
  updateRecipe,
} from "#app/server/models/recipes.server.ts";
import { blogInput, recipeInput, TEST_ACTOR } from "#tests/support/content.ts";
import { describeEachEngine, ENGINES } from "#tests/support/engines.ts";
import { databaseAtMigration, earlyBlogRow, migrateTo } from "#tests/support/migrations.ts";

const NOW = 1_900_000_000;

/** A blog with an image by URL; a recipe with none. */
const blog = (title: string) => blogInput(title, { imageUrl: "https://images.example/harbour.jpg" });
const recipe = (title: string) => recipeInput(title, { imageUrl: null });

describeEachEngine("publication of blogs", (db) => {
  it("shows the public only published blogs: page, old slug, lists, counts, home, feed, sitemap", async () => {
    const before = await countPublishedBlogs(db(), NOW);
    const published = await createBlog(
      db(),
      TEST_ACTOR,
      { ...blog("Pub Lisbon Tram"), publishAt: NOW - 60 },
      NOW - 100,
    );
    const draft = await createBlog(
      db(),
      TEST_ACTOR,
      { ...blog("Pub Draft Porto"), publishAt: null },
      NOW - 50,
    );
    const scheduled = await createBlog(
      db(),
      TEST_ACTOR,
      { ...blog("Pub Scheduled Faro"), publishAt: NOW + 60 },
      NOW - 40,
    );
    // A renamed draft: its old slug must not redirect to it either.
    await updateBlog(db(), TEST_ACTOR, draft.id, { ...blog("Pub Draft Porto Renamed"), publishAt: null });

    expect(await countPublishedBlogs(db(), NOW)).toBe(before + 1);
    expect(await countBlogs(db())).toBeGreaterThanOrEqual(3);
    const found = await findBlogBySlug(db(), "pub-lisbon-tram", NOW);
    expect(found && "blog" in found && found.blog.id).toBe(published.id);
    expect(await findBlogBySlug(db(), "pub-draft-porto-renamed", NOW)).toBeNull();
    expect(await findBlogBySlug(db(), "pub-draft-porto", NOW)).toBeNull();
    expect(await findBlogBySlug(db(), "pub-scheduled-faro", NOW)).toBeNull();

    const titles = (items: { title: string }[]) => items.map((b) => b.title);
    const list = await listBlogs(db(), 1, 100, NOW);
    expect(titles(list.items)).toContain("Pub Lisbon Tram");
    expect(titles(list.items)).not.toContain("Pub Draft Porto Renamed");
    expect(titles(list.items)).not.toContain("Pub Scheduled Faro");
    expect(list.total).toBe(before + 1);
    expect(titles(await latestBlogs(db(), 3, NOW))[0]).toBe("Pub Lisbon Tram");
    expect((await blogFeedEntries(db(), 50, NOW)).map((e) => e.slug)).toEqual(
      expect.not.arrayContaining(["pub-draft-porto-renamed", "pub-scheduled-faro"]),
    );
    const sitemap = (await blogSitemapFile(db(), 1, 10_000, NOW)).map((e) => e.slug);
    expect(sitemap).toContain("pub-lisbon-tram");
    expect(sitemap).not.toContain("pub-scheduled-faro");
    expect(sitemap).not.toContain("pub-draft-porto-renamed");

    // At its time the scheduled blog is public everywhere, first in the lists, with nothing written.
    const later = NOW + 60;
    const atTime = await findBlogBySlug(db(), "pub-scheduled-faro", later);
    expect(atTime && "blog" in atTime && atTime.blog.id).toBe(scheduled.id);
    expect(titles(await latestBlogs(db(), 1, later))).toEqual(["Pub Scheduled Faro"]);
    expect(await countPublishedBlogs(db(), later)).toBe(before + 2);
    expect((await blogFeedEntries(db(), 1, later))[0]?.slug).toBe("pub-scheduled-faro");
    const laterSitemap = await blogSitemapFile(db(), 1, 10_000, later);
    // Its last change for crawlers is the moment it appeared, not its last edit before.
    expect(laterSitemap.find((e) => e.slug === "pub-scheduled-faro")?.updated_at).toBe(NOW + 60);
  });

  it("keeps a draft with the newest id out of the sitemap index", async () => {
    await createBlog(db(), TEST_ACTOR, { ...blog("Pub Sitemap Edge") }, NOW - 10);
    const files = await blogSitemapFileCount(db(), 1, NOW);
    await createBlog(db(), TEST_ACTOR, { ...blog("Pub Sitemap Draft"), publishAt: null }, NOW - 5);
    expect(await blogSitemapFileCount(db(), 1, NOW)).toBe(files);
  });

  it("lists every blog for the admin with its state, filtered by state", async () => {
    const t = NOW + 10_000;
    await createBlog(db(), TEST_ACTOR, { ...blog("Adm Published") }, t - 10);
    await createBlog(db(), TEST_ACTOR, { ...blog("Adm Draft"), publishAt: null }, t - 9);
    await createBlog(db(), TEST_ACTOR, { ...blog("Adm Scheduled"), publishAt: t + 3600 }, t - 8);
    const all = await listAdminBlogs(db(), { perPage: 100, now: t });
    const state = (title: string) => all.items.find((b) => b.title === title)?.state;
    expect([state("Adm Published"), state("Adm Draft"), state("Adm Scheduled")]).toEqual([
      "published",
      "draft",
      "scheduled",
    ]);
    expect(all.total).toBe(await countBlogs(db()));
    for (const filter of ["draft", "scheduled", "published"] as const) {
      const page = await listAdminBlogs(db(), { perPage: 100, filter, now: t });
      expect(page.items.length).toBeGreaterThan(0);
      expect(page.items.every((b) => b.state === filter)).toBe(true);
      expect(page.total).toBe(page.items.length);
    }
    const scheduled = await listAdminBlogs(db(), { perPage: 100, filter: "scheduled", now: t });
    expect(scheduled.items.find((b) => b.title === "Adm Scheduled")?.publishAt).toBe(t + 3600);
  });

  it("keeps a published blog's time on edit; publishes a draft now; unpublishes on draft", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.setSystemTime(NOW * 1000);
      const created = await createBlog(db(), TEST_ACTOR, blog("Pub Edit Keeps"));
      expect(created.publishAt).toBe(NOW);
      vi.setSystemTime((NOW + 500) * 1000);
      const edited = await updateBlog(db(), TEST_ACTOR, created.id, {
        ...blog("Pub Edit Keeps"),
        publishAt: "now",
      });
      expect(edited?.publishAt).toBe(NOW);
      expect(edited?.updatedAt).toBe(NOW + 500);
      // Absent (a client that knows nothing of publication) keeps it too.
      expect((await updateBlog(db(), TEST_ACTOR, created.id, blog("Pub Edit Keeps")))?.publishAt).toBe(NOW);
      expect(
        (await updateBlog(db(), TEST_ACTOR, created.id, { ...blog("Pub Edit Keeps"), publishAt: null }))
          ?.publishAt,
      ).toBe(null);
      vi.setSystemTime((NOW + 900) * 1000);
      expect(
        (await updateBlog(db(), TEST_ACTOR, created.id, { ...blog("Pub Edit Keeps"), publishAt: "now" }))
          ?.publishAt,
      ).toBe(NOW + 900);
      // A scheduled blog published with "now" goes out at once.
      const later = await createBlog(db(), TEST_ACTOR, {
        ...blog("Pub Edit Scheduled"),
        publishAt: NOW + 5000,
      });
      expect(
        (await updateBlog(db(), TEST_ACTOR, later.id, { ...blog("Pub Edit Scheduled"), publishAt: "now" }))
          ?.publishAt,
      ).toBe(NOW + 900);
      expect((await findBlogById(db(), later.id))?.publishAt).toBe(NOW + 900);
    } finally {
      vi.useRealTimers();
    }
  });
});

describeEachEngine("publication of recipes", (db) => {
  it("shows the public only published recipes; the admin sees all with their state", async () => {
    const t = NOW;
    await createRecipe(db(), TEST_ACTOR, recipe("Rec Published"), t - 100);
    await createRecipe(db(), TEST_ACTOR, { ...recipe("Rec Draft"), publishAt: null }, t - 90);
    const scheduled = await createRecipe(
      db(),
      TEST_ACTOR,
      { ...recipe("Rec Scheduled"), publishAt: t + 30 },
      t - 80,
    );

    const titles = (await listRecipes(db(), 100, 0, t)).map((r) => r.title);
    expect(titles).toEqual(["Rec Published"]);
    expect(await findRecipeBySlug(db(), "rec-draft", t)).toBeNull();
    expect(await findRecipeBySlug(db(), "rec-scheduled", t)).toBeNull();
    expect((await recipeSitemapEntries(db(), 100, t)).map((r) => r.slug)).toEqual(["rec-published"]);

    expect((await listRecipes(db(), 100, 0, t + 30)).map((r) => r.title)).toEqual([
      "Rec Scheduled",
      "Rec Published",
    ]);
    const shown = await findRecipeBySlug(db(), "rec-scheduled", t + 30);
    expect(shown && "recipe" in shown && shown.recipe.id).toBe(scheduled.id);

    const admin = await listAdminRecipes(db(), { now: t });
    expect(admin.items.map((r) => [r.title, r.state])).toEqual([
      ["Rec Scheduled", "scheduled"],
      ["Rec Draft", "draft"],
      ["Rec Published", "published"],
    ]);
    expect((await listAdminRecipes(db(), { filter: "draft", now: t })).items.map((r) => r.title)).toEqual([
      "Rec Draft",
    ]);
    const published = await listAdminRecipes(db(), { filter: "published", now: t });
    expect([published.total, published.items.map((r) => r.title)]).toEqual([1, ["Rec Published"]]);

    const unpublished = await updateRecipe(db(), TEST_ACTOR, scheduled.id, {
      ...recipe("Rec Scheduled"),
      publishAt: null,
    });
    expect(unpublished?.publishAt).toBeNull();
  });
});

describeEachEngine("a draft without an image", (db) => {
  it("is saved, but cannot be published or scheduled until it has one; a recipe likewise", async () => {
    const draft = await createBlog(db(), TEST_ACTOR, {
      ...blog("Photos to follow"),
      imageUrl: null,
      publishAt: null,
    });
    expect(draft.image).toBeNull();
    for (const publishAt of ["now", NOW + 3600] as const) {
      await expect(
        updateBlog(db(), TEST_ACTOR, draft.id, { ...blog("Photos to follow"), keepImage: true, publishAt }),
      ).rejects.toBeInstanceOf(ImageNeededToPublishError);
    }
    expect((await findBlogById(db(), draft.id))?.publishAt).toBeNull();
    // Still a draft: saved again as one, fine.
    await updateBlog(db(), TEST_ACTOR, draft.id, {
      ...blog("Photos to follow, day two"),
      keepImage: true,
      publishAt: null,
    });
    const published = await updateBlog(db(), TEST_ACTOR, draft.id, {
      ...blog("Photos to follow, day two"),
      imageUrl: "https://images.example/train.jpg",
      publishAt: "now",
    });
    expect(published?.publishAt).not.toBeNull();

    const soup = await createRecipe(db(), TEST_ACTOR, { ...recipe("Soup, no photo yet"), publishAt: null });
    await expect(
      updateRecipe(db(), TEST_ACTOR, soup.id, {
        ...recipe("Soup, no photo yet"),
        keepImage: true,
        publishAt: "now",
      }),
    ).rejects.toBeInstanceOf(ImageNeededToPublishError);
    const served = await updateRecipe(db(), TEST_ACTOR, soup.id, {
      ...recipe("Soup, no photo yet"),
      imageUrl: "https://images.example/soup.jpg",
      publishAt: "now",
    });
    expect(served?.publishAt).not.toBeNull();
  });
});

describeEachEngine("the version cached answers are checked against", (db) => {
  it("moves when a scheduled time passes, with no write, and costs one query per hit", async () => {
    let clock = NOW + 50_000;
    let queries = 0;
    // Counted as they are run (the content version's query is compiled once, so it is built once).
    const counted = db().withPlugin({
      transformQuery: (args) => args.node,
      transformResult: async (args) => {
        queries++;
        return args.result;
      },
    });
    const read = publicVersionReader(
      async () => counted,
      () => clock,
    );
    await createBlog(db(), TEST_ACTOR, { ...blog("Ver Scheduled"), publishAt: NOW + 50_002 }, NOW + 49_000);
    const first = await read();
    queries = 0;
    expect(await read()).toBe(first);
    expect(queries).toBe(1);
    clock = NOW + 50_001;
    expect(await read()).toBe(first);
    expect(queries).toBe(2);
    // Its time: the version moves without any write, so every answer rendered before is stale.
    clock = NOW + 50_002;
    const atTime = await read();
    expect(atTime).not.toBe(first);
    expect(atTime.endsWith(`.${NOW + 50_002}`)).toBe(true);
    queries = 0;
    clock = NOW + 60_000;
    expect(await read()).toBe(atTime);
    expect(queries).toBe(1);
    // A write moves it as before.
    await createBlog(db(), TEST_ACTOR, { ...blog("Ver Draft"), publishAt: null }, NOW + 59_000);
    expect(await read()).not.toBe(atTime);
  });
});

for (const engine of ENGINES) {
  describe(`migration 006 (publication) on a site with blogs and recipes [${engine}]`, () => {
    it("publishes what existed as of its creation, and goes down and up again", async () => {
      const { db, close } = await databaseAtMigration(engine, "005_login_throttle");
      try {
        // Written as the site stood before 006 (no publish_at column).
        await db
          .insertInto("blogs")
          .values(
            earlyBlogRow({ slug: "before-006", title: "Before 006", updated_at: 1_717_200_500 }) as never,
          )
          .execute();
        await db
          .insertInto("recipes")
          .values({
            slug: "old-rice",
            title: "Old Rice",
            short: "Old.",
            steps: "[]",
            ingredients: "[]",
            created_at: 1_717_100_000,
            updated_at: 1_717_100_000,
          } as never)
          .execute();
        await migrateToLatest(db, engine);
        const found = await findBlogBySlug(db, "before-006");
        expect(found && "blog" in found && found.blog.publishAt).toBe(1_717_200_000);
        const rice = await findRecipeBySlug(db, "old-rice");
        expect(rice && "recipe" in rice && rice.recipe.publishAt).toBe(1_717_100_000);
        expect(await countPublishedBlogs(db)).toBe(1);

        await migrateTo(db, engine, "005_login_throttle");
        const columns = (await db.introspection.getTables()).find((t) => t.name === "blogs")?.columns ?? [];
        expect(columns.map((c) => c.name)).not.toContain("publish_at");
        await migrateToLatest(db, engine);
        expect(await countPublishedBlogs(db)).toBe(1);
      } finally {
        await close();
      }
    });
  });
}
