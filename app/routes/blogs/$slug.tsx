import {
  data,
  Form,
  redirect,
  useActionData,
  useLoaderData,
  useNavigation,
  useSearchParams,
} from "react-router";
import { BlogArticle, blogMeta } from "#app/components/blog-page.tsx";
import { Field, FormError, Honeypot, SubmitButton } from "#app/components/form.tsx";
import { LocalTime } from "#app/components/local-time.tsx";
import { RelatedPosts } from "#app/components/related-posts.tsx";
import { RouteErrorBoundary } from "#app/components/route-error-boundary.tsx";
import { COMMENT_FIELDS as C } from "#app/forms/comment.fields.ts";
import { commentSchema } from "#app/forms/comment.ts";
import { imageSources } from "#app/lib/images.ts";
import { flagParameter, publicCache } from "#app/server/cache/public-cache.server.ts";
import { getDb } from "#app/server/db/db.server.ts";
import { siteOrigin } from "#app/server/http/origin.server.ts";
import { checkPublicForm } from "#app/server/http/public-forms.server.ts";
import { requestInfoContext } from "#app/server/http/request-context.server.ts";
import { addCommentNoticed } from "#app/server/mail/notifications.server.ts";
import { uploadsBase } from "#app/server/media/public-uploads.server.ts";
import { findBlogBySlug } from "#app/server/models/blogs.server.ts";
import { approvedComments } from "#app/server/models/comments.server.ts";
import { publishedFeaturedRecipe } from "#app/server/models/featured-recipes.server.ts";
import { relatedBlogs } from "#app/server/models/related.server.ts";
import type { Route } from "./+types/$slug";

/** Query flag of the page a posted comment redirects to; it shows the message below. */
const COMMENT_SENT_FLAG = "comment=sent";

export const COMMENT_PENDING_MESSAGE =
  "Thank you! Your comment is awaiting moderation and will appear once approved.";

async function loadBlog(slug: string) {
  const db = await getDb();
  const found = await findBlogBySlug(db, slug);
  if (!found) throw data(null, { status: 404 });
  // An old slug of a renamed blog keeps working (a permanent redirect).
  if ("redirectTo" in found) throw redirect(`/blogs/${found.redirectTo}`, 301);
  return { db, blog: found.blog };
}

/** The answer is the same for every visitor: shared from the response cache. */
export const middleware: Route.MiddlewareFunction[] = [
  publicCache({ query: { comment: flagParameter("sent") } }),
];

export async function loader({ params, request }: Route.LoaderArgs) {
  const { db, blog } = await loadBlog(params.slug);
  const origin = siteOrigin(request);
  const image = imageSources(blog.image, 1600)?.src;
  return {
    blog,
    comments: await approvedComments(db, blog.id),
    related: await relatedBlogs(db, blog),
    recipe: await publishedFeaturedRecipe(db, blog.id),
    url: `${origin}/blogs/${blog.slug}`,
    imageUrl: image ? new URL(image, origin).href : undefined,
    uploadsBase: uploadsBase(),
  };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const { db, blog } = await loadBlog(params.slug);
  const checked = await checkPublicForm(db, request, commentSchema, {
    formName: "comment",
    ip: context.get(requestInfoContext).ip,
  });
  if (!checked.ok) return checked.response;
  await addCommentNoticed(db, blog, checked.data);
  // Pending until approved: it moves no content version (migration 004), so no cache is emptied.
  // Post/Redirect/Get: a reload cannot post the comment twice, and the page the visitor lands on
  // is the blog's cached page plus a flag, not a fresh render for every comment.
  return redirect(`/blogs/${blog.slug}?${COMMENT_SENT_FLAG}#comments`, 303);
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [{ title: "Page not found" }];
  const { blog, url, imageUrl } = loaderData;
  return blogMeta(blog, url, imageUrl);
};

function Comments() {
  const { comments, blog } = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting";
  const sent = searchParams.get("comment") === "sent";
  return (
    <section
      id="comments"
      aria-labelledby="comments-heading"
      className="mx-auto max-w-3xl px-4 pb-20 sm:px-6"
    >
      <h2 id="comments-heading" className="font-serif text-3xl font-semibold">
        Comments {comments.length > 0 && <span className="text-ink-700">({comments.length})</span>}
      </h2>
      {comments.length === 0 ? (
        <p className="mt-4 text-ink-700">No comments yet. Be the first to share your thoughts.</p>
      ) : (
        <ol className="mt-6 space-y-5">
          {comments.map((c) => (
            <li key={c.id} className="rounded-2xl bg-white p-5 ring-1 ring-ink-900/5">
              <p className="font-semibold">{c.name}</p>
              <p className="text-sm text-ink-700">
                <LocalTime seconds={c.createdAt} withTime />
              </p>
              <p className="mt-3 whitespace-pre-line">{c.comment}</p>
            </li>
          ))}
        </ol>
      )}

      <div className="mt-10 rounded-2xl bg-white p-6 ring-1 ring-ink-900/5 sm:p-8">
        <h3 className="font-serif text-2xl font-semibold">Leave a comment</h3>
        <p className="mt-1 text-ink-700">
          Your email is never shown. Comments appear after a moderator approves them.
        </p>
        {sent ? (
          <p role="status" className="mt-6 rounded-xl bg-sea-600/10 px-4 py-3 font-medium text-sea-800">
            {COMMENT_PENDING_MESSAGE}
          </p>
        ) : (
          <Form
            method="post"
            noValidate
            className="relative mt-6 space-y-4"
            preventScrollReset
            aria-label={`Comment on ${blog.title}`}
          >
            <FormError message={failed?.formError} />
            <div className="grid gap-4 sm:grid-cols-2">
              <Field id="comment-name" field={C.name} required autoComplete="name" errors={failed} />
              <Field
                id="comment-email"
                field={C.email}
                type="email"
                required
                autoComplete="email"
                errors={failed}
              />
            </div>
            <Field id="comment-text" field={C.comment} required multiline errors={failed} />
            <Honeypot />
            <SubmitButton submitting={submitting}>Post Comment</SubmitButton>
          </Form>
        )}
      </div>
    </section>
  );
}

export default function BlogDetail() {
  const { blog, related, recipe, uploadsBase } = useLoaderData<typeof loader>();
  return (
    <>
      <BlogArticle blog={blog} uploadsBase={uploadsBase} recipe={recipe} />
      <RelatedPosts posts={related} />
      <Comments />
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary };
