import { useEffect, useState } from "react";
import { useFetcher, useLoaderData } from "react-router";
import { useConfirmDelete } from "#app/components/admin/confirm-dialog.tsx";
import { Modal } from "#app/components/admin/modal.tsx";
import { useShowToast } from "#app/components/admin/toaster.tsx";
import {
  AdminTable,
  buttonDanger,
  buttonPrimary,
  buttonSecondary,
  PageHeader,
} from "#app/components/admin/ui.tsx";
import { Field, SelectField } from "#app/components/form.tsx";
import { LocalTime } from "#app/components/local-time.tsx";
import { TEAM_FIELDS, TEAM_MESSAGES } from "#app/forms/team.fields.ts";
import { teamActions } from "#app/forms/team.ts";
import { EDITOR_ROLE, STAFF_ROLES } from "#app/lib/roles.ts";
import { MIN_PASSWORD_LENGTH, passwordProblem } from "#app/server/auth/accounts.server.ts";
import { requireAdminRequest } from "#app/server/auth/admin-guard.server.ts";
import {
  addTeamMember,
  changeTeamRole,
  listTeam,
  removeTeamMember,
  type TeamChange,
  type TeamMember,
} from "#app/server/auth/team.server.ts";
import { adminActor } from "#app/server/http/actor.server.ts";
import { adminFail, adminOk, adminWriteFailed } from "#app/server/http/admin-result.server.ts";
import { adminFormRefused, readForm } from "#app/server/http/forms.server.ts";
import { loadOrFail } from "#app/server/http/load-failure.server.ts";
import type { Route } from "./+types/team";

/**
 * /admin/team (decision 033): who may sign in to the back office, with what role; the
 * administrator adds someone (with a first password to hand over), gives someone another role, or
 * removes them. The administrator's alone; nobody changes their own role or removes themselves.
 */

export async function loader({ request }: Route.LoaderArgs) {
  const { db, admin } = await requireAdminRequest(request);
  const team = await loadOrFail({ heading: "Team", message: "Failed to fetch the team." }, () =>
    listTeam(db),
  );
  return { team, you: admin.accountId, minPasswordLength: MIN_PASSWORD_LENGTH };
}

/** A refused change, in the screen's words; `values` refill the Add form (never the password). */
function refusedChange(
  change: Extract<TeamChange, { ok: false }>,
  added?: { values: Record<string, string>; password: string },
) {
  const values = added?.values;
  switch (change.problem) {
    case "email_taken":
      return adminFail(409, TEAM_MESSAGES.emailTaken, {
        fieldErrors: { email: TEAM_MESSAGES.emailTaken },
        values,
      });
    case "weak_password": {
      const message = passwordProblem(added?.password ?? "") ?? TEAM_MESSAGES.failed;
      return adminFail(400, message, { fieldErrors: { password: message }, values });
    }
    case "unknown_role":
      return adminFail(400, TEAM_MESSAGES.unknownRole, {
        fieldErrors: { role: TEAM_MESSAGES.unknownRole },
        values,
      });
    case "yourself":
      return adminFail(403, TEAM_MESSAGES.yourself);
    case "gone":
      return adminFail(404, TEAM_MESSAGES.gone);
    case "last_administrator":
      return adminFail(409, TEAM_MESSAGES.lastAdministrator);
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db, admin } = await requireAdminRequest(request);
  const form = await readForm(request, teamActions);
  // The first password typed is never sent back into the page, refused or not.
  const { password: _, ...values } = form.values;
  if (!form.ok)
    return adminFormRefused({ ...form, values }, { summary: "Please correct the fields marked below." });
  const actor = { ...adminActor(admin, context), accountId: admin.accountId };
  const posted = form.data;
  try {
    if (posted.intent === "add") {
      const change = await addTeamMember(db, actor, posted);
      if (!change.ok) return refusedChange(change, { values, password: posted.password });
      return adminOk(TEAM_MESSAGES.added);
    }
    const change =
      posted.intent === "role"
        ? await changeTeamRole(db, actor, posted.id, posted.role)
        : await removeTeamMember(db, actor, posted.id);
    if (!change.ok) return refusedChange(change);
    return adminOk(posted.intent === "role" ? TEAM_MESSAGES.roleChanged : TEAM_MESSAGES.removed);
  } catch (err) {
    return adminWriteFailed(err, "admin team: change failed", TEAM_MESSAGES.failed);
  }
}

export const meta: Route.MetaFunction = () => [
  { title: "Team | Admin" },
  { name: "robots", content: "noindex" },
];

const roleLabel = (role: string) => STAFF_ROLES[role] ?? `No access (role "${role}")`;

