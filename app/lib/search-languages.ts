/**
 * The languages site search can stem words in (decision 024), with the names the settings screen
 * shows. Kept apart from the stemmers themselves (app/lib/search.ts) so the admin's page can list
 * them without shipping a stemmer to the browser.
 */
export const SEARCH_LANGUAGES = [
  { code: "english", label: "English" },
  { code: "danish", label: "Danish" },
  { code: "dutch", label: "Dutch" },
  { code: "finnish", label: "Finnish" },
  { code: "french", label: "French" },
  { code: "german", label: "German" },
  { code: "italian", label: "Italian" },
  { code: "norwegian", label: "Norwegian" },
  { code: "portuguese", label: "Portuguese" },
  { code: "spanish", label: "Spanish" },
  { code: "swedish", label: "Swedish" },
  { code: "none", label: "Another language (whole words only)" },
] as const;

export type SearchLanguage = (typeof SEARCH_LANGUAGES)[number]["code"];

const CODES = new Set<string>(SEARCH_LANGUAGES.map((l) => l.code));

export function isSearchLanguage(value: unknown): value is SearchLanguage {
  return typeof value === "string" && CODES.has(value);
}
