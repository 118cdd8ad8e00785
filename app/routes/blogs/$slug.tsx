import { data, redirect, useActionData, useLoaderData, useNavigation, useSearchParams } from "react-router";
import { BlogComments } from "#app/components/blog-comments.tsx";
import { BlogArticle, blogMeta } from "#app/components/blog-page.tsx";
import { errorPageTitle } from "#app/components/error-page.tsx";
import { RecipeRatings } from "#app/components/recipe-ratings.tsx";
import { RelatedPosts } from "#app/components/related-posts.tsx";
import { RouteErrorBoundary } from "#app/components/route-error-boundary.tsx";
import { commentSchema } from "#app/forms/comment.ts";
import { imageSources } from "#app/lib/images.ts";
import { siteNameOf } from "#app/lib/meta.ts";
import { aggregateRatingJsonLd } from "#app/lib/ratings.ts";
import { recipeJsonLd } from "#app/lib/recipe-json-ld.ts";
import { pageTitle } from "#app/lib/site.ts";
import { flagParameter, publicCache } from "#app/server/cache/public-cache.server.ts";
import { getDb } from "#app/server/db/db.server.ts";
import { publicFormRefused, publicWrite, readForm } from "#app/server/http/forms.server.ts";
import { siteOrigin } from "#app/server/http/origin.server.ts";
import { ratingFlagParameter } from "#app/server/http/rating-action.server.ts";
import { injectedCodeContext, requestInfoContext } from "#app/server/http/request-context.server.ts";
import { addCommentNoticed } from "#app/server/mail/notifications.server.ts";
import { uploadsBase } from "#app/server/media/public-uploads.server.ts";
import { findBlogBySlug } from "#app/server/models/blogs.server.ts";
import { approvedComments } from "#app/server/models/comments.server.ts";
import { getEarningSettings } from "#app/server/models/earning.server.ts";
import { publishedRecipeById } from "#app/server/models/featured-recipes.server.ts";
import { ratingSummaryOf } from "#app/server/models/ratings.server.ts";
import { relatedBlogs } from "#app/server/models/related.server.ts";
import type { Route } from "./+types/$slug";

/** What the page says after a comment: awaiting moderation, or (a known commenter) published. */
const COMMENT_FLAGS = { pending: "sent", published: "published" } as const;

async function loadBlog(slug: string) {
  const db = await getDb();
  const found = await findBlogBySlug(db, slug);
  if (!found) throw data(null, { status: 404 });
  // An old slug of a renamed blog keeps working (a permanent redirect).
  if ("redirectTo" in found) throw redirect(`/blogs/${found.redirectTo}`, 301);
  return { db, blog: found.blog, pageCode: found.pageCode, featuredRecipeId: found.featuredRecipeId };
}

/** The answer is the same for every visitor: shared from the response cache. */
export const middleware: Route.MiddlewareFunction[] = [
  publicCache({
    query: {
      comment: flagParameter(COMMENT_FLAGS.pending, COMMENT_FLAGS.published),
      rating: ratingFlagParameter,
    },
  }),
];

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { db, blog, pageCode: code, featuredRecipeId: featured } = await loadBlog(params.slug);
  const origin = siteOrigin(request);
  const image = imageSources(blog.image, 1600)?.src;
  // Side by side: on PostgreSQL each is a round trip. The featured recipe's ratings are read
  // with it, and used only if it turns out published.
  const [comments, related, recipe, recipeRatings, disclosure] = await Promise.all([
    approvedComments(db, blog.id),
    relatedBlogs(db, blog),
    featured === null ? null : publishedRecipeById(db, featured),
    featured === null ? null : ratingSummaryOf(db, { id: featured }),
    blog.showDisclosure ? getEarningSettings(db).then((e) => e.disclosure) : "",
  ]);
  const ratings = recipe ? recipeRatings : null;
  // The featured recipe's own JSON-LD, ratings included (search engines show a blog's recipe),
  // made here: the meta function runs in the browser too, and the JSON-LD's code is the recipe
  // card's, which a blog loads only when it shows the card.
  const recipeUrl = recipe ? `${origin}/recipes/${recipe.slug}` : "";
  const recipeImage = recipe ? imageSources(recipe.image, 1600)?.src : undefined;
  const recipeLd =
    recipe && ratings
      ? {
          ...recipeJsonLd(recipe, {
            url: recipeUrl,
            imageUrl: recipeImage ? new URL(recipeImage, origin).href : undefined,
            siteName: "",
          }),
          ...aggregateRatingJsonLd(ratings),
        }
      : null;
  // The blog's own code goes into the document as it is rendered, never into the page's data.
  context.get(injectedCodeContext).page = { head: code.header.code, foot: code.footer.code };
  return {
    blog,
    comments,
    related,
    recipe,
    ratings,
    recipeLd,
    disclosure,
    ownCode: Boolean(code.header.code || code.footer.code),
    url: `${origin}/blogs/${blog.slug}`,
    imageUrl: image ? new URL(image, origin).href : undefined,
    uploadsBase: uploadsBase(),
  };
}

