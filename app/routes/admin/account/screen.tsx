import type { MetaDescriptor } from "react-router";
import { useActionData, useFetcher, useLoaderData, useLocation } from "react-router";
import { useShowToast } from "#app/components/admin/toaster.tsx";
import {
  AdminTable,
  buttonDanger,
  buttonPrimary,
  buttonSecondary,
  PageHeader,
} from "#app/components/admin/ui.tsx";
import { Field } from "#app/components/form.tsx";
import { LocalTime } from "#app/components/local-time.tsx";
import { TitledSection } from "#app/components/titled-section.tsx";
import {
  ACCOUNT_DETAILS_FIELDS,
  CODE_FIELDS,
  CONFIRM_PASSWORD_FIELDS,
  PASSWORD_CHANGE_FIELDS,
} from "#app/forms/account.fields.ts";
import type { AdminActionResult } from "#app/lib/toast.ts";
import type { accountScreen } from "./account.server.ts";

/**
 * The account screen (/admin/account): the admin's details, password, two-step sign-in and
 * signed-in devices. Each form posts to its own address (`ACCOUNT_ACTIONS`), so each shows only
 * what its own address answered. With JavaScript a form is posted by its fetcher and the page stays
 * where it is; without, the browser posts to the address, whose route answers with this screen and
 * that form's answer.
 */

/** Where each form of the screen posts (app/routes.ts, routes/admin/account/). */
const ACCOUNT_ACTIONS = {
  details: "/admin/account/details",
  password: "/admin/account/password",
  twoStepStart: "/admin/account/two-step/start",
  twoStepCancel: "/admin/account/two-step/cancel",
  twoStepConfirm: "/admin/account/two-step/confirm",
  twoStepDisable: "/admin/account/two-step/disable",
  recoveryCodes: "/admin/account/two-step/recovery-codes",
  signOut: "/admin/account/devices/sign-out",
  signOutOthers: "/admin/account/devices/sign-out-others",
} as const;

/** What a form's address answers: a toast, a refused form's messages and values, new recovery codes. */
type AccountAnswer = Partial<AdminActionResult> & { ok: boolean; recoveryCodes?: string[] };

type ScreenData = Awaited<ReturnType<typeof accountScreen>>;

export const accountMeta = (): MetaDescriptor[] => [
  { title: "Your account | Admin" },
  { name: "robots", content: "noindex" },
];

/**
 * A form of the screen (its fetcher, `key`) and what its addresses answered: the fetcher's answer,
 * or, on the page an address rendered after a post without JavaScript, that route's own answer.
 * Its toast is shown here, once.
 */
function useAccountForm(key: string, ...addresses: string[]) {
  const fetcher = useFetcher<AccountAnswer>({ key });
  const posted = useActionData() as AccountAnswer | undefined;
  const { pathname } = useLocation();
  const answer = fetcher.data ?? (addresses.includes(pathname) ? posted : undefined);
  useShowToast(answer?.toast);
  return {
    fetcher,
    answer,
    refused: answer && !answer.ok ? answer : undefined,
    /** Whether the form is being posted (to `address`, when given). */
    posting: (address?: string) =>
      fetcher.state === "submitting" && (address === undefined || fetcher.formAction === address),
  };
}

const card = "rounded-2xl bg-white p-6 shadow-sm ring-1 ring-ink-900/5";

export function AccountScreen() {
  const { name, email, twoStep, devices, minPasswordLength } = useLoaderData() as ScreenData;
  return (
    <div>
      <PageHeader title="Your account" />
      <div className="grid max-w-4xl grid-cols-[minmax(0,1fr)] gap-8">
        <DetailsSection name={name} email={email} />
        <PasswordSection minPasswordLength={minPasswordLength} />
        <TwoStepSection twoStep={twoStep} />
        <DevicesSection devices={devices} />
      </div>
    </div>
  );
}

function DetailsSection({ name, email }: { name: string; email: string }) {
  const { fetcher, refused, posting } = useAccountForm("account-details", ACCOUNT_ACTIONS.details);
  return (
    <TitledSection id="account-details" title="Your details" className={card}>
      <p className="mt-1 text-ink-700">
        Your name is shown in the top bar; you sign in with the email, which the activity log names you by.
      </p>
      <fetcher.Form
        method="post"
        action={ACCOUNT_ACTIONS.details}
        noValidate
        className="mt-6 grid gap-4 md:grid-cols-2"
        key={`${name}|${email}`}
      >
        <Field
          id="account-name"
          field={ACCOUNT_DETAILS_FIELDS.name}
          defaultValue={refused?.values?.name ?? name}
          errors={refused}
        />
        <Field
          id="account-email"
          field={ACCOUNT_DETAILS_FIELDS.email}
          type="email"
          required
          autoComplete="username"
          defaultValue={refused?.values?.email ?? email}
          errors={refused}
        />
        <div className="md:col-span-2">
          <Field
            id="account-details-password"
            field={ACCOUNT_DETAILS_FIELDS.currentPassword}
            type="password"
            autoComplete="current-password"
            errors={refused}
          />
          <p className="mt-1.5 text-sm text-ink-700">Needed only to change the email.</p>
        </div>
        <div className="md:col-span-2">
          <button type="submit" className={buttonPrimary} disabled={posting()}>
            Save details
          </button>
        </div>
      </fetcher.Form>
    </TitledSection>
  );
}

