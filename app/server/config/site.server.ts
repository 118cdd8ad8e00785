/**
 * The configuration of the site itself: its info (name, contact details, domain), the admin
 * account created at start, and whether an empty database gets sample content.
 *
 * Node runs this file directly (see config.server.ts), so it keeps to type syntax Node can strip.
 */
import { z } from "zod";
import { SITE_DEFAULTS } from "#app/lib/site.ts";
import { blankIsUnset, onOff, variable } from "#app/server/config/rules.server.ts";

/** Site info: trimmed; an empty value stays empty instead of becoming the default. */
const siteText = (fallback: string) => z.string().trim().default(fallback);

export const SITE_VARIABLES = {
  SAMPLE_CONTENT: variable({
    schema: onOff(true),
    meaning: "`false` keeps an empty database empty",
  }),
  ADMIN_EMAIL: variable({
    schema: blankIsUnset(z.string().trim().pipe(z.email("must be an email address")).optional()),
    unset: "none",
    meaning:
      "with `ADMIN_PASSWORD` (set both or neither): when no such account exists, it is created at start " +
      "(an existing account is left as it is)",
  }),
  ADMIN_PASSWORD: variable({
    schema: blankIsUnset(z.string().optional()),
    unset: "none",
    secret: true,
    meaning: "the password of the `ADMIN_EMAIL` account when it is created",
  }),
  SITE_NAME: variable({ schema: siteText(SITE_DEFAULTS.name), meaning: "site name" }),
  SITE_EMAIL: variable({ schema: siteText(SITE_DEFAULTS.email), meaning: "contact email" }),
  SITE_PHONE: variable({ schema: siteText(SITE_DEFAULTS.phone), meaning: "phone number as shown" }),
  SITE_PHONECALL: variable({ schema: siteText(SITE_DEFAULTS.phonecall), meaning: "phone number as dialled" }),
  SITE_ADDRESS: variable({ schema: siteText(SITE_DEFAULTS.address), meaning: "office address" }),
  SITE_ADDRESS_CITY: variable({
    schema: siteText(SITE_DEFAULTS.addressCity),
    unset: "none",
    meaning: "city, shown after the address",
  }),
  SITE_DOMAIN: variable({
    schema: siteText(SITE_DEFAULTS.domain),
    unset: "the request's host",
    meaning: "the domain whose site numbers the contact page shows",
  }),
};
