import { data, Form, redirect, useActionData, useLoaderData, useNavigation } from "react-router";
import { AuthCard, BackToLogin } from "#app/components/admin/auth-card.tsx";
import { Field, FormError, Honeypot, SubmitButton } from "#app/components/form.tsx";
import { PASSWORD_CHANGED, RESET_FIELDS, RESET_LINK_INVALID } from "#app/forms/password-reset.fields.ts";
import { resetSchema } from "#app/forms/password-reset.ts";
import { getDb } from "#app/server/db/db.server.ts";
import { publicFormRefused, readForm } from "#app/server/http/forms.server.ts";
import { requestInfoContext } from "#app/server/http/request-context.server.ts";
import { redirectWithToast } from "#app/server/http/toast.server.ts";
import { mailEnabled } from "#app/server/mail/notifications.server.ts";
import { isResetTokenUsable, RESET_PATH, resetPassword } from "#app/server/mail/password-reset.server.ts";
import type { Route } from "./+types/reset-password";

/** The page holds a live token in its URL: no cache keeps it. */
const NO_STORE = { "Cache-Control": "no-store" };

const tokenOf = (request: Request) => new URL(request.url).searchParams.get("token") ?? "";

export async function loader({ request }: Route.LoaderArgs) {
  if (!mailEnabled()) throw redirect("/admin/login");
  const token = tokenOf(request);
  const usable = await isResetTokenUsable(await getDb(), token);
  return data(
    { usable, formAction: `${RESET_PATH}?token=${encodeURIComponent(token)}` },
    { headers: NO_STORE },
  );
}

type ResetFailure = {
  ok: false;
  formError?: string;
  fieldErrors: Record<string, string>;
  values: Record<string, string>;
};

export async function action({ request, context }: Route.ActionArgs) {
  if (!mailEnabled()) throw data("Not found", { status: 404 });
  const db = await getDb();
  const checked = await readForm(request, resetSchema, {
    publicForm: { db, name: "reset-password", ip: context.get(requestInfoContext).ip },
  });
  if (!checked.ok) return publicFormRefused(checked);
  const outcome = await resetPassword(
    db,
    tokenOf(request),
    checked.data.password,
    undefined,
    context.get(requestInfoContext).ip,
  );
  const fail = (body: Omit<ResetFailure, "ok" | "values">) =>
    data<ResetFailure>({ ok: false, values: {}, ...body }, { status: 400, headers: NO_STORE });
  switch (outcome.kind) {
    case "invalid":
      return fail({ formError: RESET_LINK_INVALID, fieldErrors: {} });
    case "weak":
      return fail({ fieldErrors: { password: outcome.problem } });
    case "ok":
      return redirectWithToast(request, "/admin/login", "success", PASSWORD_CHANGED);
  }
}

export const headers: Route.HeadersFunction = () => NO_STORE;

export const meta: Route.MetaFunction = () => [
  { title: "Choose a new password | Wanderplate" },
  { name: "robots", content: "noindex" },
];

export default function ResetPassword() {
  const { usable, formAction } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const submitting = useNavigation().state === "submitting";
  const errors = result && !result.ok ? result : undefined;
  return (
    <AuthCard title="Choose a new password">
      {usable ? (
        <Form method="post" action={formAction} noValidate className="mt-6 space-y-4">
          <Field
            id="reset-password"
            field={RESET_FIELDS.password}
            type="password"
            required
            autoComplete="new-password"
            errors={errors}
          />
          <Field
            id="reset-confirm"
            field={RESET_FIELDS.confirm}
            type="password"
            required
            autoComplete="new-password"
            errors={errors}
          />
          <Honeypot />
          <FormError message={errors?.formError} />
          <SubmitButton submitting={submitting}>Set new password</SubmitButton>
        </Form>
      ) : (
        <FormError message={RESET_LINK_INVALID} />
      )}
      <BackToLogin />
    </AuthCard>
  );
}
