import { slugify } from "./slug.ts";

/**
 * The category slug rule: a category is known by the slug of its name, made like a blog slug
 * (accents folded, lower case, spaces to hyphens, other symbols dropped), so "Travel", "travel "
 * and "Trávél" are one category. A name with nothing left to slug (only emoji or symbols) has no
 * page of its own: its chip stays plain text.
 */
export function categorySlug(name: string): string {
  return slugify(name);
}

/** The public page of a category, or null when its name slugs to nothing. */
export function categoryPath(name: string): string | null {
  const slug = categorySlug(name);
  return slug ? `/blogs/category/${slug}` : null;
}
