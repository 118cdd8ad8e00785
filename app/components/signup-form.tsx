import type { FormErrors } from "#app/forms/common.fields.ts";
import { USER_FIELDS } from "#app/forms/user.fields.ts";
import { Field, FormError, Honeypot, SubmitButton } from "./form.tsx";

/** Shown after a sign-up while mail is on (double opt-in). */
export const CONFIRM_FIRST = "First, confirm your address: follow the link in the mail we just sent you.";

/** Full Name, Email, Phone: the sign-up fields shared by the popup and the /signup page. */
export function SignupFields({
  errors,
  idPrefix,
  submitting,
}: {
  errors?: Partial<FormErrors> & { formError?: string };
  idPrefix: string;
  submitting?: boolean;
}) {
  return (
    <div className="relative space-y-4">
      <FormError message={errors?.formError} />
      <Field
        id={`${idPrefix}-fullName`}
        field={USER_FIELDS.fullName}
        required
        autoComplete="name"
        errors={errors}
      />
      <Field
        id={`${idPrefix}-email`}
        field={USER_FIELDS.email}
        type="email"
        required
        autoComplete="email"
        errors={errors}
      />
      <Field
        id={`${idPrefix}-phone`}
        field={USER_FIELDS.phone}
        type="tel"
        autoComplete="tel"
        errors={errors}
      />
      <Honeypot />
      <SubmitButton submitting={submitting}>Sign Up</SubmitButton>
    </div>
  );
}
