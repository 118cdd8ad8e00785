import { describe, expect, it } from "vitest";
import { type BlogFormValues, validateEditedBlog, validateNewBlog } from "./blog-rules.ts";

const base: BlogFormValues = {
  title: "Kyoto in the Rain",
  content: "<p>Text</p>",
  author: "Ana",
  date: "2025-03-05",
  category: "",
  seoTitle: "",
  seoDescription: "",
  seoKeywords: "",
};

describe("add blog (spec §5: title, date and author required)", () => {
  it("accepts a complete blog; content and SEO fields may be empty", () => {
    expect(validateNewBlog({ ...base, content: "" })).toEqual({});
  });
  it("names each missing required field", () => {
    expect(validateNewBlog({ ...base, title: " ", author: "", date: "" })).toEqual({
      title: "Title is required.",
      author: "Author is required.",
      date: "Date is required.",
    });
  });
  it("refuses an impossible date and a title without a slug", () => {
    expect(validateNewBlog({ ...base, date: "2025-02-30" }).date).toBe("Date must be a real date.");
    expect(validateNewBlog({ ...base, title: "!!!" }).title).toBe(
      "Title needs at least one letter or digit.",
    );
  });
});

describe("edit blog (spec §5: title, content, author, date and slug all present)", () => {
  it("is complete with all five", () => {
    expect(validateEditedBlog(base)).toEqual({ allPresent: true, errors: {} });
  });
  it("is incomplete when the content has no text, or the title gives no slug", () => {
    expect(validateEditedBlog({ ...base, content: "<p> </p>" }).allPresent).toBe(false);
    expect(validateEditedBlog({ ...base, title: "???" }).allPresent).toBe(false);
    expect(validateEditedBlog({ ...base, author: "" }).allPresent).toBe(false);
  });
});
