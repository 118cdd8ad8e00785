import { describe, expect, it } from "vitest";
import { parseForm } from "./parse.ts";
import { ratingSchema } from "./rating.ts";

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
};
const valid = { stars: "5", name: "Ana", email: "ana@example.com", comment: "" };

describe("the rating form", () => {
  it("reads stars 1 to 5 as numbers, the comment optional", () => {
    for (const stars of ["1", "2", "3", "4", "5", " 3 "]) {
      const parsed = parseForm(ratingSchema, form({ ...valid, stars }));
      expect(parsed.ok && parsed.data.stars).toBe(Number(stars));
    }
    const parsed = parseForm(ratingSchema, form(valid));
    expect(parsed.ok && parsed.data).toEqual({ ...valid, stars: 5, elapsed: null });
  });

  it.each(["0", "6", "five", "4.5", "05", "1e0", "", "-1", "10"])("refuses stars of %j", (stars) => {
    const parsed = parseForm(ratingSchema, form({ ...valid, stars }));
    expect(parsed.ok).toBe(false);
    expect(!parsed.ok && parsed.fieldErrors).toEqual({ stars: "Choose a rating from 1 to 5 stars." });
  });

  it("refuses a missing star choice, name and email", () => {
    const parsed = parseForm(ratingSchema, form({ comment: "x" }));
    expect(!parsed.ok && Object.keys(parsed.fieldErrors).sort()).toEqual(["email", "name", "stars"]);
  });

  it("bounds the comment", () => {
    const parsed = parseForm(ratingSchema, form({ ...valid, comment: "Lovely soup. ".repeat(400) }));
    expect(!parsed.ok && parsed.fieldErrors).toEqual({ comment: "Comment must be at most 5000 characters." });
  });
});
