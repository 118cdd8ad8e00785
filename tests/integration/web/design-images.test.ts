/**
 * The design screen's logo and site icon forms (/admin/design/logo, /admin/design/icon), through
 * the route modules on both engines with real image files: an icon that is not square, too small or
 * not an image is refused with a message saying so and nothing is stored; a square one becomes
 * PNGs of each size; an SVG logo carrying a script is kept only as the picture it draws (WebP); a
 * replaced or removed image's files go; public pages name the new files; a backup carries them.
 */
import { existsSync } from "node:fs";
import { readdir } from "node:fs/promises";
import { join } from "node:path";
import sharp from "sharp";
import { beforeAll, expect, it } from "vitest";
import { ICON_SIZES, iconKey } from "#app/lib/design.ts";
import { answerOf, describeRoutesEachEngine, formOf } from "#tests/support/route-harness.ts";
import { temporaryUploadsDir } from "#tests/support/uploads.ts";

const { uploadFiles } = temporaryUploadsDir("design-images");
const uploadsDir = () => process.env.UPLOADS_DIR ?? "";

const square = (size: number) =>
  sharp({ create: { width: size, height: size, channels: 3, background: "#c2185b" } })
    .png()
    .toBuffer();
const file = (bytes: Uint8Array, name: string, type: string) =>
  new File([new Uint8Array(bytes)], name, { type });

/** The toast a redirect carries (the toast cookie, base64url JSON). */
function toastOf(answer: unknown): { type: string; message: string } {
  const response = answer as Response;
  expect(response.status).toBe(302);
  expect(response.headers.get("location")).toBe("/admin/design");
  const cookie = response.headers.get("set-cookie") ?? "";
  const value = cookie.split(";")[0]?.split("=")[1] ?? "";
  const { type, message } = JSON.parse(Buffer.from(value, "base64url").toString());
  return { type, message };
}

const SCRIPTED_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="100" viewBox="0 0 300 100">
  <script>alert(document.cookie)</script>
  <rect width="300" height="100" fill="#c2185b"/><text x="20" y="60" font-size="40" fill="#fff">Ana</text>
