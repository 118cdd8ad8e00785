import { useFetcher, useLoaderData } from "react-router";
import { FormCard } from "#app/components/admin/form-card.tsx";
import { useShowToast } from "#app/components/admin/toaster.tsx";
import { AdminTable, buttonPrimary, EmptyState, PageHeader } from "#app/components/admin/ui.tsx";
import { Field, SelectField } from "#app/components/form.tsx";
import { categoryActions } from "#app/forms/admin-actions.ts";
import { CATEGORY_RENAME_FIELDS } from "#app/forms/category-rename.fields.ts";
import { requireAdminRequest } from "#app/server/auth/admin-guard.server.ts";
import { adminFail, adminOk, adminWriteFailed } from "#app/server/http/admin-result.server.ts";
import { adminFormRefused, readForm } from "#app/server/http/forms.server.ts";
import { loadOrFail } from "#app/server/http/load-failure.server.ts";
import { categoriesInUse } from "#app/server/models/categories.server.ts";
import { renameCategory } from "#app/server/models/category-rename.server.ts";
import type { Route } from "./+types/categories";

export const CATEGORIES_LOAD_FAILED = "Failed to load categories.";
export const CATEGORY_GONE = "That category is no longer in use: reload the page.";
const RENAME_FAILED = "Error renaming the category.";

const blogs = (n: number) => (n === 1 ? "1 blog" : `${n} blogs`);

export async function loader({ request }: Route.LoaderArgs) {
  const { db } = await requireAdminRequest(request, "staff");
  const categories = await loadOrFail({ heading: "Categories", message: CATEGORIES_LOAD_FAILED }, () =>
    categoriesInUse(db, { publishedOnly: false }),
  );
  return { categories };
}

export async function action({ request }: Route.ActionArgs) {
  const { db } = await requireAdminRequest(request, "staff");
  const parsed = await readForm(request, categoryActions);
  if (!parsed.ok) return adminFormRefused(parsed);
  try {
    const done = await renameCategory(db, parsed.data.slug, parsed.data.name);
    switch (done.status) {
      case "not-found":
        return adminFail(404, CATEGORY_GONE, { values: parsed.values });
      case "no-slug":
        // The form's rule already refuses such a name; the model checks again.
        return adminFail(400, RENAME_FAILED, { values: parsed.values });
      case "merged":
        return adminOk(`Merged "${done.from}" into "${done.to}": ${blogs(done.count)} now.`);
      case "renamed":
        return adminOk(`Renamed "${done.from}" to "${done.to}" (${blogs(done.count)}).`);
    }
  } catch (err) {
    return adminWriteFailed(err, "admin categories: rename failed", RENAME_FAILED, { values: parsed.values });
  }
}

export const meta: Route.MetaFunction = () => [
  { title: "Categories | Admin" },
  { name: "robots", content: "noindex" },
];

export default function Categories() {
  const { categories } = useLoaderData<typeof loader>();
  return (
    <div>
      <PageHeader title="Categories" />
      {categories.length === 0 ? (
        <EmptyState>No categories yet: give a blog a Category and it appears here.</EmptyState>
      ) : (
        <div className="grid max-w-5xl gap-8">
          <RenameForm categories={categories} />
          <AdminTable headings={["Category", "Page", "Blogs"]}>
            {categories.map((c) => (
              <tr key={c.slug}>
                <td className="px-4 py-3 font-medium break-words">{c.name}</td>
                {/* As text: a category of drafts only has no public page yet. */}
                <td className="px-4 py-3 break-all">/blogs/category/{c.slug}</td>
                <td className="px-4 py-3 tabular-nums">{c.count}</td>
              </tr>
            ))}
          </AdminTable>
        </div>
      )}
    </div>
  );
}

function RenameForm({ categories }: { categories: { slug: string; name: string; count: number }[] }) {
  const fetcher = useFetcher<typeof action>({ key: "category-rename" });
  useShowToast(fetcher.data?.toast);
  const failed = fetcher.data && !fetcher.data.ok ? fetcher.data : undefined;
  return (
    <FormCard
      id="category-rename"
      title="Rename a category"
      intro="Every blog filed under it, drafts included, takes the new name and its page. A new name that is already another category's merges the two into one."
      fetcher={fetcher}
      intent="rename"
      saved={categories}
      grid="md:grid-cols-[1fr_1fr_auto] md:items-start"
    >
      <SelectField
        id="category-rename-slug"
        field={CATEGORY_RENAME_FIELDS.slug}
        defaultValue={failed?.values?.[CATEGORY_RENAME_FIELDS.slug.name] ?? categories[0]?.slug}
        error={failed?.fieldErrors?.[CATEGORY_RENAME_FIELDS.slug.name]}
      >
        {categories.map((c) => (
          <option key={c.slug} value={c.slug}>
            {c.name} ({blogs(c.count)})
          </option>
        ))}
      </SelectField>
      <Field id="category-rename-name" field={CATEGORY_RENAME_FIELDS.name} required errors={failed} />
      <button type="submit" className={`${buttonPrimary} md:mt-8`} disabled={fetcher.state !== "idle"}>
        Rename
      </button>
    </FormCard>
  );
}
