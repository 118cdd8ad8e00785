import { useEffect, useState } from "react";
import { useFetcher, useLoaderData } from "react-router";
import { deleteQuestion, useConfirmDelete } from "#app/components/admin/confirm-dialog.tsx";
import { FormCard } from "#app/components/admin/form-card.tsx";
import { type ScreenForm, useScreenFetcher, useScreenForm } from "#app/components/admin/screen-forms.ts";
import { useShowToast } from "#app/components/admin/toaster.tsx";
import {
  AdminTable,
  buttonDanger,
  buttonPrimary,
  EmptyState,
  PageHeader,
} from "#app/components/admin/ui.tsx";
import { Field, SelectField } from "#app/components/form.tsx";
import { TitledSection } from "#app/components/titled-section.tsx";
import { ADMIN_ACTION_MESSAGES } from "#app/forms/admin-actions.fields.ts";
import { settingsActions } from "#app/forms/admin-actions.ts";
import { CODE_INJECTION_FIELDS } from "#app/forms/code-injection.fields.ts";
import { EARNING_FIELDS } from "#app/forms/earning.fields.ts";
import { SEARCH_LANGUAGE_FIELDS } from "#app/forms/search-language.fields.ts";
import { SITE_INFO_FIELDS } from "#app/forms/site-info.fields.ts";
import { SITE_NUMBERS_FIELDS } from "#app/forms/site-numbers.fields.ts";
import { SEARCH_LANGUAGES } from "#app/lib/search-languages.ts";
import type { SiteInfo } from "#app/lib/site.ts";
import { requireAdminRequest } from "#app/server/auth/admin-guard.server.ts";
import { adminActor } from "#app/server/http/actor.server.ts";
import { adminFail, adminOk, adminWriteFailed } from "#app/server/http/admin-result.server.ts";
import { adminFormRefused, readForm } from "#app/server/http/forms.server.ts";
import type { EarningSettings } from "#app/server/models/earning.server.ts";
import { changeSearchLanguage, type SearchLanguageStatus } from "#app/server/models/search.server.ts";
import {
  type DomainNumbers,
  deleteSiteNumbers,
  saveCommentSettings,
  saveSiteInfo,
  saveSiteNumbers,
} from "#app/server/models/settings.server.ts";
import type { Route } from "./+types/settings";
import { settingsScreen } from "./settings/screen.server.ts";

export const SETTINGS_SAVED = "Settings saved";
const FIX_FIELDS = "Please correct the fields marked below.";

export const loader = ({ request }: Route.LoaderArgs) => settingsScreen(request);

export async function action({ request, context }: Route.ActionArgs) {
  const { db, admin } = await requireAdminRequest(request);
  const actor = adminActor(admin, context);
  const form = await readForm(request, settingsActions);
  if (!form.ok) return adminFormRefused(form, { summary: FIX_FIELDS });
  const posted = form.data;
  try {
    switch (posted.intent) {
      case "site-info": {
        const { intent: _, ...info } = posted;
        await saveSiteInfo(db, actor, info);
        return adminOk(SETTINGS_SAVED);
      }
      case "site-numbers": {
        const { intent: _, domain, ...numbers } = posted;
        await saveSiteNumbers(db, actor, domain, numbers);
        return adminOk(SETTINGS_SAVED);
      }
      case "delete-numbers":
        if (!(await deleteSiteNumbers(db, actor, posted.domain)))
          return adminFail(404, ADMIN_ACTION_MESSAGES.numbersDeleteFailed);
        return adminOk(`Deleted the numbers of "${posted.domain.toLowerCase()}"`);
      case "comments":
        await saveCommentSettings(db, actor, { approveKnown: posted.approveKnown });
        return adminOk(SETTINGS_SAVED);
      case "search-language":
        await changeSearchLanguage(db, actor, posted.language);
        return adminOk(SETTINGS_SAVED);
    }
  } catch (err) {
    return adminWriteFailed(err, "admin settings: saving failed", "Error saving settings.");
  }
}

export const meta: Route.MetaFunction = () => settingsMeta;

/** The screen's title and robots rule, for its own address and those of its forms. */
export const settingsMeta = [{ title: "Settings | Admin" }, { name: "robots", content: "noindex" }];

