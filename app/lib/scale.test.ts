import { describe, expect, it } from "vitest";
import { formatAmount, roundAmount, scaleFactor, scaleIngredient, servingsParameter } from "./scale.ts";

describe("scaleIngredient", () => {
  it("scales mixed numbers and plain fractions into friendly fractions", () => {
    expect(scaleIngredient("1 1/2 cups flour", 2)).toBe("3 cups flour");
    expect(scaleIngredient("1 1/2 cups flour", 0.5)).toBe("¾ cup flour");
    expect(scaleIngredient("3/4 cup milk", 2)).toBe("1½ cups milk");
    expect(scaleIngredient("1/3 cup sugar", 2)).toBe("⅔ cup sugar");
    expect(scaleIngredient("1 cup rice", 1.5)).toBe("1½ cups rice");
    expect(scaleIngredient("2 tbsp oil", 0.125)).toBe("¼ tbsp oil");
  });

  it("reads unicode fractions, alone or after a whole number", () => {
    expect(scaleIngredient("½ tsp salt", 2)).toBe("1 tsp salt");
    expect(scaleIngredient("½ tsp salt", 0.5)).toBe("¼ tsp salt");
    expect(scaleIngredient("1½ cups stock", 2)).toBe("3 cups stock");
    expect(scaleIngredient("1 ½ cups stock", 3)).toBe("4½ cups stock");
    expect(scaleIngredient("⅓ cup cream", 3)).toBe("1 cup cream");
    expect(scaleIngredient("¾ tsp cumin", 4)).toBe("3 tsp cumin");
  });

  it("keeps metric weights and volumes as decimals, rounded as a cook reads them", () => {
    expect(scaleIngredient("100 g butter", 0.5)).toBe("50 g butter");
    expect(scaleIngredient("100 g butter", 1 / 3)).toBe("33 g butter");
    expect(scaleIngredient("250g sugar", 1.5)).toBe("375g sugar");
    expect(scaleIngredient("5 g yeast", 1 / 3)).toBe("1.7 g yeast");
    expect(scaleIngredient("0.5 l water", 3)).toBe("1.5 l water");
    expect(scaleIngredient("0.5 l water", 2)).toBe("1 l water");
    expect(scaleIngredient("750 ml stock", 0.25)).toBe("188 ml stock");
  });

  it("keeps a comma decimal with a comma; a comma before three digits is a thousands mark", () => {
    expect(scaleIngredient("1,5 kg potatoes", 2)).toBe("3 kg potatoes");
    expect(scaleIngredient("1,5 kg potatoes", 0.5)).toBe("0,75 kg potatoes");
    expect(scaleIngredient("1,000 g flour", 0.5)).toBe("500 g flour");
  });

  it("scales both ends of a range, keeping its hyphen, dash or word", () => {
    expect(scaleIngredient("2–3 cloves garlic", 2)).toBe("4–6 cloves garlic");
    expect(scaleIngredient("2-3 cloves garlic", 2)).toBe("4-6 cloves garlic");
    expect(scaleIngredient("2 - 3 cloves garlic", 0.5)).toBe("1 - 1½ cloves garlic");
    expect(scaleIngredient("1 to 2 tbsp honey", 3)).toBe("3 to 6 tbsp honey");
    expect(scaleIngredient("1/2–1 tsp chili", 2)).toBe("1–2 tsp chili");
  });

  it("scales the count before a parenthesised size, not the size of one can", () => {
    expect(scaleIngredient("2 (400 g) cans tomatoes", 2)).toBe("4 (400 g) cans tomatoes");
    expect(scaleIngredient("1 (14 oz) can chickpeas", 3)).toBe("3 (14 oz) can chickpeas");
  });
});

describe("scaleIngredient, the words around the quantity", () => {
  it("puts a known noun in the number its new quantity reads as", () => {
    expect(scaleIngredient("2 eggs", 0.5)).toBe("1 egg");
    expect(scaleIngredient("3 eggs", 1 / 3)).toBe("1 egg");
    expect(scaleIngredient("2 Eggs, beaten", 0.5)).toBe("1 Egg, beaten");
    expect(scaleIngredient("1 egg", 2)).toBe("2 eggs");
    expect(scaleIngredient("3 eggs", 2)).toBe("6 eggs");
    expect(scaleIngredient("1 1/2 cups flour", 2 / 3)).toBe("1 cup flour");
    expect(scaleIngredient("2 cloves garlic", 0.5)).toBe("1 clove garlic");
    expect(scaleIngredient("2 tablespoons oil", 0.5)).toBe("1 tablespoon oil");
    expect(scaleIngredient("1 teaspoon salt", 3)).toBe("3 teaspoons salt");
    expect(scaleIngredient("2 pinches saffron", 0.5)).toBe("1 pinch saffron");
    expect(scaleIngredient("1 tomato", 2)).toBe("2 tomatoes");
    expect(scaleIngredient("12 prawns, peeled", 0.25)).toBe("3 prawns, peeled");
  });

  it("reads a fraction below one as singular and a decimal below one as plural", () => {
    expect(scaleIngredient("2 eggs", 1 / 3)).toBe("⅔ egg");
    expect(scaleIngredient("1 cup cream", 0.5)).toBe("½ cup cream");
    expect(scaleIngredient("1 litre water", 0.5)).toBe("0.5 litres water");
    expect(scaleIngredient("2 litres water", 0.5)).toBe("1 litre water");
  });

  it("gives a range the number of its upper end", () => {
    expect(scaleIngredient("2–3 eggs", 0.5)).toBe("1–1½ eggs");
    expect(scaleIngredient("2–3 eggs", 1 / 3)).toBe("⅔–1 egg");
    expect(scaleIngredient("2–3 cloves garlic", 2)).toBe("4–6 cloves garlic");
  });

  it("looks past a size to the noun", () => {
    expect(scaleIngredient("2 large eggs", 0.5)).toBe("1 large egg");
    expect(scaleIngredient("1 large egg", 3)).toBe("3 large eggs");
    expect(scaleIngredient("2 heaped tablespoons flour", 0.5)).toBe("1 heaped tablespoon flour");
  });

  it("leaves units it does not know, other languages and foods naming a part of themselves as typed", () => {
    expect(scaleIngredient("100 g butter", 0.5)).toBe("50 g butter");
    expect(scaleIngredient("2 tbsp oil", 0.5)).toBe("1 tbsp oil");
    expect(scaleIngredient("4 bay leaves", 0.25)).toBe("1 bay leaves");
    expect(scaleIngredient("2 uova", 0.5)).toBe("1 uova");
    expect(scaleIngredient("2 onions finely chopped", 0.5)).toBe("1 onions finely chopped");
    expect(scaleIngredient("1 egg yolk", 2)).toBe("2 egg yolk");
    expect(scaleIngredient("1 lemon zest", 2)).toBe("2 lemon zest");
    expect(scaleIngredient("1 (14 oz) can chickpeas", 3)).toBe("3 (14 oz) can chickpeas");
    expect(scaleIngredient("2 eggs", 1)).toBe("2 eggs");
  });

  it("leaves lines without a leading quantity unchanged", () => {
    for (const line of [
      "a pinch of salt",
      "salt to taste",
      "Salt, 1 tsp",
      "fresh basil",
      "",
      "juice of 1 lemon",
    ]) {
      expect(scaleIngredient(line, 2)).toBe(line);
    }
  });

  it("does not scale a percentage, a temperature or a number glued to more digits", () => {
    expect(scaleIngredient("2% milk, 1 cup", 2)).toBe("2% milk, 1 cup");
    expect(scaleIngredient("1.5% fat cream", 2)).toBe("1.5% fat cream");
    expect(scaleIngredient("180° oven", 2)).toBe("180° oven");
  });

  it("keeps leading spaces and returns the line as it is at factor 1 or a nonsense factor", () => {
    expect(scaleIngredient("  2 cups rice", 2)).toBe("  4 cups rice");
    expect(scaleIngredient("1 1/2 cups flour", 1)).toBe("1 1/2 cups flour");
    expect(scaleIngredient("2 cups rice", 0)).toBe("2 cups rice");
    expect(scaleIngredient("2 cups rice", Number.NaN)).toBe("2 cups rice");
    expect(scaleIngredient("1/0 cup", 2)).toBe("1/0 cup");
  });

  it("shows an amount no friendly fraction is near as a rounded decimal", () => {
    expect(scaleIngredient("1 cup rice", 1.2)).toBe("1.2 cups rice");
    expect(scaleIngredient("3 cups water", 7 / 4)).toBe("5¼ cups water");
    expect(scaleIngredient("7 cups water", 1 / 4)).toBe("1¾ cups water");
  });
});

describe("formatAmount and roundAmount", () => {
  it("rounds whole from 10, one place from 1, two figures below", () => {
    expect(roundAmount(33.333)).toBe(33);
    expect(roundAmount(1.666)).toBe(1.7);
    expect(roundAmount(0.0333)).toBe(0.033);
    expect(roundAmount(0.456)).toBe(0.46);
    expect(roundAmount(0)).toBe(0);
  });
  it("prefers a friendly fraction within 2%", () => {
    expect(formatAmount(0.333)).toBe("⅓");
    expect(formatAmount(2.666)).toBe("2⅔");
    expect(formatAmount(0.125)).toBe("⅛");
    expect(formatAmount(0.999)).toBe("1");
    expect(formatAmount(10.5)).toBe("10½");
    expect(formatAmount(0.4)).toBe("0.4");
    expect(formatAmount(0.75, { decimal: true, comma: true })).toBe("0,75");
  });
});

describe("servings", () => {
  it("scales from the recipe's yield; a recipe with none counts as one", () => {
    expect(scaleFactor(4, 8)).toBe(2);
    expect(scaleFactor(4, 2)).toBe(0.5);
    expect(scaleFactor(null, 3)).toBe(3);
    expect(scaleFactor(0, 3)).toBe(3);
  });
  it("accepts ?servings= from 1 to 100 written plainly", () => {
    expect(servingsParameter("4")).toBe("4");
    expect(servingsParameter("1")).toBe("1");
    expect(servingsParameter("100")).toBe("100");
    expect(servingsParameter("004")).toBe("4");
    for (const bad of ["0", "101", "-2", "2.5", "1e2", "", " 4", "four", "9999"]) {
      expect(servingsParameter(bad)).toBeNull();
    }
  });
});
