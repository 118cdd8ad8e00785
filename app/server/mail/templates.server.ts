/**
 * The site's short notices, as small pure functions: the facts in, subject and plain-text and HTML
 * bodies out. They are the batched notification to the site's own address (`notificationMail`),
 * the password reset link (`passwordResetMail`) and the sign-up confirmation (`confirmSignupMail`).
 * Whatever came from a visitor (names, messages) is escaped in the HTML; the HTML is plain (no
 * images, no remote anything), so it reads the same in every mail program.
 *
 * The one other mail the site sends, a blog's newsletter, is not here: it is a react-email
 * template with images, built in app/server/newsletter/newsletter-mail.server.tsx (its facts read
 * by app/server/newsletter/blog-mail.server.ts, each reader's unsubscribe link put in by
 * app/server/newsletter/personalise.server.ts). It shares `MailContent` and `oneLine` from here.
 */
import { escapeHtml } from "#app/lib/escape-html.ts";

export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

/** One line of visitor text for a subject or a list: no line breaks, cut to `max` characters. */
export function oneLine(text: string, max = 140): string {
  const flat = text.replace(/\s+/g, " ").trim();
  const chars = [...flat];
  return chars.length > max ? `${chars.slice(0, max - 1).join("")}…` : flat;
}

const paragraphs = (lines: string[]) => lines.map((line) => `<p>${escapeHtml(line)}</p>`).join("\n");

const link = (url: string, label: string) => `<p><a href="${escapeHtml(url)}">${escapeHtml(label)}</a></p>`;

function page(siteName: string, body: string, footer = ""): string {
  return [
    "<!doctype html>",
    '<html><body style="font-family:sans-serif;line-height:1.5;color:#1f2933">',
    `<p style="font-weight:bold">${escapeHtml(siteName)}</p>`,
    body,
    footer,
    "</body></html>",
  ].join("\n");
}

/** What a batched notification lists: a contact message or a comment awaiting moderation. */
export type SiteEvent =
  | { kind: "contact"; name: string; email: string; message: string; at: number }
  | { kind: "comment"; name: string; email: string; comment: string; blogTitle: string; at: number };

export interface NotificationInput {
  siteName: string;
  events: SiteEvent[];
  /** Absolute URLs of the back office screens. */
  messagesUrl: string;
  commentsUrl: string;
}

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The mail to the site's own address: what arrived since the last one, with links to moderate. */
export function notificationMail({
  siteName,
  events,
  messagesUrl,
  commentsUrl,
}: NotificationInput): MailContent {
  const contacts = events.filter((e) => e.kind === "contact");
  const comments = events.filter((e) => e.kind === "comment");
  const parts = [
    contacts.length > 0 ? count(contacts.length, "new message", "new messages") : "",
    comments.length > 0
      ? count(comments.length, "comment awaiting moderation", "comments awaiting moderation")
      : "",
  ].filter(Boolean);
  const subject = `${siteName}: ${parts.join(", ")}`;

  const contactLine = (e: Extract<SiteEvent, { kind: "contact" }>) =>
    `${oneLine(e.name, 80)} <${e.email}>: ${oneLine(e.message)}`;
  const commentLine = (e: Extract<SiteEvent, { kind: "comment" }>) =>
    `${oneLine(e.name, 80)} on "${oneLine(e.blogTitle, 80)}": ${oneLine(e.comment)}`;

  const text: string[] = [];
  const html: string[] = [];
  if (contacts.length > 0) {
    text.push("Messages:", ...contacts.map((e) => `- ${contactLine(e)}`), `Read them: ${messagesUrl}`, "");
    html.push(
      "<h2>Messages</h2>",
      `<ul>${contacts.map((e) => `<li>${escapeHtml(contactLine(e))}</li>`).join("")}</ul>`,
      link(messagesUrl, "Read them in the back office"),
    );
  }
  if (comments.length > 0) {
    text.push(
      "Comments awaiting moderation:",
      ...comments.map((e) => `- ${commentLine(e)}`),
      `Moderate them: ${commentsUrl}`,
      "",
    );
    html.push(
      "<h2>Comments awaiting moderation</h2>",
      `<ul>${comments.map((e) => `<li>${escapeHtml(commentLine(e))}</li>`).join("")}</ul>`,
      link(commentsUrl, "Moderate them in the back office"),
    );
  }
  return { subject, text: text.join("\n").trimEnd(), html: page(siteName, html.join("\n")) };
}

/** Minutes a reset link lives, for the mail's wording (the rule itself is in password-reset). */
export function passwordResetMail({
  siteName,
  resetUrl,
  minutes,
}: {
  siteName: string;
  resetUrl: string;
  minutes: number;
}): MailContent {
  const lines = [
    `Someone (we hope you) asked to reset the password of your ${siteName} admin account.`,
    `Choose a new password here within ${minutes} minutes; the link works once:`,
  ];
  const after = "If you did not ask, ignore this mail: your password stays as it is.";
  return {
    subject: `${siteName}: reset your password`,
    text: [...lines, resetUrl, "", after].join("\n"),
    html: page(
      siteName,
      `${paragraphs(lines)}\n${link(resetUrl, "Choose a new password")}\n${paragraphs([after])}`,
    ),
  };
}

/** The footer every mail to a reader carries: how to stop receiving them. */
function unsubscribeFooter(unsubscribeUrl: string): { text: string; html: string } {
  return {
    text: `\n--\nNo more mail from us: ${unsubscribeUrl}`,
    html: `<hr><p style="font-size:small"><a href="${escapeHtml(unsubscribeUrl)}">Unsubscribe</a></p>`,
  };
}

/** Double opt-in: the reader confirms they asked to sign up. */
export function confirmSignupMail({
  siteName,
  fullName,
  confirmUrl,
  unsubscribeUrl,
}: {
  siteName: string;
  fullName: string;
  confirmUrl: string;
  unsubscribeUrl: string;
}): MailContent {
  const lines = [
    `Hello ${oneLine(fullName, 80)},`,
    `Thanks for signing up to ${siteName}. Please confirm your address, so we know it was you:`,
  ];
  const after = "If you did not sign up, ignore this mail and you will hear nothing more from us.";
  const footer = unsubscribeFooter(unsubscribeUrl);
  return {
    subject: `${siteName}: please confirm your sign-up`,
    text: [...lines, confirmUrl, "", after].join("\n") + footer.text,
    html: page(
      siteName,
      `${paragraphs(lines)}\n${link(confirmUrl, "Confirm my sign-up")}\n${paragraphs([after])}`,
      footer.html,
    ),
  };
}
