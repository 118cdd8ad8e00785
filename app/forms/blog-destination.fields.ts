import { defineFields } from "./common.fields.ts";

/** The blog form's optional "Destination": a destination's id, or empty for none. */
export const BLOG_DESTINATION_FIELDS = defineFields({
  destination: { label: "Destination" },
});

export const BLOG_DESTINATION_MESSAGES = {
  notInList: "Choose a destination from the list.",
};
