import { defineFields } from "./common.fields.ts";

/**
 * The publication controls the blog and recipe forms share. The form's main submit and **Save
 * draft** are two buttons with the same `name` (`publication`); their value says which was pressed.
 * **Publish at** is a `datetime-local` value in the admin's own time zone, and the hidden
 * `publishZone` names that zone (the browser fills it in; without JavaScript it stays "UTC").
 */
export const PUBLICATION_FIELDS = defineFields({
  publication: { label: "Publication" },
  publishAt: { label: "Publish at", max: 19 },
  publishZone: { label: "Time zone", max: 64 },
});

export const PUBLICATION_INTENTS = { publish: "publish", draft: "draft" } as const;

/** The zone a Publish at value is read in when the browser has not said (no JavaScript). */
export const FALLBACK_ZONE = "UTC";

export const PUBLICATION_MESSAGES = {
  saveDraft: "Save draft",
  notADateTime: "Publish at must be a real date and time.",
  unknownZone: "The time zone of Publish at is not one this server knows.",
  blogDraftSaved: "Blog saved as a draft.",
  recipeDraftSaved: "Recipe saved as a draft.",
};
