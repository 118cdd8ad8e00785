import { describe, expect, it } from "vitest";
import { imageRef, imageSources, linkUploadsAt } from "./images.ts";

const BASE = "https://images.example.com/site";
const ID = "0123456789abcdef01234567";

describe("linkUploadsAt", () => {
  it("links an inline upload at the base, whatever attribute comes first", () => {
    expect(linkUploadsAt(`<p>a</p><img src="/uploads/${ID}-960.webp" alt="Boats" />`, BASE)).toBe(
      `<p>a</p><img src="${BASE}/${ID}-960.webp" alt="Boats" />`,
    );
    expect(
      linkUploadsAt(
        `<img alt="x" src="/uploads/${ID}-480.webp" /><img src="/uploads/${ID}-960.webp" />`,
        BASE,
      ),
    ).toBe(`<img alt="x" src="${BASE}/${ID}-480.webp" /><img src="${BASE}/${ID}-960.webp" />`);
  });

  it("leaves links, other images and text that only look like an upload's src", () => {
    const html =
      `<p>src="/uploads/${ID}-960.webp"</p><a href="/uploads/${ID}-960.webp">full size</a>` +
      `<img src="https://elsewhere.example/uploads/photo.webp" alt="src=&quot;/uploads/x&quot;" />`;
    expect(linkUploadsAt(html, BASE)).toBe(html);
  });

  it("returns the HTML as it is when the base is /uploads", () => {
    const html = `<img src="/uploads/${ID}-960.webp" />`;
    expect(linkUploadsAt(html, "/uploads")).toBe(html);
  });

  it("quotes a base that would end the attribute", () => {
    expect(linkUploadsAt(`<img src="/uploads/${ID}-960.webp" />`, 'https://cdn.example/a"b&c')).toBe(
      `<img src="https://cdn.example/a&quot;b&amp;c/${ID}-960.webp" />`,
    );
  });
});

describe("imageRef with a base", () => {
  it("links every width of an upload at the base", () => {
    expect(imageSources(imageRef(ID, null, BASE), 960)).toEqual({
      src: `${BASE}/${ID}-960.webp`,
      srcSet: `${BASE}/${ID}-480.webp 480w, ${BASE}/${ID}-960.webp 960w, ${BASE}/${ID}-1600.webp 1600w`,
    });
  });

  it("keeps the plain reference when the base is /uploads", () => {
    expect(imageRef(ID, null, "/uploads")).toEqual({ kind: "upload", id: ID });
    expect(imageSources(imageRef(ID, null), 480)?.src).toBe(`/uploads/${ID}-480.webp`);
  });
});
