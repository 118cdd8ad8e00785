import { defineFields } from "./common.fields.ts";

/** The text fields of the Add Blog and edit forms (the spec's fields plus Category), in form order. */
export const BLOG_FIELDS = defineFields({
  title: { label: "Title", max: 200 },
  content: { label: "Content", max: 200_000 },
  date: { label: "Date" },
  author: { label: "Author", max: 100 },
  category: { label: "Category", max: 60 },
  seoTitle: { label: "SEO Title", max: 300 },
  seoDescription: { label: "SEO Description", max: 500 },
  seoKeywords: { label: "SEO Keywords", max: 500 },
});

export type BlogFormValues = Record<keyof typeof BLOG_FIELDS, string>;

/**
 * The **Show disclosure** switch (DESIGN §2, "earning"): a checkbox kept apart from the text fields,
 * like Send to subscribers (an autosaved draft holds the text only).
 */
export const BLOG_DISCLOSURE_FIELDS = defineFields({
  showDisclosure: { label: "Show disclosure" },
});

/**
 * A blog's own **Header code** and **Footer code** (DESIGN §2, "code injection"): kept apart from
 * the text fields (an autosaved draft holds the text only), role `all` only like the site's.
 */
export const BLOG_CODE_FIELDS = defineFields({
  headerCode: { label: "Header code", max: 65_536 },
  footerCode: { label: "Footer code", max: 65_536 },
});

/**
 * The **Send to subscribers** choice beside the publication controls: a checkbox, kept apart from
 * the text fields above (an autosaved draft holds those only; the choice is saved with the blog).
 */
export const BLOG_SEND_FIELDS = defineFields({
  sendToSubscribers: { label: "Send to subscribers" },
});

const readers = (n: number, kind = "") =>
  `${n.toLocaleString("en-US")} ${kind}${n === 1 ? "subscriber" : "subscribers"}`;

export const BLOG_SEND_MESSAGES = {
  /** The hint under the box while mail is on. */
  willSend: (subscribers: number) =>
    `Emails this blog to ${readers(subscribers, "confirmed ")} when it is published.`,
  /** The hint on a blog that is live already: ticking the box and saving sends it. */
  willSendOnSave: (subscribers: number) =>
    `Emails this blog to ${readers(subscribers, "confirmed ")} when you save: it is published already.`,
  /** The hint under the (disabled) box while mail is off. */
  mailOff: "Mail is off: set SMTP_URL and MAIL_FROM to send blogs to subscribers.",
  /** Instead of the box once the blog's send has started; its date follows. */
  sentTo: (recipients: number) => `Sent to ${readers(recipients)} on`,
};

export const BLOG_MESSAGES = {
  /** The Add Blog form without an image (the spec's wording). */
  imageRequired: "Please upload an image or provide an image URL",
  imageRequiredHint: "Choose an image file or enter an image URL.",
  /** The edit form when title, content, author, date or the slug is missing (the spec's wording). */
  allFieldsRequired: "All fields are required!",
  titleWithoutSlug: "Title needs at least one letter or digit.",
  notADate: "Date must be a real date.",
};
