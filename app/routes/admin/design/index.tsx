import { useState } from "react";
import { Form, useActionData, useLoaderData, useNavigation } from "react-router";
import { useShowToast } from "#app/components/admin/toaster.tsx";
import { buttonPrimary, buttonSecondary, PageHeader } from "#app/components/admin/ui.tsx";
import { Field, SelectField } from "#app/components/form.tsx";
import { DESIGN_FIELDS, PAGE_WORD_FIELDS } from "#app/forms/design.fields.ts";
import { designForm } from "#app/forms/design.ts";
import { DESIGN_IMAGE_FIELDS } from "#app/forms/design-images.fields.ts";
import {
  BODY_FONTS,
  contrastRatio,
  DEFAULT_WORDS,
  DESIGN_MESSAGES,
  HEADING_FONTS,
  type HomeImage,
  iconKey,
  LIST_PAGE_LABELS,
  LIST_PAGES,
  type ListPage,
  logoBox,
  MIN_CONTRAST,
  MIN_ICON_SIZE,
  normalizeHex,
  type SiteLogo,
  type SiteWords,
} from "#app/lib/design.ts";
import { uploadSrc } from "#app/lib/images.ts";
import { requireAdminRequest } from "#app/server/auth/admin-guard.server.ts";
import { adminActor } from "#app/server/http/actor.server.ts";
import { adminWriteFailed } from "#app/server/http/admin-result.server.ts";
import { adminFormRefused, readForm } from "#app/server/http/forms.server.ts";
import { redirectWithToast } from "#app/server/http/toast.server.ts";
import { getDesign, saveTheme, saveWords } from "#app/server/models/design.server.ts";
import type { Route } from "./+types/index";

