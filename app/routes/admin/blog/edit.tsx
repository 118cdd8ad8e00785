import { useState } from "react";
import { data, Form, Link, useActionData, useLoaderData, useNavigation } from "react-router";
import { Autosave } from "#app/components/admin/autosave.tsx";
import { BlogFields } from "#app/components/admin/blog-form.tsx";
import { PICKER_PAGE_PARAM } from "#app/components/admin/image-picker.tsx";
import { PreviewButton } from "#app/components/admin/preview-button.tsx";
import {
  PublishAtField,
  SaveDraftButton,
  SendToSubscribersField,
} from "#app/components/admin/publish-controls.tsx";
import { useShowToast } from "#app/components/admin/toaster.tsx";
import { buttonPrimary, buttonSecondary, PageHeader } from "#app/components/admin/ui.tsx";
import { UnsavedChanges } from "#app/components/admin/unsaved-changes.tsx";
import type { BlogFormValues } from "#app/forms/blog.fields.ts";
import { editedBlogSchema } from "#app/forms/blog.ts";
import { PUBLICATION_MESSAGES } from "#app/forms/publication.fields.ts";
import { publicationState } from "#app/lib/publication.ts";
import { roleAllows } from "#app/lib/roles.ts";
import { slugify } from "#app/lib/slug.ts";
import { requireAdminRequest } from "#app/server/auth/admin-guard.server.ts";
import { nowSeconds } from "#app/server/db/db.server.ts";
import { blogSubmission, refusedBlogSave } from "#app/server/editing/blog-submission.server.ts";
import { storeThenSave } from "#app/server/editing/store-then-save.server.ts";
import { adminActor } from "#app/server/http/actor.server.ts";
import { adminFail } from "#app/server/http/admin-result.server.ts";
import { queryId, readForm } from "#app/server/http/forms.server.ts";
import { redirectWithToast } from "#app/server/http/toast.server.ts";
import { blogDraftKey, forgetAutosave } from "#app/server/models/autosaves.server.ts";
import { destinationIdOf, findBlogById, updateBlog } from "#app/server/models/blogs.server.ts";
import { categoriesInUse } from "#app/server/models/categories.server.ts";
import { blogPageCode } from "#app/server/models/code-injection.server.ts";
import { destinationChoices } from "#app/server/models/destinations.server.ts";
import { featuredRecipeIdOf, recipeChoices } from "#app/server/models/featured-recipes.server.ts";
import { pickerPage } from "#app/server/models/uploads.server.ts";
import { recordSendChoice, sendChoiceForForm } from "#app/server/newsletter/send-choice.server.ts";
import type { Route } from "./+types/edit";

export async function loader({ request }: Route.LoaderArgs) {
  const { db, admin } = await requireAdminRequest(request, "staff");
  const query = new URL(request.url).searchParams;
  const id = queryId(request, "id");
  const blog = id ? await findBlogById(db, id) : null;
  if (!blog) throw data("No blog found.", { status: 404 });
  return {
    blog,
    publication: { state: publicationState(blog.publishAt, nowSeconds()), publishAt: blog.publishAt },
    // The picker's Newer / Older links (?pickerPage=N) page here when JavaScript is off.
    library: await pickerPage(db, query.get(PICKER_PAGE_PARAM)),
    categories: (await categoriesInUse(db, { publishedOnly: false })).map((c) => c.name),
    recipes: await recipeChoices(db),
    featuredRecipe: await featuredRecipeIdOf(db, blog.id),
    destinations: await destinationChoices(db),
    destination: await destinationIdOf(db, blog.id),
    // The blog's own code is the administrator's to see and change (DESIGN §2, "code injection").
    code: roleAllows(admin.role, "administrator")
      ? await blogPageCode(db, blog.id).then(({ header, footer }) => ({
          headerCode: header.source,
          footerCode: footer.source,
        }))
      : null,
    ...(await sendChoiceForForm(db, blog.id)),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db, admin } = await requireAdminRequest(request, "staff");
  const failure = "Error updating blog";
  const id = queryId(request, "id");
  if (!id) return adminFail(404, `${failure}: no such blog.`);
  const submission = blogSubmission(await readForm(request, editedBlogSchema), failure, {
    mayInjectCode: roleAllows(admin.role, "administrator"),
  });
  if (!submission.ok) return submission.response;
  const { fields, values, choice, publication, sendToSubscribers } = submission;
  const saved = await storeThenSave(
    choice,
    (image) =>
      updateBlog(
        db,
        adminActor(admin, context),
        id,
        { ...fields, ...image, keepImage: choice.kind === "none", publishAt: publication.publishAt },
        recordSendChoice(sendToSubscribers, admin.email),
      ),
    "Updating a blog",
  );
  if (!saved.ok) return refusedBlogSave(saved, failure, values);
  await forgetAutosave(db, admin.accountId, blogDraftKey(id));
  return redirectWithToast(
    request,
    "/admin/blog",
    "success",
    publication.draft ? PUBLICATION_MESSAGES.blogDraftSaved : "Blog updated successfully!",
  );
}

