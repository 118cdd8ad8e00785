import { data, Form, useActionData, useLoaderData, useNavigation } from "react-router";
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
  ACCOUNT_MESSAGES as A,
  CODE_FIELDS,
  CONFIRM_PASSWORD_FIELDS,
  ACCOUNT_DETAILS_FIELDS as D,
  PASSWORD_CHANGE_FIELDS as P,
} from "#app/forms/account.fields.ts";
import { accountActions } from "#app/forms/account.ts";
import { MIN_PASSWORD_LENGTH } from "#app/server/auth/accounts.server.ts";
import { requireAdminRequest } from "#app/server/auth/admin-guard.server.ts";
import {
  changeDetails,
  changeOwnPassword,
  confirmCurrentPassword,
  endOtherSessions,
  endSession,
  listDevices,
} from "#app/server/auth/own-account.server.ts";
import {
  beginTwoStepSetup,
  cancelTwoStepSetup,
  confirmTwoStepSetup,
  renewRecoveryCodes,
  turnOffTwoStep,
  twoStepState,
} from "#app/server/auth/two-step.server.ts";
import { adminActor } from "#app/server/http/actor.server.ts";
import { type AdminActionResult, adminFail, adminOk } from "#app/server/http/admin-result.server.ts";
import { readForm } from "#app/server/http/forms.server.ts";
import type { Route } from "./+types/account";

/** The issuer an authenticator app lists the account under. */
const ISSUER = "Wanderplate";

export async function loader({ request }: Route.LoaderArgs) {
  const { db, admin } = await requireAdminRequest(request);
  const [twoStep, devices] = await Promise.all([
    twoStepState(db, admin.accountId, ISSUER),
    listDevices(db, admin.accountId, admin.sessionId),
  ]);
  return { name: admin.name, email: admin.email, twoStep, devices, minPasswordLength: MIN_PASSWORD_LENGTH };
}

/**
 * A refused form of this screen, naming which form it was (`intent`), so the messages show under
 * that form's fields only (several forms here have a current password).
 */
const refuse = (
  intent: string,
  status: number,
  message: string,
  extra: Omit<Partial<AdminActionResult>, "intent"> = {},
) => adminFail(status, message, { ...extra, intent });

export async function action({ request, context }: Route.ActionArgs) {
  const { db, admin } = await requireAdminRequest(request);
  const form = await readForm(request, accountActions);
  if (!form.ok) {
    const { status, message, fieldErrors, values } = form;
    // Only the details are refilled: a password typed is never sent back into the page.
    const refill = { name: values.name ?? "", email: values.email ?? "" };
    return refuse(values.intent ?? "", status, message, { fieldErrors, values: refill });
  }
  const actor = { ...adminActor(admin, context), accountId: admin.accountId };
  const posted = form.data;
  const { intent } = posted;
  const wrongPassword = (throttled: boolean) =>
    throttled
      ? refuse(intent, 429, A.tooManyPasswordTries)
      : refuse(intent, 400, A.wrongPassword, { fieldErrors: { currentPassword: A.wrongPassword } });
  switch (posted.intent) {
    case "details": {
      const emailChanges = posted.email.toLowerCase() !== admin.email;
      let confirmed = false;
      if (emailChanges) {
        if (!posted.currentPassword)
          return refuse(intent, 400, A.currentPasswordForEmail, {
            fieldErrors: { currentPassword: A.currentPasswordForEmail },
            values: { name: posted.name, email: posted.email },
          });
        const check = await confirmCurrentPassword(db, admin.accountId, posted.currentPassword);
        if (!check.ok) return wrongPassword(check.throttled);
        confirmed = true;
      }
      const changed = await changeDetails(db, actor, {
        name: posted.name,
        email: posted.email,
        passwordConfirmed: confirmed,
      });
      if (!changed.ok) {
        const message = changed.problem === "email_taken" ? A.emailTaken : A.currentPasswordForEmail;
        const field = changed.problem === "email_taken" ? "email" : "currentPassword";
        return refuse(intent, 400, message, {
          fieldErrors: { [field]: message },
          values: { name: posted.name, email: posted.email },
        });
      }
      return adminOk(A.detailsSaved);
    }
    case "password": {
      const check = await confirmCurrentPassword(db, admin.accountId, posted.currentPassword);
      if (!check.ok) return wrongPassword(check.throttled);
      const changed = await changeOwnPassword(db, actor, {
        password: posted.password,
        keepSessionId: admin.sessionId,
      });
      if (!changed.ok)
        return refuse(intent, 400, changed.problem, { fieldErrors: { password: changed.problem } });
      return adminOk(A.passwordChanged);
    }
    case "two-step-start":
      await beginTwoStepSetup(db, admin.accountId);
      return { ok: true as const };
    case "two-step-cancel":
      await cancelTwoStepSetup(db, admin.accountId);
      return adminOk(A.setupCancelled);
    case "two-step-confirm": {
      const codes = await confirmTwoStepSetup(db, actor, posted.code, admin.sessionId);
      if (!codes) return refuse(intent, 400, A.wrongSetupCode, { fieldErrors: { code: A.wrongSetupCode } });
      return data(
        { ...adminOk(A.twoStepOn), recoveryCodes: codes },
        { headers: { "Cache-Control": "no-store" } },
      );
    }
    case "recovery-codes": {
      const check = await confirmCurrentPassword(db, admin.accountId, posted.currentPassword);
      if (!check.ok) return wrongPassword(check.throttled);
      const codes = await renewRecoveryCodes(db, actor);
      if (!codes) return refuse(intent, 409, A.twoStepOff);
      return data(
        { ...adminOk(A.codesRenewed), recoveryCodes: codes },
        { headers: { "Cache-Control": "no-store" } },
      );
    }
    case "two-step-off": {
      const check = await confirmCurrentPassword(db, admin.accountId, posted.currentPassword);
      if (!check.ok) return wrongPassword(check.throttled);
      await turnOffTwoStep(db, actor, admin.accountId);
      return adminOk(A.twoStepOff);
    }
    case "end-session": {
      if (posted.session === admin.sessionId) return refuse(intent, 400, A.useLogout);
      if (!(await endSession(db, actor, posted.session))) return refuse(intent, 404, A.sessionGone);
      return adminOk(A.sessionEnded);
    }
    case "end-other-sessions":
      await endOtherSessions(db, actor, admin.sessionId);
      return adminOk(A.othersEnded);
  }
}