export default function Team() {
  const { team, you } = useLoaderData<typeof loader>();
  const [adding, setAdding] = useState(false);
  const remover = useFetcher<typeof action>({ key: "remove-team-member" });
  useShowToast(remover.data?.toast);
  const confirmRemove = useConfirmDelete(
    remover,
    (member: TeamMember) => `Remove ${member.email} from the team? They are signed out everywhere.`,
    (member) => ({ intent: "remove", id: String(member.id) }),
    "Remove",
  );
  return (
    <div>
      <PageHeader title="Team">
        <button type="button" className={buttonPrimary} onClick={() => setAdding(true)}>
          Add team member
        </button>
      </PageHeader>
      <p className="mb-4 max-w-3xl text-ink-700">
        Administrators may do everything. Editors write and publish blogs and recipes, moderate comments and
        read the analytics; the rest of the back office is closed to them.
      </p>
      <AdminTable headings={["Name", "Email", "Role", "Two-step sign-in", "Last seen", "Actions"]}>
        {team.map((member) => (
          <tr key={member.id} className="align-top">
            <td className="px-4 py-3 font-medium break-words">
              {member.name || "—"}
              {member.id === you && <span className="ml-2 text-sm font-normal text-ink-700">(you)</span>}
            </td>
            <td className="min-w-48 px-4 py-3 wrap-anywhere">{member.email}</td>
            <td className="px-4 py-3">
              {member.id === you ? roleLabel(member.role) : <RoleForm member={member} />}
            </td>
            <td className="px-4 py-3 whitespace-nowrap">{member.twoStep ? "On" : "Off"}</td>
            <td className="px-4 py-3 whitespace-nowrap">
              {member.lastSeenAt === null ? "Never" : <LocalTime seconds={member.lastSeenAt} />}
            </td>
            <td className="px-4 py-3">
              {member.id !== you && (
                <button type="button" className={buttonDanger} onClick={() => confirmRemove.ask(member)}>
                  Remove
                </button>
              )}
            </td>
          </tr>
        ))}
      </AdminTable>
      {confirmRemove.dialog}
      <Modal open={adding} onClose={() => setAdding(false)} title="Add team member">
        <AddMemberForm onDone={() => setAdding(false)} />
      </Modal>
    </div>
  );
}

/** Another member's role: a choice and its own Save button, so a stray change saves nothing. */
function RoleForm({ member }: { member: TeamMember }) {
  const fetcher = useFetcher<typeof action>();
  useShowToast(fetcher.data?.toast);
  const id = `team-role-${member.id}`;
  return (
    <fetcher.Form method="post" className="flex flex-wrap items-center gap-2">
      <input type="hidden" name="intent" value="role" />
      <input type="hidden" name="id" value={member.id} />
      <label htmlFor={id} className="sr-only">
        Role of {member.email}
      </label>
      <select
        id={id}
        name="role"
        defaultValue={STAFF_ROLES[member.role] ? member.role : EDITOR_ROLE}
        className="rounded-lg border border-ink-900/15 bg-white px-3 py-2"
      >
        {Object.entries(STAFF_ROLES).map(([role, label]) => (
          <option key={role} value={role}>
            {label}
          </option>
        ))}
      </select>
      <button type="submit" className={buttonSecondary} disabled={fetcher.state !== "idle"}>
        Save
      </button>
      {!STAFF_ROLES[member.role] && <span className="text-sm text-ink-700">{roleLabel(member.role)}</span>}
    </fetcher.Form>
  );
}

/** Mounted each time the dialog opens, so every opening starts with an empty form. */
function AddMemberForm({ onDone }: { onDone(): void }) {
  const { minPasswordLength } = useLoaderData<typeof loader>();
  const fetcher = useFetcher<typeof action>();
  useShowToast(fetcher.data?.toast);
  const result = fetcher.data;
  useEffect(() => {
    if (fetcher.state === "idle" && result?.ok) onDone();
  }, [fetcher.state, result, onDone]);
  const failed = result && !result.ok ? result : undefined;
  return (
    <fetcher.Form method="post" noValidate className="space-y-4" aria-label="Add team member">
      <input type="hidden" name="intent" value="add" />
      <Field
        id="team-email"
        field={TEAM_FIELDS.email}
        type="email"
        required
        autoComplete="off"
        errors={failed}
      />
      <Field id="team-name" field={TEAM_FIELDS.name} autoComplete="off" errors={failed} />
      <SelectField
        id="team-role"
        field={TEAM_FIELDS.role}
        defaultValue={failed?.values?.role ?? EDITOR_ROLE}
        error={failed?.fieldErrors?.role}
      >
        {Object.entries(STAFF_ROLES).map(([role, label]) => (
          <option key={role} value={role}>
            {label}
          </option>
        ))}
      </SelectField>
      <Field
        id="team-password"
        field={TEAM_FIELDS.password}
        type="password"
        required
        autoComplete="new-password"
        error={failed?.fieldErrors?.password}
        defaultValue=""
        hint={`At least ${minPasswordLength} characters. Hand it over in person or by another channel; they can change it on their Account screen.`}
      />
      <div className="flex justify-end gap-3 pt-2">
        <button type="submit" className={buttonPrimary} disabled={fetcher.state !== "idle"}>
          {fetcher.state !== "idle" ? "Adding…" : "Add team member"}
        </button>
      </div>
    </fetcher.Form>
  );
}
