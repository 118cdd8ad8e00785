import { data } from "react-router";
import type { z } from "zod";
import { HONEYPOT_FIELD } from "#app/forms/common.fields.ts";
import { idOf } from "#app/forms/common.ts";
import { type FormSchema, parseForm } from "#app/forms/parse.ts";
import { MAX_UPLOAD_BYTES } from "#app/lib/images.ts";
import { allowHit } from "#app/server/auth/rate-limits.server.ts";
import { getConfig } from "#app/server/config.server.ts";
import type { DB } from "#app/server/db/db.server.ts";
import { databaseFailureOf, RETRY_AFTER_SECONDS } from "#app/server/db/health.server.ts";
import { log } from "#app/server/telemetry/log.server.ts";
import { countRefusal } from "#app/server/telemetry/metrics.server.ts";
import { adminFail } from "./admin-result.server.ts";
import { FormBodyError, readFormBody } from "./form-body.server.ts";

/**
 * The one way an action reads a posted form (docs/ARCHITECTURE.md, "The path of a form"): the body
 * read with a bound (only the two form encodings; a body that does not parse is the client's
 * mistake), then the form's Zod schema from app/forms (the authority; the browser gets its labels
 * and limits from the same form's `*.fields.ts`). A public form is also checked for its honeypot
 * and rate limited. Every refusal has one shape, a 4xx status, and nothing has been written.
 */
export type FormRefusal = {
  ok: false;
  status: 400 | 413 | 415 | 429 | 503;
  /** The first problem in words (for a toast), or what a public form says above its fields. */
  message: string;
  fieldErrors: Record<string, string>;
  /** The values as sent, to refill the form. */
  values: Record<string, string>;
  /** The form, when it could be read (an editor still checks its image choice to say all that is wrong). */
  form?: FormData;
};

export type FormSubmission<T> = {
  ok: true;
  data: T;
  values: Record<string, string>;
  /** The form itself, for what a schema does not read (an image file, the image choice). */
  form: FormData;
};

/** A public form: where its rate limit is counted and who posted it. */
interface PublicForm {
  db: DB;
  /** The form's name in the rate limit's key and the refusal metric (`contact`, `comment`…). */
  name: string;
  ip: string;
}

interface ReadFormOptions {
  /** The largest body accepted; by default a back-office form with one image upload. */
  maxBytes?: number;
  tooLarge?: string;
  /** Set for a form anyone may post: honeypot, rate limit, a small body, one message for bad fields. */
  publicForm?: PublicForm;
}

/** A back-office form: one image upload (5 MB) and the text around it. */
const ADMIN_BODY = {
  maxBytes: MAX_UPLOAD_BYTES + 512 * 1024,
  tooLarge: "The upload is too large: images must be 5 MB or smaller.",
};
/** Far more than the longest message the public schemas allow, far less than would hurt the server. */
const PUBLIC_BODY = { maxBytes: 64 * 1024, tooLarge: "Your message is too long." };

/** Per IP and form (FORM_RATE_LIMIT): 5 submissions per 10 minutes is plenty for a person, not a bot. */
const PUBLIC_LIMIT_WINDOW_SECONDS = 600;

const PUBLIC_FORM_MESSAGES = {
  fix: "Please correct the fields marked below.",
  honeypot: "Your submission could not be accepted.",
  tooMany: "Too many submissions from your connection. Please try again in a few minutes.",
  notSaved: "Not sent: the site cannot save anything just now. Please try again in a few minutes.",
};

