/**
 * WP Recipe Maker names a recipe's post `wprm-{name}`; the importer gives the recipe the name
 * alone (wordpress/wprm.server.ts). A recipe an earlier importer brought in at `wprm-{name}` moves
 * to `{name}` when the file is imported again, and its old address redirects; a recipe the owner
 * renamed here keeps the owner's slug. On both engines.
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { DB } from "#app/server/db/db.server.ts";
import { findRecipeBySlug } from "#app/server/models/recipes.server.ts";
import { DEFAULT_IMPORT_OPTIONS } from "#app/server/transfer/import/report.server.ts";
import { runImport } from "#app/server/transfer/import/run.server.ts";
import { describeEachEngine } from "#tests/support/engines.ts";
import { temporaryUploadsDir } from "#tests/support/uploads.ts";

temporaryUploadsDir("import-wprm-slugs");

/** A published WP Recipe Maker recipe whose post name is `wprm-{name}`, as WPRM saves it. */
function wprmItem(id: number, name: string): string {
  return `<item>
  <title><![CDATA[${name}]]></title>
  <link>https://old.example/wprm_print/wprm-${name}/</link>
  <dc:creator><![CDATA[ana]]></dc:creator>
  <wp:post_id>${id}</wp:post_id>
  <wp:post_date><![CDATA[2024-03-01 09:00:00]]></wp:post_date>
  <wp:post_date_gmt><![CDATA[2024-03-01 09:00:00]]></wp:post_date_gmt>
  <wp:post_name><![CDATA[wprm-${name}]]></wp:post_name>
  <wp:status><![CDATA[publish]]></wp:status>
  <wp:post_type><![CDATA[wprm_recipe]]></wp:post_type>
  <wp:postmeta><wp:meta_key><![CDATA[wprm_summary]]></wp:meta_key><wp:meta_value><![CDATA[<p>A pasta.</p>]]></wp:meta_value></wp:postmeta>
  <wp:postmeta><wp:meta_key><![CDATA[wprm_ingredients]]></wp:meta_key><wp:meta_value><![CDATA[a:1:{i:0;a:3:{s:3:"uid";i:0;s:4:"name";s:0:"";s:11:"ingredients";a:1:{i:0;a:4:{s:3:"uid";i:0;s:6:"amount";s:3:"200";s:4:"unit";s:1:"g";s:4:"name";s:5:"pasta";}}}}]]></wp:meta_value></wp:postmeta>
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
${wprmItem(41, "pasta-alla-norma")}
${wprmItem(42, "cacio-e-pepe")}
</channel>
</rss>
`;

let file = "";
let dir = "";
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "wanderplate-import-wprm-"));
  file = join(dir, "kitchen.xml");
  await writeFile(file, WXR);
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const options = { ...DEFAULT_IMPORT_OPTIONS, images: "keep" as const };

/**
 * What an importer before the prefix was dropped left behind: the recipe at `slug`, and an
 * import-map hash that no longer matches the file (its staged item was another).
 */
async function asAnEarlierImporterLeftIt(db: DB, sourceId: string, slug: string): Promise<number> {
  const entry = await db
    .selectFrom("import_map")
    .select("local_id")
    .where("source_type", "=", "recipe")
    .where("source_id", "=", sourceId)
    .executeTakeFirstOrThrow();
  await db.updateTable("recipes").set({ slug }).where("id", "=", entry.local_id).execute();
  await db.deleteFrom("recipe_slug_redirects").where("recipe_id", "=", entry.local_id).execute();
  await db
    .updateTable("import_map")
    .set({ content_hash: "written by an earlier importer" })
    .where("source_type", "=", "recipe")
    .where("source_id", "=", sourceId)
    .execute();
  return entry.local_id;
}

const slugOf = async (db: DB, id: number) =>
  (await db.selectFrom("recipes").select("slug").where("id", "=", id).executeTakeFirstOrThrow()).slug;

describeEachEngine("WP Recipe Maker's wprm- slugs", (db) => {
  it("a first import names the recipe without the prefix", async () => {
    await runImport(db(), [file], options);
    expect(await findRecipeBySlug(db(), "pasta-alla-norma")).toMatchObject({
      recipe: { title: "pasta-alla-norma", slug: "pasta-alla-norma" },
    });
    expect(await findRecipeBySlug(db(), "wprm-pasta-alla-norma")).toBeNull();
  });

  it("a recipe an earlier importer left at wprm-{name} moves to {name}; the old slug redirects", async () => {
    const id = await asAnEarlierImporterLeftIt(db(), "41", "wprm-pasta-alla-norma");
    await runImport(db(), [file], options);
    expect(await slugOf(db(), id)).toBe("pasta-alla-norma");
    expect(await findRecipeBySlug(db(), "wprm-pasta-alla-norma")).toEqual({ redirectTo: "pasta-alla-norma" });
    // Once moved, a further run changes nothing.
    const again = await runImport(db(), [file], options);
    expect(again.counts.recipes?.unchanged).toBe(2);
    expect(await slugOf(db(), id)).toBe("pasta-alla-norma");
  });

  it("a recipe the owner renamed here keeps the owner's slug", async () => {
    const id = await asAnEarlierImporterLeftIt(db(), "42", "our-cacio-e-pepe");
    await runImport(db(), [file], options);
    expect(await slugOf(db(), id)).toBe("our-cacio-e-pepe");
  });
});