export default function EditBlog() {
  const {
    blog,
    publication,
    library,
    categories,
    recipes,
    featuredRecipe,
    destinations,
    destination,
    code,
    subscribers,
    mailOn,
    sendChoice,
  } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  useShowToast(result?.toast);
  const saving = useNavigation().state === "submitting";
  const [title, setTitle] = useState(blog.title);
  const values: Partial<BlogFormValues> = result?.values ?? {
    title: blog.title,
    content: blog.content,
    author: blog.author,
    date: blog.date,
    category: blog.category,
    seoTitle: blog.seoTitle,
    seoDescription: blog.seoDescription,
    seoKeywords: blog.seoKeywords,
  };
  return (
    <div className="max-w-4xl">
      <Link to="/admin/blog" className={`${buttonSecondary} mb-6`}>
        ← Back to Blog List
      </Link>
      <PageHeader title="Edit Blog" />
      <Form
        method="post"
        encType="multipart/form-data"
        noValidate
        className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-ink-900/5"
        onChange={(e) => {
          const target = e.target;
          if (target instanceof HTMLInputElement && target.name === "title") setTitle(target.value);
        }}
      >
        <p className="mb-4 text-sm text-ink-700" data-testid="slug-preview">
          Address: <code className="rounded bg-sand-100 px-1.5 py-0.5">/blogs/{slugify(title) || "…"}</code>
          {slugify(title) !== blog.slug &&
            " (changing the title changes the address; the old one will redirect)"}
        </p>
        <UnsavedChanges />
        <Autosave key={blog.id} draft={`blog:${blog.id}`} />
        <BlogFields
          key={blog.id}
          idPrefix="edit-blog"
          editorHeight={400}
          values={values}
          errors={result?.fieldErrors}
          currentImage={blog.image}
          currentAlt={blog.imageAlt}
          library={library}
          categories={categories}
          recipes={recipes}
          featuredRecipe={featuredRecipe}
          destinations={destinations}
          destination={destination}
          // As a refused save posted it (an unticked box posts nothing), else as saved.
          showDisclosure={result?.values ? result.values.showDisclosure === "on" : blog.showDisclosure}
          code={
            code && result?.values
              ? { headerCode: result.values.headerCode ?? "", footerCode: result.values.footerCode ?? "" }
              : code
          }
        />
        <PublishAtField
          idPrefix="edit-blog"
          current={publication}
          values={result?.values}
          error={result?.fieldErrors?.publishAt}
        />
        <SendToSubscribersField
          idPrefix="edit-blog"
          live={publication.state === "published"}
          subscribers={subscribers}
          mailOn={mailOn}
          choice={sendChoice}
          values={result?.values}
        />
        <div className="mt-6 flex flex-wrap justify-end gap-3">
          <Link to="/admin/blog" className={buttonSecondary}>
            Cancel
          </Link>
          <SaveDraftButton disabled={saving} />
          <PreviewButton action={`/admin/preview/blog/${blog.id}`} />
          <button type="submit" className={buttonPrimary} disabled={saving}>
            {saving ? "Saving…" : "Update Blog"}
          </button>
        </div>
      </Form>
    </div>
  );
}