export const meta: Route.MetaFunction = () => [
  { title: "Your account | Admin" },
  { name: "robots", content: "noindex" },
];

const card = "rounded-2xl bg-white p-6 shadow-sm ring-1 ring-ink-900/5";

type ActionResult = Partial<AdminActionResult> & { ok: boolean; recoveryCodes?: string[] };

type ErrorsOf = (intent: string) => ActionResult | undefined;

export default function Account() {
  const { name, email, twoStep, devices, minPasswordLength } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as ActionResult | undefined;
  useShowToast(result?.toast);
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const posting = (intent: string) => busy && navigation.formData?.get("intent") === intent;
  const errorsOf: ErrorsOf = (intent) =>
    result && !result.ok && result.intent === intent ? result : undefined;
  return (
    <div>
      <PageHeader title="Your account" />
      <div className="grid max-w-4xl grid-cols-[minmax(0,1fr)] gap-8">
        <TitledSection id="account-details" title="Your details" className={card}>
          <p className="mt-1 text-ink-700">
            Your name is shown in the top bar; you sign in with the email, which the activity log names you
            by.
          </p>
          <Form method="post" noValidate className="mt-6 grid gap-4 md:grid-cols-2" key={`${name}|${email}`}>
            <input type="hidden" name="intent" value="details" />
            <Field
              id="account-name"
              field={D.name}
              defaultValue={errorsOf("details")?.values?.name ?? name}
              errors={errorsOf("details")}
            />
            <Field
              id="account-email"
              field={D.email}
              type="email"
              required
              autoComplete="username"
              defaultValue={errorsOf("details")?.values?.email ?? email}
              errors={errorsOf("details")}
            />
            <div className="md:col-span-2">
              <Field
                id="account-details-password"
                field={D.currentPassword}
                type="password"
                autoComplete="current-password"
                errors={errorsOf("details")}
              />
              <p className="mt-1.5 text-sm text-ink-700">Needed only to change the email.</p>
            </div>
            <div className="md:col-span-2">
              <button type="submit" className={buttonPrimary} disabled={posting("details")}>
                Save details
              </button>
            </div>
          </Form>
        </TitledSection>

        <TitledSection id="account-password" title="Password" className={card}>
          <p className="mt-1 text-ink-700">
            At least {minPasswordLength} characters; a few words make a good one. Changing it signs your other
            devices out.
          </p>
          <Form method="post" noValidate className="mt-6 grid gap-4 md:grid-cols-2">
            <input type="hidden" name="intent" value="password" />
            <div className="md:col-span-2">
              <Field
                id="password-current"
                field={P.currentPassword}
                type="password"
                required
                autoComplete="current-password"
                errors={errorsOf("password")}
              />
            </div>
            <Field
              id="password-new"
              field={P.password}
              type="password"
              required
              autoComplete="new-password"
              errors={errorsOf("password")}
            />
            <Field
              id="password-confirm"
              field={P.confirm}
              type="password"
              required
              autoComplete="new-password"
              errors={errorsOf("password")}
            />
            <div className="md:col-span-2">
              <button type="submit" className={buttonPrimary} disabled={posting("password")}>
                Change password
              </button>
            </div>
          </Form>
        </TitledSection>

        <TwoStepSection twoStep={twoStep} result={result} errors={errorsOf} posting={posting} />

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
                      <Form method="post">
                        <input type="hidden" name="intent" value="end-session" />
                        <input type="hidden" name="session" value={d.id} />
                        <button type="submit" className={buttonDanger}>
                          Sign out
                        </button>
                      </Form>
                    )}
                  </td>
                </tr>
              ))}
            </AdminTable>
          </div>
          {devices.length > 1 && (
            <Form method="post" className="mt-4">
              <input type="hidden" name="intent" value="end-other-sessions" />
              <button type="submit" className={buttonSecondary} disabled={posting("end-other-sessions")}>
                Sign out all other devices
              </button>
            </Form>
          )}
        </TitledSection>
      </div>
    </div>
  );
}

