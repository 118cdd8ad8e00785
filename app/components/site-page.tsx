import type { SitePage } from "#app/lib/content-shapes.ts";
import { PageHero } from "./page-hero.tsx";

/**
 * One of the site's pages as readers see it (About Us, the privacy policy, an owner's page): the
 * title and intro in the dark band, then the content, sanitized HTML from the blog editor.
 */
export function SitePageArticle({
  page,
  minHeight = false,
}: {
  page: Pick<SitePage, "title" | "intro" | "content">;
  /** The spec's 60vh minimum (the about page). */
  minHeight?: boolean;
}) {
  return (
    <div className={minHeight ? "min-h-[60vh]" : undefined}>
      <PageHero title={page.title}>{page.intro || undefined}</PageHero>
      <div className="mx-auto max-w-3xl px-4 py-16 sm:px-6">
        <div
          className="prose-blog"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by the model on write and on read
          dangerouslySetInnerHTML={{ __html: page.content }}
        />
      </div>
    </div>
  );
}
