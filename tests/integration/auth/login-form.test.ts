/**
 * The login form is checked by its schema before the throttle counts anything: an address too
 * long to be one, or fields missing or not text, is a 400 with the field's message, and no row of
 * the throttle (client, account or device) is written, so junk cannot fill the table or lock an
 * account. Through the route's action, on both engines.
 */
import { expect, it } from "vitest";
import { describeRoutesEachEngine } from "#tests/support/route-harness.ts";

const form = (fields: Record<string, string>) => {
  const f = new FormData();
  for (const [name, value] of Object.entries(fields)) f.set(name, value);
  return f;
};

const answer = (result: unknown) => result as { data: unknown; init: { status: number } | null };

describeRoutesEachEngine("login form", (h) => {
  const throttleRows = () => h.db().selectFrom("login_throttle").select("key").execute();

  it("refuses an email longer than 254 characters before the throttle counts it", async () => {
    const login = await import("#app/routes/admin/login.tsx");
    const longest = `${"a".repeat(64)}@${["b".repeat(63), "c".repeat(63), "d".repeat(57)].join(".")}.com`;
    const before = await throttleRows();
    const result = answer(
      await h.action(login, "/admin/login", form({ email: `a${longest}`, password: "x" }), ""),
    );
    expect(result.init?.status).toBe(400);
    expect(result.data).toEqual({
      error: "Please enter a valid email address.",
      fieldErrors: { email: "Please enter a valid email address." },
      email: `a${longest}`,
    });
    expect(await throttleRows()).toEqual(before);
  });

  it("names both missing fields, and a file where text belongs is missing too", async () => {
    const login = await import("#app/routes/admin/login.tsx");
    const before = await throttleRows();
    const sent = new FormData();
    sent.set("email", new File(["x"], "email.txt"));
    const result = answer(await h.action(login, "/admin/login", sent, ""));
    expect(result.init?.status).toBe(400);
    expect(result.data).toMatchObject({
      fieldErrors: { email: "Email is required.", password: "Password is required." },
    });
    expect(await throttleRows()).toEqual(before);
  });
});