export default function Settings() {
  const { info, numbers, comments, search, earning, codeInjection } = useLoaderData<typeof loader>();
  return (
    <div>
      <PageHeader title="Settings" />
      <div className="grid max-w-5xl gap-8">
        <SiteInfoForm info={info} />
        <SiteNumbersSection numbers={numbers} />
        <CommentSettingsForm approveKnown={comments.approveKnown} />
        <SearchLanguageForm search={search} />
        <EarningForm earning={earning} />
        <CodeInjectionForm saved={codeInjection} />
      </div>
    </div>
  );
}

const card = "rounded-2xl bg-white p-6 shadow-sm ring-1 ring-ink-900/5";

const I = SITE_INFO_FIELDS;
const N = SITE_NUMBERS_FIELDS;

/** The site-info inputs in form order (Domain follows, with its explanation). */
const SITE_INFO_INPUTS: {
  id: string;
  field: (typeof I)[Exclude<keyof SiteInfo, "domain">];
  type?: string;
  required?: boolean;
}[] = [
  { id: "site-name", field: I.name, required: true },
  { id: "site-email", field: I.email, type: "email", required: true },
  { id: "site-phone", field: I.phone, type: "tel" },
  { id: "site-phonecall", field: I.phonecall, type: "tel" },
  { id: "site-address", field: I.address },
  { id: "site-city", field: I.addressCity },
];

function SiteInfoForm({ info }: { info: SiteInfo }) {
  const fetcher = useFetcher<typeof action>({ key: "settings-site-info" });
  useShowToast(fetcher.data?.toast);
  const failed = fetcher.data && !fetcher.data.ok ? fetcher.data : undefined;
  const errors = failed?.fieldErrors;
  const values = failed?.values;
  const value = (k: keyof SiteInfo) => values?.[k] ?? info[k];
  const submitting = fetcher.state !== "idle";
  return (
    <FormCard
      id="settings-site-info"
      title="Site info"
      intro="Shown in the public site's footer, contact page and page titles."
      fetcher={fetcher}
      intent="site-info"
      saved={info}
      grid="md:grid-cols-2"
    >
      {SITE_INFO_INPUTS.map(({ id, field, type, required }) => (
        <Field
          key={field.name}
          id={id}
          field={field}
          type={type}
          required={required}
          defaultValue={value(field.name)}
          error={errors?.[field.name]}
        />
      ))}
      <div className="md:col-span-2">
        <Field id="site-domain" field={I.domain} defaultValue={value("domain")} error={errors?.domain} />
        <p className="mt-1.5 text-sm text-ink-700">
          The host name whose site numbers the public site shows, e.g. example.com. Empty: the host of each
          request.
        </p>
      </div>
      <div className="md:col-span-2">
        <button type="submit" className={buttonPrimary} disabled={submitting}>
          Save
        </button>
      </div>
    </FormCard>
  );
}

function SiteNumbersSection({ numbers }: { numbers: DomainNumbers[] }) {
  const deleter = useFetcher<typeof action>({ key: "settings-delete-numbers" });
  useShowToast(deleter.data?.toast);
  const confirmDelete = useConfirmDelete(deleter, deleteQuestion, (domain: string) => ({
    intent: "delete-numbers",
    domain,
  }));
  const deleting = deleter.state !== "idle" ? deleter.formData?.get("domain") : null;
  return (
    <TitledSection id="settings-site-numbers" title="Site numbers" className={card}>
      <p className="mt-1 text-ink-700">
        The international and local phone numbers shown for each domain. A domain without its own numbers
        shows the defaults.
      </p>
      <div className="mt-6">
        {numbers.length === 0 ? (
          <EmptyState>No site numbers yet.</EmptyState>
        ) : (
          <AdminTable headings={["Domain", "International number", "Local number", "Actions"]} framed={false}>
            {numbers.map((n) => (
              <tr key={n.domain}>
                <td className="px-4 py-3 font-medium break-all">{n.domain}</td>
                <td className="px-4 py-3">{n.numberIntl}</td>
                <td className="px-4 py-3">{n.numberLocal}</td>
                <td className="px-4 py-3">
                  <button
                    type="button"
                    className={buttonDanger}
                    disabled={deleting === n.domain}
                    onClick={() => confirmDelete.ask(n.domain)}
                  >
                    Delete
                  </button>
                </td>
              </tr>
            ))}
          </AdminTable>
        )}
      </div>
      <SiteNumbersForm />
      {confirmDelete.dialog}
    </TitledSection>
  );
}

