import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { UNKNOWN_ACTION } from "#app/forms/admin-actions.fields.ts";
import { userActions } from "#app/forms/admin-actions.ts";
import type { DB } from "#app/server/db/db.server.ts";
import { DatabaseUnavailableError } from "#app/server/db/health.server.ts";
import { log } from "#app/server/telemetry/log.server.ts";
import { adminFormRefused, publicWrite, queryId, readForm } from "./forms.server.ts";

const post = (fields: Record<string, string>, headers: Record<string, string> = {}) => {
  const body = new URLSearchParams(fields);
  return new Request("http://x.test/admin/manage-users", { method: "POST", body, headers });
};

describe("readForm: the one way a posted form is read", () => {
  it("reads only the fields of the intent pressed, with their types", async () => {
    const read = await readForm(post({ intent: "delete", id: " 42 ", fullName: "ignored" }), userActions);
    expect(read).toMatchObject({ ok: true, data: { intent: "delete", id: 42 } });
  });

  it("refuses an unknown intent, a bad id and bad fields with a 400 and one shape", async () => {
    expect(await readForm(post({ intent: "explode" }), userActions)).toMatchObject({
      ok: false,
      status: 400,
      message: UNKNOWN_ACTION,
      fieldErrors: { intent: UNKNOWN_ACTION },
    });
    for (const id of ["0", "1.5", "-3", "abc", "", "1e3", "9".repeat(16)])
      expect(await readForm(post({ intent: "delete", id }), userActions)).toMatchObject({
        ok: false,
        status: 400,
        fieldErrors: { id: "Error deleting user." },
      });
    const added = await readForm(post({ intent: "add", fullName: "", email: "nope" }), userActions);
    expect(added).toMatchObject({
      ok: false,
      status: 400,
      fieldErrors: { fullName: "Full Name is required.", email: "Enter a valid email address." },
      values: { intent: "add", fullName: "", email: "nope" },
    });
  });

  it("refuses what is not a form, or too large, before the schema", async () => {
    const schema = z.object({ a: z.string() });
    const json = new Request("http://x.test/", {
      method: "POST",
      body: "{}",
      headers: { "content-type": "application/json" },
    });
    expect(await readForm(json, schema)).toMatchObject({ ok: false, status: 415 });
    const big = post({ a: "x".repeat(2000) });
    expect(await readForm(big, schema, { maxBytes: 1000, tooLarge: "Too big." })).toMatchObject({
      ok: false,
      status: 413,
      message: "Too big.",
    });
  });

  it("bounds a back-office form at one 5 MB image and its text, a public one at 64 KB", async () => {
    const schema = z.object({ a: z.string() });
    const claiming = (bytes: number) =>
      new Request("http://x.test/", {
        method: "POST",
        body: "a=1",
        headers: { "content-type": "application/x-www-form-urlencoded", "content-length": String(bytes) },
      });
    const adminLimit = 5 * 1024 * 1024 + 512 * 1024;
    expect(await readForm(claiming(adminLimit + 1), schema)).toMatchObject({
      ok: false,
      status: 413,
      message: "The upload is too large: images must be 5 MB or smaller.",
    });
    // Exactly at the bound the body is read (its real length is what counts).
    expect(await readForm(claiming(adminLimit), schema)).toMatchObject({ ok: true, data: { a: "1" } });
    const publicForm = { db: {} as DB, name: "test", ip: "192.0.2.1" };
    expect(await readForm(claiming(64 * 1024 + 1), schema, { publicForm })).toMatchObject({
      ok: false,
      status: 413,
      message: "Your message is too long.",
    });
  });

  it("a public form: the honeypot refuses before anything else, and bad fields get one message", async () => {
    const schema = z.object({ a: z.string().min(1, "A is required.") });
    const db = {} as DB; // never reached: both refusals come before the rate limit
    const publicForm = { db, name: "test", ip: "192.0.2.1" };
    expect(await readForm(post({ a: "x", website: "spam" }), schema, { publicForm })).toMatchObject({
      ok: false,
      status: 400,
      message: "Your submission could not be accepted.",
    });
    expect(await readForm(post({ a: "" }), schema, { publicForm })).toMatchObject({
      ok: false,
      status: 400,
      message: "Please correct the fields marked below.",
      fieldErrors: { a: "A is required." },
    });
  });
});

describe("adminFormRefused", () => {
  const refusal = (fieldErrors: Record<string, string>, message = "first problem") =>
    ({ ok: false, status: 400, message, fieldErrors, values: {} }) as const;
  const toastOf = (answer: ReturnType<typeof adminFormRefused>) => answer.data.toast.message;

  it("says the first problem, after a prefix; a summary replaces it for field problems only", () => {
    expect(toastOf(adminFormRefused(refusal({ title: "x" }), { prefix: "Error uploading blog" }))).toBe(
      "Error uploading blog: first problem",
    );
    expect(toastOf(adminFormRefused(refusal({ title: "x" }), { summary: "Fix them." }))).toBe("Fix them.");
    expect(
      toastOf(
        adminFormRefused(refusal({ intent: UNKNOWN_ACTION }, UNKNOWN_ACTION), { summary: "Fix them." }),
      ),
    ).toBe(UNKNOWN_ACTION);
    expect(toastOf(adminFormRefused(refusal({}, "Too big."), { summary: "Fix them." }))).toBe("Too big.");
  });
});

describe("queryId", () => {
  it("reads a positive whole id from the query, else null", () => {
    const at = (q: string) => new Request(`http://x.test/admin/blog/edit?${q}`);
    expect(queryId(at("id=7"), "id")).toBe(7);
    for (const q of ["", "id=", "id=0", "id=abc", "id=2.5", "id=-1", "other=3"])
      expect(queryId(at(q), "id")).toBeNull();
  });
});

describe("publicWrite", () => {
  const values = { name: "Ada", comment: "A long comment, typed with care." };

  it("refuses the form, keeping what was written, when the database cannot take the write", async () => {
    vi.spyOn(log, "error").mockImplementation(() => {});
    const full = Object.assign(new Error("database or disk is full"), {
      code: "ERR_SQLITE_ERROR",
      errcode: 13,
    });
    for (const error of [full, new DatabaseUnavailableError("known down")]) {
      const answer = await publicWrite(values, async () => {
        throw error;
      });
      expect(answer).toEqual({
        ok: false,
        refusal: {
          ok: false,
          status: 503,
          message: "Not sent: the site cannot save anything just now. Please try again in a few minutes.",
          fieldErrors: {},
          values,
        },
      });
    }
  });

  it("hands back what the write answered, and lets every other failure through", async () => {
    expect(await publicWrite(values, async () => 7)).toEqual({ ok: true, value: 7 });
    const bug = new TypeError("a bug");
    await expect(
      publicWrite(values, async () => {
        throw bug;
      }),
    ).rejects.toBe(bug);
  });
});
