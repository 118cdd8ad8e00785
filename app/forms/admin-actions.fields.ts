/**
 * The messages of the back office's list-screen forms (admin-actions.ts builds their schemas): here,
 * apart from Zod, so a screen's component may show them without Zod reaching the browser.
 */
export const UNKNOWN_ACTION = "Unknown action.";

export const ADMIN_ACTION_MESSAGES = {
  userDeleteFailed: "Error deleting user.",
  commentUpdateFailed: "Failed to update comment status",
  imageGone: "Error deleting image: it no longer exists.",
  importGone: "This import no longer exists.",
  numbersDeleteFailed: "Error deleting site numbers.",
};