function SiteNumbersForm() {
  const fetcher = useFetcher<typeof action>({ key: "settings-site-numbers" });
  useShowToast(fetcher.data?.toast);
  // A fresh, empty form after each successful save.
  const [generation, setGeneration] = useState(0);
  const result = fetcher.data;
  useEffect(() => {
    if (fetcher.state === "idle" && result?.ok) setGeneration((g) => g + 1);
  }, [fetcher.state, result]);
  const failed = result && !result.ok ? result : undefined;
  return (
    <fetcher.Form
      key={generation}
      method="post"
      noValidate
      aria-label="Site numbers"
      className="mt-6 rounded-xl bg-sand-50 p-5 ring-1 ring-ink-900/5"
    >
      <h3 className="font-semibold">Add or update a domain's numbers</h3>
      <input type="hidden" name="intent" value="site-numbers" />
      <div className="mt-4 grid gap-4 md:grid-cols-3">
        <Field id="numbers-domain" field={N.domain} required errors={failed} />
        <Field id="numbers-intl" field={N.numberIntl} type="tel" required errors={failed} />
        <Field id="numbers-local" field={N.numberLocal} type="tel" required errors={failed} />
      </div>
      <button type="submit" className={`${buttonPrimary} mt-4`} disabled={fetcher.state !== "idle"}>
        Save
      </button>
    </fetcher.Form>
  );
}

/** Comment moderation: whether a known commenter's next comment waits for a moderator. */
function CommentSettingsForm({ approveKnown }: { approveKnown: boolean }) {
  const fetcher = useFetcher<typeof action>({ key: "settings-comments" });
  useShowToast(fetcher.data?.toast);
  return (
    <FormCard
      id="settings-comments"
      title="Comments"
      intro="Every comment waits for a moderator, and the spam score holds likely spam back in the Spam tab."
      fetcher={fetcher}
      intent="comments"
      saved={{ approveKnown }}
      grid=""
    >
      <label className="flex items-start gap-3">
        <input
          type="checkbox"
          name="approveKnown"
          defaultChecked={approveKnown}
          className="mt-1 size-4 accent-sea-700"
        />
        <span>
          <span className="font-medium">Approve a known commenter at once</span>
          <span className="block text-sm text-ink-700">
            A comment from an email that already has an approved comment is published without waiting, unless
            the spam score holds it back.
          </span>
        </span>
      </label>
      <div>
        <button type="submit" className={buttonPrimary} disabled={fetcher.state !== "idle"}>
          Save
        </button>
      </div>
    </FormCard>
  );
}

/**
 * The language site search stems words in, so "cooking" finds "cooked" (decision 024). Changing
 * it re-indexes every post in the background; the card says how far that has come.
 */
function SearchLanguageForm({ search }: { search: SearchLanguageStatus }) {
  const fetcher = useFetcher<typeof action>({ key: "settings-search-language" });
  useShowToast(fetcher.data?.toast);
  const failed = fetcher.data && !fetcher.data.ok ? fetcher.data : undefined;
  return (
    <FormCard
      id="settings-search"
      title="Search"
      intro="Search finds every form of a word in the site's language: “cooking” also finds “cooked” and “cook”."
      fetcher={fetcher}
      intent="search-language"
      saved={{ language: search.language }}
      grid="md:grid-cols-2"
    >
      <SelectField
        id="search-language"
        field={SEARCH_LANGUAGE_FIELDS.language}
        defaultValue={search.language}
        error={failed?.fieldErrors?.language}
        hint={
          search.reindexPercent === null
            ? "The language most posts are written in. Changing it re-indexes every post; search keeps working meanwhile."
            : `Re-indexing the posts for this language: about ${search.reindexPercent}% done. Search keeps working meanwhile.`
        }
      >
        {SEARCH_LANGUAGES.map((l) => (
          <option key={l.code} value={l.code}>
            {l.label}
          </option>
        ))}
      </SelectField>
      <div className="md:col-span-2">
        <button type="submit" className={buttonPrimary} disabled={fetcher.state !== "idle"}>
          Save
        </button>
      </div>
    </FormCard>
  );
}

/** The settings forms with an address of their own (settings/earning.tsx, settings/code-injection.tsx). */
const EARNING_FORM: ScreenForm = { key: "settings-earning", address: "/admin/settings/earning" };
const CODE_INJECTION_FORM: ScreenForm = {
  key: "settings-code-injection",
  address: "/admin/settings/code-injection",
};

