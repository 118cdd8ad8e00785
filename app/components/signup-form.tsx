import type { FormErrors } from "#app/lib/form-errors.ts";
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
        name="fullName"
        label="Full Name"
        required
        autoComplete="name"
        errors={errors}
      />
      <Field
        id={`${idPrefix}-email`}
        name="email"
        type="email"
        label="Email"
        required
        autoComplete="email"
        errors={errors}
      />
      <Field
        id={`${idPrefix}-phone`}
        name="phone"
        type="tel"
        label="Phone"
        autoComplete="tel"
        errors={errors}
      />
      <Honeypot />
      <SubmitButton submitting={submitting}>Sign Up</SubmitButton>
    </div>
  );
}
