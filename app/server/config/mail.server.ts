/**
 * The configuration of email (docs/OPERATIONS.md, "Email"): the mail server and sender, how long the
 * outbox keeps sent mail, the newsletter's pace and when a reader's address counts as bounced.
 *
 * Node runs this file directly (see config.server.ts), so it keeps to type syntax Node can strip.
 */
import { z } from "zod";
import { blankIsUnset, variable, wholeNumber } from "#app/server/config/rules.server.ts";

/** `a@b.c` or `Name <a@b.c>`: the forms of a From header people write by hand. */
function isMailbox(text: string): boolean {
  const match = /^(?:[^<>"]*<\s*([^<>\s]+)\s*>|([^<>\s]+))$/.exec(text);
  const address = match?.[1] ?? match?.[2];
  return address !== undefined && z.email().safeParse(address).success;
}

/** The mail server and the sender: mail is off without them. */
export const MAIL_SERVER_VARIABLES = {
  SMTP_URL: variable({
    schema: blankIsUnset(
      z
        .string()
        .trim()
        .refine(
          (url) => /^smtps?:\/\//i.test(url) && URL.canParse(url) && new URL(url).hostname !== "",
          "must be an smtp:// URL (STARTTLS when the server offers it) or smtps:// (TLS from the start), " +
            "such as smtp://user:pass@mail.example.com:587",
        )
        .optional(),
    ),
    unset: "none: mail is off",
    secret: true,
    meaning:
      "the mail server, `smtp://user:pass@host:587` or `smtps://…:465`; turns on notifications, " +
      "sign-up confirmation and password reset by mail (needs `MAIL_FROM` and `PUBLIC_URL`)",
  }),
  MAIL_FROM: variable({
    schema: blankIsUnset(
      z
        .string()
        .trim()
        .refine(isMailbox, "must be an address, or a name and an address: Wanderplate <hello@example.com>")
        .optional(),
    ),
    unset: "none",
    meaning: "the sender of every mail, e.g. `Wanderplate <hello@example.com>`",
  }),
};

/** How the outbox and the newsletter send: what is kept, how fast, and when to stop. */
export const MAIL_SENDING_VARIABLES = {
  MAIL_OUTBOX_KEEP_DAYS: variable({
    schema: wholeNumber({ min: 1, max: 3650, unit: "days", fallback: 30 }),
    meaning:
      "days a sent or given-up mail stays in the outbox (`mail_outbox`) before the sender deletes it; " +
      "a mail still to be sent is never deleted",
  }),
  MAIL_RATE_PER_MINUTE: variable({
    schema: wholeNumber({ min: 1, max: 1_000_000, unit: "mails a minute", fallback: 600 }),
    meaning:
      "how many newsletter mails a minute all servers together hand to the mail server (your mail " +
      "provider's limit); other mail (sign-up, password reset, notifications) is not held back by it",
  }),
  MAIL_BOUNCE_LIMIT: variable({
    schema: wholeNumber({ min: 1, max: 100, unit: "refusals", fallback: 3 }),
    meaning:
      "permanent refusals (an SMTP 5xx answer) after which a reader's address is marked bounced and " +
      "gets no more newsletters",
  }),
};
