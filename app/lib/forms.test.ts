import { describe, expect, it } from "vitest";
import { commentSchema, contactSchema, parseForm } from "./forms.ts";

const form = (values: Record<string, string>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(values)) f.set(k, v);
  return f;
};

describe("public form validation", () => {
  it("accepts a complete comment, trimmed", () => {
    const r = parseForm(
      commentSchema,
      form({ name: " Ana ", email: "ana@example.com", comment: " Lovely " }),
    );
    expect(r).toEqual({ ok: true, data: { name: "Ana", email: "ana@example.com", comment: "Lovely" } });
  });
  it("names each bad field and keeps the values", () => {
    const r = parseForm(commentSchema, form({ name: "", email: "not-an-email", comment: "Hi" }));
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.fieldErrors).toEqual({ name: "Name is required.", email: "Enter a valid email address." });
    expect(r.values.comment).toBe("Hi");
  });
  it("lets the contact phone be empty but not junk", () => {
    const base = { first: "A", last: "B", email: "a@b.co", message: "Hello" };
    expect(parseForm(contactSchema, form({ ...base, phone: "" })).ok).toBe(true);
    const bad = parseForm(contactSchema, form({ ...base, phone: "<script>" }));
    expect(bad.ok).toBe(false);
  });
});
