import { useEffect, useState } from "react";
import { Form, Link, useFetcher, useLoaderData, useLocation } from "react-router";
import { AnalyticsSummaryCard } from "#app/components/admin/analytics-summary.tsx";
import { Autosave } from "#app/components/admin/autosave.tsx";
import { BlogFields } from "#app/components/admin/blog-form.tsx";
import { deleteQuestion, useConfirmDelete } from "#app/components/admin/confirm-dialog.tsx";
import { AdminListCard } from "#app/components/admin/list-card.tsx";
import { CloseModalButton, Modal } from "#app/components/admin/modal.tsx";
import { PreviewButton, PreviewLink } from "#app/components/admin/preview-button.tsx";
import {
  PublicationBadge,
  PublicationFilterLinks,
  PublishAtField,
  SaveDraftButton,
  SendToSubscribersField,
} from "#app/components/admin/publish-controls.tsx";
import { useShowToast } from "#app/components/admin/toaster.tsx";
import {
  buttonDanger,
  buttonPrimary,
  buttonSecondary,
  EmptyState,
  ListSpinner,
  PageHeader,
  RefreshButton,
  useSettlingSpinner,
} from "#app/components/admin/ui.tsx";
import { BlogDates } from "#app/components/cards.tsx";
import { Pagination } from "#app/components/pagination.tsx";
import { TitledSection } from "#app/components/titled-section.tsx";
import { blogListActions } from "#app/forms/admin-actions.ts";
import { BLOG_MESSAGES } from "#app/forms/blog.fields.ts";
import { PUBLICATION_MESSAGES } from "#app/forms/publication.fields.ts";
import { publicationFilterOf } from "#app/lib/publication.ts";
import { ADMINISTRATOR_ONLY, roleAllows } from "#app/lib/roles.ts";
import type { AdminActionResult } from "#app/lib/toast.ts";
import { visitorsSummary } from "#app/server/analytics/report.server.ts";
import { requireAdminRequest } from "#app/server/auth/admin-guard.server.ts";
import { nowSeconds } from "#app/server/db/db.server.ts";
import {
  blogFormRefused,
  blogSubmission,
  refusedBlogSave,
} from "#app/server/editing/blog-submission.server.ts";
import { storeThenSave } from "#app/server/editing/store-then-save.server.ts";
import { adminActor } from "#app/server/http/actor.server.ts";
import { adminFail, adminOk, deleteRow } from "#app/server/http/admin-result.server.ts";
import { adminFormRefused, readForm } from "#app/server/http/forms.server.ts";
import { blogDraftKey, forgetAutosave } from "#app/server/models/autosaves.server.ts";
import { createBlog, deleteBlog, listAdminBlogs } from "#app/server/models/blogs.server.ts";
import { categoriesInUse } from "#app/server/models/categories.server.ts";
import { destinationChoices } from "#app/server/models/destinations.server.ts";
import { recipeChoices } from "#app/server/models/featured-recipes.server.ts";
import { isPopupEnabled, setPopupEnabled } from "#app/server/models/settings.server.ts";
import { type UndescribedImage, undescribedImages } from "#app/server/models/uploads.server.ts";
import { recordSendChoice, sendChoiceForForm } from "#app/server/newsletter/send-choice.server.ts";
import { log } from "#app/server/telemetry/log.server.ts";
import type { Route } from "./+types/index";

/** The list count can be all or a given number; "all" still pages, 100 at a time. */
const SHOW_OPTIONS = ["6", "12", "24", "all"] as const;
const ALL_PAGE_SIZE = 100;

