import { useState } from "react";
import { data, Form, redirect, useActionData, useLoaderData, useNavigation } from "react-router";
import { AuthCard } from "#app/components/admin/auth-card.tsx";
import { useShowToast } from "#app/components/admin/toaster.tsx";
import { Field, FormError, Honeypot, SubmitButton } from "#app/components/form.tsx";
import { LOGIN_FIELDS } from "#app/forms/login.fields.ts";
import { loginSchema } from "#app/forms/login.ts";
import { FORGOT_FIELDS } from "#app/forms/password-reset.fields.ts";
import { isStaffRole } from "#app/lib/roles.ts";
import { attemptLogin } from "#app/server/auth/login.server.ts";
import { findSessionAccount } from "#app/server/auth/session.server.ts";
import { getDb } from "#app/server/db/db.server.ts";
import { readForm } from "#app/server/http/forms.server.ts";
import { requestInfoContext } from "#app/server/http/request-context.server.ts";
import {
  codeStepRedirect,
  retryAfterHeaders,
  signedInRedirect,
} from "#app/server/http/sign-in-answers.server.ts";
import { takeToast } from "#app/server/http/toast.server.ts";
import { mailEnabled } from "#app/server/mail/notifications.server.ts";
import type { Route } from "./+types/login";

export const ACCESS_DENIED = "Access denied";
const INVALID = "Invalid email or password.";
const TOO_MANY = "Too many login attempts. Please wait a few minutes and try again.";

type LoginFailure = { error: string; fieldErrors: Record<string, string>; email: string };
const fail = (status: number, body: LoginFailure, headers?: HeadersInit) =>
  data<LoginFailure>(body, { status, headers });

export async function loader({ request }: Route.LoaderArgs) {
  const account = await findSessionAccount(await getDb(), request);
  if (account && isStaffRole(account.role)) throw redirect("/admin/dashboard");
  const { toast, headers } = takeToast(request);
  return data({ toast, mailOn: mailEnabled() }, { headers });
}

export async function action({ request, context }: Route.ActionArgs) {
  const db = await getDb();
  const form = await readForm(request, loginSchema, {
    maxBytes: 16 * 1024,
    tooLarge: "The form is too large.",
  });
  if (!form.ok) {
    const { status, message, fieldErrors, values } = form;
    return fail(status, { error: message, fieldErrors, email: values.email?.trim() ?? "" });
  }
  const { email } = form.data;
  const outcome = await attemptLogin(db, {
    email,
    password: form.data.password,
    request,
    clientAddress: context.get(requestInfoContext).ip,
  });
  switch (outcome.kind) {
    case "throttled":
      return fail(
        429,
        { error: TOO_MANY, fieldErrors: {}, email },
        { "Retry-After": String(outcome.retryAfter) },
      );
    case "invalid":
      return fail(401, { error: INVALID, fieldErrors: {}, email });
    case "denied":
      return fail(403, { error: ACCESS_DENIED, fieldErrors: {}, email });
    case "two_step":
      return codeStepRedirect(outcome.cookies);
    case "ok":
      return signedInRedirect(request, outcome.cookies);
  }
}

export const headers: Route.HeadersFunction = retryAfterHeaders;

export const meta: Route.MetaFunction = () => [
  { title: "Admin login | Wanderplate" },
  { name: "robots", content: "noindex" },
];

export default function Login() {
  const { toast, mailOn } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const submitting = useNavigation().state === "submitting";
  const [showHelp, setShowHelp] = useState(false);
  useShowToast(toast);

  return (
    <AuthCard title="Sign in" toaster>
      <Form method="post" noValidate className="mt-6 space-y-4">
        <Field
          id="login-email"
          field={LOGIN_FIELDS.email}
          type="email"
          required
          autoComplete="username"
          defaultValue={result?.email}
          error={result?.fieldErrors?.email}
        />
        <Field
          id="login-password"
          field={LOGIN_FIELDS.password}
          type="password"
          required
          autoComplete="current-password"
          error={result?.fieldErrors?.password}
        />
        {result?.error && !result.fieldErrors?.email && !result.fieldErrors?.password && (
          <FormError message={result.error} />
        )}
        <div className="flex items-center justify-between gap-4 pt-2">
          <SubmitButton submitting={submitting}>Login</SubmitButton>
          <button
            type="button"
            className="text-sm font-semibold text-sea-700 hover:underline"
            aria-expanded={showHelp}
            aria-controls="forgot-help"
            onClick={() => setShowHelp((v) => !v)}
          >
            Forgot password?
          </button>
        </div>
      </Form>
      <div
        id="forgot-help"
        hidden={!showHelp}
        className="mt-6 rounded-xl bg-sand-100 p-4 text-sm text-ink-700"
      >
        <p className="font-semibold text-ink-900">Resetting a password</p>
        {mailOn ? (
          <>
            <p className="mt-1">
              Enter the address of your admin account: we mail it a link to choose a new password.
            </p>
            <Form method="post" action="/admin/forgot-password" noValidate className="mt-3 space-y-3">
              <Field
                id="forgot-email"
                field={FORGOT_FIELDS.email}
                type="email"
                required
                autoComplete="email"
              />
              <Honeypot />
              <SubmitButton>Send reset link</SubmitButton>
            </Form>
            <p className="mt-3">
              Whoever runs the server can also reset it from the command line (it signs the account out
              everywhere):
            </p>
          </>
        ) : (
          <p className="mt-1">
            There is no reset email: whoever runs the server resets it from the command line, which also works
            while the site is running (it asks for the new password, and signs the account out everywhere):
          </p>
        )}
        <pre className="mt-2 overflow-x-auto rounded-lg bg-ink-900 p-3 text-xs text-white">
          npm run create-admin -- --email you@example.com
        </pre>
        <p className="mt-3 font-semibold text-ink-900">Lost the phone with your two-step codes?</p>
        <p className="mt-1">
          Sign in with one of your recovery codes. If those are lost too, whoever runs the server can turn
          two-step sign-in off for your account (it signs the account out everywhere):
        </p>
        <pre className="mt-2 overflow-x-auto rounded-lg bg-ink-900 p-3 text-xs text-white">
          npm run create-admin -- --email you@example.com --turn-off-two-step
        </pre>
      </div>
    </AuthCard>
  );
}
