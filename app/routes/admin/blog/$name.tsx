import { Link, useLoaderData, useNavigation } from "react-router";
import { buttonSecondary } from "#app/components/admin/ui.tsx";
import { ContentImage } from "#app/components/images.tsx";
import { formatLongDate } from "#app/lib/dates.ts";
import { requireAdminRequest } from "#app/server/auth/admin-guard.server.ts";
import { findBlogByTitle } from "#app/server/models/blogs.server.ts";
import { log } from "#app/server/telemetry/log.server.ts";
import type { Route } from "./+types/$name";

/** The blog reader: the title comes from the URL; matched ignoring case and surrounding spaces. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const { db } = await requireAdminRequest(request, "staff");
  const blog = await findBlogByTitle(db, params.name);
  if (!blog) log.warn(`Blog reader: no blog titled "${params.name}"`);
  return { blog };
}

export default function BlogReader() {
  const { blog } = useLoaderData<typeof loader>();
  const loading = useNavigation().state === "loading";
  const back = (
    <Link to="/admin/blog" className={buttonSecondary}>
      ← Back
    </Link>
  );
  if (loading) {
    return (
      <p role="status" className="text-lg text-ink-700">
        Loading…
      </p>
    );
  }
  if (!blog) {
    return (
      <div className="space-y-6">
        {back}
        <p className="rounded-2xl bg-white p-10 text-center text-lg ring-1 ring-ink-900/5">No blog found.</p>
      </div>
    );
  }
  return (
    <article className="max-w-3xl space-y-6">
      {back}
      <header>
        {blog.category && (
          <p className="text-sm font-semibold tracking-wider text-sea-700 uppercase">{blog.category}</p>
        )}
        <h1 className="mt-1 font-serif text-4xl font-semibold">{blog.title}</h1>
        <p className="mt-2 text-ink-700">
          Published {formatLongDate(blog.date)} · by {blog.author}
        </p>
      </header>
      <ContentImage
        image={blog.image}
        alt={blog.imageAlt}
        width={960}
        height={600}
        sizes="768px"
        className="aspect-[16/10] w-full rounded-2xl object-cover"
      />
      <div
        className="prose-blog rounded-2xl bg-white p-6 ring-1 ring-ink-900/5"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by the model on write and on read
        dangerouslySetInnerHTML={{ __html: blog.content }}
      />
    </article>
  );
}
