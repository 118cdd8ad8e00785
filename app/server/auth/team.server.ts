import { PostgresAdapter } from "kysely";
import { ADMIN_ROLE, isStaffRole } from "#app/lib/roles.ts";
import { type DB, nowSeconds } from "#app/server/db/db.server.ts";
import { type Actor, recordActivity } from "#app/server/models/activity.server.ts";
import { hashPassword, passwordProblem } from "./accounts.server.ts";

/**
 * The site's team on /admin/team (decision 033): the accounts that may sign in to the back office,
 * added, given another role or removed by the administrator. Two rules keep a site from locking
 * itself out: nobody changes their own role or removes themselves here, and the last administrator
 * stays one (two administrators removing each other at the same moment: one of them wins). Every
 * change and its activity entry are one transaction.
 */

export interface TeamMember {
  id: number;
  email: string;
  name: string;
  role: string;
  twoStep: boolean;
  /** Seconds since 1970 of the account's last use on any device; null when never signed in. */
  lastSeenAt: number | null;
}

/** Every account, administrators first, then by email. */
export async function listTeam(db: DB): Promise<TeamMember[]> {
  const rows = await db
    .selectFrom("accounts")
    .select((eb) => [
      "id",
      "email",
      "name",
      "role",
      "totp_secret",
      eb
        .selectFrom("sessions")
        .select((s) => s.fn.max("sessions.last_seen_at").as("at"))
        .whereRef("sessions.account_id", "=", "accounts.id")
        .as("last_seen_at"),
    ])
    .orderBy("email")
    .execute();
  const members = rows.map((r) => ({
    id: r.id,
    email: r.email,
    name: r.name,
    role: r.role,
    twoStep: r.totp_secret !== null,
    lastSeenAt: r.last_seen_at === null ? null : Number(r.last_seen_at),
  }));
  const rank = (role: string) => (role === ADMIN_ROLE ? 0 : isStaffRole(role) ? 1 : 2);
  return members.sort((a, b) => rank(a.role) - rank(b.role));
}

export type TeamChange =
  | { ok: true }
  | {
      ok: false;
      problem: "email_taken" | "weak_password" | "unknown_role" | "yourself" | "gone" | "last_administrator";
    };

/**
 * How many administrators there are, their rows locked for the rest of the transaction on
 * PostgreSQL (SQLite runs one write transaction at a time anyway), so that of two changes racing to
 * take away administrators, the second sees what the first left.
 */
async function administratorCount(trx: DB): Promise<number> {
  const query = trx.selectFrom("accounts").select("id").where("role", "=", ADMIN_ROLE);
  const postgres = trx.getExecutor().adapter instanceof PostgresAdapter;
  return (await (postgres ? query.forUpdate() : query).execute()).length;
}

/** Whether taking `accountId`'s administrator role away would leave the site with none. */
async function isLastAdministrator(trx: DB, accountId: number): Promise<boolean> {
  const admins = await administratorCount(trx);
  const target = await trx
    .selectFrom("accounts")
    .select("role")
    .where("id", "=", accountId)
    .executeTakeFirst();
  return target?.role === ADMIN_ROLE && admins <= 1;
}

/** Adds an account with a staff role and a first password the administrator hands over. */
export async function addTeamMember(
  db: DB,
  actor: Actor,
  input: { email: string; name: string; role: string; password: string },
): Promise<TeamChange> {
  if (!isStaffRole(input.role)) return { ok: false, problem: "unknown_role" };
  if (passwordProblem(input.password)) return { ok: false, problem: "weak_password" };
  const email = input.email.trim().toLowerCase();
  const password_hash = await hashPassword(input.password);
  return db.transaction().execute(async (trx) => {
    const created = await trx
      .insertInto("accounts")
      .values({ email, name: input.name.trim(), password_hash, role: input.role, created_at: nowSeconds() })
      .onConflict((oc) => oc.column("email").doNothing())
      .returning("id")
      .executeTakeFirst();
    if (!created) return { ok: false, problem: "email_taken" } as const;
    await recordActivity(trx, actor, "team_member_added", {
      item: { type: "account", id: created.id, label: email },
      detail: `role ${input.role}`,
    });
    return { ok: true } as const;
  });
}

/** Gives another account another staff role; its sessions stay (every request checks the role). */
export async function changeTeamRole(
  db: DB,
  actor: Actor & { accountId: number },
  accountId: number,
  role: string,
): Promise<TeamChange> {
  if (!isStaffRole(role)) return { ok: false, problem: "unknown_role" };
  if (accountId === actor.accountId) return { ok: false, problem: "yourself" };
  return db.transaction().execute(async (trx) => {
    if (role !== ADMIN_ROLE && (await isLastAdministrator(trx, accountId)))
      return { ok: false, problem: "last_administrator" } as const;
    const account = await trx
      .updateTable("accounts")
      .set({ role })
      .where("id", "=", accountId)
      .returning(["id", "email"])
      .executeTakeFirst();
    if (!account) return { ok: false, problem: "gone" } as const;
    await recordActivity(trx, actor, "team_role_changed", {
      item: { type: "account", id: account.id, label: account.email },
      detail: `role ${role}`,
    });
    return { ok: true } as const;
  });
}

/** Removes another account: its sessions, drafts and codes go with it (the tables cascade). */
export async function removeTeamMember(
  db: DB,
  actor: Actor & { accountId: number },
  accountId: number,
): Promise<TeamChange> {
  if (accountId === actor.accountId) return { ok: false, problem: "yourself" };
  return db.transaction().execute(async (trx) => {
    if (await isLastAdministrator(trx, accountId))
      return { ok: false, problem: "last_administrator" } as const;
    const account = await trx
      .deleteFrom("accounts")
      .where("id", "=", accountId)
      .returning(["id", "email"])
      .executeTakeFirst();
    if (!account) return { ok: false, problem: "gone" } as const;
    await recordActivity(trx, actor, "team_member_removed", {
      item: { type: "account", id: account.id, label: account.email },
    });
    return { ok: true } as const;
  });
}
