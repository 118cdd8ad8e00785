import { PAGE_MESSAGES } from "#app/forms/page.fields.ts";
import type { SitePage } from "./content-shapes.ts";
import { escapeHtml } from "./escape-html.ts";
import { FALLBACK_BRAND } from "./site.ts";
import { isOwnedSegment } from "./site-paths.ts";
import { slugify } from "./slug.ts";

/** The address an owner's page asks for, or why it cannot have it (and which field to fix). */
export type PageSlugChoice =
  | { ok: true; slug: string; fromTitle: boolean }
  | { ok: false; field: "slug" | "title"; message: string };

/**
 * The page slug rule: the Slug field when given, else the title, made a slug by the blog slug rule
 * (so "Our Story!" is `our-story`); a path the site answers itself (`blogs`, `admin`, a built-in
 * page…, lib/site-paths.ts) is refused with a message naming it. Uniqueness among pages is the
 * model's to check.
 */
export function choosePageSlug(slugField: string, title: string): PageSlugChoice {
  const fromTitle = slugField.trim() === "";
  const slug = slugify(fromTitle ? title : slugField);
  if (slug === "") {
    return fromTitle
      ? { ok: false, field: "title", message: PAGE_MESSAGES.titleWithoutSlug }
      : { ok: false, field: "slug", message: PAGE_MESSAGES.slugEmpty };
  }
  if (isOwnedSegment(slug)) return { ok: false, field: "slug", message: PAGE_MESSAGES.slugOwned(slug) };
  return { ok: true, slug, fromTitle };
}

/** A page's texts as the public sees them: the site's name where the owner wrote `{siteName}`. */
export function withSiteName(text: string, siteName: string): string {
  return text.replaceAll("{siteName}", siteName);
}

/**
 * A page's texts as readers see them: the site's name (`siteName`, or the fallback brand when the
 * owner has given none) where the owner wrote `{siteName}`.
 */
export function pageForReaders(
  page: Pick<SitePage, "title" | "intro" | "content" | "seoTitle" | "seoDescription">,
  siteName: string,
) {
  const name = siteName || FALLBACK_BRAND;
  const fill = (text: string) => withSiteName(text, name);
  return {
    title: fill(page.title),
    intro: fill(page.intro),
    // Into HTML: the name is escaped (React escapes the other texts itself).
    content: withSiteName(page.content, escapeHtml(name)),
    seoTitle: fill(page.seoTitle),
    // The meta description: the owner's, else the intro.
    description: fill(page.seoDescription || page.intro),
  };
}
