import { describe, expect, it } from "vitest";
import { NO_CARD } from "#tests/support/content.ts";
import { parseForm } from "./parse.ts";
import { RECIPE_MESSAGES } from "./recipe.fields.ts";
import { missesRequired, recipeFields, recipeSchema } from "./recipe.ts";

function recipeForm(fields: Record<string, string | string[]>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    for (const v of Array.isArray(value) ? value : [value]) form.append(name, v);
  }
  return form;
}

const check = (fields: Record<string, string | string[]>) => parseForm(recipeSchema, recipeForm(fields));

describe("recipe form rules (Add recipe and edit)", () => {
  it("drops empty steps and ingredients, reads empty nutrition as 0, keeps type only if filled", () => {
    const checked = check({
      title: "  Pad Thai ",
      short: " Street noodles ",
      steps: ["Soak noodles", "  ", "", "Fry"],
      ingredients: ["", "Rice noodles", " "],
      calories: "",
      protein: "12",
      fats: " ",
      carbs: "60",
      type: "  ",
    });
    expect(checked.ok && recipeFields(checked.data)).toEqual({
      title: "Pad Thai",
      short: "Street noodles",
      steps: ["Soak noodles", "Fry"],
      ingredients: ["Rice noodles"],
      nutritionalValues: { calories: 0, protein: 12, fats: 0, carbs: 60 },
      type: null,
      imageAlt: "",
      ...NO_CARD,
    });
    const trending = check({ title: "T", short: "S", type: " trending " });
    expect(trending.ok && recipeFields(trending.data).type).toBe("trending");
    // Absent nutrition fields count as empty, hence 0.
    expect(trending.ok && recipeFields(trending.data).nutritionalValues).toEqual({
      calories: 0,
      protein: 0,
      fats: 0,
      carbs: 0,
    });
  });

  it("refuses a missing title or short description with the spec's message and a hint", () => {
    for (const [fields, missing] of [
      [{ title: "", short: "S" }, "title"],
      [{ title: "T", short: "   " }, "short"],
      [{}, "title"],
    ] as const) {
      const checked = check(fields);
      expect(checked.ok).toBe(false);
      if (checked.ok) continue;
      expect(checked.summary).toBe("Title, description, and image are required.");
      expect(missesRequired(checked.fieldErrors)).toBe(true);
      expect(Object.keys(checked.fieldErrors)).toContain(missing);
    }
    expect(check({})).toMatchObject({
      fieldErrors: { title: RECIPE_MESSAGES.titleMissing, short: RECIPE_MESSAGES.shortMissing },
    });
  });

  it("refuses negative, fractional or non-numeric nutrition values with a clear message", () => {
    for (const [name, value, label] of [
      ["calories", "-5", "Calories"],
      ["protein", "2.5", "Protein"],
      ["fats", "abc", "Fats"],
      ["carbs", "1e3", "Carbs"],
      ["calories", "99999999999", "Calories"],
      ["calories", "100001", "Calories"],
    ] as const) {
      const checked = check({ title: "T", short: "S", [name]: value });
      expect(checked.ok).toBe(false);
      if (checked.ok) continue;
      expect(checked.summary).toBe(`${label} must be a whole number from 0 to 100000.`);
      expect(checked.fieldErrors[name]).toBe("Enter a whole number of 0 or more.");
      expect(checked.values[name]).toBe(value);
      expect(missesRequired(checked.fieldErrors)).toBe(false);
    }
    expect(check({ title: "T", short: "S", calories: " 42 ", fats: "100000" })).toMatchObject({
      ok: true,
      data: { calories: 42, fats: 100000 },
    });
  });

  it("refuses over-long text and lists, naming the limit in the toast and the fix under the field", () => {
    expect(check({ title: "x".repeat(201), short: "S" })).toMatchObject({
      summary: "Title must be at most 200 characters.",
      fieldErrors: { title: "Shorten the title." },
    });
    expect(check({ title: "T", short: "S", type: "t".repeat(41) })).toMatchObject({
      summary: "Type must be at most 40 characters.",
      fieldErrors: { type: "Shorten the type." },
    });
    const step = check({ title: "T", short: "S", steps: ["y".repeat(2001)] });
    expect(step).toMatchObject({
      summary: "Each of the steps must be at most 2000 characters.",
      fieldErrors: { steps: "Shorten the long rows." },
      values: { steps: JSON.stringify(["y".repeat(2001)]) },
    });
    expect(
      check({ title: "T", short: "S", ingredients: Array.from({ length: 101 }, (_, i) => `i${i}`) }),
    ).toMatchObject({
      summary: "A recipe can have at most 100 ingredients.",
      fieldErrors: { ingredients: "Remove some rows." },
    });
    // Blank rows do not count towards the limit.
    expect(check({ title: "T", short: "S", steps: [...Array(100).fill("a"), " ", ""] }).ok).toBe(true);
  });
});

describe("recipe card fields (servings, times, equipment, notes)", () => {
  const base = { title: "Dal", short: "Lentils" };
  it("reads empty numbers as not given and whole numbers in range as numbers", () => {
    const empty = check({ ...base, servings: " ", prepMinutes: "", cookMinutes: "", totalMinutes: "" });
    expect(empty.ok && recipeFields(empty.data)).toMatchObject({
      servings: null,
      prepMinutes: null,
      cookMinutes: null,
      totalMinutes: null,
    });
    const given = check({
      ...base,
      servings: "4",
      prepMinutes: "0",
      cookMinutes: "10080",
      totalMinutes: " 95 ",
      equipment: [" Pot ", "", "Ladle"],
      notes: "  Soak overnight. ",
    });
    expect(given.ok && recipeFields(given.data)).toMatchObject({
      servings: 4,
      prepMinutes: 0,
      cookMinutes: 10080,
      totalMinutes: 95,
      equipment: ["Pot", "Ladle"],
      notes: "Soak overnight.",
    });
  });
  it("refuses servings outside 1 to 100 and minutes outside 0 to a week, with clear messages", () => {
    for (const servings of ["0", "101", "-1", "2.5", "four", "1e2"]) {
      const r = check({ ...base, servings });
      expect(r.ok).toBe(false);
      if (!r.ok) {
        expect(r.fieldErrors.servings).toBe(RECIPE_MESSAGES.servingsRange);
        expect(r.summary).toBe("Servings must be a whole number from 1 to 100.");
      }
    }
    for (const minutes of ["10081", "-5", "1.5", "an hour"]) {
      const r = check({ ...base, cookMinutes: minutes });
      expect(!r.ok && r.fieldErrors.cookMinutes).toBe(RECIPE_MESSAGES.minutesRange);
    }
    const r = check({ ...base, prepMinutes: "99999" });
    expect(!r.ok && r.summary).toBe("Prep time (minutes) must be a whole number from 0 to 10080.");
  });
  it("bounds equipment rows and notes", () => {
    const many = check({ ...base, equipment: Array.from({ length: 31 }, (_, i) => `Tool ${i}`) });
    expect(!many.ok && many.fieldErrors.equipment).toBe(RECIPE_MESSAGES.tooManyRows);
    const long = check({ ...base, notes: "Stir gently and taste. ".repeat(250) });
    expect(!long.ok && long.fieldErrors.notes).toBe(RECIPE_MESSAGES.shortenNotes);
  });
});