function PasswordSection({ minPasswordLength }: { minPasswordLength: number }) {
  const { fetcher, refused, posting } = useAccountForm("account-password", ACCOUNT_ACTIONS.password);
  return (
    <TitledSection id="account-password" title="Password" className={card}>
      <p className="mt-1 text-ink-700">
        At least {minPasswordLength} characters; a few words make a good one. Changing it signs your other
        devices out.
      </p>
      <fetcher.Form
        method="post"
        action={ACCOUNT_ACTIONS.password}
        noValidate
        className="mt-6 grid gap-4 md:grid-cols-2"
      >
        <div className="md:col-span-2">
          <Field
            id="password-current"
            field={PASSWORD_CHANGE_FIELDS.currentPassword}
            type="password"
            required
            autoComplete="current-password"
            errors={refused}
          />
        </div>
        <Field
          id="password-new"
          field={PASSWORD_CHANGE_FIELDS.password}
          type="password"
          required
          autoComplete="new-password"
          errors={refused}
        />
        <Field
          id="password-confirm"
          field={PASSWORD_CHANGE_FIELDS.confirm}
          type="password"
          required
          autoComplete="new-password"
          errors={refused}
        />
        <div className="md:col-span-2">
          <button type="submit" className={buttonPrimary} disabled={posting()}>
            Change password
          </button>
        </div>
      </fetcher.Form>
    </TitledSection>
  );
}

function DevicesSection({ devices }: { devices: ScreenData["devices"] }) {
  const signOut = useAccountForm("account-sign-out", ACCOUNT_ACTIONS.signOut);
  const others = useAccountForm("account-sign-out-others", ACCOUNT_ACTIONS.signOutOthers);
  return (
    <TitledSection id="account-devices" title="Signed-in devices" className={card}>
      <p className="mt-1 text-ink-700">
        Every browser signed in to your account. Sign out any you do not know.
      </p>
      <div className="mt-6">
        <AdminTable headings={["Browser", "Address", "Signed in", "Last used", "Actions"]} framed={false}>
          {devices.map((d) => (
            <tr key={d.id}>
              <td className="px-4 py-3 font-medium">{d.browser}</td>
              <td className="px-4 py-3 break-all">{d.address || "-"}</td>
              <td className="px-4 py-3">
                <LocalTime seconds={d.signedInAt} withTime />
              </td>
              <td className="px-4 py-3">
                <LocalTime seconds={d.lastSeenAt} withTime />
              </td>
              <td className="px-4 py-3">
                {d.current ? (
                  <span className="text-sm font-semibold text-sea-700">This device</span>
                ) : (
                  <signOut.fetcher.Form method="post" action={ACCOUNT_ACTIONS.signOut}>
                    <input type="hidden" name="session" value={d.id} />
                    <button type="submit" className={buttonDanger}>
                      Sign out
                    </button>
                  </signOut.fetcher.Form>
                )}
              </td>
            </tr>
          ))}
        </AdminTable>
      </div>
      {devices.length > 1 && (
        <others.fetcher.Form method="post" action={ACCOUNT_ACTIONS.signOutOthers} className="mt-4">
          <button type="submit" className={buttonSecondary} disabled={others.posting()}>
            Sign out all other devices
          </button>
        </others.fetcher.Form>
      )}
    </TitledSection>
  );
}

