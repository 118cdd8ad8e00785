/**
 * With uploads in a bucket read publicly (S3_BUCKET and S3_PUBLIC_URL, on a real S3-protocol
 * server), pages link the public URL directly instead of `/uploads/...`, which would answer each
 * image with a redirect there: the blog's inline images (stored as `/uploads/<id>-<width>.webp`
 * and kept so in the database), its featured image, og:image, the RSS feed and a recipe's image. Without
 * S3_PUBLIC_URL the same pages link `/uploads/...`. Both engines.
 */
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import sharp from "sharp";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { TEST_ACTOR } from "#tests/support/content.ts";
import { describeRoutesEachEngine, ORIGIN } from "#tests/support/route-harness.ts";
import { type S3Server, startS3Server } from "#tests/support/s3.ts";

let s3: S3Server;
beforeAll(async () => {
  s3 = await startS3Server();
}, 60_000);
afterAll(async () => {
  await s3?.close();
});

/** A photo-like PNG 1000 pixels wide, so the 480 and 960 widths are stored. */
async function photo(): Promise<Uint8Array> {
  const width = 1000;
  const height = 700;
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 7919) % 251;
  return new Uint8Array(
    await sharp(pixels, { raw: { width, height, channels: 3 } })
      .png()
      .toBuffer(),
  );
}

describeRoutesEachEngine("links to uploads in a public bucket", (h) => {
  let publicUrl = "";
  let id = "";
  let slug = "";

  beforeAll(async () => {
    const bucket = await s3.createBucket();
    // s3rver serves a bucket's objects at <endpoint>/<bucket>/<key>, as a public bucket URL does.
    publicUrl = `${s3.endpoint}/${bucket}`;
    for (const [name, value] of Object.entries(s3.env(bucket, { S3_PUBLIC_URL: publicUrl })))
      vi.stubEnv(name, value);
    const { storeUpload } = await import("#app/server/media/storage.server.ts");
    const { createBlog } = await import("#app/server/models/blogs.server.ts");
    const upload = await storeUpload(await photo());
    id = upload.id;
    const blog = await createBlog(h.db(), TEST_ACTOR, {
      title: "Harbour at dawn",
      author: "Ops",
      date: "2025-06-01",
      // As the editor and the importers store an inline upload.
      content: `<p>The boats came in early.</p><img src="/uploads/${id}-960.webp" alt="Boats in the harbour" /><p>Breakfast was <a href="https://example.com/">fish</a>.</p>`,
      imageId: id,
      upload,
      imageAlt: "The harbour",
    });
    slug = blog.slug;
    const { createRecipe } = await import("#app/server/models/recipes.server.ts");
    await createRecipe(h.db(), TEST_ACTOR, {
      title: "Harbour fish stew",
      short: "What the boats brought in",
      imageId: id,
      picked: true,
      steps: ["Simmer"],
      ingredients: ["Fish"],
      nutritionalValues: { calories: 300, protein: 30, fats: 10, carbs: 12 },
    });
  });

  /** The public blog page's loader data, and its article rendered as the page renders it. */
  async function blogPage() {
    const route = await import("#app/routes/blogs/$slug.tsx");
    const { BlogArticle } = await import("#app/components/blog-page.tsx");
    const data = (await h.loader(route, `/blogs/${slug}`, { cookie: "", params: { slug } })) as Awaited<
      ReturnType<typeof route.loader>
    >;
    const html = renderToString(
      createElement(
        MemoryRouter,
        null,
        createElement(BlogArticle, { blog: data.blog, uploadsBase: data.uploadsBase, recipe: null }),
      ),
    );
    return { data, html };
  }

  /** The recipe page's shared image (og:image and the Recipe JSON-LD). */
  async function recipeImageUrl(): Promise<string | undefined> {
    const route = await import("#app/routes/recipes/$slug.tsx");
    const data = (await h.loader(route, "/recipes/harbour-fish-stew", {
      cookie: "",
      params: { slug: "harbour-fish-stew" },
    })) as Awaited<ReturnType<typeof route.loader>>;
    return data.imageUrl;
  }

  async function feed(): Promise<string> {
    const rss = await import("#app/routes/rss.xml.ts");
    const answer = (await h.loader(rss, "/rss.xml", "")) as Response;
    return answer.text();
  }

  it("links the inline, featured and shared images at S3_PUBLIC_URL, and stores /uploads", async () => {
    const { data, html } = await blogPage();
    expect(html).toContain(
      `<img src="${publicUrl}/${id}-960.webp" alt="Boats in the harbour" loading="lazy" decoding="async" />`,
    );
    expect(html).toContain(`src="${publicUrl}/${id}-960.webp" srcSet="${publicUrl}/${id}-480.webp 480w, `);
    expect(html).not.toContain("/uploads/");
    expect(data.imageUrl).toBe(`${publicUrl}/${id}-1600.webp`);
    expect(await feed()).toContain(`<media:content url="${publicUrl}/${id}-960.webp" medium="image">`);
    expect(await recipeImageUrl()).toBe(`${publicUrl}/${id}-1600.webp`);

    // The link answers the image itself, with no redirect on the way.
    const image = await fetch(`${publicUrl}/${id}-960.webp`, { redirect: "manual" });
    expect(image.status).toBe(200);
    expect((await sharp(new Uint8Array(await image.arrayBuffer())).metadata()).width).toBe(960);

    // What is stored is unchanged: moving the uploads elsewhere later needs no rewrite.
    const stored = await h
      .db()
      .selectFrom("blogs")
      .select("content")
      .where("slug", "=", slug)
      .executeTakeFirst();
    expect(stored?.content).toContain(`<img src="/uploads/${id}-960.webp"`);
    expect(stored?.content).not.toContain(publicUrl);
  });

  it("links /uploads when the bucket has no public URL (the app streams its objects)", async () => {
    vi.stubEnv("S3_PUBLIC_URL", "");
    const { data, html } = await blogPage();
    expect(html).toContain(
      `<img src="/uploads/${id}-960.webp" alt="Boats in the harbour" loading="lazy" decoding="async" />`,
    );
    expect(html).toContain(`src="/uploads/${id}-960.webp" srcSet="/uploads/${id}-480.webp 480w, `);
    expect(html).not.toContain(publicUrl);
    expect(data.imageUrl).toBe(`${ORIGIN}/uploads/${id}-1600.webp`);
    expect(await feed()).toContain(`<media:content url="${ORIGIN}/uploads/${id}-960.webp" medium="image">`);
    expect(await recipeImageUrl()).toBe(`${ORIGIN}/uploads/${id}-1600.webp`);
  });
});