</svg>`;

describeRoutesEachEngine("the logo and site icon forms", (h) => {
  let logoRoute: typeof import("#app/routes/admin/design/logo.ts");
  let iconRoute: typeof import("#app/routes/admin/design/icon.ts");
  let homeImageRoute: typeof import("#app/routes/admin/design/home-image.ts");
  let layout: typeof import("#app/routes/public-layout.tsx");
  let design: typeof import("#app/server/models/design.server.ts");
  beforeAll(async () => {
    logoRoute = await import("#app/routes/admin/design/logo.ts");
    iconRoute = await import("#app/routes/admin/design/icon.ts");
    homeImageRoute = await import("#app/routes/admin/design/home-image.ts");
    layout = await import("#app/routes/public-layout.tsx");
    design = await import("#app/server/models/design.server.ts");
  });
  const postIcon = async (bytes: Uint8Array, type = "image/png") =>
    toastOf(
      await answerOf(
        h.action(
          iconRoute,
          "/admin/design/icon",
          formOf({ intent: "upload", iconFile: file(bytes, "icon", type) }),
        ),
      ),
    );
  const shown = async () =>
    (await h.loader(layout as never, "/", { cookie: "" })) as {
      logo: { src: string; width: number; height: number; showName: boolean } | null;
      icons: { tab: string; touch: string } | null;
      homeImage: { kind: string; id: string; base: string } | null;
    };

  it("refuses an icon that is not square, too small, or not an image, and stores nothing", async () => {
    const before = await readdir(uploadsDir()).catch(() => []);
    const wide = await sharp({ create: { width: 300, height: 200, channels: 3, background: "#000" } })
      .png()
      .toBuffer();
    expect(await postIcon(wide)).toEqual({
      type: "error",
      message:
        "Error saving design: The site icon must be square; this image is 300 × 200 pixels. Crop it to a square first.",
    });
    expect((await postIcon(await square(64))).message).toBe(
      "Error saving design: The site icon must be at least 192 × 192 pixels.",
    );
    expect((await postIcon(new TextEncoder().encode("GIF89a but not really"), "image/gif")).message).toBe(
      "Error saving design: The file is not an image we can read.",
    );
    expect(await readdir(uploadsDir()).catch(() => [])).toEqual(before);
    expect((await design.getDesign(h.db())).icon).toBeNull();
  });

  it("makes the icon's PNGs from a square image, names them on public pages, and drops the old ones", async () => {
    expect(await postIcon(await square(256))).toEqual({ type: "success", message: "Site icon saved" });
    const first = (await design.getDesign(h.db())).icon;
    if (!first) throw new Error("no icon saved");
    for (const size of ICON_SIZES) {
      const meta = await sharp(join(uploadsDir(), iconKey(first.id, size))).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(["png", size, size]);
    }
    expect((await shown()).icons).toEqual({
      tab: `/uploads/${iconKey(first.id, 32)}`,
      touch: `/uploads/${iconKey(first.id, 180)}`,
    });
    expect((await postIcon(await square(512))).type).toBe("success");
    for (const size of ICON_SIZES)
      expect(existsSync(join(uploadsDir(), iconKey(first.id, size)))).toBe(false);
    const removed = toastOf(
      await answerOf(h.action(iconRoute, "/admin/design/icon", formOf({ intent: "remove" }))),
    );
    expect(removed.message).toBe("Site icon removed: the site shows its own icon again.");
    expect((await shown()).icons).toBeNull();
  });

  it("keeps an SVG logo as the picture it draws, never its script, and removes it again", async () => {
    const saved = toastOf(
      await answerOf(
        h.action(
          logoRoute,
          "/admin/design/logo",
          formOf({
            intent: "upload",
            logoFile: file(new TextEncoder().encode(SCRIPTED_SVG), "logo.svg", "image/svg+xml"),
          }),
        ),
      ),
    );
    expect(saved).toEqual({ type: "success", message: "Logo saved" });
    const logo = (await design.getDesign(h.db())).logo;
    if (!logo) throw new Error("no logo saved");
    expect([logo.width, logo.height, logo.showName]).toEqual([300, 100, false]);
    const stored = uploadFiles(logo.id).filter(existsSync);
    expect(stored.length).toBeGreaterThan(0);
    for (const path of stored) expect((await sharp(path).metadata()).format).toBe("webp");
    // In the header: at most 40 px high, its shape kept, the site's name as its alt text.
    expect((await shown()).logo).toEqual({
      src: `/uploads/${logo.id}-480.webp`,
      width: 120,
      height: 40,
      showName: false,
    });

    const removed = toastOf(
      await answerOf(h.action(logoRoute, "/admin/design/logo", formOf({ intent: "remove" }))),
    );
    expect(removed.message).toBe("Logo removed: the site shows its own mark again.");
    expect(uploadFiles(logo.id).filter(existsSync)).toEqual([]);
    expect((await shown()).logo).toBeNull();
  });

  it("refuses a logo form without a file, or with a file that is not an image, saving nothing", async () => {
    const none = toastOf(
      await answerOf(h.action(logoRoute, "/admin/design/logo", formOf({ intent: "upload" }))),
    );
    expect(none).toEqual({ type: "error", message: "Error saving design: Choose an image file first." });
    const text = toastOf(
      await answerOf(
        h.action(
          logoRoute,
          "/admin/design/logo",
          formOf({
            intent: "upload",
            logoFile: file(new TextEncoder().encode("hello"), "a.png", "image/png"),
          }),
        ),
      ),
    );
    expect(text.message).toBe("Error saving design: The file is not an image we can read.");
    const odd = toastOf(
      await answerOf(h.action(logoRoute, "/admin/design/logo", formOf({ intent: "explode" }))),
    );
    expect(odd.type).toBe("error");
    expect((await design.getDesign(h.db())).logo).toBeNull();
  });

  it("puts an uploaded home page image behind the home page's title, and removes it again", async () => {
    const photo = await sharp({ create: { width: 1800, height: 1200, channels: 3, background: "#2a9d8f" } })
      .jpeg()
      .toBuffer();
    const post = (fields: Record<string, string | File>) =>
      answerOf(h.action(homeImageRoute, "/admin/design/home-image", formOf(fields)));
    expect(
      toastOf(await post({ intent: "upload", homeImageFile: file(photo, "home.jpg", "image/jpeg") })),
    ).toEqual({
      type: "success",
      message: "Home page image saved",
    });
    const image = (await design.getDesign(h.db())).homeImage;
    if (!image) throw new Error("no home image saved");
    expect([image.width, image.height]).toEqual([1600, 1067]);
    expect((await shown()).homeImage).toEqual({ kind: "upload", id: image.id, base: "/uploads" });
    expect(toastOf(await post({ intent: "remove" })).message).toBe(
      "Home page image removed: the home page shows its own picture again.",
    );
    expect(uploadFiles(image.id).filter(existsSync)).toEqual([]);
    expect((await shown()).homeImage).toBeNull();
  });

  it("sends a GET of each form's address back to the design screen", async () => {
    for (const route of [logoRoute, iconRoute, homeImageRoute]) {
      const answer = (await answerOf(h.loader(route as never, "/admin/design/logo"))) as Response;
      expect([answer.status, answer.headers.get("location")]).toEqual([302, "/admin/design"]);
    }
  });

  it("names the logo's and the icon's files for backups and exports", async () => {
    await postIcon(await square(200));
    const icon = (await design.getDesign(h.db())).icon;
    if (!icon) throw new Error("no icon");
    const rows = await h.db().selectFrom("settings").selectAll().where("key", "=", "design.icon").execute();
    const keys = rows.flatMap((r) => design.designUploadKeys(r.key, r.value, (id) => [`${id}-480.webp`]));
    expect(keys).toEqual(ICON_SIZES.map((size) => iconKey(icon.id, size)));
  });
});
