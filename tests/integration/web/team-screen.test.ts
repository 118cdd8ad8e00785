/**
 * /admin/team's action as the server answers it (app/routes/admin/team.tsx), on both engines: a
 * refused Add never sends the first password back; an unknown intent, a taken email and one's own
 * row are refused with their words and change nothing.
 */
import { expect, it } from "vitest";
import { answered, answerOf, describeRoutesEachEngine, formOf } from "#tests/support/route-harness.ts";

describeRoutesEachEngine("the Team screen's action", (h) => {
  const post = async (fields: Record<string, string>) => {
    const route = await import("#app/routes/admin/team.tsx");
    return answered(await answerOf(h.action(route, "/admin/team", formOf(fields))));
  };
  const accounts = () => h.db().selectFrom("accounts").select(["email", "role"]).orderBy("email").execute();

  it("refuses bad input with its words, never echoing the password, and writes nothing", async () => {
    const before = await accounts();
    const secret = "a first passphrase nobody should see again";
    const badEmail = await post({
      intent: "add",
      email: "not-an-email",
      name: "X",
      role: "editor",
      password: secret,
    });
    expect(badEmail.status).toBe(400);
    expect(JSON.stringify(badEmail.body)).not.toContain(secret);
    expect(badEmail.body.values).toMatchObject({ email: "not-an-email", name: "X" });

    const short = await post({
      intent: "add",
      email: "short@example.com",
      role: "editor",
      password: "short",
    });
    expect(short.status).toBe(400);
    expect(short.body.fieldErrors).toEqual({ password: "The password must be at least 15 characters long." });
    expect(JSON.stringify(short.body)).not.toContain('"short"');

    const taken = await post({ intent: "add", email: "OWNER@example.com", role: "editor", password: secret });
    expect([taken.status, taken.body.fieldErrors]).toEqual([
      409,
      { email: "An account already uses this email." },
    ]);

    const role = await post({ intent: "add", email: "x@example.com", role: "__proto__", password: secret });
    expect([role.status, role.body.fieldErrors]).toEqual([400, { role: "Choose Administrator or Editor." }]);

    const unknown = await post({ intent: "promote-everyone" });
    expect(unknown.status).toBe(400);

    const [owner] = await h
      .db()
      .selectFrom("accounts")
      .select("id")
      .where("email", "=", "owner@example.com")
      .execute();
    const own = await post({ intent: "remove", id: String(owner?.id) });
    expect(own.status).toBe(403);
    const demoteSelf = await post({ intent: "role", id: String(owner?.id), role: "editor" });
    expect(demoteSelf.status).toBe(403);
    const nobody = await post({ intent: "remove", id: "999999" });
    expect(nobody.status).toBe(404);
    expect(await accounts()).toEqual(before);
  });

  it("adds an editor", async () => {
    const added = await post({
      intent: "add",
      email: "Writer@Example.com",
      name: "Wren",
      role: "editor",
      password: "a first passphrase to hand over",
    });
    expect(added.status).toBe(200);
    expect(await accounts()).toContainEqual({ email: "writer@example.com", role: "editor" });
  });
});
