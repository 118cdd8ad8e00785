import { describe, expect, it } from "vitest";
import { categoryPath, categorySlug, categorySlugPath } from "./category.ts";
import { slugify } from "./slug.ts";

describe("the category slug rule", () => {
  it("folds accents, case and spacing into one slug", () => {
    expect(categorySlug("Café Culture")).toBe("cafe-culture");
    expect(categorySlug("Travel")).toBe("travel");
    expect(categorySlug("travel ")).toBe("travel");
    expect(categorySlug("  TRÁVÉL")).toBe("travel");
    expect(categorySlug("Street   Food")).toBe("street-food");
    expect(categorySlug("Crème brûlée")).toBe("creme-brulee");
  });

  it("drops symbols without leaving doubled or edge hyphens", () => {
    expect(categorySlug("Food & Drink")).toBe("food-drink");
    expect(categorySlug("Travel Tips!")).toBe("travel-tips");
    expect(categorySlug("🍜 Noodles")).toBe("noodles");
    expect(categorySlug("Hikes 🏔️ & Huts")).toBe("hikes-huts");
    expect(categorySlug("-Day-trips-")).toBe("day-trips");
    expect(categorySlug("48 Hours In")).toBe("48-hours-in");
  });

  it("keeps letters and digits of every script, in lower case, spaces to hyphens", () => {
    expect(categorySlug("東京")).toBe("東京");
    expect(categorySlug("Кухня")).toBe("кухня");
    expect(categorySlug("مطبخ")).toBe("مطبخ");
    expect(categorySlug("Чай")).toBe("чай");
    expect(categorySlug("Ελληνικά ΟΔΟΣ")).toBe("ελληνικά-οδος");
    expect(categorySlug("한국 음식")).toBe("한국-음식");
    expect(categorySlug("東京　ラーメン")).toBe("東京-ラーメン");
    expect(categorySlug("Кухня 2")).toBe("кухня-2");
    expect(categorySlug("Кафе 2")).not.toBe(categorySlug("Кухня 2"));
    expect(categorySlug("Tokyo 東京!")).toBe("tokyo-東京");
    expect(categorySlug("🍜 東京 🍣")).toBe("東京");
  });

  it("keeps the marks that belong to another script's letters, and reads compatibility forms as NFKC", () => {
    expect(categorySlug("हिन्दी खाना")).toBe("हिन्दी-खाना");
    expect(categorySlug("ﾗｰﾒﾝ")).toBe("ラーメン");
    expect(categorySlug("Ｔｏｋｙｏ")).toBe("tokyo");
    // Decomposed or composed, the same name is the same slug.
    expect(categorySlug("Чаи\u0306")).toBe("чай");
    expect(categorySlug("Чай".normalize("NFD"))).toBe(categorySlug("Чай".normalize("NFC")));
  });

  it("slugs every Latin name exactly as the blog slug rule did, so no existing slug changes", () => {
    for (const name of [
      "Café Culture",
      "Travel",
      "  TRÁVÉL",
      "Street   Food",
      "Crème brûlée",
      "Food & Drink",
      "Travel Tips!",
      "🍜 Noodles",
      "Hikes 🏔️ & Huts",
      "-Day-trips-",
      "48 Hours In",
      "Smørrebrød",
      "Straße",
      "Phở",
      "Hawaiʻi",
      "snake_case__name",
      "½ Marathon",
    ])
      expect(categorySlug(name), name).toBe(slugify(name));
    // Every character that is not a letter or digit of another script, alone and among letters.
    const other = /(?![\p{scx=Latin}\p{scx=Common}\p{scx=Inherited}])[\p{L}\p{N}]/u;
    const differing: string[] = [];
    for (const [from, to] of [
      [0x0, 0x2fff],
      [0xa700, 0xa7ff],
      [0xfb00, 0xfb4f],
      [0xff00, 0xffef],
      [0x1d400, 0x1d7ff],
    ] as const) {
      for (let code = from; code <= to; code++) {
        if (code >= 0xd800 && code <= 0xdfff) continue;
        const char = String.fromCodePoint(code);
        if (other.test(char.normalize("NFKC"))) continue;
        const name = `A${char}b ${char}${char}-c`;
        if (categorySlug(name) !== slugify(name)) differing.push(code.toString(16));
      }
    }
    expect(differing).toEqual([]);
  });

  it("gives the same slug when asked again, also after more names than it remembers", () => {
    const names = Array.from({ length: 1_200 }, (_, i) => `Trávél Nº ${i}`);
    const first = names.map(categorySlug);
    expect(first[7]).toBe("travel-no-7");
    expect(names.map(categorySlug)).toEqual(first);
    expect(categorySlug("Kyoto")).toBe("kyoto");
    expect(categorySlug("kyoto ")).toBe("kyoto");
  });

  it("gives nothing for a name of only symbols, emoji or spaces", () => {
    expect(categorySlug("")).toBe("");
    expect(categorySlug("   ")).toBe("");
    expect(categorySlug("🍜🍣")).toBe("");
    expect(categorySlug("& / ?")).toBe("");
    expect(categorySlug("🍜 ・ 🍣 — ★")).toBe("");
  });

  it("gives the page of a category, or none when the name slugs to nothing", () => {
    expect(categoryPath("Food & Drink")).toBe("/blogs/category/food-drink");
    expect(categoryPath("Café Culture")).toBe("/blogs/category/cafe-culture");
    expect(categoryPath("東京")).toBe("/blogs/category/%E6%9D%B1%E4%BA%AC");
    expect(categoryPath("Кухня")).toBe("/blogs/category/%D0%BA%D1%83%D1%85%D0%BD%D1%8F");
    expect(categorySlugPath("東京-ラーメン")).toBe(`/blogs/category/${encodeURIComponent("東京-ラーメン")}`);
    expect(categoryPath("🍜")).toBeNull();
    expect(categoryPath("")).toBeNull();
  });
});