export async function loader({ request }: Route.LoaderArgs) {
  const { db, admin } = await requireAdminRequest(request, "staff");
  const url = new URL(request.url);
  const showParam = url.searchParams.get("show") ?? "12";
  const show = (SHOW_OPTIONS as readonly string[]).includes(showParam) ? showParam : "12";
  const perPage = show === "all" ? ALL_PAGE_SIZE : Number(show);
  const filter = publicationFilterOf(url.searchParams.get("state"));
  const onDashboard = url.pathname.startsWith("/admin/dashboard");
  const [page, popupEnabled, categories, undescribed, newsletter, visitors] = await Promise.all([
    listAdminBlogs(db, { page: Number(url.searchParams.get("page") ?? 1), perPage, filter }),
    isPopupEnabled(db),
    categoriesInUse(db, { publishedOnly: false }),
    // The nudge for alt text the forms never demand: only on the dashboard.
    onDashboard ? undescribedImages(db) : ([] as UndescribedImage[]),
    // The Add Blog form's Send to subscribers choice.
    sendChoiceForForm(db, null),
    // Readers' numbers in a small card: only on the dashboard.
    // A failed read of them leaves the card out, never the dashboard.
    onDashboard
      ? visitorsSummary(db, nowSeconds()).catch((err: unknown) => {
          log.warn({ err }, "dashboard: reading the visitors failed");
          return null;
        })
      : null,
  ]);
  return {
    ...page,
    show,
    filter,
    popupEnabled,
    // The popup switch and a blog's own code are the administrator's (lib/roles.ts).
    administrator: roleAllows(admin.role, "administrator"),
    categories: categories.map((c) => c.name),
    recipes: await recipeChoices(db),
    destinations: await destinationChoices(db),
    undescribed,
    visitors,
    ...newsletter,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db, admin } = await requireAdminRequest(request, "staff");
  const actor = adminActor(admin, context);
  const read = await readForm(request, blogListActions);
  const failure = "Error uploading blog";
  if (!read.ok) {
    // A refused Add Blog form is answered by the editor's rules; anything else by its message.
    if (read.values.intent !== "create") return adminFormRefused(read);
    return blogFormRefused(read, failure);
  }
  const posted = read.data;

  if (posted.intent === "popup") {
    if (!roleAllows(admin.role, "administrator")) return adminFail(403, ADMINISTRATOR_ONLY.message);
    try {
      await setPopupEnabled(db, actor, posted.enabled);
    } catch {
      return adminFail(500, "Error updating popup setting");
    }
    return adminOk(posted.enabled ? "Popup turned on" : "Popup turned off");
  }

  if (posted.intent === "delete") {
    return deleteRow(posted.id, (id) => deleteBlog(db, actor, id), {
      deleted: "Blog deleted",
      failed: "Error deleting blog.",
      gone: "Error deleting blog: it no longer exists.",
    });
  }

  const { intent: _, ...blog } = posted;
  const submission = blogSubmission({ ...read, data: blog }, failure, {
    mayInjectCode: roleAllows(admin.role, "administrator"),
  });
  if (!submission.ok) return submission.response;
  const { fields, values, choice, publication, sendToSubscribers } = submission;
  // A draft may wait for its image; publishing needs one (the model checks that too).
  if (choice.kind === "none" && !publication.draft) {
    return adminFail(400, BLOG_MESSAGES.imageRequired, {
      fieldErrors: { image: BLOG_MESSAGES.imageRequiredHint },
      values,
    });
  }
  const saved = await storeThenSave(
    choice,
    (image) =>
      createBlog(
        db,
        actor,
        { ...fields, ...image, publishAt: publication.publishAt },
        undefined,
        recordSendChoice(sendToSubscribers, admin.email),
      ),
    "Adding a blog",
  );
  if (!saved.ok) return refusedBlogSave(saved, failure, values);
  await forgetAutosave(db, admin.accountId, blogDraftKey(null));
  return adminOk(publication.draft ? PUBLICATION_MESSAGES.blogDraftSaved : "Blog added successfully!");
}

function PopupSwitch({ enabled }: { enabled: boolean }) {
  const fetcher = useFetcher<AdminActionResult>();
  useShowToast(fetcher.data?.toast);
  const pending = fetcher.formData ? fetcher.formData.get("enabled") === "true" : enabled;
  return (
    <fetcher.Form
      method="post"
      className="flex items-center gap-3 rounded-full bg-white px-4 py-2 ring-1 ring-ink-900/10"
    >
      <input type="hidden" name="intent" value="popup" />
      <input type="hidden" name="enabled" value={String(!pending)} />
      <span id="popup-switch-label" className="font-semibold">
        Popup
      </span>
      <button
        type="submit"
        role="switch"
        aria-checked={pending}
        aria-labelledby="popup-switch-label"
        className={`relative h-7 w-12 rounded-full transition ${pending ? "bg-sea-700" : "bg-ink-900/25"}`}
      >
        <span
          className={`absolute top-1 size-5 rounded-full bg-white shadow transition-all ${pending ? "left-6" : "left-1"}`}
        />
      </button>
      <span className="text-sm text-ink-700">{pending ? "On" : "Off"}</span>
    </fetcher.Form>
  );
}

