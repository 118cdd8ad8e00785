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
  EmptyState,
  PageHeader,
} from "#app/components/admin/ui.tsx";
import { Field } from "#app/components/form.tsx";
import { LocalTime } from "#app/components/local-time.tsx";
import { Pagination } from "#app/components/pagination.tsx";
import { ADMIN_ACTION_MESSAGES } from "#app/forms/admin-actions.fields.ts";
import { userActions } from "#app/forms/admin-actions.ts";
import { USER_FIELDS } from "#app/forms/user.fields.ts";
import { requireAdminRequest } from "#app/server/auth/admin-guard.server.ts";
import { adminActor } from "#app/server/http/actor.server.ts";
import { adminOk, adminWriteFailed, deleteRow } from "#app/server/http/admin-result.server.ts";
import { adminFormRefused, readForm } from "#app/server/http/forms.server.ts";
import { loadOrFail } from "#app/server/http/load-failure.server.ts";
import { addUser, deleteUser, listUsersPage, type UserListItem } from "#app/server/models/users.server.ts";
import type { Route } from "./+types/manage-users";

export const USERS_LOAD_FAILED = "Failed to fetch users.";
export const USER_DELETED = "User deleted successfully";
export const USER_DELETE_FAILED = ADMIN_ACTION_MESSAGES.userDeleteFailed;
export const USER_ADDED = "User added";

export async function loader({ request }: Route.LoaderArgs) {
  const { db } = await requireAdminRequest(request);
  const page = Number(new URL(request.url).searchParams.get("page") ?? "1");
  const users = await loadOrFail({ heading: "Users", message: USERS_LOAD_FAILED }, () =>
    listUsersPage(db, page),
  );
  return { users };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db, admin } = await requireAdminRequest(request);
  const form = await readForm(request, userActions);
  if (!form.ok) return adminFormRefused(form, { summary: "Please correct the fields marked below." });
  const posted = form.data;
  if (posted.intent === "delete") {
    return deleteRow(posted.id, (id) => deleteUser(db, adminActor(admin, context), id), {
      deleted: USER_DELETED,
      failed: USER_DELETE_FAILED,
    });
  }
  const { intent: _, ...user } = posted;
  try {
    await addUser(db, user);
  } catch (err) {
    return adminWriteFailed(err, "admin users: add failed", "Error adding user.");
  }
  return adminOk(USER_ADDED);
}

export const meta: Route.MetaFunction = () => [
  { title: "Users | Admin" },
  { name: "robots", content: "noindex" },
];

/** A reader's subscription as the Users table says it. */
const SUBSCRIPTION_LABELS = {
  pending: "Awaiting confirmation",
  subscribed: "Subscribed",
  unsubscribed: "Unsubscribed",
  bounced: "Bounced",
} as const;

/** A missing full name shows N/A, a missing phone shows -. */
function orNa(value: string) {
  return value.trim() || "N/A";
}

export default function ManageUsers() {
  const { users } = useLoaderData<typeof loader>();
  const [adding, setAdding] = useState(false);
  // While the Add User dialog is open the page behind it is hidden from assistive technology too
  // (the modal already makes it inert). Set after the dialog has taken focus, cleared at once on close.
  const [dialogShown, setDialogShown] = useState(false);
  useEffect(() => setDialogShown(adding), [adding]);
  const backgroundHidden = adding && dialogShown;
  const deleter = useFetcher<typeof action>({ key: "delete-user" });
  useShowToast(deleter.data?.toast);
  const confirmDelete = useConfirmDelete(
    deleter,
    (user: UserListItem) => `Are you sure you want to delete user "${user.fullName.trim() || user.email}"?`,
    (user) => ({ intent: "delete", id: String(user.id) }),
  );
  const deletingId = deleter.state !== "idle" ? deleter.formData?.get("id") : null;

  return (
    <div>
      <div aria-hidden={backgroundHidden || undefined}>
        <PageHeader title="Users">
          <a href="/admin/manage-users/subscribers.csv" download className={buttonSecondary}>
            Export subscribers (CSV)
          </a>
          <button type="button" className={buttonPrimary} onClick={() => setAdding(true)}>
            Add User
          </button>
        </PageHeader>
        {users.items.length === 0 ? (
          <EmptyState>No users found.</EmptyState>
        ) : (
          <>
            <p className="mb-3 text-sm text-ink-700">
              {users.total === 1 ? "1 user" : `${users.total} users`}, newest first.
            </p>
            <AdminTable
              headings={["Full Name", "Email", "Phone", "Registered On", "Subscription", "Actions"]}
            >
              {users.items.map((u) => (
                <tr key={u.id} className="align-top">
                  <td className="px-4 py-3 font-medium break-words">{orNa(u.fullName)}</td>
                  <td className="min-w-48 px-4 py-3 wrap-anywhere">{u.email}</td>
                  <td className="px-4 py-3 whitespace-nowrap">{u.phone.trim() || "-"}</td>
                  <td className="px-4 py-3 whitespace-nowrap">
                    <LocalTime seconds={u.createdAt} />
                  </td>
                  <td className="px-4 py-3 whitespace-nowrap">{SUBSCRIPTION_LABELS[u.subscription]}</td>
                  <td className="px-4 py-3">
                    <button
                      type="button"
                      className={buttonDanger}
                      disabled={deletingId === String(u.id)}
                      onClick={() => confirmDelete.ask(u)}
                    >
                      Delete
                    </button>
                  </td>
                </tr>
              ))}
            </AdminTable>
            <Pagination page={users.page} pageCount={users.pageCount} basePath="/admin/manage-users" />
          </>
        )}
      </div>

      {confirmDelete.dialog}
      <AddUserModal open={adding} onClose={() => setAdding(false)} />
    </div>
  );
}

function AddUserModal({ open, onClose }: { open: boolean; onClose(): void }) {
  return (
    <Modal open={open} onClose={onClose} title="Add User">
      <AddUserForm onDone={onClose} />
    </Modal>
  );
}

/** Mounted each time the modal opens, so every opening starts with an empty form. */
function AddUserForm({ onDone }: { onDone(): void }) {
  const fetcher = useFetcher<typeof action>();
  useShowToast(fetcher.data?.toast);
  const result = fetcher.data;
  const submitting = fetcher.state !== "idle";
  useEffect(() => {
    if (fetcher.state === "idle" && result?.ok) onDone();
  }, [fetcher.state, result, onDone]);
  const failed = result && !result.ok ? result : undefined;
  return (
    <fetcher.Form method="post" noValidate className="space-y-4" aria-label="Add User">
      <input type="hidden" name="intent" value="add" />
      <Field
        id="add-user-fullName"
        field={USER_FIELDS.fullName}
        required
        autoComplete="off"
        errors={failed}
      />
      <Field
        id="add-user-email"
        field={USER_FIELDS.email}
        type="email"
        required
        autoComplete="off"
        errors={failed}
      />
      <Field id="add-user-phone" field={USER_FIELDS.phone} type="tel" autoComplete="off" errors={failed} />
      <div className="flex justify-end gap-3 pt-2">
        <button type="submit" className={buttonPrimary} disabled={submitting}>
          {submitting ? "Saving…" : "Add User"}
        </button>
      </div>
    </fetcher.Form>
  );
}
