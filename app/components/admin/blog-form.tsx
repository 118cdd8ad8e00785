import { useId } from "react";
import { Field, SelectField } from "#app/components/form.tsx";
import {
  BLOG_CODE_FIELDS,
  BLOG_DISCLOSURE_FIELDS,
  BLOG_FIELDS,
  type BlogFormValues,
} from "#app/forms/blog.fields.ts";
import { BLOG_DESTINATION_FIELDS } from "#app/forms/blog-destination.fields.ts";
import type { RecipeChoice } from "#app/lib/content-shapes.ts";
import type { ImageRef } from "#app/lib/images.ts";
import { FeaturedRecipeField } from "./featured-recipe-field.tsx";
import { ImageFields } from "./image-fields.tsx";
import type { LibraryPage } from "./image-picker.tsx";
import { RichTextEditor } from "./rich-text-editor.tsx";

/** The Add Blog fields (plus Category); shared by the add modal and the edit screen. */
export function BlogFields({
  idPrefix,
  values,
  errors,
  editorHeight,
  currentImage,
  currentAlt,
  library,
  categories = [],
  recipes,
  featuredRecipe,
  destinations,
  destination,
  showDisclosure = false,
  code = { headerCode: "", footerCode: "" },
}: {
  idPrefix: string;
  values?: Partial<BlogFormValues>;
  errors?: Record<string, string>;
  editorHeight: 300 | 400;
  currentImage?: ImageRef;
  /** The current image's alt text (edit). */
  currentAlt?: string;
  /** The media library's first page for the image picker (edit). */
  library?: LibraryPage | null;
  /** The names of the categories in use, offered in the Category field. */
  categories?: string[];
  /** The recipes the blog may feature; the saved choice (edit). */
  recipes?: RecipeChoice[];
  featuredRecipe?: number | null;
  /** The destinations a blog may be about (by name); the saved choice (edit). */
  destinations?: { id: number; name: string }[];
  destination?: number | null;
  /** Whether Show disclosure is ticked: as saved, or as a refused form posted it. */
  showDisclosure?: boolean;
  /**
   * The blog's own Header code and Footer code as typed: saved, or as a refused form posted them;
   * null leaves the fields out (an editor's form: code is the administrator's).
   */
  code?: Record<keyof typeof BLOG_CODE_FIELDS, string> | null;
}) {
  const contentLabelId = useId();
  const v = values ?? {};
  return (
    <div className="space-y-4">
      <Field
        id={`${idPrefix}-title`}
        field={BLOG_FIELDS.title}
        required
        defaultValue={v.title}
        error={errors?.title}
      />
      <div>
        <span id={contentLabelId} className="mb-1.5 block font-medium">
          {BLOG_FIELDS.content.label}
        </span>
        <RichTextEditor
          name={BLOG_FIELDS.content.name}
          initialHtml={v.content ?? ""}
          height={editorHeight}
          labelId={contentLabelId}
          invalid={Boolean(errors?.content)}
        />
        {errors?.content && <p className="mt-1.5 text-sm font-medium text-coral-600">{errors.content}</p>}
      </div>
      <ImageFields
        idPrefix={idPrefix}
        current={currentImage}
        error={errors?.image}
        alt={(values as { imageAlt?: string } | undefined)?.imageAlt ?? currentAlt}
        altError={errors?.imageAlt}
        library={library}
      />
      <BlogDateFields idPrefix={idPrefix} values={v} errors={errors} categories={categories} />
      <BlogSeoFields idPrefix={idPrefix} values={v} errors={errors} />
      {destinations && (
        <SelectField
          id={`${idPrefix}-destination`}
          field={BLOG_DESTINATION_FIELDS.destination}
          defaultValue={
            (values as { destination?: string } | undefined)?.destination ?? String(destination ?? "")
          }
          error={errors?.destination}
          hint="Optional. The destination's page lists this post under its stories once it is published."
        >
          <option value="">None</option>
          {destinations.map((d) => (
            <option key={d.id} value={String(d.id)}>
              {d.name}
            </option>
          ))}
        </SelectField>
      )}
      {recipes && (
        <FeaturedRecipeField
          idPrefix={idPrefix}
          recipes={recipes}
          value={
            (values as { featuredRecipe?: string } | undefined)?.featuredRecipe ??
            String(featuredRecipe ?? "")
          }
          error={errors?.featuredRecipe}
        />
      )}
      <DisclosureSwitch id={`${idPrefix}-show-disclosure`} checked={showDisclosure} />
      {code && <BlogCodeFields idPrefix={idPrefix} code={code} errors={errors} />}
    </div>
  );
}

