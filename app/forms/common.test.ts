import { describe, expect, it } from "vitest";
import { HOST_NAME_MESSAGE } from "./common.fields.ts";
import { checkbox, hostName, idOf, optionalText, phone, recordId, requiredText } from "./common.ts";

/** The first refusal's message, or the parsed value. */
function outcome(
  schema: {
    safeParse(v: unknown): { success: boolean; data?: unknown; error?: { issues: { message: string }[] } };
  },
  value: unknown,
) {
  const result = schema.safeParse(value);
  return result.success ? { value: result.data } : { refused: result.error?.issues[0]?.message };
}

describe("the shared field rules of app/forms", () => {
  it('reads a checkbox: ticked is "on", anything else is not', () => {
    expect(outcome(checkbox(), "on")).toEqual({ value: true });
    expect(outcome(checkbox(), "")).toEqual({ value: false });
    expect(outcome(checkbox(), "yes")).toEqual({ value: false });
  });

  it("trims text and bounds it; required text needs more than spaces", () => {
    const field = { label: "Title", max: 5 };
    expect(outcome(optionalText(field), "  abc  ")).toEqual({ value: "abc" });
    expect(outcome(optionalText(field), "abcdef")).toEqual({
      refused: "Title must be at most 5 characters.",
    });
    expect(outcome(optionalText(field), "")).toEqual({ value: "" });
    expect(outcome(requiredText(field), "   ")).toEqual({ refused: "Title is required." });
    expect(outcome(requiredText(field), " ab ")).toEqual({ value: "ab" });
  });

  it("takes a phone number as people write it, and nothing else", () => {
    const field = phone({ label: "Phone" });
    expect(outcome(field, "+351 (21) 000-00.00")).toEqual({ value: "+351 (21) 000-00.00" });
    expect(outcome(field, "")).toEqual({ value: "" });
    expect(outcome(field, "call me")).toEqual({
      refused: "Phone may contain digits, spaces and + ( ) - . only.",
    });
  });

  it("takes a bare host name, lower-cased; refuses schemes, paths, bad labels and overlong names", () => {
    const optional = hostName();
    const required = hostName({ label: "Domain" });
    expect(outcome(optional, " Blog.Example.COM ")).toEqual({ value: "blog.example.com" });
    expect(outcome(optional, "")).toEqual({ value: "" });
    expect(outcome(required, "")).toEqual({ refused: "Domain is required." });
    expect(outcome(required, "a.example")).toEqual({ value: "a.example" });
    expect(outcome(optional, "localhost")).toEqual({ value: "localhost" });
    expect(outcome(optional, "x-1.example")).toEqual({ value: "x-1.example" });
    for (const bad of [
      "https://example.com",
      "example.com/path",
      "-start.example",
      "end-.example",
      "double..dot",
      ".example",
      "example.",
      "under_score.example",
      "space here.example",
      `${"a".repeat(64)}.example`,
      Array.from({ length: 64 }, () => "abc").join("."), // 255 characters
    ])
      expect(outcome(optional, bad), bad).toEqual({ refused: HOST_NAME_MESSAGE });
    // The longest label (63) and the longest name (253) are fine.
    expect(outcome(optional, `${"a".repeat(63)}.example`)).toEqual({ value: `${"a".repeat(63)}.example` });
    const longest = `${Array.from({ length: 63 }, () => "abc").join(".")}.a`; // 253 characters
    expect(longest).toHaveLength(253);
    expect(outcome(optional, longest)).toEqual({ value: longest });
    expect(outcome(optional, `${longest}b`)).toEqual({ refused: HOST_NAME_MESSAGE });
  });

  it("reads a row's id: a positive whole number of at most 15 digits", () => {
    const id = recordId("Choose a blog.");
    expect(outcome(id, " 42 ")).toEqual({ value: 42 });
    expect(outcome(id, "999999999999999")).toEqual({ value: 999_999_999_999_999 });
    for (const bad of ["0", "007", "-1", "1.5", "1e3", "", "abc", "1000000000000000", "12 3"])
      expect(outcome(id, bad), bad).toEqual({ refused: "Choose a blog." });
  });

  it("gives an id from a query or a field, or null", () => {
    expect(idOf("7")).toBe(7);
    expect(idOf(" 7 ")).toBe(7);
    expect(idOf(undefined)).toBeNull();
    expect(idOf(null)).toBeNull();
    expect(idOf("0")).toBeNull();
    expect(idOf("x")).toBeNull();
    expect(idOf(7)).toBeNull();
  });
});
