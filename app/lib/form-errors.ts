/**
 * What components need to know about forms, without the validation library (which stays on the
 * server, out of the public pages' JavaScript).
 */

/** What a failed form submission sends back: a message per field and the values to refill. */
export interface FormErrors {
  fieldErrors: Record<string, string>;
  values: Record<string, string>;
}

/** Honeypot field present on every public form: people never see it, naive bots fill it. */
export const HONEYPOT_FIELD = "website";
