/**
 * The team on /admin/team (app/server/auth/team.server.ts, decision 033), on both engines: adding
 * someone refuses a taken email, a short password and a role that is not staff; nobody changes
 * their own role or removes themselves; a removed account's sessions go with it; every change is
 * in the activity log.
 */
import { PostgresAdapter } from "kysely";
import { expect, it } from "vitest";
import { ADMIN_ROLE, EDITOR_ROLE } from "#app/lib/roles.ts";
import { upsertAccount } from "#app/server/auth/accounts.server.ts";
import { checkLogin, createSession, findSessionAccount } from "#app/server/auth/session.server.ts";
import { addTeamMember, changeTeamRole, listTeam, removeTeamMember } from "#app/server/auth/team.server.ts";
import { describeEachEngine } from "#tests/support/engines.ts";

const PASSWORD = "a long enough passphrase";

describeEachEngine("the team", (db) => {
  it("adds staff, refusing a taken email, a short password and a role that is not staff", async () => {
    const owner = await upsertAccount(db(), "owner@example.com", PASSWORD);
    const actor = { accountId: owner.id, name: "owner@example.com", address: "127.0.0.1" };
    const add = (input: Partial<{ email: string; name: string; role: string; password: string }>) =>
      addTeamMember(db(), actor, { email: "", name: "", role: EDITOR_ROLE, password: PASSWORD, ...input });

    expect(await add({ email: " Writer@Example.com ", name: " Ana " })).toEqual({ ok: true });
    expect(await add({ email: "writer@example.com" })).toEqual({ ok: false, problem: "email_taken" });
    expect(await add({ email: "short@example.com", password: "fourteen chars" })).toEqual({
      ok: false,
      problem: "weak_password",
    });
    expect(await add({ email: "viewer@example.com", role: "viewer" })).toEqual({
      ok: false,
      problem: "unknown_role",
    });
    // The added editor signs in with the first password; the refused ones were never made.
    expect((await checkLogin(db(), "writer@example.com", PASSWORD)).ok).toBe(true);
    const team = await listTeam(db());
    expect(team.map((m) => [m.email, m.name, m.role, m.lastSeenAt])).toEqual([
      ["owner@example.com", "", ADMIN_ROLE, null],
      ["writer@example.com", "Ana", EDITOR_ROLE, null],
    ]);
    const logged = await db()
      .selectFrom("activity_log")
      .select(["kind", "actor", "item_label", "detail"])
      .where("kind", "like", "team_%")
      .execute();
    expect(logged).toEqual([
      {
        kind: "team_member_added",
        actor: "owner@example.com",
        item_label: "writer@example.com",
        detail: "role editor",
      },
    ]);
  });

  it("changes another's role and removes another, never one's own; a removed account is signed out", async () => {
    const owner = await upsertAccount(db(), "boss@example.com", PASSWORD);
    const editor = await upsertAccount(db(), "helper@example.com", PASSWORD, EDITOR_ROLE);
    const actor = { accountId: owner.id, name: "boss@example.com", address: "" };
    const cookie = await createSession(db(), new Request("http://localhost/admin/login"), editor.id);
    const request = new Request("http://localhost/admin", {
      headers: { cookie: cookie.split(";")[0] ?? "" },
    });

    // A session counts as a use: the list says when (the owner here has none).
    const listed = await listTeam(db());
    expect(listed.find((m) => m.id === editor.id)?.lastSeenAt).toEqual(expect.any(Number));
    expect(listed.find((m) => m.id === owner.id)?.lastSeenAt).toBeNull();
    expect(await changeTeamRole(db(), actor, owner.id, EDITOR_ROLE)).toEqual({
      ok: false,
      problem: "yourself",
    });
    expect(await removeTeamMember(db(), actor, owner.id)).toEqual({ ok: false, problem: "yourself" });
    expect(await changeTeamRole(db(), actor, editor.id, "viewer")).toEqual({
      ok: false,
      problem: "unknown_role",
    });

    expect(await changeTeamRole(db(), actor, editor.id, ADMIN_ROLE)).toEqual({ ok: true });
    // The session stays; its role is read on every request.
    expect((await findSessionAccount(db(), request))?.role).toBe(ADMIN_ROLE);

    expect(await removeTeamMember(db(), actor, editor.id)).toEqual({ ok: true });
    expect(await findSessionAccount(db(), request)).toBeNull();
    expect(await removeTeamMember(db(), actor, editor.id)).toEqual({ ok: false, problem: "gone" });
    expect(await changeTeamRole(db(), actor, editor.id, EDITOR_ROLE)).toEqual({ ok: false, problem: "gone" });
    const owners = await db()
      .selectFrom("accounts")
      .select(["email", "role"])
      .where("id", "=", owner.id)
      .execute();
    expect(owners).toEqual([{ email: "boss@example.com", role: ADMIN_ROLE }]);
    const kinds = await db()
      .selectFrom("activity_log")
      .select(["kind", "item_label"])
      .where("kind", "like", "team_%")
      .where("actor", "=", "boss@example.com")
      .orderBy("id")
      .execute();
    expect(kinds).toEqual([
      { kind: "team_role_changed", item_label: "helper@example.com" },
      { kind: "team_member_removed", item_label: "helper@example.com" },
    ]);
  });

  it("two administrators removing each other at once: one wins, and an administrator remains", async () => {
    const a = await upsertAccount(db(), "first-admin@example.com", PASSWORD);
    const b = await upsertAccount(db(), "second-admin@example.com", PASSWORD);
    // Only these two are administrators now (earlier tests' owners are made editors).
    await db()
      .updateTable("accounts")
      .set({ role: EDITOR_ROLE })
      .where("id", "not in", [a.id, b.id])
      .execute();
    const actorOf = (id: number, email: string) => ({ accountId: id, name: email, address: "" });
    const results = await Promise.all([
      removeTeamMember(db(), actorOf(a.id, "first-admin@example.com"), b.id),
      removeTeamMember(db(), actorOf(b.id, "second-admin@example.com"), a.id),
    ]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok)).toEqual([{ ok: false, problem: "last_administrator" }]);
    const admins = await db().selectFrom("accounts").select("email").where("role", "=", ADMIN_ROLE).execute();
    expect(admins).toHaveLength(1);
    // The one left cannot be made an editor by someone else's stale session either.
    const [left] = admins;
    const leftId = left?.email === "first-admin@example.com" ? a.id : b.id;
    expect(
      await changeTeamRole(db(), actorOf(a.id + b.id - leftId, "gone@example.com"), leftId, EDITOR_ROLE),
    ).toEqual({ ok: false, problem: "last_administrator" });
  });

  it("a removal that waits on another's unfinished one sees what it left", async () => {
    const a = await upsertAccount(db(), "third-admin@example.com", PASSWORD);
    const b = await upsertAccount(db(), "fourth-admin@example.com", PASSWORD);
    await db()
      .updateTable("accounts")
      .set({ role: EDITOR_ROLE })
      .where("id", "not in", [a.id, b.id])
      .execute();
    let racing: Promise<unknown> | undefined;
    // A removes B, and before that commits, B (still signed in) asks to remove A.
    await db()
      .transaction()
      .execute(async (trx) => {
        const admins = trx.selectFrom("accounts").select("id").where("role", "=", ADMIN_ROLE);
        await (trx.getExecutor().adapter instanceof PostgresAdapter ? admins.forUpdate() : admins).execute();
        await trx.deleteFrom("accounts").where("id", "=", b.id).execute();
        racing = removeTeamMember(
          db(),
          { accountId: b.id, name: "fourth-admin@example.com", address: "" },
          a.id,
        );
        await new Promise((resolve) => setTimeout(resolve, 300));
      });
    expect(await racing).toEqual({ ok: false, problem: "last_administrator" });
    const admins = await db().selectFrom("accounts").select("id").where("role", "=", ADMIN_ROLE).execute();
    expect(admins).toEqual([{ id: a.id }]);
  });
});
