import { defineFields } from "./common.fields.ts";

/**
 * The navigation editor's fields: each menu's rows as repeated fields (a row's label, link and, in
 * the header, whether it sits under the item above), the version the editor was opened at, and
 * the button pressed (`op`: save, or a move that works without JavaScript).
 */
export const NAVIGATION_FIELDS = defineFields({
  headerLabel: { label: "Label" },
  headerLink: { label: "Link" },
  headerLevel: { label: "Sub-item" },
  footerLabel: { label: "Label" },
  footerLink: { label: "Link" },
  version: { label: "Version" },
  op: { label: "Action" },
});

/** `headerLevel`'s values: a top-level item, or a sub-item of the item above. */
export const NAV_LEVELS = { top: "top", child: "child" } as const;