/**
 * Reached from another page of the site, a blog with code of its own is loaded as a whole page:
 * its code runs only in a document the server renders (entry.server.tsx).
 */
export async function clientLoader({ serverLoader, request }: Route.ClientLoaderArgs) {
  const data = await serverLoader();
  if (!data.ownCode) return data;
  window.location.assign(request.url);
  return new Promise<never>(() => {});
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const { db, blog } = await loadBlog(params.slug);
  const checked = await readForm(request, commentSchema, {
    publicForm: { db, name: "comment", ip: context.get(requestInfoContext).ip },
  });
  if (!checked.ok) return publicFormRefused(checked);
  const added = await publicWrite(checked.values, () => addCommentNoticed(db, blog, checked.data));
  if (!added.ok) return publicFormRefused(added.refusal);
  const { approved } = added.value;
  // Pending until approved: it moves no content version (migration 004), so no cache is emptied.
  // Post/Redirect/Get: a reload cannot post the comment twice, and the page the visitor lands on
  // is the blog's cached page plus a flag, not a fresh render for every comment.
  const flag = approved ? COMMENT_FLAGS.published : COMMENT_FLAGS.pending;
  return redirect(`/blogs/${blog.slug}?comment=${flag}#comments`, 303);
}

export const meta: Route.MetaFunction = ({ loaderData, matches, error }) => {
  if (!loaderData) return [{ title: pageTitle(errorPageTitle(error), siteNameOf(matches)) }];
  const { blog, url, imageUrl, recipeLd } = loaderData;
  const meta = blogMeta(blog, url, imageUrl);
  if (!recipeLd) return meta;
  const author = { "@type": "Organization", name: siteNameOf(matches) };
  return [...meta, { "script:ld+json": { ...recipeLd, author } }];
};

/** The public page's comments section; its form posts to this route's action. */
function Comments() {
  const { comments, blog } = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const submitting = useNavigation().state === "submitting";
  const flag = searchParams.get("comment");
  const sent =
    flag === COMMENT_FLAGS.published ? "published" : flag === COMMENT_FLAGS.pending ? "pending" : false;
  return (
    <BlogComments
      comments={comments}
      blogTitle={blog.title}
      form={{ kind: "public", sent, submitting, failed }}
    />
  );
}

export default function BlogDetail() {
  const { blog, related, recipe, ratings, disclosure, uploadsBase } = useLoaderData<typeof loader>();
  return (
    <>
      <BlogArticle
        blog={blog}
        uploadsBase={uploadsBase}
        recipe={recipe}
        disclosure={disclosure}
        ratings={ratings ?? undefined}
      >
        {recipe && ratings && <RecipeRatings recipe={recipe} summary={ratings} from={blog.slug} />}
      </BlogArticle>
      <RelatedPosts posts={related} />
      <Comments />
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary };
