import { z } from "zod";
import type { FormErrors } from "./common.fields.ts";

/**
 * A refused form: the first message of each field, the values as sent (to refill the form; a
 * list comes back as a JSON array), and `summary`, the first problem in words for a toast. A rule
 * may give its own summary (`params: { summary }`) beside the short message under its field.
 */
type FormFailure = { ok: false; summary: string } & FormErrors;

/** An accepted form: the checked data, and the values as sent. */
export type ParseResult<T> = { ok: true; data: T; values: Record<string, string> } | FormFailure;

/**
 * What a form's schema may be: an object of its fields, or, for a screen whose forms differ by
 * the button pressed (delete, rename…), a `z.discriminatedUnion("intent", […])` of such objects,
 * one per intent, so each intent names exactly the fields it needs.
 */
export type FormSchema = z.ZodObject | z.ZodDiscriminatedUnion<z.ZodObject[]>;

/** Every field a schema reads, across an intent union's options. */
function fieldsOf(schema: FormSchema): Record<string, z.ZodType> {
  if (schema instanceof z.ZodDiscriminatedUnion)
    return Object.assign({}, ...schema.options.map((option) => option.shape));
  return schema.shape;
}

/** A field whose schema takes every value of its name (steps, ingredients), not just the first. */
function isList(schema: z.ZodType): boolean {
  if (schema instanceof z.ZodPipe) return isList(schema.in as z.ZodType);
  return schema instanceof z.ZodArray;
}

const text = (value: unknown) => (typeof value === "string" ? value : "");

/**
 * Reads and checks a submitted form against a Zod object schema. Only the schema's fields are
 * read; a file where text is expected reads as empty.
 */
export function parseForm<S extends FormSchema>(schema: S, form: FormData): ParseResult<z.output<S>> {
  const input: Record<string, string | string[]> = {};
  for (const [key, field] of Object.entries(fieldsOf(schema))) {
    input[key] = isList(field as z.ZodType) ? form.getAll(key).map(text) : text(form.get(key));
  }
  return parseValues(schema, input);
}

/** `parseForm` for values already taken from a form: anything not text (or a list of text) reads as empty. */
export function parseValues<S extends FormSchema>(
  schema: S,
  input: Record<string, unknown>,
): ParseResult<z.output<S>> {
  const values: Record<string, string> = {};
  const clean: Record<string, string | string[]> = {};
  for (const [key, field] of Object.entries(fieldsOf(schema))) {
    const raw = input[key];
    if (isList(field as z.ZodType)) {
      const list = Array.isArray(raw) ? raw.map(text) : [];
      clean[key] = list;
      values[key] = JSON.stringify(list);
    } else {
      clean[key] = text(raw);
      values[key] = clean[key];
    }
  }
  const result = schema.safeParse(clean);
  if (result.success) return { ok: true, data: result.data as z.output<S>, values };
  const fieldErrors: Record<string, string> = {};
  let summary = "";
  for (const issue of result.error.issues) {
    const key = String(issue.path[0] ?? "form");
    fieldErrors[key] ??= issue.message;
    const params = issue.code === "custom" ? issue.params : undefined;
    summary ||= typeof params?.summary === "string" ? params.summary : issue.message;
  }
  return { ok: false, summary, fieldErrors, values };
}
