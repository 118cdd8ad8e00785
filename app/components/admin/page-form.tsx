import { useId, useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { Field } from "#app/components/form.tsx";
import { PAGE_FIELDS, PAGE_MESSAGES, type PageFormValues } from "#app/forms/page.fields.ts";
import type { PublicationState } from "#app/lib/publication.ts";
import { slugify } from "#app/lib/slug.ts";
import { Autosave } from "./autosave.tsx";
import { PreviewButton } from "./preview-button.tsx";
import { PublishAtField, SaveDraftButton } from "./publish-controls.tsx";
import { RichTextEditor } from "./rich-text-editor.tsx";
import { buttonPrimary, buttonSecondary } from "./ui.tsx";
import { UnsavedChanges } from "./unsaved-changes.tsx";

/** The page being edited, as the form needs it; absent on Add Page. */
interface EditedPage {
  id: number;
  builtin: string | null;
  slug: string;
  publication: { state: PublicationState; publishAt: number | null };
}

/**
 * The Add Page and edit page form: Title, Slug (an owner's page only: a built-in page's address is
 * fixed), Intro, Content (the blog editor), the SEO texts and the blog's publication controls
 * (Publish at, Save draft, Preview, autosave). A plain post, so it works before JavaScript loads.
 */
export function PageForm({
  page,
  values,
  errors,
  submitLabel,
}: {
  page?: EditedPage;
  values: Partial<PageFormValues>;
  errors?: Record<string, string>;
  submitLabel: string;
}) {
  const idPrefix = page ? "edit-page" : "add-page";
  const saving = useNavigation().state === "submitting";
  const contentLabelId = useId();
  const [title, setTitle] = useState(values.title ?? "");
  const [slug, setSlug] = useState(values.slug ?? "");
  const address = page?.builtin ? page.slug : slugify(slug || title);
  return (
    <Form
      method="post"
      noValidate
      className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-ink-900/5"
      onChange={(e) => {
        const target = e.target;
        if (!(target instanceof HTMLInputElement)) return;
        if (target.name === PAGE_FIELDS.title.name) setTitle(target.value);
        if (target.name === PAGE_FIELDS.slug.name) setSlug(target.value);
      }}
    >
      <UnsavedChanges />
      <Autosave key={page?.id ?? "new"} draft={page ? `page:${page.id}` : "page:new"} />
      <div className="space-y-4">
        <Field
          id={`${idPrefix}-title`}
          field={PAGE_FIELDS.title}
          required
          defaultValue={values.title}
          error={errors?.title}
        />
        {page?.builtin ? (
          <p className="text-sm text-ink-700" data-testid="page-address">
            {PAGE_MESSAGES.fixedAddress(`/${page.slug}`)}
          </p>
        ) : (
          <Field
            id={`${idPrefix}-slug`}
            field={PAGE_FIELDS.slug}
            defaultValue={values.slug}
            error={errors?.slug}
            hint={
              <>
                {PAGE_MESSAGES.slugHint} Address:{" "}
                <code className="rounded bg-sand-100 px-1.5 py-0.5" data-testid="page-address">
                  /{address || "…"}
                </code>
                {page && address && address !== page.slug && " (the old address will redirect here)"}
              </>
            }
          />
        )}
        <Field
          id={`${idPrefix}-intro`}
          field={PAGE_FIELDS.intro}
          multiline
          rows={3}
          defaultValue={values.intro}
          error={errors?.intro}
          hint={PAGE_MESSAGES.introHint}
        />
        <div>
          <span id={contentLabelId} className="mb-1.5 block font-medium">
            {PAGE_FIELDS.content.label}
          </span>
          <RichTextEditor
            name={PAGE_FIELDS.content.name}
            initialHtml={values.content ?? ""}
            height={page ? 400 : 300}
            labelId={contentLabelId}
            invalid={Boolean(errors?.content)}
          />
          {errors?.content && <p className="mt-1.5 text-sm font-medium text-coral-600">{errors.content}</p>}
        </div>
        <Field
          id={`${idPrefix}-seoTitle`}
          field={PAGE_FIELDS.seoTitle}
          defaultValue={values.seoTitle}
          error={errors?.seoTitle}
        />
        <Field
          id={`${idPrefix}-seoDescription`}
          field={PAGE_FIELDS.seoDescription}
          multiline
          rows={2}
          defaultValue={values.seoDescription}
          error={errors?.seoDescription}
        />
      </div>
      <PublishAtField
        idPrefix={idPrefix}
        current={page?.publication}
        values={values as Record<string, string>}
        error={errors?.publishAt}
      />
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        <Link to="/admin/pages" className={buttonSecondary}>
          Cancel
        </Link>
        <SaveDraftButton disabled={saving} />
        <PreviewButton action={`/admin/preview/page/${page?.id ?? "new"}`} />
        <button type="submit" className={buttonPrimary} disabled={saving}>
          {saving ? "Saving…" : submitLabel}
        </button>
      </div>
    </Form>
  );
}
