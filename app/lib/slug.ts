/** Letters with accents become their base letter, so "Café" keeps its "e". */
function foldAccents(text: string): string {
  return text.normalize("NFKD").replace(/[\u0300-\u036f]/g, "");
}

/**
 * Blog and recipe slug: lower case, trimmed, spaces to hyphens, other non-word
 * characters removed. Runs of hyphens collapse and edge hyphens go, so a URL never reads "a--b-".
 */
export function slugify(title: string): string {
  return foldAccents(title)
    .toLowerCase()
    .trim()
    .replace(/\s+/g, "-")
    .replace(/[^\w-]+/g, "")
    .replace(/_+/g, "_")
    .replace(/-{2,}/g, "-")
    .replace(/^-+|-+$/g, "");
}

/** Destination slug: lower case, commas removed, whitespace runs to one hyphen. */
export function destinationSlug(name: string): string {
  return name.toLowerCase().replace(/,/g, "").trim().replace(/\s+/g, "-");
}

/** SEO keywords: split on commas, trimmed, empty ones dropped, rejoined with ", ". */
export function normalizeKeywords(keywords: string): string {
  return keywords
    .split(",")
    .map((k) => k.trim())
    .filter(Boolean)
    .join(", ");
}
