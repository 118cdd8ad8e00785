/**
 * The newsletter mail's links to this site carry the analytics' campaign tags (issue 38):
 * `utm_source=newsletter&utm_medium=email&utm_campaign=<the blog's slug>`, on the blog's links and
 * its featured recipe's, in the HTML and the plain text, so /admin/analytics shows the visits each
 * send brought.
 */
import { beforeEach, expect, it, vi } from "vitest";
import { createBlog } from "#app/server/models/blogs.server.ts";
import { createRecipe } from "#app/server/models/recipes.server.ts";
import { renderBlogMail } from "#app/server/newsletter/blog-mail.server.ts";
import { blogInput, recipeInput, TEST_ACTOR } from "#tests/support/content.ts";
import { describeEachEngine } from "#tests/support/engines.ts";

describeEachEngine("newsletter mail: campaign links", (db) => {
  beforeEach(() => {
    vi.stubEnv("PUBLIC_URL", "https://blog.example.test");
    return () => {
      vi.unstubAllEnvs();
    };
  });

  it("tags the blog's and the featured recipe's links with the newsletter campaign of the blog", async () => {
    const recipe = await createRecipe(db(), TEST_ACTOR, recipeInput("Yudofu", { publishAt: "now" }));
    const blog = await createBlog(
      db(),
      TEST_ACTOR,
      blogInput("Three days in Kyoto", { publishAt: "now", featuredRecipe: recipe.id }),
    );
    const mail = await renderBlogMail(db(), blog.id);
    expect(mail).not.toBeNull();
    const blogLink =
      "https://blog.example.test/blogs/three-days-in-kyoto?utm_source=newsletter&utm_medium=email&utm_campaign=three-days-in-kyoto";
    const recipeLink =
      "https://blog.example.test/recipes/yudofu?utm_source=newsletter&utm_medium=email&utm_campaign=three-days-in-kyoto";
    expect(mail?.html).toContain(`href="${blogLink.replaceAll("&", "&amp;")}"`);
    expect(mail?.html).toContain(`href="${recipeLink.replaceAll("&", "&amp;")}"`);
    expect(mail?.text).toContain(`Read on the site: ${blogLink}`);
    expect(mail?.text).toContain(`See the recipe: ${recipeLink}`);
  });
});
