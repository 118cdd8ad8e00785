/**
 * A blog as its newsletter mail: the facts newsletter-mail.server.tsx renders, read from the
 * database as they are now (called once per send, when it starts). Every link is absolute
 * (PUBLIC_URL); the unsubscribe link is a placeholder each reader's copy fills in.
 */
import { totalMinutes } from "#app/lib/durations.ts";
import { type ImageRef, imageSources, linkUploadsAt } from "#app/lib/images.ts";
import { onFirstUse } from "#app/lib/on-first-use.ts";
import type { DB } from "#app/server/db/db.server.ts";
import { siteUrl } from "#app/server/mail/notifications.server.ts";
import type { MailContent } from "#app/server/mail/templates.server.ts";
import { uploadsBase } from "#app/server/media/public-uploads.server.ts";
import { findBlogById } from "#app/server/models/blogs.server.ts";
import { publishedFeaturedRecipe } from "#app/server/models/featured-recipes.server.ts";
import { getNewsletterSettings, getSiteInfo } from "#app/server/models/settings.server.ts";
import { UNSUBSCRIBE_URL_PLACEHOLDER } from "./personalise.server.ts";

/**
 * The mail template (react-email, several MB) is loaded when a mail is first built, not at start:
 * only sending a newsletter or its test mail builds one.
 */
const loadTemplate = onFirstUse(() => import("./newsletter-mail.server.tsx"));

/** An image's absolute address at a width mail programs show well (600 px at 2x density). */
function mailImage(ref: ImageRef): string | null {
  const src = imageSources(ref, 960)?.src;
  return src ? siteUrl(src) : null;
}

/**
 * A link of the mail to a page of this site, tagged for the analytics (DESIGN §2, "analytics"):
 * `utm_source=newsletter&utm_medium=email&utm_campaign=<the blog's slug>`, so /admin/analytics
 * shows the visits each send brought (its campaign is the blog's slug).
 */
function newsletterLink(path: string, blogSlug: string): string {
  const url = new URL(siteUrl(path));
  url.searchParams.set("utm_source", "newsletter");
  url.searchParams.set("utm_medium", "email");
  url.searchParams.set("utm_campaign", blogSlug);
  return url.href;
}

/** The mail of blog `blogId` (null: no such blog). */
export async function renderBlogMail(db: DB, blogId: number): Promise<MailContent | null> {
  const blog = await findBlogById(db, blogId);
  if (!blog) return null;
  const [site, settings, recipe] = await Promise.all([
    getSiteInfo(db),
    getNewsletterSettings(db),
    publishedFeaturedRecipe(db, blogId),
  ]);
  const { newsletterMail } = await loadTemplate();
  return newsletterMail({
    site: {
      name: site.name,
      url: siteUrl("/"),
      address: [site.address, site.addressCity].filter(Boolean).join(", "),
    },
    blog: {
      title: blog.title,
      url: newsletterLink(`/blogs/${blog.slug}`, blog.slug),
      html: linkUploadsAt(blog.content, uploadsBase()),
      excerpt: blog.excerpt,
      author: blog.author,
      date: blog.date,
      imageUrl: mailImage(blog.image),
      imageAlt: blog.imageAlt,
    },
    recipe: recipe && {
      title: recipe.title,
      url: newsletterLink(`/recipes/${recipe.slug}`, blog.slug),
      short: recipe.short,
      imageUrl: mailImage(recipe.image),
      imageAlt: recipe.imageAlt,
      totalMinutes: totalMinutes(recipe),
      servings: recipe.servings,
    },
    fullText: settings.fullText,
    unsubscribeUrl: UNSUBSCRIBE_URL_PLACEHOLDER,
  });
}
