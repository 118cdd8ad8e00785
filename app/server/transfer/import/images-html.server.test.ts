import { describe, expect, it } from "vitest";
import { imageUrlsIn, isImageFileUrl, parseSrcset, rewriteImageUrls } from "./images-html.server.ts";

const NEW = "/uploads/abc-1600.webp";
const map =
  (table: Record<string, string>) =>
  (url: string): string | null =>
    table[url] ?? null;

describe("imageUrlsIn", () => {
  it("lists each img's src and each link to the full size, once, in order, entities decoded", () => {
    const html = `<p><a href="https://x.test/full.JPG?v=1"><img src="https://x.test/a-300x200.jpg" srcset="https://x.test/a-300x200.jpg 300w, https://x.test/a-1024x768.jpg 1024w"></a></p>
<IMG SRC='https://x.test/b.png?a=1&amp;b=2'><img src="https://x.test/a-300x200.jpg">`;
    expect(imageUrlsIn(html)).toEqual([
      "https://x.test/a-300x200.jpg",
      "https://x.test/b.png?a=1&b=2",
      "https://x.test/full.JPG?v=1",
    ]);
  });

  it("ignores links that do not wrap an image or do not point to an image file", () => {
    const html = `<a href="https://x.test/photo.jpg">a photo</a>
<a href="https://x.test/?attachment_id=5"><img src="https://x.test/p.jpg"></a>`;
    expect(imageUrlsIn(html)).toEqual(["https://x.test/p.jpg"]);
  });

  it("takes the lazy-loaded address when src is an inline placeholder, else the widest srcset candidate", () => {
    const html = `<img src="data:image/gif;base64,R0lGOD" data-lazy-src="https://x.test/lazy.jpg">
<img srcset="https://x.test/s.jpg 480w, https://x.test/l.jpg 1200w, https://x.test/m.jpg 800w">
<img src="  ">`;
    expect(imageUrlsIn(html)).toEqual(["https://x.test/lazy.jpg", "https://x.test/l.jpg"]);
  });

  it("survives broken markup without throwing", () => {
    expect(imageUrlsIn(`<img src="https://x.test/a.jpg`)).toEqual([]);
    expect(imageUrlsIn(`<p><a href="https://x.test/f.jpg"><img src=https://x.test/u.jpg>`)).toEqual([
      "https://x.test/u.jpg",
      "https://x.test/f.jpg",
    ]);
  });
});

describe("rewriteImageUrls", () => {
  it("rewrites src, drops srcset and sizes, and rewrites the link to the full size; the rest stays as written", () => {
    const html = `<!-- wp:image --><figure><a href="https://x.test/a.jpg"><img class="wp-image-5" src="https://x.test/a-300x200.jpg" srcset="https://x.test/a-300x200.jpg 300w, https://x.test/a.jpg 900w" sizes="(max-width: 300px) 100vw" alt="Kyoto &amp; rain" /></a></figure><!-- /wp:image -->\n[caption]x[/caption]`;
    const out = rewriteImageUrls(
      html,
      map({ "https://x.test/a-300x200.jpg": NEW, "https://x.test/a.jpg": NEW }),
    );
    expect(out).toBe(
      `<!-- wp:image --><figure><a href="${NEW}"><img class="wp-image-5" src="${NEW}" alt="Kyoto &amp; rain" /></a></figure><!-- /wp:image -->\n[caption]x[/caption]`,
    );
  });

  it("leaves an image the callback maps to null exactly as written, srcset included", () => {
    const html = `<img src='https://x.test/gone.jpg' srcset="https://x.test/gone.jpg 1x"> <img src=https://x.test/ok.jpg>`;
    expect(rewriteImageUrls(html, map({ "https://x.test/ok.jpg": NEW }))).toBe(
      `<img src='https://x.test/gone.jpg' srcset="https://x.test/gone.jpg 1x"> <img src="${NEW}">`,
    );
  });

  it("turns a lazy-loaded or srcset-only image into a plain src", () => {
    const html = `<img src="data:image/gif;base64,R0" data-src="https://x.test/lazy.jpg" data-srcset="https://x.test/lazy.jpg 1x" alt="a"><img srcset="https://x.test/s.jpg 1x, https://x.test/l.jpg 2x" alt="b">`;
    const out = rewriteImageUrls(
      html,
      map({ "https://x.test/lazy.jpg": NEW, "https://x.test/l.jpg": "/u/l.webp" }),
    );
    expect(out).toBe(`<img src="${NEW}" alt="a"><img src="/u/l.webp" alt="b">`);
  });

  it("escapes quotes and ampersands in the new address, and only the first of a repeated attribute counts", () => {
    const html = `<img src="https://x.test/a.jpg" src="https://x.test/b.jpg">`;
    expect(rewriteImageUrls(html, map({ "https://x.test/a.jpg": `/u?a=1&b="2"` }))).toBe(
      `<img src="/u?a=1&amp;b=&quot;2&quot;" src="https://x.test/b.jpg">`,
    );
  });

  it("finds attributes by position even when markup before them holds look-alike text", () => {
    const html = `<p title='<img src="https://x.test/a.jpg">'>x</p><img src="https://x.test/a.jpg">`;
    expect(rewriteImageUrls(html, map({ "https://x.test/a.jpg": NEW }))).toBe(
      `<p title='<img src="https://x.test/a.jpg">'>x</p><img src="${NEW}">`,
    );
  });
});

describe("parseSrcset and isImageFileUrl", () => {
  it("reads candidates with widths, densities, commas inside URLs and none", () => {
    expect(parseSrcset("a.jpg 300w, b.jpg 2x,c.jpg, d,e.jpg 1.5x")).toEqual([
      { url: "a.jpg", size: 300 },
      { url: "b.jpg", size: 2 },
      { url: "c.jpg", size: 1 },
      { url: "d,e.jpg", size: 1.5 },
    ]);
  });

  it("knows image files by the path's ending, whatever the query", () => {
    expect(isImageFileUrl("https://x.test/a.jpeg?w=1")).toBe(true);
    expect(isImageFileUrl("https://x.test/a.WEBP#x")).toBe(true);
    expect(isImageFileUrl("https://x.test/page/?img=a.jpg")).toBe(false);
    expect(isImageFileUrl("https://x.test/a.jpg.html")).toBe(false);
  });
});
