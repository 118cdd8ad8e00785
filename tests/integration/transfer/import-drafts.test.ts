/**
 * A draft brought in by an import keeps its old address on record, but that address leads nowhere
 * while it is a draft (models/redirects.server.ts: only a published row is a redirect's target):
 * a Ghost draft post's `/slug/` and a draft WP Recipe Maker recipe's permalink. Their published
 * neighbours in the same files do redirect, so the check is of the draft rule, not of a missing
 * row. On both engines.
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DB } from "#app/server/db/db.server.ts";
import { createRecipe } from "#app/server/models/recipes.server.ts";
import { findPathRedirect, putPathRedirect, redirectKey } from "#app/server/models/redirects.server.ts";
import { DEFAULT_IMPORT_OPTIONS } from "#app/server/transfer/import/report.server.ts";
import { runImport } from "#app/server/transfer/import/run.server.ts";
import { recipeInput, TEST_ACTOR } from "#tests/support/content.ts";
import { describeEachEngine } from "#tests/support/engines.ts";
import { temporaryUploadsDir } from "#tests/support/uploads.ts";

temporaryUploadsDir("import-drafts");

/** Ghost's own shape: a published post and a draft, each with a slug (its old address `/slug/`). */
const GHOST = join(import.meta.dirname, "../../fixtures/import/ghost/ghost-1-shape.json");

/** A WP Recipe Maker recipe as WordPress exports it, published or a draft. */
function wprmItem(id: number, slug: string, status: "publish" | "draft"): string {
  return `<item>
  <title><![CDATA[${slug}]]></title>
  <link>https://old.example/recipe/${slug}/</link>
  <dc:creator><![CDATA[ana]]></dc:creator>
  <wp:post_id>${id}</wp:post_id>
  <wp:post_date><![CDATA[2024-03-01 09:00:00]]></wp:post_date>
  <wp:post_date_gmt><![CDATA[2024-03-01 09:00:00]]></wp:post_date_gmt>
  <wp:post_name><![CDATA[${slug}]]></wp:post_name>
  <wp:status><![CDATA[${status}]]></wp:status>
  <wp:post_type><![CDATA[wprm_recipe]]></wp:post_type>
  <wp:postmeta><wp:meta_key><![CDATA[wprm_summary]]></wp:meta_key><wp:meta_value><![CDATA[<p>A soup.</p>]]></wp:meta_value></wp:postmeta>
  <wp:postmeta><wp:meta_key><![CDATA[wprm_ingredients]]></wp:meta_key><wp:meta_value><![CDATA[a:1:{i:0;a:3:{s:3:"uid";i:0;s:4:"name";s:0:"";s:11:"ingredients";a:1:{i:0;a:4:{s:3:"uid";i:0;s:6:"amount";s:1:"1";s:4:"unit";s:1:"l";s:4:"name";s:5:"water";}}}}]]></wp:meta_value></wp:postmeta>
  <wp:postmeta><wp:meta_key><![CDATA[wprm_instructions]]></wp:meta_key><wp:meta_value><![CDATA[a:1:{i:0;a:3:{s:3:"uid";i:0;s:4:"name";s:0:"";s:12:"instructions";a:1:{i:0;a:2:{s:3:"uid";i:0;s:4:"text";s:12:"<p>Boil.</p>";}}}}]]></wp:meta_value></wp:postmeta>
</item>`;
}

const WXR = `<?xml version="1.0" encoding="UTF-8" ?>
<rss version="2.0" xmlns:excerpt="http://wordpress.org/export/1.2/excerpt/"
  xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/"
  xmlns:wp="http://wordpress.org/export/1.2/">
<channel>
  <title>Old Kitchen</title>
  <link>https://old.example</link>
  <wp:wxr_version>1.2</wp:wxr_version>
  <wp:base_site_url>https://old.example</wp:base_site_url>
  <wp:base_blog_url>https://old.example</wp:base_blog_url>
${wprmItem(31, "ready-soup", "publish")}
${wprmItem(32, "unfinished-soup", "draft")}
</channel>
</rss>
`;