/**
 * Such a form's fetcher and its refusal: the fetcher's answer, or without JavaScript the answer of
 * the address posted to, which renders this screen (screen-forms.ts).
 */
function useOwnAddressForm(form: ScreenForm) {
  const { fetcher } = useScreenFetcher(form);
  const answer = useScreenForm(form);
  return { fetcher, failed: answer && !answer.ok ? answer : undefined };
}

/**
 * What the site earns with (DESIGN §2, "earning"): the ads.txt ad networks ask for, and the
 * affiliate disclosure a blog shows above its body when its "Show disclosure" switch is on. Posts
 * to an address of its own (settings/earning.tsx).
 */
function EarningForm({ earning }: { earning: EarningSettings }) {
  const { fetcher, failed } = useOwnAddressForm(EARNING_FORM);
  const value = (k: keyof EarningSettings) => failed?.values?.[k] ?? earning[k];
  return (
    <FormCard
      id="settings-earning"
      title="Earning"
      intro="What ad networks and affiliate programmes ask of the site."
      fetcher={fetcher}
      action={EARNING_FORM.address}
      intent="earning"
      saved={earning}
      grid=""
    >
      <Field
        id="earning-ads-txt"
        field={EARNING_FIELDS.adsTxt}
        multiline
        rows={6}
        defaultValue={value("adsTxt")}
        error={failed?.fieldErrors?.adsTxt}
        hint={
          <>
            Served at{" "}
            <a href="/ads.txt" className="underline">
              /ads.txt
            </a>
            . Paste the lines your ad networks give you, one record per line; while this is empty, /ads.txt
            answers “not found”.
          </>
        }
      />
      <Field
        id="earning-disclosure"
        field={EARNING_FIELDS.disclosure}
        multiline
        rows={3}
        defaultValue={value("disclosure")}
        error={failed?.fieldErrors?.disclosure}
        hint="Shown above the body of every blog whose “Show disclosure” switch is on (in the blog editor). A blank line starts a new paragraph."
      />
      <div>
        <button type="submit" className={buttonPrimary} disabled={fetcher.state !== "idle"}>
          Save
        </button>
      </div>
    </FormCard>
  );
}

type CodeInjectionValues = Record<keyof typeof CODE_INJECTION_FIELDS, string>;

/** The Code injection form's fields, in order, with what each says under it. */
const CODE_INJECTION_INPUTS: { id: string; name: keyof CodeInjectionValues; rows: number; hint: string }[] = [
  {
    id: "code-header",
    name: "headerCode",
    rows: 6,
    hint: "Put at the end of every public page's head. It must be well-formed HTML; its scripts run under the site's security policy (each gets the page's nonce), and what they load must come from the allowed hosts.",
  },
  { id: "code-footer", name: "footerCode", rows: 4, hint: "Put at the end of every public page's body." },
  {
    id: "code-hosts",
    name: "allowedHosts",
    rows: 3,
    hint: "One host per line (such as pagead2.googlesyndication.com or *.doubleclick.net): what your code loads, connects to and frames. Host names only, always over https.",
  },
];

/**
 * Code for every public page (an ad network's or analytics snippet) and the hosts it may use
 * (DESIGN §2, "code injection"). Its scripts run under the site's strict CSP: the server gives
 * each the page's nonce (lib/injected-code.server.ts). Posts to settings/code-injection.tsx.
 */
function CodeInjectionForm({ saved }: { saved: CodeInjectionValues }) {
  const { fetcher, failed } = useOwnAddressForm(CODE_INJECTION_FORM);
  const value = (k: keyof CodeInjectionValues) => failed?.values?.[k] ?? saved[k];
  return (
    <FormCard
      id="settings-code-injection"
      title="Code injection"
      intro="Code your ad network or analytics service asks you to paste into every page. The admin's own pages never run it."
      fetcher={fetcher}
      action={CODE_INJECTION_FORM.address}
      intent="code-injection"
      saved={saved}
      grid=""
    >
      {CODE_INJECTION_INPUTS.map(({ id, name, rows, hint }) => (
        <Field
          key={id}
          id={id}
          field={CODE_INJECTION_FIELDS[name]}
          multiline
          rows={rows}
          defaultValue={value(name)}
          error={failed?.fieldErrors?.[name]}
          hint={hint}
        />
      ))}
      <div>
        <button type="submit" className={buttonPrimary} disabled={fetcher.state !== "idle"}>
          Save
        </button>
      </div>
    </FormCard>
  );
}
