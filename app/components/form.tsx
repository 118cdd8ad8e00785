import { useEffect, useRef } from "react";
import { ELAPSED_FIELD, type FieldSpec, type FormErrors, HONEYPOT_FIELD } from "#app/forms/common.fields.ts";

interface FieldProps {
  /** The field as its form declares it: name, label and length limit (the server checks the same). */
  field: FieldSpec;
  id: string;
  /** A failed submission: this field's message and refill value are taken from it by `name`. */
  errors?: Partial<FormErrors>;
  error?: string;
  defaultValue?: string;
  type?: string;
  required?: boolean;
  autoComplete?: string;
  multiline?: boolean;
  rows?: number;
  /** The id of a `<datalist>` of suggestions (an input only). */
  list?: string;
  /** A line under the field saying what it takes, tied to it for screen readers. */
  hint?: React.ReactNode;
}

const control =
  "mt-1.5 block w-full rounded-xl border bg-white px-4 py-3 text-base text-ink-900 shadow-sm placeholder:text-ink-700/50 focus:border-sea-600 focus:ring-2 focus:ring-sea-600/30 focus:outline-none";

/** A labelled input or textarea with its error message tied to it for screen readers. */
export function Field({
  field: { name, label, max: maxLength },
  id,
  errors,
  error = errors?.fieldErrors?.[name],
  defaultValue = errors?.values?.[name],
  type = "text",
  required,
  autoComplete,
  multiline,
  rows = 5,
  list,
  hint,
}: FieldProps) {
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [hint ? hintId : "", error ? errorId : ""].filter(Boolean).join(" ");
  const common = {
    id,
    name,
    defaultValue,
    required,
    maxLength,
    autoComplete,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy || undefined,
    className: `${control} ${error ? "border-coral-600" : "border-ink-900/15"}`,
  };
  return (
    <div>
      {/* The label is exactly the field's name; "Optional" sits beside it, outside the label. */}
      <div className="flex items-baseline justify-between gap-2">
        <label htmlFor={id} className="block font-medium">
          {label}
        </label>
        {!required && <span className="text-sm text-ink-700">Optional</span>}
      </div>
      {multiline ? <textarea rows={rows} {...common} /> : <input type={type} list={list} {...common} />}
      {hint && (
        <p id={hintId} className="mt-1.5 text-sm text-ink-700">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="mt-1.5 text-sm font-medium text-coral-600">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * A labelled select (Field's counterpart for a choice among options): the hint, when given, and the
 * error message are tied to it for screen readers.
 */
export function SelectField({
  field: { name, label },
  id,
  defaultValue,
  error,
  hint,
  children,
}: {
  field: FieldSpec;
  id: string;
  defaultValue?: string;
  error?: string;
  hint?: React.ReactNode;
  /** The <option>s. */
  children: React.ReactNode;
}) {
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [hint ? hintId : "", error ? errorId : ""].filter(Boolean).join(" ");
  return (
    <div>
      <label htmlFor={id} className="block font-medium">
        {label}
      </label>
      <select
        id={id}
        name={name}
        defaultValue={defaultValue}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        className={`${control} ${error ? "border-coral-600" : "border-ink-900/15"}`}
      >
        {children}
      </select>
      {hint && (
        <p id={hintId} className="mt-1.5 text-sm text-ink-700">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="mt-1.5 text-sm font-medium text-coral-600">
          {error}
        </p>
      )}
    </div>
  );
}

/** Hidden from people (and from assistive tech); bots that fill every field fill this one too. */
export function Honeypot() {
  return (
    <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
      <label htmlFor={`hp-${HONEYPOT_FIELD}`}>Leave this field empty</label>
      <input id={`hp-${HONEYPOT_FIELD}`} type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" />
    </div>
  );
}

/**
 * Tells the server how long the form was open before it was sent (ELAPSED_FIELD), for the spam
 * score: the time from when this form appeared to the submit, written into a hidden field as the
 * form is submitted. The native listener on the form runs before React Router reads the form.
 */
export function FormTimer() {
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const form = input.current?.form;
    if (!form) return;
    const shownAt = performance.now();
    const stamp = () => {
      if (input.current) input.current.value = String(Math.round(performance.now() - shownAt));
    };
    form.addEventListener("submit", stamp);
    return () => form.removeEventListener("submit", stamp);
  }, []);
  return <input ref={input} type="hidden" name={ELAPSED_FIELD} defaultValue="" />;
}

export function FormError({ message }: { message?: string }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded-xl bg-coral-500/10 px-4 py-3 font-medium text-coral-700">
      {message}
    </p>
  );
}

export function SubmitButton({ children, submitting }: { children: React.ReactNode; submitting?: boolean }) {
  return (
    <button
      type="submit"
      disabled={submitting}
      className="inline-flex items-center justify-center rounded-full bg-sea-700 px-6 py-3 font-semibold text-white transition hover:bg-sea-800 disabled:opacity-70"
    >
      {children}
    </button>
  );
}