/**
 * The blog's own code (DESIGN §2, "code injection"), folded away: most posts have none, and the
 * site-wide code lives in Settings. Open when there is code or a message about it.
 */
function BlogCodeFields({
  idPrefix,
  code,
  errors,
}: {
  idPrefix: string;
  code: Record<keyof typeof BLOG_CODE_FIELDS, string>;
  errors?: Record<string, string>;
}) {
  const open = Boolean(code.headerCode || code.footerCode || errors?.headerCode || errors?.footerCode);
  return (
    <details open={open} className="rounded-xl ring-1 ring-ink-900/10">
      <summary className="cursor-pointer px-4 py-3 font-medium">Code injection</summary>
      <div className="space-y-4 px-4 pb-4">
        <p className="text-sm text-ink-700">
          Code for this post's page alone (a map, a widget), after the site's own (Settings → Code injection).
          Its scripts run under the site's security policy, as the site's do.
        </p>
        <Field
          id={`${idPrefix}-header-code`}
          field={BLOG_CODE_FIELDS.headerCode}
          multiline
          rows={4}
          defaultValue={code.headerCode}
          error={errors?.headerCode}
        />
        <Field
          id={`${idPrefix}-footer-code`}
          field={BLOG_CODE_FIELDS.footerCode}
          multiline
          rows={3}
          defaultValue={code.footerCode}
          error={errors?.footerCode}
        />
      </div>
    </details>
  );
}

/** The Show disclosure switch: the site's affiliate disclosure above this post's body. */
function DisclosureSwitch({ id, checked }: { id: string; checked: boolean }) {
  return (
    <div className="flex items-start gap-3">
      <input
        id={id}
        type="checkbox"
        name={BLOG_DISCLOSURE_FIELDS.showDisclosure.name}
        defaultChecked={checked}
        aria-describedby={`${id}-hint`}
        className="mt-1 size-4 accent-sea-700"
      />
      <div>
        <label htmlFor={id} className="font-medium">
          {BLOG_DISCLOSURE_FIELDS.showDisclosure.label}
        </label>
        <p id={`${id}-hint`} className="text-sm text-ink-700">
          Shows the site's affiliate disclosure above the post, for a post with affiliate links. The text is
          written in{" "}
          <a href="/admin/settings#settings-earning" className="underline">
            Settings → Earning
          </a>
          .
        </p>
      </div>
    </div>
  );
}

interface BlogFieldGroupProps {
  idPrefix: string;
  values: Partial<BlogFormValues>;
  errors?: Record<string, string>;
}

/** Date, Author and Category, side by side; the categories in use are offered for the last. */
function BlogDateFields({
  idPrefix,
  values: v,
  errors,
  categories,
}: BlogFieldGroupProps & { categories: string[] }) {
  return (
    <div className="grid gap-4 sm:grid-cols-3">
      <Field
        id={`${idPrefix}-date`}
        field={BLOG_FIELDS.date}
        type="date"
        required
        defaultValue={v.date}
        error={errors?.date}
      />
      <Field
        id={`${idPrefix}-author`}
        field={BLOG_FIELDS.author}
        required
        defaultValue={v.author}
        error={errors?.author}
      />
      <div>
        {/* The categories in use as suggestions (the browser's own list, no script needed); a new
          name is typed as it is, and the server files a matching spelling under the existing one. */}
        <Field
          id={`${idPrefix}-category`}
          field={BLOG_FIELDS.category}
          defaultValue={v.category}
          error={errors?.category}
          list={`${idPrefix}-categories`}
        />
        <datalist id={`${idPrefix}-categories`}>
          {categories.map((name) => (
            <option key={name} value={name} />
          ))}
        </datalist>
      </div>
    </div>
  );
}

/** The search engine's title, description and keywords. */
function BlogSeoFields({ idPrefix, values: v, errors }: BlogFieldGroupProps) {
  return (
    <>
      <Field
        id={`${idPrefix}-seoTitle`}
        field={BLOG_FIELDS.seoTitle}
        defaultValue={v.seoTitle}
        error={errors?.seoTitle}
      />
      <Field
        id={`${idPrefix}-seoDescription`}
        field={BLOG_FIELDS.seoDescription}
        multiline
        rows={2}
        defaultValue={v.seoDescription}
        error={errors?.seoDescription}
      />
      <Field
        id={`${idPrefix}-seoKeywords`}
        field={BLOG_FIELDS.seoKeywords}
        defaultValue={v.seoKeywords}
        error={errors?.seoKeywords}
      />
    </>
  );
}