function AddBlogModal({ open, onClose }: { open: boolean; onClose(): void }) {
  const fetcher = useFetcher<AdminActionResult>();
  useShowToast(fetcher.data?.toast);
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.ok) onClose();
  }, [fetcher.state, fetcher.data, onClose]);
  const failed = fetcher.data && !fetcher.data.ok ? fetcher.data : undefined;
  const { categories, recipes, destinations, subscribers, mailOn, sendChoice, administrator } =
    useLoaderData<typeof loader>();
  return (
    <Modal open={open} onClose={onClose} title="Add Blog" wide guardUnsaved>
      <fetcher.Form method="post" encType="multipart/form-data" noValidate>
        <input type="hidden" name="intent" value="create" />
        <Autosave draft="blog:new" />
        <BlogFields
          idPrefix="add-blog"
          editorHeight={300}
          values={failed?.values}
          errors={failed?.fieldErrors}
          categories={categories}
          recipes={recipes}
          destinations={destinations}
          showDisclosure={failed?.values?.showDisclosure === "on"}
          code={
            administrator
              ? { headerCode: failed?.values?.headerCode ?? "", footerCode: failed?.values?.footerCode ?? "" }
              : null
          }
        />
        <PublishAtField idPrefix="add-blog" values={failed?.values} error={failed?.fieldErrors?.publishAt} />
        <SendToSubscribersField
          idPrefix="add-blog"
          subscribers={subscribers}
          mailOn={mailOn}
          choice={sendChoice}
          values={failed?.values}
        />
        <div className="mt-6 flex flex-wrap justify-end gap-3">
          <CloseModalButton className={buttonSecondary}>Cancel</CloseModalButton>
          <SaveDraftButton disabled={fetcher.state !== "idle"} />
          <PreviewButton action="/admin/preview/blog/new" />
          <button type="submit" className={buttonPrimary} disabled={fetcher.state !== "idle"}>
            {fetcher.state !== "idle" ? "Saving…" : "Add Blog"}
          </button>
        </div>
      </fetcher.Form>
    </Modal>
  );
}

/** Posts whose image is described only by their title: a list to fix, never a refusal to save. */
function UndescribedImages({ items }: { items: UndescribedImage[] }) {
  if (items.length === 0) return null;
  return (
    <TitledSection
      id="undescribed-heading"
      title="Images without a description"
      className="mb-6 rounded-2xl bg-sand-100 p-5 ring-1 ring-ink-900/10"
      titleClassName="font-serif text-lg font-semibold"
    >
      <p className="mt-1 text-sm text-ink-700">
        These images use the title as their alt text. Describe what each shows for readers who cannot see it.
      </p>
      <ul className="mt-3 flex flex-wrap gap-2">
        {items.map((item) => (
          <li key={`${item.kind}-${item.id}`}>
            <Link
              to={
                item.kind === "blog"
                  ? `/admin/blog/edit?id=${item.id}`
                  : `/admin/manage-recipe/edit?id=${item.id}`
              }
              className="inline-block rounded-full bg-white px-3 py-1 text-sm font-medium text-sea-800 underline ring-1 ring-ink-900/10"
            >
              {item.kind === "blog" ? "Blog" : "Recipe"}: {item.title}
            </Link>
          </li>
        ))}
      </ul>
    </TitledSection>
  );
}

/** How many blogs a page shows; changing it reloads the list (a button does it without JavaScript). */
function ShowCountForm({ show, filter }: { show: string; filter: string }) {
  return (
    <Form method="get" className="flex items-center gap-2">
      {filter !== "all" && <input type="hidden" name="state" value={filter} />}
      <label htmlFor="show" className="font-medium">
        Show
      </label>
      <select
        id="show"
        name="show"
        defaultValue={show}
        onChange={(e) => e.currentTarget.form?.requestSubmit()}
        className="rounded-lg border border-ink-900/15 bg-white px-3 py-2"
      >
        <option value="6">6</option>
        <option value="12">12</option>
        <option value="24">24</option>
        <option value="all">All</option>
      </select>
      <noscript>
        <button type="submit" className={buttonSecondary}>
          Apply
        </button>
      </noscript>
    </Form>
  );
}

