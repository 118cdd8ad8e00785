import { describe, expect, it } from "vitest";
import { categoryPath, categorySlug } from "./category.ts";

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

  it("gives nothing for a name of only symbols, emoji or spaces", () => {
    expect(categorySlug("")).toBe("");
    expect(categorySlug("   ")).toBe("");
    expect(categorySlug("🍜🍣")).toBe("");
    expect(categorySlug("& / ?")).toBe("");
  });

  it("gives the page of a category, or none when the name slugs to nothing", () => {
    expect(categoryPath("Food & Drink")).toBe("/blogs/category/food-drink");
    expect(categoryPath("Café Culture")).toBe("/blogs/category/cafe-culture");
    expect(categoryPath("🍜")).toBeNull();
    expect(categoryPath("")).toBeNull();
  });
});
