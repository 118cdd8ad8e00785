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
  it("counts a field of spaces as missing", () => {
    expect(validateNewBlog({ ...base, author: "   ", date: " \t " })).toEqual({
      author: "Author is required.",
      date: "Date is required.",
    });
  });
  it("names each field over its length limit, with its label and limit", () => {
    const over = (n: number) => "Lisbon tram ".repeat(Math.ceil(n / 12)).slice(0, n);
    expect(
      validateNewBlog({
        title: over(201),
        content: "<p>x</p>",
        author: over(101),
        date: "2025-03-05",
        category: over(61),
        seoTitle: over(301),
        seoDescription: over(501),
        seoKeywords: over(501),
      }),
    ).toEqual({
      title: "Title must be at most 200 characters.",
      author: "Author must be at most 100 characters.",
      category: "Category must be at most 60 characters.",
      seoTitle: "SEO Title must be at most 300 characters.",
      seoDescription: "SEO Description must be at most 500 characters.",
      seoKeywords: "SEO Keywords must be at most 500 characters.",
    });
    expect(validateNewBlog({ ...base, content: over(200_001) })).toEqual({
      content: "Content must be at most 200000 characters.",
    });
  });
  it("accepts each field at exactly its limit", () => {
    const at = (n: number) => "Porto wine ".repeat(Math.ceil(n / 11)).slice(0, n);
    expect(
      validateNewBlog({
        title: at(200),
        content: at(200_000),
        author: at(100),
        date: "2025-03-05",
        category: at(60),
        seoTitle: at(300),
        seoDescription: at(500),
        seoKeywords: at(500),
      }),
    ).toEqual({});
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
  it.each([
    ["title", "  "],
    ["content", "<p>&nbsp;</p>"],
    ["author", " "],
    ["date", "   "],
  ] as const)("is incomplete when %s is only blank (%j)", (field, value) => {
    expect(validateEditedBlog({ ...base, [field]: value })).toEqual({ allPresent: false, errors: {} });
  });
  it("names an impossible date once everything is present", () => {
    expect(validateEditedBlog({ ...base, date: "2025-02-30" })).toEqual({
      allPresent: true,
      errors: { date: "Date must be a real date." },
    });
  });
  it("names a field over its limit", () => {
    expect(validateEditedBlog({ ...base, seoTitle: "Kyoto ".repeat(51) })).toEqual({
      allPresent: true,
      errors: { seoTitle: "SEO Title must be at most 300 characters." },
    });
  });
});
