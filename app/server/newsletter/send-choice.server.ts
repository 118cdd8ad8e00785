/**
 * The blog form's **Send to subscribers** choice, for the Add Blog and edit routes: what the form
 * shows of it, and how a save records it (server/newsletter/sends.server.ts keeps the sends).
 */
import type { DB } from "#app/server/db/db.server.ts";
import { mailEnabled } from "#app/server/mail/notifications.server.ts";
import type { WithBlogSaved } from "#app/server/models/blogs.server.ts";
import { chooseSendOnPublish, countSubscribers, type SendChoice, sendChoiceOf } from "./sends.server.ts";

const NOT_CHOSEN: SendChoice = { chosen: false, started: null };

/**
 * The form's data: how many readers a send would reach, whether mail is on (the box is disabled
 * while it is off), and the blog's choice (none for a blog not yet written).
 */
export async function sendChoiceForForm(db: DB, blogId: number | null) {
  const [subscribers, sendChoice] = await Promise.all([
    countSubscribers(db),
    blogId === null ? NOT_CHOSEN : sendChoiceOf(db, blogId),
  ]);
  return { subscribers, mailOn: mailEnabled(), sendChoice };
}

/**
 * The write that records the choice with the blog's save, in its transaction: ticked, a send waits
 * for the blog to go live; unticked, a waiting send goes (a started one stays). Nothing while mail
 * is off: the box is disabled then, and a posted value is ignored.
 */
export function recordSendChoice(wanted: boolean, by: string): WithBlogSaved | undefined {
  if (!mailEnabled()) return undefined;
  return (trx, blogId) => chooseSendOnPublish(trx, blogId, wanted, { by });
}
