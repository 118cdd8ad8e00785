import { type SelectQueryBuilder, sql } from "kysely";
import { type DB, nowSeconds } from "#app/server/db/db.server.ts";
import type { Database } from "#app/server/db/schema.server.ts";
import { HISTORY_COUNT_LIMIT, scoreSpam, textFingerprint } from "./spam-score.server.ts";

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
  // Each count is an index range read no further than HISTORY_COUNT_LIMIT rows: a flood of one
  // text from one address must not make every next submission read the whole flood.
  const counted = async (rows: SelectQueryBuilder<Database, keyof Database, object>) => {
    const { n } = await db
      .selectFrom(rows.limit(HISTORY_COUNT_LIMIT).as("rows"))
      .select((eb) => eb.fn.countAll<number | string>().as("n"))
      .executeTakeFirstOrThrow();
    return Number(n);
  };
  // A constant, not a column: the count reads the index alone (PostgreSQL too).
  const one = sql<number>`1`.as("one");
  const [approved, vouched, repeats] = await Promise.all([
    counted(db.selectFrom("comments").select(one).where("email", "=", email).where("approved", "=", 1)),
    // Held back, but a moderator vouched for them with "Not spam".
    counted(
      db
        .selectFrom("comments")
        .select(one)
        .where("email", "=", email)
        .where("approved", "=", 0)
        .where("not_spam", "=", 1),
    ),
    // A rating without a comment says nothing: many readers "send the same" empty text.
    submission.text.trim() === ""
      ? 0
      : counted(
          db
            .selectFrom(REPEATS_TABLE[submission.kind])
            .select(one)
            .where("fingerprint", "=", fingerprint)
            .where("created_at", ">=", since),
        ),
  ]);
  const verdict = scoreSpam({
    kind: submission.kind === "contact" ? "contact" : "comment",
    text: submission.text,
    name: submission.name,
    email,
    elapsedMs: submission.elapsedMs,
    approvedBefore: Math.min(approved + vouched, HISTORY_COUNT_LIMIT),
    sameTextBefore: repeats,
  });
  return { ...verdict, fingerprint, approvedBefore: approved };
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
