/**
 * The admin preview of a blog shows its comments as the public page shows them: the approved ones
 * only, in the public page's comments section, whose form cannot post from a preview. A preview of
 * an unsaved blog (the Add Blog form) shows the section of a blog with no comments. Both engines,
 * through the preview route's loader and action as React Router calls them (a posted preview runs
 * the action, then the loader with the same context), and the page rendered on the server.
 */
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub, RouterContextProvider } from "react-router";
import { beforeAll, expect, it } from "vitest";
import { blogInput, TEST_ACTOR } from "#tests/support/content.ts";
import { describeRoutesEachEngine, formOf, ORIGIN } from "#tests/support/route-harness.ts";

type PreviewData = {
  comments: { id: number; name: string; comment: string; createdAt: number }[];
  posted: { ok: boolean } | null;
};

const APPROVED = {
  name: "Approved Reader",
  email: "approved@example.com",
  comment: "The trams really are that steep.",
};
const DECOY = {
  name: "Reader Of Another Blog",
  email: "decoy@example.com",
  comment: "This comment belongs to another blog.",
};
const PENDING = {
  name: "Pending Reader",
  email: "pending@example.com",
  comment: "Awaiting a moderator, not public.",
};

/** The edit form (or the Add Blog form) as the editor posts it to Preview. */
function blogForm(): FormData {
  return formOf({
    title: "Lisbon, Rewritten Before Anyone Sees It",
    author: "Preview Writer",
    date: "2025-06-01",
    content: "<p>Trams at dawn.</p>",
    imageUrl: "https://example.com/trams.png",
    imageAlt: "Trams",
  });
}

describeRoutesEachEngine("comments on the blog preview", (h) => {
  let blogId = 0;

  beforeAll(async () => {
    const { createBlog } = await import("#app/server/models/blogs.server.ts");
    const { addComment, toggleApproved } = await import("#app/server/models/comments.server.ts");
    // Another blog with a comment of its own comes first, so the blog under test is not blog 1:
    // the preview must show the comments of the blog it previews, not of any other.
    const decoy = await createBlog(
      h.db(),
      TEST_ACTOR,
      blogInput("Another blog", { imageUrl: "https://example.com/a.png" }),
    );
    expect(await toggleApproved(h.db(), TEST_ACTOR, (await addComment(h.db(), decoy.id, DECOY)).id)).toBe(
      true,
    );
    blogId = (
      await createBlog(
        h.db(),
        TEST_ACTOR,
        blogInput("Lisbon by Tram", { content: "<p>Trams.</p>", imageUrl: "https://example.com/tram.png" }),
      )
    ).id;
    const approved = await addComment(h.db(), blogId, APPROVED);
    await addComment(h.db(), blogId, PENDING);
    expect(await toggleApproved(h.db(), TEST_ACTOR, approved.id)).toBe(true);
  });

  const route = () => import("#app/routes/admin/preview/blog/$id.tsx");

  /** GET /admin/preview/blog/{id}: the saved blog. */
  async function getPreview(id: string): Promise<PreviewData> {
    const { loader } = await route();
    return (await loader({
      request: new Request(`${ORIGIN}/admin/preview/blog/${id}`, { headers: { cookie: h.adminCookie() } }),
      params: { id },
      context: new RouterContextProvider(),
    } as never)) as PreviewData;
  }

  /** POST /admin/preview/blog/{id}: the action reads the form, then the loader shows it. */
  async function postPreview(id: string): Promise<PreviewData> {
    const { action, loader } = await route();
    const context = new RouterContextProvider();
    const request = () =>
      new Request(`${ORIGIN}/admin/preview/blog/${id}`, {
        method: "POST",
        body: blogForm(),
        headers: { cookie: h.adminCookie(), origin: ORIGIN },
      });
    await action({ request: request(), params: { id }, context } as never);
    return (await loader({ request: request(), params: { id }, context } as never)) as PreviewData;
  }

  /** The preview page rendered on the server with the loader's data. */
  async function render(id: string, data: PreviewData): Promise<string> {
    const { default: Component } = await route();
    const Stub = createRoutesStub([{ id: "preview", path: "/admin/preview/blog/:id", Component }]);
    return renderToString(
      createElement(Stub, {
        initialEntries: [`/admin/preview/blog/${id}`],
        hydrationData: { loaderData: { preview: data } },
      }),
    );
  }

  it("shows the saved blog's approved comments and not the pending one", async () => {
    const data = await getPreview(String(blogId));
    expect(data.comments.map((c) => [c.name, c.comment])).toEqual([[APPROVED.name, APPROVED.comment]]);
    // Nothing a reader never sees: no email.
    expect(JSON.stringify(data.comments)).not.toContain("@example.com");

    const html = await render(String(blogId), data);
    expect(html).toContain(APPROVED.name);
    expect(html).toContain(APPROVED.comment);
    expect(html).not.toContain(PENDING.name);
    expect(html).not.toContain(PENDING.comment);
    expect(html).toMatch(/<h2 id="comments-heading"[^>]*>Comments/);
    // The comment form is shown as readers see it, but a preview cannot post it.
    expect(html).not.toContain("<form");
    expect(html).toMatch(/<fieldset disabled=""[^>]*>.*>Post Comment<\/button><\/fieldset>/s);
  });

  it("shows the same comments with the editor's unsaved form (posted preview)", async () => {
    const data = await postPreview(String(blogId));
    expect(data.posted?.ok).toBe(true);
    expect(data.comments.map((c) => c.name)).toEqual([APPROVED.name]);
    const html = await render(String(blogId), data);
    expect(html).toContain("Lisbon, Rewritten Before Anyone Sees It");
    expect(html).toContain(APPROVED.comment);
    expect(html).not.toContain(PENDING.comment);
  });

  it("shows an unsaved blog as the public page shows a blog with no comments", async () => {
    const data = await postPreview("new");
    expect(data.posted?.ok).toBe(true);
    expect(data.comments).toEqual([]);
    const html = await render("new", data);
    expect(html).toContain("No comments yet. Be the first to share your thoughts.");
    expect(html).not.toContain(APPROVED.comment);
    expect(html).not.toContain("<form");
  });
});
