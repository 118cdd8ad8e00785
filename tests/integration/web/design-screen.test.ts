/**
 * The design screen (/admin/design) and what public pages carry of it, through the route modules on
 * both engines: a default site adds nothing to its pages; an accent white text cannot be read on is
 * refused with the contrast it has and nothing is written; a saved accent, fonts and words reach
 * the public layout at once (CSS custom properties, the font files to preload, the words).
 */
import { beforeAll, expect, it } from "vitest";
import { DEFAULT_THEME, DEFAULT_WORDS } from "#app/lib/design.ts";
import { answered, answerOf, describeRoutesEachEngine, formOf } from "#tests/support/route-harness.ts";

const designPost = (fields: Record<string, string>) =>
  formOf({ accent: "#0b5f58", headingFont: "system-serif", bodyFont: "system-sans", ...fields });

type Layout = {
  look: { css: string; fonts: { families: string[]; key: string; withoutScriptCss: string } | null };
  words: typeof DEFAULT_WORDS;
};

describeRoutesEachEngine("the design screen", (h) => {
  let screen: typeof import("#app/routes/admin/design/index.tsx");
  let layout: typeof import("#app/routes/public-layout.tsx");
  beforeAll(async () => {
    screen = await import("#app/routes/admin/design/index.tsx");
    layout = await import("#app/routes/public-layout.tsx");
  });
  const publicLayout = async () => (await h.loader(layout as never, "/", { cookie: "" })) as Layout;
  const designRows = () =>
    h
      .db()
      .selectFrom("settings")
      .select(["key", "value"])
      .where("key", "like", "design.%")
      .orderBy("key")
      .execute();

  it("adds nothing to a default site's pages", async () => {
    const shown = await publicLayout();
    expect(shown.look).toEqual({ css: "", fonts: null });
    expect(shown.words).toEqual(DEFAULT_WORDS);
    expect(await h.loader(screen, "/admin/design")).toEqual({
      theme: DEFAULT_THEME,
      words: DEFAULT_WORDS,
      logo: null,
      icon: null,
      homeImage: null,
    });
  });

  it("refuses an accent white text cannot be read on, or that is not a colour, and writes nothing", async () => {
    for (const [accent, message] of [
      ["#ffcc00", /^White text on this colour has a contrast of 1\.\d\d:1; it needs at least 4\.5:1/],
      ["#0b5f58;}html{display:none}", /^Accent colour must be a colour such as #0b5f58\.$/],
      ["rebeccapurple", /^Accent colour must be a colour/],
    ] as const) {
      const refused = answered(await answerOf(h.action(screen, "/admin/design", designPost({ accent }))));
      expect(refused.status, accent).toBe(400);
      expect((refused.body.fieldErrors as Record<string, string>).accent).toMatch(message);
    }
    const badFont = answered(
      await answerOf(h.action(screen, "/admin/design", designPost({ bodyFont: "../../etc" }))),
    );
    expect(badFont.status).toBe(400);
    expect((badFont.body.fieldErrors as Record<string, string>).bodyFont).toBe(
      "Choose a font from the list.",
    );
    expect(await designRows()).toEqual([]);
  });

  it("saves the accent, the fonts and the words, and the next public page carries them", async () => {
    const saved = await answerOf(
      h.action(
        screen,
        "/admin/design",
        designPost({
          accent: "#C2185B",
          headingFont: "lora",
          bodyFont: "inter",
          homeTitle: "Eat your way round the world",
          blogsHeading: "Journal",
          blogsIntro: "",
        }),
      ),
    );
    expect(answered(saved).status).toBe(302);
    const shown = await publicLayout();
    expect(shown.look.css).toContain("--color-sea-700:#c2185b");
    expect(shown.look.css).toContain('--font-serif:"Lora Variable"');
    expect(shown.look.css).toContain('--font-sans:"Inter Variable"');
    expect(shown.look.css).toMatch(/@font-face\{font-family:"Inter Variable";[^}]*font-display:swap/);
    expect(shown.look.fonts?.families).toEqual(["Lora Variable", "Inter Variable"]);
    expect(shown.look.fonts?.key).toMatch(/^[\w-]{16}$/);
    expect(shown.look.fonts?.withoutScriptCss).toContain(':root{--font-serif:"Lora Variable"');
    expect(shown.words.home.title).toBe("Eat your way round the world");
    expect(shown.words.pages.blogs).toEqual({ ...DEFAULT_WORDS.pages.blogs, heading: "Journal" });
    const log = await h
      .db()
      .selectFrom("activity_log")
      .select("detail")
      .where("detail", "like", "Design:%")
      .orderBy("id")
      .execute();
    expect(log.map((r) => r.detail)).toEqual(["Design: colour and fonts", "Design: home and page headers"]);
  });
});
