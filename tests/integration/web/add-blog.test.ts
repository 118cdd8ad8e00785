/**
 * The specification's Add Blog flow, filled exactly as its form asks (Title, Content, an uploaded
 * image, Date, Author: no alt text, which the spec does not have), through the route's action on
 * both engines: it must answer "Blog added successfully!", the title standing in for the alt text;
 * and the dashboard lists that image as one without a description, until one is written.
 */
import sharp from "sharp";
import { expect, it } from "vitest";
import { describeRoutesEachEngine } from "#tests/support/route-harness.ts";
import { temporaryUploadsDir } from "#tests/support/uploads.ts";

temporaryUploadsDir("add-blog");

type Result = { ok: boolean; toast?: { message: string } };
/** A success is the result itself; a refusal wraps it in `data()` with its status. */
const resultOf = (answer: unknown): Result => (answer as { data?: Result }).data ?? (answer as Result);

const photo = async () =>
  new File(
    [
      new Uint8Array(
        await sharp({ create: { width: 80, height: 50, channels: 3, background: "#2a7" } })
          .jpeg()
          .toBuffer(),
      ),
    ],
    "harbour.jpg",
    { type: "image/jpeg" },
  );

describeRoutesEachEngine("Add Blog as the specification fills it", (h) => {
  it("adds the blog with an uploaded image and no alt text, and the dashboard asks for a description", async () => {
    const route = await import("#app/routes/admin/blog/index.tsx");
    const form = new FormData();
    form.set("intent", "create");
    form.set("title", "Harbour Lights at Dusk");
    form.set("content", "<p>Fishing boats come in as the lamps go on.</p>");
    form.set("imageFile", await photo());
    form.set("date", "2025-09-14");
    form.set("author", "Ana Costa");
    const answer = resultOf(await h.action(route, "/admin/blog", form));
    expect(answer.toast?.message).toBe("Blog added successfully!");
    expect(answer.ok).toBe(true);

    const row = await h
      .db()
      .selectFrom("blogs")
      .select(["id", "image_id", "image_alt", "publish_at"])
      .where("title", "=", "Harbour Lights at Dusk")
      .executeTakeFirstOrThrow();
    expect(row.image_id).toMatch(/^[0-9a-f]{24}$/);
    expect(row.image_alt).toBe("Harbour Lights at Dusk");
    expect(row.publish_at).not.toBeNull();

    const dashboard = (await h.loader(route, "/admin/dashboard")) as {
      undescribed: { kind: string; id: number; title: string }[];
    };
    expect(dashboard.undescribed).toEqual([{ kind: "blog", id: row.id, title: "Harbour Lights at Dusk" }]);
    // The blog list (the same module at /admin/blog) does not repeat the nudge.
    expect(((await h.loader(route, "/admin/blog")) as typeof dashboard).undescribed).toEqual([]);

    // Once described, it leaves the list.
    await h
      .db()
      .updateTable("blogs")
      .set({ image_alt: "Boats moored under lamps" })
      .where("id", "=", row.id)
      .execute();
    expect(((await h.loader(route, "/admin/dashboard")) as typeof dashboard).undescribed).toEqual([]);
  });
});
