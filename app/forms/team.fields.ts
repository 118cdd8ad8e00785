import { defineFields, EMAIL_MAX } from "./common.fields.ts";

/** /admin/team: adding someone to the back office (decision 033). */
export const TEAM_FIELDS = defineFields({
  email: { label: "Email", max: EMAIL_MAX },
  name: { label: "Name", max: 100 },
  role: { label: "Role", max: 20 },
  password: { label: "First password", max: 1024 },
});

export const TEAM_MESSAGES = {
  added: "Team member added",
  roleChanged: "Role changed",
  removed: "Team member removed",
  emailTaken: "An account already uses this email.",
  unknownRole: "Choose Administrator or Editor.",
  yourself: "You cannot change your own role or remove yourself here.",
  gone: "This account no longer exists.",
  lastAdministrator: "The site needs at least one administrator.",
  failed: "The team could not be changed. Please try again.",
} as const;