let dir = "";
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "wanderplate-import-drafts-"));
  await writeFile(join(dir, "kitchen.xml"), WXR);
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const options = { ...DEFAULT_IMPORT_OPTIONS, images: "keep" as const };

/** The target of the stored redirect row of `path` (it exists whether or not it leads anywhere). */
async function storedTarget(db: DB, path: string) {
  return db
    .selectFrom("path_redirects")
    .select(["blog_id", "recipe_id", "page_id"])
    .where("path", "=", path)
    .executeTakeFirst();
}

describeEachEngine("imported drafts and their old addresses", (db) => {
  it("a Ghost draft post's /slug/ leads nowhere; the published post's does", async () => {
    await runImport(db(), [GHOST], options);
    const draft = await db()
      .selectFrom("blogs")
      .select(["id", "publish_at"])
      .where("slug", "=", "porto")
      .executeTakeFirstOrThrow();
    expect(draft.publish_at).toBeNull();
    expect(await storedTarget(db(), "/porto")).toEqual({ blog_id: draft.id, recipe_id: null, page_id: null });
    expect(await findPathRedirect(db(), "/porto/")).toBeNull();
    expect(await findPathRedirect(db(), "/lisbon-weekend/")).toBe("/blogs/lisbon-weekend");
  });

  it("a draft recipe's permalink leads nowhere; the published recipe's does", async () => {
    await runImport(db(), [join(dir, "kitchen.xml")], options);
    const draft = await db()
      .selectFrom("recipes")
      .select(["id", "publish_at"])
      .where("slug", "=", "unfinished-soup")
      .executeTakeFirstOrThrow();
    expect(draft.publish_at).toBeNull();
    expect(await storedTarget(db(), "/recipe/unfinished-soup")).toEqual({
      blog_id: null,
      recipe_id: draft.id,
      page_id: null,
    });
    expect(await findPathRedirect(db(), "/recipe/unfinished-soup/")).toBeNull();
    expect(await findPathRedirect(db(), "/recipe/ready-soup/")).toBe("/recipes/ready-soup");
  });
});

describe("the one spelling an old address is stored and looked up in", () => {
  it("lower case, percent-decoded, without trailing slashes; never a path of another host", () => {
    expect(redirectKey("/2019/05/Kyoto/")).toBe("/2019/05/kyoto");
    expect(redirectKey("/kyoto//")).toBe("/kyoto");
    expect(redirectKey("/caf%C3%A9/")).toBe("/café");
    // A broken escape stays as written (lower-cased), so it can still match itself.
    expect(redirectKey("/100%-Kyoto/")).toBe("/100%-kyoto");
    // Not a path of this site: nothing to store or find.
    expect(redirectKey("//evil.example/kyoto")).toBe("");
    expect(redirectKey("%2F%2Fevil.example")).toBe("");
    expect(redirectKey("kyoto/")).toBe("");
    expect(redirectKey("https://old.example/kyoto/")).toBe("");
  });
});

describeEachEngine("an old address of a scheduled recipe", (db) => {
  const AT = 1_900_000_000;
  it("leads to the recipe from its publish time on, not a second before", async () => {
    const recipe = await createRecipe(
      db(),
      TEST_ACTOR,
      recipeInput("Later Soup", { imageUrl: null, publishAt: AT }),
      AT - 3600,
    );
    expect(await putPathRedirect(db(), "/recipe/later-soup/", { recipeId: recipe.id })).toBe(true);
    expect(await putPathRedirect(db(), "//elsewhere.example/", { recipeId: recipe.id })).toBe(false);
    expect(
      await db().selectFrom("path_redirects").select("path").where("recipe_id", "=", recipe.id).execute(),
    ).toEqual([{ path: "/recipe/later-soup" }]);
    expect(await findPathRedirect(db(), "/recipe/later-soup/", AT - 1)).toBeNull();
    expect(await findPathRedirect(db(), "/Recipe/Later-Soup", AT)).toBe(`/recipes/${recipe.slug}`);
    expect(await findPathRedirect(db(), "//elsewhere.example/", AT)).toBeNull();
  });
});
