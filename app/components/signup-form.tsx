import type { FormErrors } from "#app/forms/common.fields.ts";
import { USER_FIELDS as U } from "#app/forms/user.fields.ts";
import { Field, FormError, Honeypot, SubmitButton } from "./form.tsx";

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
        name={U.fullName.name}
        label={U.fullName.label}
        maxLength={U.fullName.max}
        required
        autoComplete="name"
        errors={errors}
      />
      <Field
        id={`${idPrefix}-email`}
        name={U.email.name}
        type="email"
        label={U.email.label}
        maxLength={U.email.max}
        required
        autoComplete="email"
        errors={errors}
      />
      <Field
        id={`${idPrefix}-phone`}
        name={U.phone.name}
        type="tel"
        label={U.phone.label}
        maxLength={U.phone.max}
        autoComplete="tel"
        errors={errors}
      />
      <Honeypot />
      <SubmitButton submitting={submitting}>Sign Up</SubmitButton>
    </div>
  );
}
