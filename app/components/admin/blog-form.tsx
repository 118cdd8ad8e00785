import { lazy, Suspense, useId } from "react";
import { Field } from "#app/components/form.tsx";
import type { BlogFormValues } from "#app/lib/blog-rules.ts";
import type { ImageRef } from "#app/lib/images.ts";
import { ImageFields } from "./image-fields.tsx";

// TipTap is the largest piece of the admin: its own chunk, fetched when a blog form opens.
const RichTextEditor = lazy(() => import("./rich-text-editor.tsx"));

/** Spec §2 Add Blog fields (plus Category, DESIGN §2); shared by the add modal and the edit screen. */
export function BlogFields({
  idPrefix,
  values,
  errors,
  editorHeight,
  currentImage,
}: {
  idPrefix: string;
  values?: Partial<BlogFormValues>;
  errors?: Record<string, string>;
  editorHeight: 300 | 400;
  currentImage?: ImageRef;
}) {
  const contentLabelId = useId();
  const v = values ?? {};
  return (
    <div className="space-y-4">
      <Field
        id={`${idPrefix}-title`}
        name="title"
        label="Title"
        required
        defaultValue={v.title}
        error={errors?.title}
      />
      <div>
        <span id={contentLabelId} className="mb-1.5 block font-medium">
          Content
        </span>
        <Suspense
          fallback={
            <textarea
              name="content"
              aria-labelledby={contentLabelId}
              defaultValue={v.content}
              style={{ height: editorHeight + 44 }}
              className="block w-full rounded-xl border border-ink-900/15 px-4 py-3"
            />
          }
        >
          <RichTextEditor
            name="content"
            initialHtml={v.content ?? ""}
            height={editorHeight}
            labelId={contentLabelId}
            invalid={Boolean(errors?.content)}
          />
        </Suspense>
        {errors?.content && <p className="mt-1.5 text-sm font-medium text-coral-600">{errors.content}</p>}
      </div>
      <ImageFields idPrefix={idPrefix} current={currentImage} error={errors?.image} />
      <div className="grid gap-4 sm:grid-cols-3">
        <Field
          id={`${idPrefix}-date`}
          name="date"
          type="date"
          label="Date"
          required
          defaultValue={v.date}
          error={errors?.date}
        />
        <Field
          id={`${idPrefix}-author`}
          name="author"
          label="Author"
          required
          defaultValue={v.author}
          error={errors?.author}
        />
        <Field
          id={`${idPrefix}-category`}
          name="category"
          label="Category"
          defaultValue={v.category}
          error={errors?.category}
        />
      </div>
      <Field
        id={`${idPrefix}-seoTitle`}
        name="seoTitle"
        label="SEO Title"
        defaultValue={v.seoTitle}
        error={errors?.seoTitle}
      />
      <Field
        id={`${idPrefix}-seoDescription`}
        name="seoDescription"
        label="SEO Description"
        multiline
        rows={2}
        defaultValue={v.seoDescription}
        error={errors?.seoDescription}
      />
      <Field
        id={`${idPrefix}-seoKeywords`}
        name="seoKeywords"
        label="SEO Keywords"
        defaultValue={v.seoKeywords}
        error={errors?.seoKeywords}
      />
    </div>
  );
}