function TwoStepSection({ twoStep }: { twoStep: ScreenData["twoStep"] }) {
  // One fetcher for the section's forms: one of them shows at a time (start; confirm or cancel the
  // set-up; new codes or turn off), and the newest answer is the one to show.
  const { fetcher, answer, refused, posting } = useAccountForm(
    "account-two-step",
    ACCOUNT_ACTIONS.twoStepStart,
    ACCOUNT_ACTIONS.twoStepCancel,
    ACCOUNT_ACTIONS.twoStepConfirm,
    ACCOUNT_ACTIONS.twoStepDisable,
    ACCOUNT_ACTIONS.recoveryCodes,
  );
  const codes = answer?.ok ? answer.recoveryCodes : undefined;
  return (
    <TitledSection id="account-two-step" title="Two-step sign-in" className={card}>
      <p className="mt-1 text-ink-700">
        With two-step sign-in on, signing in asks for a code from an authenticator app on your phone after the
        password, so a password alone never signs anyone in.
      </p>
      {codes && <RecoveryCodes codes={codes} />}
      {twoStep.on ? (
        <div className="mt-6">
          <p>
            <span className="font-semibold text-sea-700">On</span>
            {twoStep.enabledAt !== null && (
              <>
                {" "}
                since <LocalTime seconds={twoStep.enabledAt} withTime />
              </>
            )}
            . {twoStep.recoveryCodesLeft} of 10 recovery codes left.
          </p>
          {/* One password for two buttons, each posting to its own address. */}
          <fetcher.Form
            method="post"
            action={ACCOUNT_ACTIONS.recoveryCodes}
            noValidate
            className="mt-4 grid max-w-md gap-4"
          >
            <Field
              id="two-step-password"
              field={CONFIRM_PASSWORD_FIELDS.currentPassword}
              type="password"
              required
              autoComplete="current-password"
              errors={refused}
            />
            <div className="flex flex-wrap gap-3">
              <button
                type="submit"
                formAction={ACCOUNT_ACTIONS.recoveryCodes}
                className={buttonSecondary}
                disabled={posting(ACCOUNT_ACTIONS.recoveryCodes)}
              >
                New recovery codes
              </button>
              <button
                type="submit"
                formAction={ACCOUNT_ACTIONS.twoStepDisable}
                className={buttonDanger}
                disabled={posting(ACCOUNT_ACTIONS.twoStepDisable)}
              >
                Turn off two-step sign-in
              </button>
            </div>
          </fetcher.Form>
        </div>
      ) : twoStep.setup ? (
        <TwoStepSetUp setup={twoStep.setup} form={{ fetcher, refused, posting }} />
      ) : (
        <fetcher.Form method="post" action={ACCOUNT_ACTIONS.twoStepStart} className="mt-6">
          <button type="submit" className={buttonPrimary} disabled={posting(ACCOUNT_ACTIONS.twoStepStart)}>
            Set up two-step sign-in
          </button>
        </fetcher.Form>
      )}
    </TitledSection>
  );
}

/** The set-up begun: the QR code (and its key) to scan, and the app's first code to confirm it. */
function TwoStepSetUp({
  setup,
  form: { fetcher, refused, posting },
}: {
  setup: NonNullable<ScreenData["twoStep"]["setup"]>;
  /** The section's fetcher (TwoStepSection), which shows the newest answer of its forms. */
  form: Pick<ReturnType<typeof useAccountForm>, "fetcher" | "refused" | "posting">;
}) {
  return (
    <div className="mt-6 grid gap-6 md:grid-cols-[auto_1fr]">
      <div
        role="img"
        aria-label="QR code to scan with your authenticator app"
        className="size-48 rounded-xl bg-white ring-1 ring-ink-900/10"
        // An SVG the server drew from the set-up URI (qrcode): no text of anyone's in it.
        // biome-ignore lint/security/noDangerouslySetInnerHtml: our own generated SVG
        dangerouslySetInnerHTML={{ __html: setup.qrSvg }}
      />
      <div>
        <ol className="list-decimal space-y-2 pl-5 text-ink-700">
          <li>
            Open your authenticator app (for example Aegis, Google Authenticator, 1Password) and scan the
            code.
          </li>
          <li>
            Cannot scan? Type this key instead:{" "}
            <code
              className="rounded bg-sand-100 px-1.5 py-0.5 font-mono text-sm break-all text-ink-900"
              data-testid="two-step-key"
            >
              {setup.secret}
            </code>
          </li>
          <li>Enter the six-digit code the app shows.</li>
        </ol>
        <fetcher.Form
          method="post"
          action={ACCOUNT_ACTIONS.twoStepConfirm}
          noValidate
          className="mt-4 grid max-w-xs gap-4"
        >
          <Field
            id="two-step-setup-code"
            field={CODE_FIELDS.code}
            required
            autoComplete="one-time-code"
            errors={refused}
          />
          <div className="flex flex-wrap gap-3">
            <button
              type="submit"
              className={buttonPrimary}
              disabled={posting(ACCOUNT_ACTIONS.twoStepConfirm)}
            >
              Turn on
            </button>
          </div>
        </fetcher.Form>
        <fetcher.Form method="post" action={ACCOUNT_ACTIONS.twoStepCancel} className="mt-3">
          <button type="submit" className="text-sm font-semibold text-sea-700 hover:underline">
            Cancel set-up
          </button>
        </fetcher.Form>
      </div>
    </div>
  );
}

/** The recovery codes, the one time they are shown. */
function RecoveryCodes({ codes }: { codes: string[] }) {
  return (
    <div className="mt-6 rounded-xl bg-sand-100 p-4" data-testid="recovery-codes">
      <h3 className="font-semibold text-ink-900">Save your recovery codes</h3>
      <p className="mt-1 text-sm text-ink-700">
        Each code signs you in once if your phone is lost. Keep them somewhere safe, like a password manager:
        this is the only time they are shown.
      </p>
      <ul className="mt-3 grid grid-cols-2 gap-2 font-mono text-sm sm:grid-cols-5">
        {codes.map((code) => (
          <li key={code} className="rounded bg-white px-2 py-1 text-center">
            {code}
          </li>
        ))}
      </ul>
    </div>
  );
}
