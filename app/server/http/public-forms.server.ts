import { data } from "react-router";
import type { z } from "zod";
import { type FormErrors, HONEYPOT_FIELD } from "#app/forms/common.fields.ts";
import { parseForm } from "#app/forms/parse.ts";
import { allowHit } from "#app/server/auth/rate-limits.server.ts";
import { getConfig } from "#app/server/config.server.ts";
import type { DB } from "#app/server/db/db.server.ts";
import { log } from "#app/server/telemetry/log.server.ts";
import { countRefusal } from "#app/server/telemetry/metrics.server.ts";
import { FormBodyError, readFormBody } from "./form-body.server.ts";

/** Per IP and form (FORM_RATE_LIMIT): 5 submissions per 10 minutes is plenty for a person, not a bot. */
const LIMIT = getConfig().FORM_RATE_LIMIT;
const WINDOW_SECONDS = 600;
/** Far more than the longest message the schemas allow, far less than would hurt the server. */
const MAX_FORM_BYTES = 64 * 1024;

type PublicFormFailure = { ok: false; formError?: string } & FormErrors;

/**
 * The checks every public form shares: a readable form body of a sane size, honeypot, the schema,
 * then the rate limit. On failure it returns the 4xx response to send (field messages and the
 * values to refill); nothing is stored.
 */
export async function checkPublicForm<S extends z.ZodObject>(
  db: DB,
  request: Request,
  schema: S,
  opts: { formName: string; ip: string },
): Promise<
  { ok: true; data: z.infer<S> } | { ok: false; response: ReturnType<typeof data<PublicFormFailure>> }
> {
  const fail = (status: number, body: Omit<PublicFormFailure, "ok">) =>
    ({ ok: false, response: data<PublicFormFailure>({ ok: false, ...body }, { status }) }) as const;

  let form: FormData;
  try {
    form = await readFormBody(request, { maxBytes: MAX_FORM_BYTES, tooLarge: "Your message is too long." });
  } catch (error) {
    if (!(error instanceof FormBodyError)) throw error;
    return fail(error.status, { formError: error.message, fieldErrors: {}, values: {} });
  }
  if (String(form.get(HONEYPOT_FIELD) ?? "") !== "") {
    return fail(400, { formError: "Your submission could not be accepted.", fieldErrors: {}, values: {} });
  }
  const parsed = parseForm(schema, form);
  if (!parsed.ok) {
    return fail(400, {
      formError: "Please correct the fields marked below.",
      fieldErrors: parsed.fieldErrors,
      values: parsed.values,
    });
  }
  if (!(await allowHit(db, `form:${opts.formName}:${opts.ip}`, LIMIT, WINDOW_SECONDS))) {
    countRefusal(`form:${opts.formName}`);
    log.warn({ form: opts.formName }, "form post refused by the rate limit");
    return fail(429, {
      formError: "Too many submissions from your connection. Please try again in a few minutes.",
      fieldErrors: {},
      values: parsed.values,
    });
  }
  return { ok: true, data: parsed.data };
}
