import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { MAX_UPLOAD_BYTES, UPLOAD_TOO_LARGE, UPLOAD_WIDTHS } from "#app/lib/images.ts";
import { InvalidImageError, imageVariants } from "./image-variants.server.ts";

function png(width: number, height: number) {
  return sharp({ create: { width, height, channels: 3, background: "#3a7" } })
    .png()
    .toBuffer();
}

describe("image variants", () => {
  it("encodes one WebP per upload width, never wider than the original", async () => {
    const variants = await imageVariants(await png(1000, 500));
    expect(variants.map((v) => v.width)).toEqual([...UPLOAD_WIDTHS]);
    const sizes = await Promise.all(variants.map((v) => sharp(v.bytes).metadata()));
    expect(sizes.map((m) => m.format)).toEqual(["webp", "webp", "webp"]);
    expect(sizes.map((m) => m.width)).toEqual([480, 960, 1000]);
    expect(sizes.map((m) => m.height)).toEqual([240, 480, 500]);
  });

  it("refuses what is not a readable image, with the admin's reason", async () => {
    await expect(imageVariants(new Uint8Array())).rejects.toThrow(
      new InvalidImageError("The image file is empty."),
    );
    await expect(imageVariants(new Uint8Array(MAX_UPLOAD_BYTES + 1))).rejects.toThrow(
      new InvalidImageError(UPLOAD_TOO_LARGE),
    );
    const text = new TextEncoder().encode("<svg onload=alert(1)>not really</svg>");
    const error = await imageVariants(text).catch((e) => e);
    expect(error).toBeInstanceOf(InvalidImageError);
    expect(error.message).toBe("The file is not an image we can read.");
  });
});
