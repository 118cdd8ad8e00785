import { data, Form, redirect, useActionData, useNavigation } from "react-router";
import { AuthCard, BackToLogin } from "#app/components/admin/auth-card.tsx";
import { Field, SubmitButton } from "#app/components/form.tsx";
import { CODE_FIELDS, TWO_STEP_MESSAGES } from "#app/forms/account.fields.ts";
import { codeSchema } from "#app/forms/account.ts";
import { attemptSecondStep } from "#app/server/auth/login.server.ts";
import { clearChallengeCookie, findChallenge } from "#app/server/auth/sign-in-challenge.server.ts";
import { getDb, nowSeconds } from "#app/server/db/db.server.ts";
import { readForm } from "#app/server/http/forms.server.ts";
import { requestInfoContext } from "#app/server/http/request-context.server.ts";
import { retryAfterHeaders, signedInRedirect } from "#app/server/http/sign-in-answers.server.ts";
import { redirectWithToast } from "#app/server/http/toast.server.ts";
import type { Route } from "./+types/login-code";

/**
 * Sign-in's second step (/admin/login/code): reached only with the challenge cookie a right
 * password gave (app/server/auth/sign-in-challenge.server.ts); without one, back to the password.
 */
export async function loader({ request }: Route.LoaderArgs) {
  if (!(await findChallenge(await getDb(), request, nowSeconds()))) throw redirect("/admin/login");
  return null;
}

type CodeFailure = { error: string };

export async function action({ request, context }: Route.ActionArgs) {
  const db = await getDb();
  const form = await readForm(request, codeSchema, {
    maxBytes: 4 * 1024,
    tooLarge: "The form is too large.",
  });
  if (!form.ok)
    return data<CodeFailure>({ error: form.fieldErrors.code ?? form.message }, { status: form.status });
  const outcome = await attemptSecondStep(db, {
    request,
    code: form.data.code,
    clientAddress: context.get(requestInfoContext).ip,
  });
  switch (outcome.kind) {
    case "expired":
      return redirectWithToast(request, "/admin/login", "error", TWO_STEP_MESSAGES.again, {
        headers: new Headers({ "Set-Cookie": clearChallengeCookie(request) }),
      });
    case "throttled":
      return data<CodeFailure>(
        { error: TWO_STEP_MESSAGES.tooMany },
        { status: 429, headers: { "Retry-After": String(outcome.retryAfter) } },
      );
    case "wrong":
      return data<CodeFailure>(
        { error: outcome.reused ? TWO_STEP_MESSAGES.reused : TWO_STEP_MESSAGES.wrong },
        { status: 401 },
      );
    case "ok":
      return signedInRedirect(request, outcome.cookies);
  }
}

export const headers: Route.HeadersFunction = retryAfterHeaders;

export const meta: Route.MetaFunction = () => [
  { title: "Two-step sign-in | Wanderplate" },
  { name: "robots", content: "noindex" },
];

export default function LoginCode() {
  const result = useActionData<typeof action>();
  const submitting = useNavigation().state === "submitting";
  return (
    <AuthCard title="Two-step sign-in">
      <p className="mt-2 text-ink-700">
        Enter the six-digit code your authenticator app shows for Wanderplate.
      </p>
      <Form method="post" noValidate className="mt-6 space-y-4">
        <Field
          id="two-step-code"
          field={CODE_FIELDS.code}
          required
          autoComplete="one-time-code"
          error={result?.error}
        />
        <SubmitButton submitting={submitting}>Verify</SubmitButton>
      </Form>
      <p className="mt-6 text-sm text-ink-700">
        No phone at hand? Enter one of your recovery codes instead (each works once).
      </p>
      <BackToLogin />
    </AuthCard>
  );
}
