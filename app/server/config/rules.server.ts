/**
 * The building blocks the configuration's declarations are made of: the shape of one variable and
 * the value rules several of them share (whole numbers, true/false, blank-means-unset, addresses).
 *
 * Node runs this file directly (see config.server.ts), so it keeps to type syntax Node can strip.
 */
import ipaddr from "ipaddr.js";
import { z } from "zod";

/** One variable: how its value is read (with its default) and one line for the README. */
export interface Variable<T> {
  schema: z.ZodType<T>;
  meaning: string;
  /** What the README's default column says when the default is no value at all. */
  unset?: string;
  /** Never echo the value in an error: it may hold a password. */
  secret?: boolean;
}

export const variable = <T>(declaration: Variable<T>): Variable<T> => declaration;

/** An empty (or blank) value counts as unset, so `VAR=` in a unit file means the default. */
export const blankIsUnset = <T>(schema: z.ZodType<T>) =>
  z.preprocess((value) => (typeof value === "string" && value.trim() === "" ? undefined : value), schema);

export function wholeNumber({
  min,
  max,
  unit,
  fallback,
}: {
  min: number;
  max: number;
  unit?: string;
  fallback: number;
}) {
  const rule = `must be a whole number${unit ? ` of ${unit}` : ""} from ${min} to ${max}`;
  return blankIsUnset(
    z
      .string()
      .trim()
      .regex(/^\d+$/, rule)
      .transform(Number)
      .pipe(z.number({ error: rule }).min(min, rule).max(max, rule))
      .default(fallback),
  );
}

/** Exactly `true` or `false`: anything else was a guess at a spelling, better refused than misread. */
export const onOff = (fallback: boolean) =>
  blankIsUnset(
    z
      .stringbool({ truthy: ["true"], falsy: ["false"], case: "sensitive", error: "must be true or false" })
      .default(fallback),
  );

/** IPv4 in its four-part form only: ipaddr.js would also read "1.2.3" or "0x7f.1" as addresses. */
export const isAddress = (text: string) =>
  ipaddr.IPv4.isValidFourPartDecimal(text) || ipaddr.IPv6.isValid(text);
