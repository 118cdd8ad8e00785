import { data, useLoaderData } from "react-router";
import { BlogComments } from "#app/components/blog-comments.tsx";
import { BlogArticle, blogMeta } from "#app/components/blog-page.tsx";
import { PreviewErrorBoundary, PreviewPage } from "#app/components/preview-banner.tsx";
import { servingsFromQuery } from "#app/components/recipe-card.tsx";
import { imageSources } from "#app/lib/images.ts";
import { requireAdminRequest } from "#app/server/auth/admin-guard.server.ts";
import {
  type BlogPreview,
  blogPreviewFromForm,
  type Posted,
  PREVIEW_HEADERS,
  postedPreviewContext,
  postedStatus,
  previewTarget,
} from "#app/server/editing/preview.server.ts";
import { siteOrigin } from "#app/server/http/origin.server.ts";
import { uploadsBase } from "#app/server/media/public-uploads.server.ts";
import { findBlogById } from "#app/server/models/blogs.server.ts";
import { approvedComments } from "#app/server/models/comments.server.ts";
import { getEarningSettings } from "#app/server/models/earning.server.ts";
import { publishedFeaturedRecipe } from "#app/server/models/featured-recipes.server.ts";
import type { Route } from "./+types/$id";

/**
 * /admin/preview/blog/{id}: a blog's public page for an admin, drafts and scheduled blogs
 * included (read by id, not through the public queries). GET shows the saved blog; a POST of the
 * Add Blog form (`new`) or the edit form shows its unsaved values and writes nothing. Inside the
 * public layout, with a Preview bar; never cached, never indexed. Below the blog, its comments
 * section as the public page shows it: the saved blog's approved comments (none for `new`), with
 * the comment form shown disabled, so a preview never posts a comment.
 */

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { db } = await requireAdminRequest(request, "staff");
  const target = previewTarget(params.id);
  const posted = context.get(postedPreviewContext) as Posted<BlogPreview> | null;
  const back =
    typeof target === "number"
      ? { url: `/admin/blog/edit?id=${target}`, label: "Back to the editor" }
      : { url: "/admin/blog", label: "Back to Blogs" };
  // The featured recipe's Servings control comes back here, as on the recipe preview.
  const url = new URL(request.url);
  const here = { at: `${url.pathname}${url.search}`, servings: url.searchParams.get("servings") };
  // Shown as readers will see it: uploads linked where they fetch them (see BlogArticle).
  const page = {
    back,
    here,
    origin: siteOrigin(request),
    uploadsBase: uploadsBase(),
    disclosure: (await getEarningSettings(db)).disclosure,
  };
  // Under the post, what readers see of its comments: the approved ones (an unsaved blog has none).
  if (posted) {
    const comments = posted.ok && typeof target === "number" ? await approvedComments(db, target) : [];
    return { posted, saved: null, recipe: null, comments, ...page };
  }
  // Nothing is saved under "new": only a posted Add Blog form has something to show.
  const saved = typeof target === "number" ? await findBlogById(db, target) : null;
  if (!saved) throw data(null, { status: 404 });
  // The card readers will see: the featured recipe, once it is published.
  const recipe = await publishedFeaturedRecipe(db, saved.id);
  return { posted: null, saved, recipe, comments: await approvedComments(db, saved.id), ...page };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { db } = await requireAdminRequest(request, "staff");
  const target = previewTarget(params.id);
  const current = typeof target === "number" ? await findBlogById(db, target) : null;
  if (target === null || (target !== "new" && !current)) throw data(null, { status: 404 });
  const posted = await blogPreviewFromForm(request, current);
  context.set(postedPreviewContext, posted);
  return postedStatus(posted);
}

export const headers: Route.HeadersFunction = () => PREVIEW_HEADERS;

const NOINDEX = { name: "robots", content: "noindex" };

export const meta: Route.MetaFunction = ({ loaderData }) => {
  const blog = loaderData?.posted?.ok ? loaderData.posted.item : loaderData?.saved;
  if (!loaderData || !blog) return [{ title: "Preview" }, NOINDEX];
  const url = `${loaderData.origin}/blogs/${blog.slug}`;
  const image = imageSources(blog.image, 1600)?.src;
  return [...blogMeta(blog, url, image ? new URL(image, loaderData.origin).href : undefined), NOINDEX];
};

export default function BlogPreviewPage() {
  const { posted, saved, recipe, comments, back, here, uploadsBase, disclosure } =
    useLoaderData<typeof loader>();
  const blog = posted?.ok ? posted.item : saved;
  const scaling = recipe
    ? { servings: servingsFromQuery(here.servings, recipe.servings), at: here.at }
    : undefined;
  return (
    <PreviewPage posted={posted} back={back}>
      {blog && (
        <>
          <BlogArticle
            blog={blog}
            uploadsBase={uploadsBase}
            recipe={recipe}
            scaling={scaling}
            disclosure={disclosure}
          />
          <BlogComments comments={comments} blogTitle={blog.title} form={{ kind: "preview" }} />
        </>
      )}
    </PreviewPage>
  );
}

export { PreviewErrorBoundary as ErrorBoundary };
