import { describe, expect, it } from "vitest";
import { groupLines, isGroupName, itemLines } from "./recipe-groups.ts";

describe("recipe line groups", () => {
  it("reads a short line ending in a colon as a group's name", () => {
    expect(isGroupName("For the sauce:")).toBe(true);
    expect(isGroupName("  Noodles:  ")).toBe(true);
    expect(isGroupName(":")).toBe(false);
    expect(isGroupName("2 cups rice")).toBe(false);
    expect(
      isGroupName(`Whisk together the eggs, the sugar and a pinch of salt, then add the following:`),
    ).toBe(false);
  });

  it("groups lines under their names and numbers them across groups", () => {
    expect(
      groupLines([
        "Salt",
        "For the sauce:",
        "Soy sauce",
        "Sugar",
        "Garnish:",
        "Empty group follows:",
        "Lime",
      ]),
    ).toEqual([
      { name: null, items: [{ text: "Salt", number: 1 }] },
      {
        name: "For the sauce",
        items: [
          { text: "Soy sauce", number: 2 },
          { text: "Sugar", number: 3 },
        ],
      },
      { name: "Empty group follows", items: [{ text: "Lime", number: 4 }] },
    ]);
    expect(itemLines(["For the sauce:", "Soy sauce"])).toEqual(["Soy sauce"]);
    expect(groupLines([])).toEqual([]);
  });
});
