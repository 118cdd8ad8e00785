import { type DB, nowSeconds } from "#app/server/db/db.server.ts";
import { scoreSpam, textFingerprint } from "./spam-score.server.ts";

/**
 * The spam judgement of a visitor's comment or contact message (decision 023): the signals only the
 * database knows (the commenter's history, the same text sent before) gathered here, the text's own
 * weighed by the pure scorer (spam-score.server.ts). No outside service is asked.
 */

/** "The same text sent before" looks this far back. */
const REPEAT_WINDOW_SECONDS = 30 * 24 * 3600;

/** Where "the same text sent before" is looked for, per kind of submission. */
const REPEATS_TABLE = { comment: "comments", contact: "contacts", rating: "recipe_ratings" } as const;

export interface SpamJudgement {
  spam: boolean;
  score: number;
  reasons: string[];
  fingerprint: string;
  /** Earlier comments by this email a moderator approved (the auto-approval setting reads it). */
  approvedBefore: number;
}

export interface Submission {
  /** A rating's comment is judged as a comment is (its repeats are looked for among ratings). */
  kind: "comment" | "contact" | "rating";
  text: string;
  name: string;
  email: string;
  /** From the form page's load to the submit, as the browser measured it; null without script. */
  elapsedMs: number | null;
}

/** Judges a submission before it is stored; the caller stores the judgement with the row. */
export async function judgeSubmission(
  db: DB,
  submission: Submission,
  now = nowSeconds(),
): Promise<SpamJudgement> {
  const fingerprint = textFingerprint(submission.text);
  const email = submission.email.trim().toLowerCase();
  const since = now - REPEAT_WINDOW_SECONDS;
  const [history, repeats] = await Promise.all([
    // Approved comments, and those a moderator vouched for with "Not spam".
    db
      .selectFrom("comments")
      .select((eb) => [
        eb.fn
          .sum<number | string | null>(eb.case().when("approved", "=", 1).then(1).else(0).end())
          .as("approved"),
        eb.fn.countAll<number | string>().as("vouched"),
      ])
      .where("email", "=", email)
      .where((eb) => eb.or([eb("approved", "=", 1), eb("not_spam", "=", 1)]))
      .executeTakeFirstOrThrow(),
    // A rating without a comment says nothing: many readers "send the same" empty text.
    submission.text.trim() === ""
      ? { n: 0 }
      : db
          .selectFrom(REPEATS_TABLE[submission.kind])
          .select((eb) => eb.fn.countAll<number | string>().as("n"))
          .where("fingerprint", "=", fingerprint)
          .where("created_at", ">=", since)
          .executeTakeFirstOrThrow(),
  ]);
  const approvedBefore = Number(history.approved ?? 0);
  const verdict = scoreSpam({
    kind: submission.kind === "contact" ? "contact" : "comment",
    text: submission.text,
    name: submission.name,
    email,
    elapsedMs: submission.elapsedMs,
    approvedBefore: Number(history.vouched),
    sameTextBefore: Number(repeats.n),
  });
  return { ...verdict, fingerprint, approvedBefore };
}

/** The columns a judged row is stored with. */
export function spamColumns(judgement: SpamJudgement) {
  return {
    spam: judgement.spam ? 1 : 0,
    spam_score: judgement.score,
    spam_reasons: judgement.reasons.join("\n"),
    fingerprint: judgement.fingerprint,
  };
}
