/**
 * The kinds of entry in the activity log (/admin/activity), each with the words the screen shows.
 * Pure, so the screen's filter and the server's checks read one list.
 */
export const ACTIVITY_KINDS = {
  sign_in: "Signed in",
  sign_in_failed: "Sign-in failed",
  sign_out: "Signed out",
  password_changed: "Password changed",
  account_changed: "Account details changed",
  two_step_on: "Two-step sign-in turned on",
  two_step_off: "Two-step sign-in turned off",
  recovery_codes_renewed: "New recovery codes made",
  session_ended: "Device signed out",
  team_member_added: "Team member added",
  team_role_changed: "Team member's role changed",
  team_member_removed: "Team member removed",
  blog_published: "Blog published",
  blog_scheduled: "Blog scheduled",
  blog_unpublished: "Blog unpublished",
  blog_deleted: "Blog deleted",
  recipe_published: "Recipe published",
  recipe_scheduled: "Recipe scheduled",
  recipe_unpublished: "Recipe unpublished",
  recipe_deleted: "Recipe deleted",
  page_published: "Page published",
  page_scheduled: "Page scheduled",
  page_unpublished: "Page unpublished",
  page_deleted: "Page deleted",
  destination_added: "Destination added",
  destination_changed: "Destination changed",
  destination_deleted: "Destination deleted",
  comment_approved: "Comment approved",
  comment_unapproved: "Comment unapproved",
  comment_deleted: "Comment deleted",
  comment_spam: "Comment marked as spam",
  comment_not_spam: "Comment marked as not spam",
  rating_approved: "Rating approved",
  rating_unapproved: "Rating unapproved",
  rating_spam: "Rating marked as spam",
  rating_not_spam: "Rating marked as not spam",
  message_spam: "Message marked as spam",
  message_not_spam: "Message marked as not spam",
  user_deleted: "User deleted",
  settings_changed: "Settings changed",
  import: "Import",
  export: "Export",
  backup: "Backup",
  restore: "Restore",
} as const;

export type ActivityKind = keyof typeof ACTIVITY_KINDS;

export function isActivityKind(value: string): value is ActivityKind {
  return Object.hasOwn(ACTIVITY_KINDS, value);
}

/** Why a sign-in failed, in the log's words. */
const SIGN_IN_FAILURES = {
  unknown_email: "no account has this email",
  wrong_password: "wrong password",
  access_denied: "the account has no staff role",
  throttled: "too many attempts",
  wrong_code: "wrong two-step code",
  reused_code: "a two-step code already used",
  expired_challenge: "the two-step step took too long",
} as const;

export type SignInFailure = keyof typeof SIGN_IN_FAILURES;

/** The activity log's detail of a failed sign-in: why, in words, and what else is known. */
export function signInFailureDetail(reason: SignInFailure, more = ""): string {
  return more ? `${SIGN_IN_FAILURES[reason]} (${more})` : SIGN_IN_FAILURES[reason];
}
