/**
 * What every form shares, without the validation library. Components import only this and the
 * other `*.fields.ts` modules (field names, labels, limits, messages); the Zod schemas built from
 * them (`contact.ts`, `blog.ts`…) run on the server, so Zod stays out of the pages' JavaScript.
 */

/** What a refused form sends back: a message per field and the values to refill. */
export interface FormErrors {
  fieldErrors: Record<string, string>;
  values: Record<string, string>;
}

/** A form field: its `name` in the form, its label, and its length limit when it has one. */
export interface FieldSpec {
  name: string;
  label: string;
  max?: number;
}

/** Field specs keyed by field name; each spec's `name` is its key, so a name is written once. */
export function defineFields<T extends Record<string, Omit<FieldSpec, "name">>>(
  specs: T,
): { [K in keyof T & string]: T[K] & { name: K } } {
  return Object.fromEntries(Object.entries(specs).map(([name, spec]) => [name, { ...spec, name }])) as never;
}

/** Honeypot field present on every public form: people never see it, naive bots fill it. */
export const HONEYPOT_FIELD = "website";

/**
 * Milliseconds from the form's page load to its submit, filled in by the browser at submit (a
 * signal of the spam score: people take longer than bots). Absent without script.
 */
export const ELAPSED_FIELD = "elapsed";

export const requiredMessage = (label: string) => `${label} is required.`;
export const tooLongMessage = (label: string, max: number) => `${label} must be at most ${max} characters.`;

/** The longest email address there is (RFC 5321 path limit): keys and lookups stay bounded. */
export const EMAIL_MAX = 254;

export const EMAIL_MESSAGES = {
  required: "Email is required.",
  tooLong: "Email is too long.",
  invalid: "Enter a valid email address.",
};

export const PHONE_MAX = 40;
export const PHONE_CHARS = /^[+()\d\s.-]*$/;
export const phoneCharsMessage = (label: string) => `${label} may contain digits, spaces and + ( ) - . only.`;

/** The longest host name DNS allows. */
export const HOST_NAME_MAX = 253;
export const HOST_NAME_MESSAGE = "Enter a host name such as example.com (no https:// or path).";
