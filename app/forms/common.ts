import { z } from "zod";
import {
  EMAIL_MAX,
  EMAIL_MESSAGES,
  type FieldSpec,
  HOST_NAME_MAX,
  HOST_NAME_MESSAGE,
  PHONE_CHARS,
  PHONE_MAX,
  phoneCharsMessage,
  requiredMessage,
  tooLongMessage,
} from "./common.fields.ts";

type Limited = Pick<FieldSpec, "label"> & { max: number };

/** Text that may be empty, trimmed, at most `max` characters. */
export const optionalText = ({ label, max }: Limited) =>
  z.string().trim().max(max, tooLongMessage(label, max));

/**
 * A checkbox: true when ticked. A browser sends "on" for a ticked box without a `value`, and nothing
 * at all for an unticked one (which reads as "").
 */
export const checkbox = () => z.string().transform((value) => value === "on");

/** Text that must be given (spaces alone do not count), trimmed, at most `max` characters. */
export const requiredText = (field: Limited) => optionalText(field).min(1, requiredMessage(field.label));

/** An email address, trimmed; `messages` lets a form word the refusals its own way. */
export const email = (messages: typeof EMAIL_MESSAGES = EMAIL_MESSAGES) =>
  z
    .string()
    .trim()
    .min(1, messages.required)
    .max(EMAIL_MAX, messages.tooLong)
    .pipe(z.email(messages.invalid));

/** A phone number as people write it (may be empty): digits, spaces and + ( ) - . only. */
export const phone = ({ label }: Pick<FieldSpec, "label">) =>
  optionalText({ label, max: PHONE_MAX }).regex(PHONE_CHARS, phoneCharsMessage(label));

const HOST_NAME =
  /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;

/** A bare host name (example.com), lower-cased; empty allowed unless `required` names the field. */
export const hostName = (required?: { label: string }) => {
  const base = z.string().trim().toLowerCase();
  const isHost = (v: string) => v.length <= HOST_NAME_MAX && HOST_NAME.test(v);
  return required
    ? base.min(1, requiredMessage(required.label)).refine(isHost, HOST_NAME_MESSAGE)
    : base.refine((v) => v === "" || isHost(v), HOST_NAME_MESSAGE);
};

/** A row's id as a form posts it: a positive whole number; anything else is `message`. */
export const recordId = (message: string) =>
  z
    .string()
    .trim()
    .regex(/^[1-9]\d{0,14}$/, message)
    .transform(Number);

const anyRecordId = recordId("");

/** A row's id from a form field or a query parameter, or null when it is absent or not one. */
export function idOf(value: unknown): number | null {
  const parsed = anyRecordId.safeParse(value ?? "");
  return parsed.success ? parsed.data : null;
}

/**
 * The browser's time from page load to submit (ELAPSED_FIELD): whole milliseconds up to a week, or
 * null when absent or nonsense. Never a reason to refuse the form: it is a hint, and forgeable.
 */
export const elapsedMs = () =>
  z
    .string()
    .optional()
    .transform((value) => {
      const ms = Number(value);
      return value && /^\d{1,10}$/.test(value) && ms <= 7 * 24 * 3600 * 1000 ? ms : null;
    });