/**
 * /admin/design: the accent colour (refused when white text on it would be hard to read), the
 * heading and body fonts (served by the site itself), and the words of the home page and the list
 * pages. One form, one Save: "Design saved"; every public page shows the change at once.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const { db } = await requireAdminRequest(request);
  return getDesign(db);
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db, admin } = await requireAdminRequest(request);
  const read = await readForm(request, designForm);
  if (!read.ok) return adminFormRefused(read, { prefix: DESIGN_MESSAGES.saveFailed });
  const d = read.data as Record<string, string>;
  const actor = adminActor(admin, context);
  const pages = Object.fromEntries(
    LIST_PAGES.map((page) => {
      const f = PAGE_WORD_FIELDS[page];
      return [page, { eyebrow: d[f.eyebrow.name], heading: d[f.heading.name], intro: d[f.intro.name] }];
    }),
  ) as SiteWords["pages"];
  try {
    await saveTheme(db, actor, {
      accent: read.data.accent,
      headingFont: read.data.headingFont,
      bodyFont: read.data.bodyFont,
    });
    await saveWords(db, actor, {
      home: { title: read.data.homeTitle, subtitle: read.data.homeSubtitle },
      pages,
    });
  } catch (error) {
    return adminWriteFailed(error, "Saving the design", `${DESIGN_MESSAGES.saveFailed}: please try again.`, {
      values: read.values,
    });
  }
  return redirectWithToast(request, "/admin/design", "success", DESIGN_MESSAGES.saved);
}

/** The accent's swatch and its contrast with white text, worked out as the owner types. */
function AccentField({ value, error }: { value: string; error?: string }) {
  const [typed, setTyped] = useState(value);
  const hex = normalizeHex(typed);
  const ratio = hex ? contrastRatio(hex, "#ffffff") : null;
  return (
    <div className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end">
      <div>
        <label htmlFor="design-accent" className="block font-medium">
          {DESIGN_FIELDS.accent.label}
        </label>
        <input
          id="design-accent"
          name={DESIGN_FIELDS.accent.name}
          value={typed}
          onChange={(e) => setTyped(e.currentTarget.value)}
          maxLength={16}
          spellCheck={false}
          aria-describedby="design-accent-hint"
          aria-invalid={error ? true : undefined}
          className={`mt-1.5 block w-full rounded-xl border bg-white px-4 py-3 font-mono ${error ? "border-coral-600" : "border-ink-900/15"}`}
        />
        <p id="design-accent-hint" className="mt-1.5 text-sm text-ink-700">
          A hex colour (#0b5f58) for buttons, links and highlights. White text on it needs a contrast of at
          least {MIN_CONTRAST}:1.
          {ratio !== null && (
            <span data-testid="accent-contrast">
              {" "}
              This one: {ratio.toFixed(2)}:1 {ratio >= MIN_CONTRAST ? "✓" : "(too light)"}
            </span>
          )}
        </p>
        {error && <p className="mt-1.5 text-sm font-medium text-coral-600">{error}</p>}
      </div>
      <div
        aria-hidden="true"
        className="flex h-12 w-36 items-center justify-center rounded-xl font-semibold text-white ring-1 ring-ink-900/10"
        style={{ backgroundColor: hex ?? "transparent" }}
      >
        {hex ? "Sample" : ""}
      </div>
    </div>
  );
}

function PageWordsFields({
  page,
  words,
  errors,
}: {
  page: ListPage;
  words: SiteWords["pages"][ListPage];
  errors?: Record<string, string>;
}) {
  const f = PAGE_WORD_FIELDS[page];
  return (
    <fieldset className="space-y-3 rounded-xl border border-ink-900/10 p-4">
      <legend className="px-1 font-semibold">{LIST_PAGE_LABELS[page]}</legend>
      <Field
        id={`design-${f.eyebrow.name}`}
        field={f.eyebrow}
        defaultValue={words.eyebrow}
        error={errors?.[f.eyebrow.name]}
      />
      <Field
        id={`design-${f.heading.name}`}
        field={f.heading}
        defaultValue={words.heading}
        error={errors?.[f.heading.name]}
      />
      <Field
        id={`design-${f.intro.name}`}
        field={f.intro}
        multiline
        rows={2}
        defaultValue={words.intro}
        error={errors?.[f.intro.name]}
      />
    </fieldset>
  );
}

/** The logo and site icon: each its own form (a file, posted to its own route), beside the main form. */
function ImagesSection({
  logo,
  icon,
  homeImage,
}: {
  logo: SiteLogo | null;
  icon: { id: string } | null;
  homeImage: HomeImage | null;
}) {
  const box = logo ? logoBox(logo) : null;
  return (
    <section
      aria-labelledby="design-images"
      className="space-y-6 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-ink-900/5"
    >
      <h2 id="design-images" className="font-serif text-2xl font-semibold">
        Logo, site icon and home page image
      </h2>
      <DesignImageForm
        key={logo?.id ?? "no-logo"}
        kind="logo"
        noun="logo"
        field={DESIGN_IMAGE_FIELDS.logoFile}
        set={Boolean(logo)}
        current={
          <div
            className="flex h-14 min-w-28 items-center justify-center rounded-xl bg-ink-900 px-3"
            data-testid="current-logo"
          >
            {logo && box ? (
              <img src={uploadSrc(logo.id, 480)} alt="Current logo" width={box.width} height={box.height} />
            ) : (
              <img src="/favicon.svg" alt="The site's own mark" width={32} height={32} />
            )}
          </div>
        }
        hint="Shown in the header, up to 40 px high. PNG, JPEG, WebP or SVG, 5 MB at most."
      >
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            name={DESIGN_IMAGE_FIELDS.showName.name}
            defaultChecked={logo?.showName ?? true}
            className="size-4"
          />
          {DESIGN_IMAGE_FIELDS.showName.label}
        </label>
      </DesignImageForm>
      <DesignImageForm
        key={icon?.id ?? "no-icon"}
        kind="icon"
        noun="site icon"
        field={DESIGN_IMAGE_FIELDS.iconFile}
        set={Boolean(icon)}
        current={
          <div
            className="flex size-14 items-center justify-center rounded-xl bg-sand-100"
            data-testid="current-icon"
          >
            <img
              src={icon ? `/uploads/${iconKey(icon.id, 180)}` : "/favicon.svg"}
              alt={icon ? "Current site icon" : "The site's own icon"}
              width={40}
              height={40}
            />
          </div>
        }
        hint={`A square image, at least ${MIN_ICON_SIZE} × ${MIN_ICON_SIZE} pixels: the browser tab's icon and the icon on phones' home screens.`}
      />
      <DesignImageForm
        key={homeImage?.id ?? "no-home-image"}
        kind="home-image"
        noun="home page image"
        field={DESIGN_IMAGE_FIELDS.homeImageFile}
        set={Boolean(homeImage)}
        current={
          <img
            src={homeImage ? uploadSrc(homeImage.id, 480) : "/images/destinations/santorini-greece-640.webp"}
            alt={homeImage ? "Current home page image" : "The home page's own picture"}
            width={112}
            height={75}
            className="h-[75px] w-28 rounded-xl object-cover"
            data-testid="current-home-image"
          />
        }
        hint="The wide picture behind the home page's title: a landscape photo at least 1600 px wide looks best."
      />
    </section>
  );
}

/**
 * One image of the design (logo, site icon, home page image): what is shown now, a file field,
 * and Upload / Remove, posted to that image's own route (`/admin/design/{kind}`).
 */
function DesignImageForm({
  kind,
  noun,
  field,
  set,
  current,
  hint,
  children,
}: {
  kind: "logo" | "icon" | "home-image";
  /** How the buttons name the image ("Upload site icon"). */
  noun: string;
  field: { name: string; label: string };
  /** Whether the owner has one (a Remove button). */
  set: boolean;
  current: React.ReactNode;
  hint: string;
  children?: React.ReactNode;
}) {
  const id = `design-${kind}-file`;
  return (
    <Form
      method="post"
      action={`/admin/design/${kind}`}
      encType="multipart/form-data"
      className={`space-y-3 ${kind === "logo" ? "" : "border-t border-ink-900/10 pt-6"}`}
    >
      <div className="flex flex-wrap items-center gap-4">
        {current}
        <div className="min-w-0 flex-1">
          <label htmlFor={id} className="block font-medium">
            {field.label}
          </label>
          <input
            id={id}
            type="file"
            name={field.name}
            accept="image/*"
            className="mt-1 block w-full text-sm"
            aria-describedby={`design-${kind}-hint`}
          />
          <p id={`design-${kind}-hint`} className="mt-1 text-sm text-ink-700">
            {hint}
          </p>
        </div>
      </div>
      {children}
      <div className="flex flex-wrap gap-2">
        <button type="submit" name="intent" value="upload" className={buttonSecondary}>
          Upload {noun}
        </button>
        {set && (
          <button type="submit" name="intent" value="remove" className={buttonSecondary}>
            Remove {noun}
          </button>
        )}
      </div>
    </Form>
  );
}

export default function DesignScreen() {
  const { theme, words, logo, icon, homeImage } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  useShowToast(result?.toast);
  const saving = useNavigation().state === "submitting";
  const errors = result?.fieldErrors;
  const values = result?.values;
  const v = (name: string, saved: string) => values?.[name] ?? saved;
  return (
    <div className="max-w-4xl">
      <PageHeader title="Design" />
      <ImagesSection logo={logo} icon={icon} homeImage={homeImage} />
      <Form method="post" noValidate className="mt-8 space-y-8">
        <section
          aria-labelledby="design-look"
          className="space-y-5 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-ink-900/5"
        >
          <h2 id="design-look" className="font-serif text-2xl font-semibold">
            Colour and fonts
          </h2>
          <AccentField value={v(DESIGN_FIELDS.accent.name, theme.accent)} error={errors?.accent} />
          <div className="grid gap-4 sm:grid-cols-2">
            <SelectField
              id="design-heading-font"
              field={DESIGN_FIELDS.headingFont}
              defaultValue={v(DESIGN_FIELDS.headingFont.name, theme.headingFont)}
              error={errors?.headingFont}
              hint="Titles and headings."
            >
              {HEADING_FONTS.map((font) => (
                <option key={font.id} value={font.id}>
                  {font.label}
                </option>
              ))}
            </SelectField>
            <SelectField
              id="design-body-font"
              field={DESIGN_FIELDS.bodyFont}
              defaultValue={v(DESIGN_FIELDS.bodyFont.name, theme.bodyFont)}
              error={errors?.bodyFont}
              hint="Everything else."
            >
              {BODY_FONTS.map((font) => (
                <option key={font.id} value={font.id}>
                  {font.label}
                </option>
              ))}
            </SelectField>
          </div>
          <p className="text-sm text-ink-700">
            The fonts are served by this site (no font service sees your readers) and never hold a page up: a
            new visitor's first page shows in their device's own fonts while yours load, and every page after
            it in yours.
          </p>
        </section>

        <section
          aria-labelledby="design-home"
          className="space-y-4 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-ink-900/5"
        >
          <h2 id="design-home" className="font-serif text-2xl font-semibold">
            Home page
          </h2>
          <Field
            id="design-home-title"
            field={DESIGN_FIELDS.homeTitle}
            defaultValue={v(DESIGN_FIELDS.homeTitle.name, words.home.title)}
            error={errors?.homeTitle}
            hint={`Empty: "${DEFAULT_WORDS.home.title}"`}
          />
          <Field
            id="design-home-subtitle"
            field={DESIGN_FIELDS.homeSubtitle}
            multiline
            rows={2}
            defaultValue={v(DESIGN_FIELDS.homeSubtitle.name, words.home.subtitle)}
            error={errors?.homeSubtitle}
          />
        </section>

        <section
          aria-labelledby="design-pages"
          className="space-y-4 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-ink-900/5"
        >
          <h2 id="design-pages" className="font-serif text-2xl font-semibold">
            Page headers
          </h2>
          <p className="text-sm text-ink-700">
            The words at the top of the list pages. A field left empty shows the original words.
          </p>
          {LIST_PAGES.map((page) => (
            <PageWordsFields
              key={page}
              page={page}
              words={{
                eyebrow: v(PAGE_WORD_FIELDS[page].eyebrow.name, words.pages[page].eyebrow),
                heading: v(PAGE_WORD_FIELDS[page].heading.name, words.pages[page].heading),
                intro: v(PAGE_WORD_FIELDS[page].intro.name, words.pages[page].intro),
              }}
              errors={errors}
            />
          ))}
        </section>

        <div className="flex justify-end">
          <button type="submit" className={buttonPrimary} disabled={saving}>
            {saving ? "Saving…" : "Save"}
          </button>
        </div>
      </Form>
    </div>
  );
}
