import type { ReactNode } from "react";
import type { MetaDescriptor } from "react-router";
import type { Blog } from "#app/lib/content-shapes.ts";
import { formatLongDate, parseDateInput } from "#app/lib/dates.ts";
import { linkUploadsAt } from "#app/lib/images.ts";
import type { RatingSummary } from "#app/lib/ratings.ts";
import { DEFAULT_SEO_DESCRIPTION, DEFAULT_SEO_KEYWORDS } from "#app/lib/seo.ts";
import { CategoryChip } from "./category-chip.tsx";
import { FeaturedRecipe, JumpToRecipe } from "./featured-recipe.tsx";
import { LeadImage } from "./images.tsx";
import { LocalTime } from "./local-time.tsx";
import type { RecipeCardData } from "./recipe-card.tsx";
import { SiteLink } from "./site-link.tsx";

/** What a blog's public page shows and describes: the saved blog, or a preview's unsaved values. */
export type BlogPageData = Pick<
  Blog,
  | "title"
  | "content"
  | "author"
  | "date"
  | "category"
  | "image"
  | "seoTitle"
  | "seoDescription"
  | "seoKeywords"
  | "createdAt"
  | "updatedAt"
  | "publishAt"
  | "imageAlt"
  | "showDisclosure"
>;

/** The head of a blog's public page: title, description, Open Graph and the BlogPosting JSON-LD. */
export function blogMeta(blog: BlogPageData, url: string, imageUrl: string | undefined): MetaDescriptor[] {
  const title = blog.seoTitle || blog.title;
  const description = blog.seoDescription || DEFAULT_SEO_DESCRIPTION;
  const published = parseDateInput(blog.date)?.toISOString() ?? new Date(blog.createdAt * 1000).toISOString();
  const jsonLd = {
    "@context": "https://schema.org",
    "@type": "BlogPosting",
    headline: blog.title,
    description,
    author: { "@type": "Person", name: blog.author },
    datePublished: published,
    dateModified: new Date(blog.updatedAt * 1000).toISOString(),
    mainEntityOfPage: url,
    url,
    ...(imageUrl ? { image: { "@type": "ImageObject", url: imageUrl, caption: blog.imageAlt } } : {}),
    ...(blog.seoKeywords ? { keywords: blog.seoKeywords } : {}),
  };
  return [
    { title },
    { name: "description", content: description },
    { name: "keywords", content: blog.seoKeywords || DEFAULT_SEO_KEYWORDS },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: "article" },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    ...(imageUrl ? [{ property: "og:image", content: imageUrl }] : []),
    ...(imageUrl ? [{ property: "og:image:alt", content: blog.imageAlt }] : []),
    { property: "article:published_time", content: published },
    { "script:ld+json": jsonLd },
  ];
}

/** The body of a blog's public page (without its comments); the preview shows the same. */
export function BlogArticle({
  blog,
  uploadsBase,
  recipe,
  scaling,
  disclosure = "",
  ratings,
  children,
}: {
  blog: BlogPageData;
  /** Where readers fetch uploads (uploadsBase() on the server, sent in the loader's data). */
  uploadsBase: string;
  recipe?: RecipeCardData | null;
  /** The featured card's servings and address on a preview (see FeaturedRecipe). */
  scaling?: { servings: number; at: string };
  /** The site's affiliate disclosure: shown above the body when the blog's switch is on. */
  disclosure?: string;
  /** The featured recipe's approved ratings (the public page; a preview has none). */
  ratings?: RatingSummary;
  /** What follows the recipe card on the public page: its rating section. */
  children?: ReactNode;
}) {
  return (
    <article>
      <header className="bg-ink-900 text-white">
        <div className="mx-auto max-w-3xl px-4 pt-32 pb-12 sm:px-6 sm:pt-36">
          {blog.category && (
            <p className="font-semibold tracking-wider text-sand-200 uppercase">
              <CategoryChip name={blog.category} className="hover:text-white hover:underline" />
            </p>
          )}
          <h1 className="mt-3 font-serif text-4xl leading-tight font-semibold sm:text-5xl">{blog.title}</h1>
          <p className="mt-5 text-lg text-white/85">
            By <span className="font-semibold text-white">{blog.author}</span> · {formatLongDate(blog.date)}
          </p>
          {blog.publishAt !== null && blog.updatedAt > blog.publishAt && (
            <p className="mt-2 text-white/85" data-testid="last-updated">
              Last updated <LocalTime seconds={blog.updatedAt} />
            </p>
          )}
          {recipe && <JumpToRecipe slug={recipe.slug} />}
        </div>
      </header>
      <div className="mx-auto -mt-1 max-w-5xl px-4 sm:px-6">
        <LeadImage image={blog.image} alt={blog.imageAlt} height={1000} aspect="aspect-[16/10]" />
      </div>
      {blog.showDisclosure && disclosure.trim() && <Disclosure text={disclosure} />}
      <div
        className="prose-blog mx-auto max-w-3xl px-4 py-12 sm:px-6"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by the model on write and on read, and by the preview before it renders
        dangerouslySetInnerHTML={{ __html: linkUploadsAt(blog.content, uploadsBase) }}
      />
      {recipe && <FeaturedRecipe recipe={recipe} scaling={scaling} ratings={ratings} />}
      {children}
      <div className="mx-auto max-w-3xl px-4 pb-12 sm:px-6">
        <SiteLink to="/blogs" className="font-semibold text-sea-700 hover:text-sea-800">
          ← All stories
        </SiteLink>
      </div>
    </article>
  );
}

/** The affiliate disclosure above a blog's body (DESIGN §2, "earning"): plain text, a paragraph per blank line. */
function Disclosure({ text }: { text: string }) {
  const paragraphs = text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
  return (
    <aside aria-label="Disclosure" data-testid="disclosure" className="mx-auto mt-10 max-w-3xl px-4 sm:px-6">
      <div className="space-y-2 rounded-xl bg-sand-100 px-5 py-4 text-ink-700">
        {paragraphs.map((p, i) => (
          <p key={i} className="whitespace-pre-line">
            {p}
          </p>
        ))}
      </div>
    </aside>
  );
}
