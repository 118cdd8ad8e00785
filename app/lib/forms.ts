import { z } from "zod";

import type { FormErrors } from "./form-errors.ts";

export { type FormErrors, HONEYPOT_FIELD } from "./form-errors.ts";

export type ParseResult<T> = { ok: true; data: T } | ({ ok: false } & FormErrors);

/** Validates FormData against a Zod object schema; the first message of each field is kept. */
export function parseForm<S extends z.ZodObject>(schema: S, form: FormData): ParseResult<z.infer<S>> {
  const values: Record<string, string> = {};
  for (const key of Object.keys(schema.shape)) {
    const v = form.get(key);
    values[key] = typeof v === "string" ? v : "";
  }
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, data: result.data };
  const fieldErrors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = String(issue.path[0] ?? "form");
    fieldErrors[key] ??= issue.message;
  }
  return { ok: false, fieldErrors, values };
}

const required = (label: string, max: number) =>
  z.string().trim().min(1, `${label} is required.`).max(max, `${label} must be at most ${max} characters.`);

const email = z
  .string()
  .trim()
  .min(1, "Email is required.")
  .max(254, "Email is too long.")
  .pipe(z.email("Enter a valid email address."));

const optionalPhone = z
  .string()
  .trim()
  .max(40, "Phone must be at most 40 characters.")
  .regex(/^[+()\d\s.-]*$/, "Phone may contain digits, spaces and + ( ) - . only.");

export const commentSchema = z.object({
  name: required("Name", 100),
  email,
  comment: required("Comment", 5000),
});

export const contactSchema = z.object({
  first: required("First Name", 100),
  last: required("Last Name", 100),
  email,
  phone: optionalPhone,
  message: required("Message", 5000),
});

export const signupSchema = z.object({
  fullName: required("Full Name", 150),
  email,
  phone: optionalPhone,
});
