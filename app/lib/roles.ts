/**
 * Who may use the back office (docs/decisions/033-the-editor-role.md). The spec knows one role,
 * `all`, the administrator; an account with any other role gets "Access denied". An **editor** is
 * the second staff role: it signs in, writes and publishes blogs and recipes, moderates comments and
 * reads the analytics, and manages its own account. Everything that shapes the site or reaches its
 * people's data (users, messages, newsletter settings, pages, destinations, navigation, design,
 * settings, code injection, import, export, the activity log, the popup) stays the administrator's.
 */
export const ADMIN_ROLE = "all";
export const EDITOR_ROLE = "editor";

/** What a route asks of the account: the administrator alone, or anyone on the staff. */
export type AdminAccess = "administrator" | "staff";

/** The roles create-admin accepts, with the words the back office shows for them. */
export const STAFF_ROLES: Readonly<Record<string, string>> = {
  [ADMIN_ROLE]: "Administrator",
  [EDITOR_ROLE]: "Editor",
};

/** Whether `role` may sign in to the back office at all. */
export const isStaffRole = (role: string): boolean => Object.hasOwn(STAFF_ROLES, role);

/** Whether an account of `role` may open what asks for `access`. */
export function roleAllows(role: string, access: AdminAccess): boolean {
  if (role === ADMIN_ROLE) return true;
  return access === "staff" && isStaffRole(role);
}

/** What a signed-in editor reads on a screen or action that is the administrator's alone (403). */
export const ADMINISTRATOR_ONLY = {
  heading: "For the administrator",
  message:
    "Only the site's administrator can open this. Your editor account can write blogs and recipes, moderate comments and read the analytics.",
} as const;