export async function readForm<S extends FormSchema>(
  request: Request,
  schema: S,
  options: ReadFormOptions = {},
): Promise<FormSubmission<z.output<S>> | FormRefusal> {
  const { publicForm } = options;
  const body = publicForm ? PUBLIC_BODY : ADMIN_BODY;
  const refuse = (status: FormRefusal["status"], message: string, values: Record<string, string> = {}) =>
    ({ ok: false, status, message, fieldErrors: {}, values }) as const;

  let form: FormData;
  try {
    form = await readFormBody(request, {
      maxBytes: options.maxBytes ?? body.maxBytes,
      tooLarge: options.tooLarge ?? body.tooLarge,
    });
  } catch (error) {
    if (!(error instanceof FormBodyError)) throw error;
    return refuse(error.status, error.message);
  }
  if (publicForm && String(form.get(HONEYPOT_FIELD) ?? "") !== "")
    return refuse(400, PUBLIC_FORM_MESSAGES.honeypot);

  const parsed = parseForm(schema, form);
  if (!parsed.ok) {
    const message = publicForm ? PUBLIC_FORM_MESSAGES.fix : parsed.summary;
    return { ok: false, status: 400, message, fieldErrors: parsed.fieldErrors, values: parsed.values, form };
  }
  if (publicForm) {
    const key = `form:${publicForm.name}:${publicForm.ip}`;
    // The limit's count is itself a write: one the database cannot take refuses the form as the
    // form's own write would (publicWrite).
    const allowed = await publicWrite(parsed.values, () =>
      allowHit(publicForm.db, key, getConfig().FORM_RATE_LIMIT, PUBLIC_LIMIT_WINDOW_SECONDS),
    );
    if (!allowed.ok) return allowed.refusal;
    if (!allowed.value) {
      countRefusal(`form:${publicForm.name}`);
      log.warn({ form: publicForm.name }, "form post refused by the rate limit");
      return refuse(429, PUBLIC_FORM_MESSAGES.tooMany, parsed.values);
    }
  }
  return { ok: true, data: parsed.data, values: parsed.values, form };
}

/**
 * A public form's write. A database that cannot take it (its disk full, or unreachable) refuses the
 * form rather than failing the page: 503, a message above the fields and the values as sent, so
 * what the reader wrote is still in the form, with JavaScript or without.
 */
export async function publicWrite<T>(
  values: Record<string, string>,
  write: () => Promise<T>,
): Promise<{ ok: true; value: T } | { ok: false; refusal: FormRefusal }> {
  try {
    return { ok: true, value: await write() };
  } catch (error) {
    if (!databaseFailureOf(error)) throw error;
    return {
      ok: false,
      refusal: { ok: false, status: 503, message: PUBLIC_FORM_MESSAGES.notSaved, fieldErrors: {}, values },
    };
  }
}

/** A public page's answer to a refused form: the message above the fields, each field's message, the values. */
export function publicFormRefused(refusal: FormRefusal) {
  const { status, message, fieldErrors, values } = refusal;
  return data({ ok: false as const, formError: message, fieldErrors, values }, publicRefusalInit(status));
}

/** A public form's refusal's status, with `Retry-After` when it was a write the database could not take. */
export function publicRefusalInit(status: number): ResponseInit {
  // publicWrite's refusal: worth asking again, in a while.
  return status === 503 ? { status, headers: { "Retry-After": String(RETRY_AFTER_SECONDS) } } : { status };
}

/**
 * A back-office answer to a refused form: a toast, field messages and the values. The toast is the
 * first problem, after `prefix: ` when given; a screen that marks its fields may say `summary`
 * instead ("Please correct the fields marked below."), except that an unknown intent always says so.
 */
export function adminFormRefused(
  refusal: FormRefusal,
  { prefix, summary }: { prefix?: string; summary?: string } = {},
) {
  const { status, message, fieldErrors, values } = refusal;
  const unknownIntent = Object.keys(fieldErrors).join() === "intent";
  const said = summary && !unknownIntent && Object.keys(fieldErrors).length > 0 ? summary : message;
  return adminFail(status, prefix ? `${prefix}: ${said}` : said, { fieldErrors, values });
}

/** A row's id from the request's query (`?id=3`, `?run=7`), or null when it is absent or not one. */
export function queryId(request: Request, name: string): number | null {
  return idOf(new URL(request.url).searchParams.get(name));
}