function TwoStepSection({
  twoStep,
  result,
  errors,
  posting,
}: {
  twoStep: Awaited<ReturnType<typeof loader>>["twoStep"];
  result: ActionResult | undefined;
  errors: ErrorsOf;
  posting: (intent: string) => boolean;
}) {
  const codes = result?.ok ? result.recoveryCodes : undefined;
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
          <Form method="post" noValidate className="mt-4 grid max-w-md gap-4">
            <Field
              id="two-step-password"
              field={CONFIRM_PASSWORD_FIELDS.currentPassword}
              type="password"
              required
              autoComplete="current-password"
              errors={errors("recovery-codes") ?? errors("two-step-off")}
            />
            <div className="flex flex-wrap gap-3">
              <button
                type="submit"
                name="intent"
                value="recovery-codes"
                className={buttonSecondary}
                disabled={posting("recovery-codes")}
              >
                New recovery codes
              </button>
              <button
                type="submit"
                name="intent"
                value="two-step-off"
                className={buttonDanger}
                disabled={posting("two-step-off")}
              >
                Turn off two-step sign-in
              </button>
            </div>
          </Form>
        </div>
      ) : twoStep.setup ? (
        <div className="mt-6 grid gap-6 md:grid-cols-[auto_1fr]">
          <div
            role="img"
            aria-label="QR code to scan with your authenticator app"
            className="size-48 rounded-xl bg-white ring-1 ring-ink-900/10"
            // An SVG the server drew from the set-up URI (qrcode): no text of anyone's in it.
            // biome-ignore lint/security/noDangerouslySetInnerHtml: our own generated SVG
            dangerouslySetInnerHTML={{ __html: twoStep.setup.qrSvg }}
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
                  {twoStep.setup.secret}
                </code>
              </li>
              <li>Enter the six-digit code the app shows.</li>
            </ol>
            <Form method="post" noValidate className="mt-4 grid max-w-xs gap-4">
              <input type="hidden" name="intent" value="two-step-confirm" />
              <Field
                id="two-step-setup-code"
                field={CODE_FIELDS.code}
                required
                autoComplete="one-time-code"
                errors={errors("two-step-confirm")}
              />
              <div className="flex flex-wrap gap-3">
                <button type="submit" className={buttonPrimary} disabled={posting("two-step-confirm")}>
                  Turn on
                </button>
              </div>
            </Form>
            <Form method="post" className="mt-3">
              <input type="hidden" name="intent" value="two-step-cancel" />
              <button type="submit" className="text-sm font-semibold text-sea-700 hover:underline">
                Cancel set-up
              </button>
            </Form>
          </div>
        </div>
      ) : (
        <Form method="post" className="mt-6">
          <input type="hidden" name="intent" value="two-step-start" />
          <button type="submit" className={buttonPrimary} disabled={posting("two-step-start")}>
            Set up two-step sign-in
          </button>
        </Form>
      )}
    </TitledSection>
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
