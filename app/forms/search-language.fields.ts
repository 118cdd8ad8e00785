import { defineFields } from "./common.fields.ts";

/** The search form of /admin/settings: the language site search stems words in (decision 024). */
export const SEARCH_LANGUAGE_FIELDS = defineFields({
  language: { label: "Search language" },
});

export const SEARCH_LANGUAGE_UNKNOWN = "Choose a language from the list.";
