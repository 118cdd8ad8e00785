import { remembered } from "./remembered.ts";

/**
 * The category slug rule: a category is known by the slug of its name. Latin letters are slugged
 * as a blog slug slugs them (accents folded, lower case, letters with nothing to fold to such as
 * "ø" or "ß" dropped), so "Travel", "travel " and "Trávél" are one category, `travel`, and no
 * Latin name's slug differs from the blog slug rule's. Letters and digits of every other script
 * are kept, in lower case after NFKC (so "東京" is `東京` and "Кухня" is `кухня`), with the marks
 * that belong to them (a Devanagari vowel sign, say). Spaces become hyphens; other symbols and
 * emoji are dropped. A name with nothing left to slug (only emoji or symbols) has no page of its
 * own: its chip stays plain text.
 *
 * A page shows a chip per card and the rule works character by character, so slugs are remembered
 * by name (a site has few categories; the bound only guards against many).
 */
export const categorySlug: (name: string) => string = remembered(slugOf, 1000);

function slugOf(name: string): string {
  let slug = "";
  // Whether the last character kept was another script's: a combining mark after it is part of it.
  let inOtherScript = false;
  for (const char of name.normalize("NFKC").toLowerCase()) {
    if (OTHER_SCRIPT.test(char) || (inOtherScript && /\p{M}/u.test(char))) {
      slug += char;
      inOtherScript = true;
      continue;
    }
    inOtherScript = false;
    slug += /\s/u.test(char) ? "-" : asBlogSlug(char);
  }
  return slug
    .replace(/_+/g, "_")
    .replace(/-{2,}/g, "-")
    .replace(/^-+|-+$/g, "");
}

/**
 * A letter or digit of another script than Latin: not one Latin text uses (ASCII, "é", "ø", the
 * "ʻ" of "Hawaiʻi"), but one other scripts do (including a letter several of them share, such as
 * the Japanese long-vowel mark of "ラーメン").
 */
const OTHER_SCRIPT = /(?![\p{scx=Latin}\p{scx=Common}\p{scx=Inherited}])[\p{L}\p{N}]/u;

/** One character as the blog slug rule leaves it: accents folded, only a-z, 0-9, "_" and "-" kept. */
function asBlogSlug(char: string): string {
  return char
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^\w-]+/g, "");
}

/** The public page of a category slug, percent-encoded for an href, a redirect or a sitemap. */
export function categorySlugPath(slug: string): string {
  return `/blogs/category/${encodeURIComponent(slug)}`;
}

/** The public page of a category, or null when its name slugs to nothing. */
export function categoryPath(name: string): string | null {
  const slug = categorySlug(name);
  return slug ? categorySlugPath(slug) : null;
}
