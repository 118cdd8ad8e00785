import { describe, expect, it } from "vitest";
import { BLOG_FIELDS, BLOG_SEND_FIELDS, BLOG_SEND_MESSAGES, type BlogFormValues } from "./blog.fields.ts";
import { editedBlogSchema, newBlogSchema } from "./blog.ts";
import { parseForm } from "./parse.ts";
import { publicationOf } from "./publication.ts";

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

const form = (values: Partial<BlogFormValues>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(values)) f.set(k, v);
  return f;
};

/** The field messages of the Add Blog form ({} when it is accepted). */
const newBlogErrors = (values: Partial<BlogFormValues>) => {
  const r = parseForm(newBlogSchema, form(values));
  return r.ok ? {} : r.fieldErrors;
};

const editErrors = (values: Partial<BlogFormValues>) => {
  const r = parseForm(editedBlogSchema, form(values));
  return r.ok ? {} : r.fieldErrors;
};

describe("add blog (title, date and author required)", () => {
  it("accepts a complete blog; content and SEO fields may be empty", () => {
    expect(newBlogErrors({ ...base, content: "" })).toEqual({});
  });
  it("names each missing required field; the summary is the first in form order", () => {
    const r = parseForm(newBlogSchema, form({ ...base, title: " ", author: "", date: "" }));
    expect(r.ok ? {} : r.fieldErrors).toEqual({
      title: "Title is required.",
      author: "Author is required.",
      date: "Date is required.",
    });
    expect(r.ok ? "" : r.summary).toBe("Title is required.");
  });
  it("counts a field of spaces as missing", () => {
    expect(newBlogErrors({ ...base, author: "   ", date: " \t " })).toEqual({
      author: "Author is required.",
      date: "Date is required.",
    });
  });
  it("names each field over its length limit, with its label and limit", () => {
    const over = (n: number) => "Lisbon tram ".repeat(Math.ceil(n / 12)).slice(0, n);
    expect(
      newBlogErrors({
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
    expect(newBlogErrors({ ...base, content: over(200_001) })).toEqual({
      content: "Content must be at most 200000 characters.",
    });
  });
  it("accepts each field at exactly its limit", () => {
    const at = (n: number) => "Porto wine ".repeat(Math.ceil(n / 11)).slice(0, n);
    expect(
      newBlogErrors({
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
    expect(newBlogErrors({ ...base, date: "2025-02-30" }).date).toBe("Date must be a real date.");
    expect(newBlogErrors({ ...base, title: "!!!" }).title).toBe("Title needs at least one letter or digit.");
  });
  it("gives the checked values trimmed", () => {
    const r = parseForm(newBlogSchema, form({ ...base, title: "  Kyoto  ", author: " Ana " }));
    expect(r.ok && [r.data.title, r.data.author]).toEqual(["Kyoto", "Ana"]);
  });
});

describe("edit blog (title, content, author, date and slug all present)", () => {
  const ALL = "All fields are required!";
  it("is complete with all five", () => {
    expect(editErrors(base)).toEqual({});
  });
  it("is incomplete when the content has no text, or the title gives no slug", () => {
    expect(editErrors({ ...base, content: "<p> </p>" })).toEqual({ content: ALL });
    expect(editErrors({ ...base, title: "???" })).toEqual({ title: ALL });
    expect(editErrors({ ...base, author: "" })).toEqual({ author: ALL });
  });
  it.each([
    ["title", "  "],
    ["content", "<p>&nbsp;</p>"],
    ["author", " "],
    ["date", "   "],
  ] as const)("is incomplete when %s is only blank (%j)", (field, value) => {
    expect(editErrors({ ...base, [field]: value })).toEqual({ [field]: ALL });
  });
  it("names an impossible date once everything is present", () => {
    expect(editErrors({ ...base, date: "2025-02-30" })).toEqual({ date: "Date must be a real date." });
  });
  it("names a field over its limit", () => {
    expect(editErrors({ ...base, seoTitle: "Kyoto ".repeat(51) })).toEqual({
      seoTitle: "SEO Title must be at most 300 characters.",
    });
  });
});

describe("the publication controls of the blog form", () => {
  const posted = (fields: Record<string, string>) => {
    const f = form(base);
    for (const [name, value] of Object.entries(fields)) f.set(name, value);
    return f;
  };
  const read = (fields: Record<string, string>) => {
    const parsed = parseForm(newBlogSchema, posted(fields));
    if (!parsed.ok) throw new Error(parsed.summary);
    return publicationOf(parsed.data);
  };

  it("Save draft is a draft, whatever Publish at says", () => {
    expect(read({ publication: "draft" })).toEqual({ draft: true, publishAt: null });
    expect(read({ publication: "draft", publishAt: "2030-01-01T09:00" })).toEqual({
      draft: true,
      publishAt: null,
    });
  });

  it("the main button publishes now, or at Publish at in the admin's zone; no button at all publishes (the spec's form)", () => {
    expect(read({ publication: "publish" })).toEqual({ draft: false, publishAt: "now" });
    expect(read({})).toEqual({ draft: false, publishAt: "now" });
    expect(
      read({ publication: "publish", publishAt: "2030-01-01T09:00", publishZone: "Asia/Tokyo" }),
    ).toEqual({
      draft: false,
      publishAt: Date.UTC(2030, 0, 1, 0, 0) / 1000,
    });
  });

  it("refuses a Publish at that is no time, or in a zone the server does not know", () => {
    const refused = (fields: Record<string, string>) => {
      const parsed = parseForm(newBlogSchema, posted({ publication: "publish", ...fields }));
      return parsed.ok ? null : parsed.fieldErrors.publishAt;
    };
    expect(refused({ publishAt: "2026-02-30T25:00" })).toBe("Publish at must be a real date and time.");
    expect(refused({ publishAt: "2030-01-01T09:00", publishZone: "Mars/Olympus" })).toBe(
      "The time zone of Publish at is not one this server knows.",
    );
  });
});

describe("the Send to subscribers choice of the blog form", () => {
  const sent = (schema: typeof newBlogSchema | typeof editedBlogSchema, fields: Record<string, string>) => {
    const f = form(base);
    for (const [name, value] of Object.entries(fields)) f.set(name, value);
    const parsed = parseForm(schema, f);
    if (!parsed.ok) throw new Error(parsed.summary);
    return parsed.data.sendToSubscribers;
  };

  it.each([
    ["Add Blog", newBlogSchema],
    ["edit blog", editedBlogSchema],
  ] as const)('%s: a ticked box ("on") is true; an unticked one (not sent) is false', (_, schema) => {
    expect(sent(schema, { sendToSubscribers: "on" })).toBe(true);
    expect(sent(schema, {})).toBe(false);
    expect(sent(schema, { sendToSubscribers: "" })).toBe(false);
  });

  it("reads only what a browser sends for a ticked box as ticked, never a refusal", () => {
    for (const value of ["off", "true", "1", "ON"])
      expect(sent(newBlogSchema, { sendToSubscribers: value })).toBe(false);
  });

  it("refills a refused form with the box as it was sent", () => {
    const f = form({ ...base, title: "" });
    f.set("sendToSubscribers", "on");
    const r = parseForm(newBlogSchema, f);
    expect(r.ok).toBe(false);
    expect(r.values.sendToSubscribers).toBe("on");
  });

  it("is labelled Send to subscribers, and the hint counts readers in en-US form", () => {
    expect(BLOG_SEND_FIELDS.sendToSubscribers).toEqual({
      name: "sendToSubscribers",
      label: "Send to subscribers",
    });
    expect(BLOG_SEND_MESSAGES.willSend(1234)).toBe(
      "Emails this blog to 1,234 confirmed subscribers when it is published.",
    );
    expect(BLOG_SEND_MESSAGES.willSend(1)).toBe(
      "Emails this blog to 1 confirmed subscriber when it is published.",
    );
    expect(BLOG_SEND_MESSAGES.sentTo(1234567)).toBe("Sent to 1,234,567 subscribers on");
  });

  it("is no text field of the form, so an autosaved draft never holds it", () => {
    expect(Object.keys(BLOG_FIELDS)).not.toContain("sendToSubscribers");
  });
});
