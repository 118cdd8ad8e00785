import { data, Form, redirect, useActionData, useNavigation } from "react-router";
import { AuthCard, BackToLogin } from "#app/components/admin/auth-card.tsx";
import { Field, FormError, Honeypot, SubmitButton } from "#app/components/form.tsx";
import { FORGOT_FIELDS, RESET_LINK_SENT } from "#app/forms/password-reset.fields.ts";
import { forgotSchema } from "#app/forms/password-reset.ts";
import { allowHit } from "#app/server/auth/rate-limits.server.ts";
import { getDb } from "#app/server/db/db.server.ts";
import { publicFormRefused, readForm } from "#app/server/http/forms.server.ts";
import { requestInfoContext } from "#app/server/http/request-context.server.ts";
import { mailEnabled } from "#app/server/mail/notifications.server.ts";
import { requestPasswordReset } from "#app/server/mail/password-reset.server.ts";
import type { Route } from "./+types/forgot-password";

/** Reset links one address may be sent per hour: enough for a typo, too few to flood a mailbox. */
const LINKS_PER_ADDRESS_PER_HOUR = 3;

/** Without mail there is nothing to send: the login screen explains create-admin instead. */
export function loader() {
  if (!mailEnabled()) throw redirect("/admin/login");
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  if (!mailEnabled()) throw data("Not found", { status: 404 });
  const db = await getDb();
  const checked = await readForm(request, forgotSchema, {
    publicForm: { db, name: "forgot-password", ip: context.get(requestInfoContext).ip },
  });
  if (!checked.ok) return publicFormRefused(checked);
  const address = checked.data.email.toLowerCase();
  // Past the address's limit the answer is the same, and nothing is sent.
  if (await allowHit(db, `forgot-password:${address}`, LINKS_PER_ADDRESS_PER_HOUR, 3600)) {
    await requestPasswordReset(db, address);
  }
  return { ok: true as const };
}

export const meta: Route.MetaFunction = () => [
  { title: "Forgot password | Wanderplate" },
  { name: "robots", content: "noindex" },
];

export default function ForgotPassword() {
  const result = useActionData<typeof action>();
  const submitting = useNavigation().state === "submitting";
  return (
    <AuthCard title="Forgot password?">
      {result?.ok ? (
        <p role="status" className="mt-6 rounded-xl bg-sea-600/10 px-4 py-3 font-medium text-sea-800">
          {RESET_LINK_SENT}
        </p>
      ) : (
        <Form method="post" action="/admin/forgot-password" noValidate className="mt-6 space-y-4">
          <p className="text-sm text-ink-700">
            Enter the address of your admin account: we mail it a link to choose a new password.
          </p>
          <Field
            id="forgot-email"
            field={FORGOT_FIELDS.email}
            type="email"
            required
            autoComplete="email"
            errors={result && !result.ok ? result : undefined}
          />
          <Honeypot />
          <FormError
            message={result && !result.ok && !result.fieldErrors.email ? result.formError : undefined}
          />
          <SubmitButton submitting={submitting}>Send reset link</SubmitButton>
        </Form>
      )}
      <BackToLogin />
    </AuthCard>
  );
}
