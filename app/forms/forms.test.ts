import { describe, expect, it } from "vitest";
import { commentSchema } from "./comment.ts";
import { contactSchema } from "./contact.ts";
import { loginSchema } from "./login.ts";
import { parseForm, parseValues } from "./parse.ts";
import { userSchema } from "./user.ts";

const form = (values: Record<string, string>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(values)) f.set(k, v);
  return f;
};

describe("public form validation", () => {
  it("accepts a complete comment, trimmed, and gives back the values as sent", () => {
    const sent = { name: " Ana ", email: "ana@example.com", comment: " Lovely " };
    expect(parseForm(commentSchema, form(sent))).toEqual({
      ok: true,
      data: { name: "Ana", email: "ana@example.com", comment: "Lovely", elapsed: null },
      values: { ...sent, elapsed: "" },
    });
  });
  it("names each bad field, keeps the values, and sums up with the first problem", () => {
    const r = parseForm(commentSchema, form({ name: "", email: "not-an-email", comment: "Hi" }));
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.fieldErrors).toEqual({ name: "Name is required.", email: "Enter a valid email address." });
    expect(r.summary).toBe("Name is required.");
    expect(r.values.comment).toBe("Hi");
  });
  it("lets the contact phone be empty but not junk", () => {
    const base = { first: "A", last: "B", email: "a@b.co", message: "Hello" };
    expect(parseForm(contactSchema, form({ ...base, phone: "" })).ok).toBe(true);
    const bad = parseForm(contactSchema, form({ ...base, phone: "<script>" }));
    expect(bad.ok).toBe(false);
  });
});

describe("public form messages (each field names itself)", () => {
  it("contact: every required field, and limits", () => {
    const r = parseForm(contactSchema, form({ first: " ", last: "", email: "", phone: "", message: "" }));
    expect(r).toEqual({
      ok: false,
      summary: "First Name is required.",
      fieldErrors: {
        first: "First Name is required.",
        last: "Last Name is required.",
        email: "Email is required.",
        message: "Message is required.",
      },
      values: { first: " ", last: "", email: "", phone: "", message: "", elapsed: "" },
    });
    const long = parseForm(
      contactSchema,
      form({
        first: "Maria ".repeat(17),
        last: "Silva ".repeat(17),
        email: `${"ana.".repeat(62)}@example.com`,
        phone: "+351 21 000 0000 ".repeat(3),
        message: "Lisbon in spring. ".repeat(278),
      }),
    );
    expect(long.ok ? {} : long.fieldErrors).toEqual({
      first: "First Name must be at most 100 characters.",
      last: "Last Name must be at most 100 characters.",
      email: "Email is too long.",
      phone: "Phone must be at most 40 characters.",
      message: "Message must be at most 5000 characters.",
    });
  });
  it("trims the email and the phone before checking them", () => {
    const r = parseForm(
      contactSchema,
      form({ first: "A", last: "B", email: "  ana@example.com ", phone: " +351 21 ", message: "Hi" }),
    );
    expect(r.ok && r.data).toEqual({
      first: "A",
      last: "B",
      email: "ana@example.com",
      phone: "+351 21",
      message: "Hi",
      elapsed: null,
    });
  });
  it("reads the browser's time to submit as whole milliseconds, and anything else as unknown, never refusing", () => {
    const base = { first: "A", last: "B", email: "a@b.co", phone: "", message: "Hello" };
    const elapsed = (value: string) => {
      const r = parseForm(contactSchema, form({ ...base, elapsed: value }));
      return r.ok ? r.data.elapsed : "refused";
    };
    expect(elapsed("4200")).toBe(4200);
    expect(elapsed("0")).toBe(0);
    expect(elapsed(String(7 * 24 * 3600 * 1000))).toBe(604_800_000);
    for (const odd of ["", "-5", "1.5", "1e3", "abc", "99999999999", String(7 * 24 * 3600 * 1000 + 1)]) {
      expect(elapsed(odd), odd).toBeNull();
    }
  });
  it("contact: a phone of digits, spaces and + ( ) - . only", () => {
    const base = { first: "A", last: "B", email: "a@b.co", message: "Hello" };
    expect(parseForm(contactSchema, form({ ...base, phone: "+1 (555) 010-0199" })).ok).toBe(true);
    expect(parseForm(contactSchema, form({ ...base, phone: "call me" }))).toMatchObject({
      ok: false,
      fieldErrors: { phone: "Phone may contain digits, spaces and + ( ) - . only." },
    });
  });
  it("comment: name and comment required, comment up to 5000 characters", () => {
    const r = parseForm(
      commentSchema,
      form({ name: "", email: "bo@example.com", comment: "x ".repeat(2501) }),
    );
    expect(r.ok ? {} : r.fieldErrors).toEqual({
      name: "Name is required.",
      comment: "Comment must be at most 5000 characters.",
    });
    expect(
      parseForm(commentSchema, form({ name: "Bo", email: "bo@example.com", comment: " " })),
    ).toMatchObject({
      fieldErrors: { comment: "Comment is required." },
    });
  });
  it("sign-up: full name, email and optional phone; a missing field reads as empty", () => {
    expect(parseForm(userSchema, form({ fullName: " Mia Lind ", email: "mia@example.com" }))).toMatchObject({
      ok: true,
      data: { fullName: "Mia Lind", email: "mia@example.com", phone: "" },
    });
    const r = parseForm(userSchema, form({ fullName: "Ana ".repeat(38), email: "mia@" }));
    expect(r).toEqual({
      ok: false,
      summary: "Full Name must be at most 150 characters.",
      fieldErrors: {
        fullName: "Full Name must be at most 150 characters.",
        email: "Enter a valid email address.",
      },
      values: { fullName: "Ana ".repeat(38), email: "mia@", phone: "" },
    });
  });
  it("reads a file field as an empty value, not as the file", () => {
    const f = form({ name: "Bo", email: "bo@example.com" });
    f.set("comment", new Blob(["a file"]), "note.txt");
    expect(parseForm(commentSchema, f)).toEqual({
      ok: false,
      summary: "Comment is required.",
      fieldErrors: { comment: "Comment is required." },
      values: { name: "Bo", email: "bo@example.com", comment: "", elapsed: "" },
    });
  });
});

describe("login form", () => {
  it("words an unusable email one way, and never trims a password", () => {
    expect(parseValues(loginSchema, { email: "a@b", password: " secret " })).toMatchObject({
      ok: false,
      fieldErrors: { email: "Please enter a valid email address." },
    });
    expect(parseValues(loginSchema, { email: `${"a".repeat(250)}@b.co`, password: "x" })).toMatchObject({
      fieldErrors: { email: "Please enter a valid email address." },
    });
    expect(parseValues(loginSchema, { email: " Ana@Example.com ", password: " secret " })).toMatchObject({
      ok: true,
      data: { email: "Ana@Example.com", password: " secret " },
    });
  });
  it("reads what is not text (absent, a file) as empty", () => {
    expect(parseValues(loginSchema, { email: null, password: new Blob(["x"]) })).toMatchObject({
      ok: false,
      summary: "Email is required.",
      fieldErrors: { email: "Email is required.", password: "Password is required." },
    });
  });
});