export default function BlogDashboard() {
  const { items, total, page, pageCount, show, filter, popupEnabled, administrator, undescribed, visitors } =
    useLoaderData<typeof loader>();
  const { pathname } = useLocation();
  const [adding, setAdding] = useState(false);
  const [formKey, setFormKey] = useState(0);
  const deleter = useFetcher<AdminActionResult>();
  useShowToast(deleter.data?.toast);
  const confirmDelete = useConfirmDelete(
    deleter,
    (blog: { id: number; title: string }) => deleteQuestion(blog.title),
    (blog) => ({ intent: "delete", id: String(blog.id) }),
  );
  const spinning = useSettlingSpinner(items.map((b) => `${b.id}:${b.title}`).join("|"));

  const openAdd = () => {
    setFormKey((k) => k + 1);
    setAdding(true);
  };

  return (
    <>
      <PageHeader title={pathname.startsWith("/admin/dashboard") ? "Dashboard" : "Blogs"}>
        {administrator && <PopupSwitch enabled={popupEnabled} />}
        <RefreshButton />
        <button type="button" className={buttonPrimary} onClick={openAdd}>
          Add Blog
        </button>
      </PageHeader>

      {visitors && <AnalyticsSummaryCard summary={visitors} />}
      <UndescribedImages items={undescribed} />

      <div className="mb-6 flex flex-wrap items-center justify-between gap-4">
        <p className="text-ink-700" data-testid="blog-count">
          {total} {total === 1 ? "blog" : "blogs"} in all
        </p>
        <PublicationFilterLinks
          filter={filter}
          basePath={pathname}
          query={show === "12" ? "" : `show=${show}`}
        />
        <ShowCountForm show={show} filter={filter} />
      </div>

      {spinning ? (
        <ListSpinner />
      ) : items.length === 0 ? (
        <EmptyState>No blogs yet. Use Add Blog to write the first one.</EmptyState>
      ) : (
        <div className="grid gap-6 md:grid-cols-2 xl:grid-cols-3">
          {items.map((blog) => (
            <AdminListCard key={blog.id} kind="blog" image={blog.image}>
              {blog.category && (
                <p className="text-xs font-semibold tracking-wider text-sea-700 uppercase">{blog.category}</p>
              )}
              <h2 className="mt-1 font-serif text-xl leading-snug font-semibold">{blog.title}</h2>
              <PublicationBadge state={blog.state} publishAt={blog.publishAt} />
              <p className="mt-2 flex-1 text-sm text-ink-700">
                {blog.excerpt}
                {blog.hasMore ? "…" : ""}
              </p>
              <BlogDates date={blog.date} createdAt={blog.createdAt} className="mt-3" />
              <div className="mt-4 flex flex-wrap gap-2">
                {blog.hasMore && (
                  <Link
                    to={`/admin/blog/${encodeURIComponent(blog.title)}`}
                    className={buttonSecondary}
                    aria-label={`Read More: ${blog.title}`}
                  >
                    Read More
                  </Link>
                )}
                <Link
                  to={`/admin/blog/edit?id=${blog.id}`}
                  className={buttonSecondary}
                  aria-label={`Edit ${blog.title}`}
                >
                  Edit
                </Link>
                <PreviewLink to={`/admin/preview/blog/${blog.id}`} title={blog.title} />
                <button
                  type="button"
                  className={buttonDanger}
                  aria-label={`Delete ${blog.title}`}
                  onClick={() => confirmDelete.ask({ id: blog.id, title: blog.title })}
                >
                  Delete
                </button>
              </div>
            </AdminListCard>
          ))}
        </div>
      )}
      <Pagination
        page={page}
        pageCount={pageCount}
        basePath={pathname}
        query={[show === "12" ? "" : `show=${show}`, filter === "all" ? "" : `state=${filter}`]
          .filter(Boolean)
          .join("&")}
      />

      <AddBlogModal key={formKey} open={adding} onClose={() => setAdding(false)} />
      {confirmDelete.dialog}
    </>
  );
}
