/**
 * The background sender: every few seconds it queues the batched notification when one is due,
 * then claims due mails from the outbox and hands them to the SMTP server. Started by the app's
 * startup only when SMTP_URL is set. A failure of any kind (mail server down, database down) is
 * logged and tried again later; it never ends the process. Its timer never keeps the process alive.
 */
import { type Config, type Dialect, getConfig } from "#app/server/config.server.ts";
import { type DB, nowSeconds } from "#app/server/db/db.server.ts";
import { isDatabaseUnavailable } from "#app/server/db/health.server.ts";
import { log as logger } from "#app/server/telemetry/log.server.ts";
import { queueNotification } from "./notifications.server.ts";
import {
  type ClaimedMail,
  claimDueMail,
  DEFAULT_BOUNCE_LIMIT,
  type FailedTry,
  MAX_ATTEMPTS,
  markFailedTry,
  markSending,
  markSent,
  onMailQueued,
  pruneOutbox,
  RETRY_BASE_SECONDS,
  releaseClaim,
} from "./outbox.server.ts";

/** What the sender needs of a mail transport (nodemailer's, or a test's). */
export interface MailTransport {
  sendMail(message: {
    from: string;
    to: string;
    subject: string;
    text: string;
    html: string;
    headers: Record<string, string>;
  }): Promise<unknown>;
  close(): void;
}

/** Bounded waits, so a mail server that stops answering holds a claim for less than its lease. */
const SMTP_TIMEOUTS = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 30_000 };

/**
 * nodemailer over SMTP_URL (smtp:// upgrades with STARTTLS when offered; smtps:// is TLS at once),
 * with a small pool of connections.
 * nodemailer is loaded with the first mail, so a site without mail never pays for it in memory.
 */
export function smtpTransport(smtpUrl: string): MailTransport {
  let transport: Promise<MailTransport> | undefined;
  const open = () =>
    (transport ??= import("nodemailer").then(({ createTransport }) =>
      // Pooled: a newsletter of thousands of mails reuses a couple of connections instead of
      // opening one (TCP, TLS, AUTH) per mail.
      createTransport({ url: smtpUrl, pool: true, maxConnections: 2, maxMessages: 500, ...SMTP_TIMEOUTS }),
    ));
  return {
    sendMail: async (message) => (await open()).sendMail(message),
    close: () => {
      transport?.then((opened) => opened.close()).catch(() => undefined);
    },
  };
}

/**
 * The newsletter's part of each round (app/server/newsletter/round.server.ts). Passed in, so this
 * module knows nothing of blogs and readers.
 */
export interface NewsletterWork {
  /** Starts the sends that are due, settles mail a dead sender left half-sent. */
  prepare(now: number): Promise<void>;
  /** Queues the next newsletter mails the shared rate allows; answers how many. */
  feed(now: number): Promise<number>;
}

export interface SenderOptions {
  db: DB;
  dialect: Dialect;
  transport: MailTransport;
  from: string;
  /** Milliseconds between rounds. */
  intervalMs?: number;
  /** Seconds a claim lasts: far longer than one send's timeouts. */
  leaseSeconds?: number;
  batchSize?: number;
  maxAttempts?: number;
  retryBaseSeconds?: number;
  notifyWindowSeconds?: number;
  /** Seconds a sent or given-up mail is kept before a round deletes it (MAIL_OUTBOX_KEEP_DAYS). */
  keepSeconds?: number;
  /** The most old mails one round deletes. */
  pruneBatch?: number;
  /** Permanent refusals of an address after which its reader gets no more newsletters. */
  bounceLimit?: number;
  newsletter?: NewsletterWork;
  /** Where failures are reported (the server log by default). */
  log?: (message: string) => void;
}

export interface MailSender {
  /** One round: the notification if due, then every due mail (in batches). Never throws. */
  runOnce(now?: number): Promise<{ sent: number; failed: number }>;
  /** Runs rounds every intervalMs until stop(). */
  start(): void;
  /** Stops the rounds and waits for the one in progress; closes the transport. */
  stop(): Promise<void>;
}

const DEFAULT_INTERVAL_MS = 5000;
const DEFAULT_LEASE_SECONDS = 300;
const DEFAULT_BATCH = 20;
const DEFAULT_KEEP_SECONDS = 30 * 24 * 3600;
const DEFAULT_PRUNE_BATCH = 100;
/** Seconds between two prunes while the last one found no full batch: old rows rarely pile up. */
const PRUNE_EVERY_SECONDS = 60;

/**
 * Whether the mail server refused the recipient for good: a 5xx answer to RCPT TO. Anything else
 * (a 4xx, a dropped connection, a refused sender or login, which are the site's problem and not
 * the reader's) is tried again later.
 */
export function failureOf(error: unknown): FailedTry {
  const { responseCode, command } = (error ?? {}) as { responseCode?: unknown; command?: unknown };
  const permanent =
    typeof responseCode === "number" && responseCode >= 500 && responseCode < 600 && command === "RCPT TO";
  return { error: describe(error), permanent };
}

/** An error's message without anything that looks like a URL's credentials. */
function describe(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(/\/\/[^@/\s]+@/g, "//***@");
}

/** What a sender's rounds share: its settings, its transport, where it logs and what the database missed. */
interface SenderContext {
  db: DB;
  dialect: Dialect;
  transport: MailTransport;
  from: string;
  leaseSeconds: number;
  batchSize: number;
  maxAttempts: number;
  retryBaseSeconds: number;
  bounceLimit: number;
  log: (message: string) => void;
  /**
   * What happened to claimed mails that the database could not be told (it went away between the
   * mail server's answer and our update). Told first at the next round: left alone, a mail the
   * mail server took would stay claimed until its lease ran out and then go out a second time.
   */
  untold: Map<number, () => Promise<unknown>>;
}

/** Sends one claimed mail. Answers whether it went; null when it was no longer ours to send. */
async function deliver(sender: SenderContext, mail: ClaimedMail, now: () => number): Promise<boolean | null> {
  const { db, untold, log } = sender;
  if (mail.newsletterDeliveryId !== null) {
    try {
      if (!(await markSending(db, mail))) return null;
    } catch (error) {
      // Not handed to the mail server: given back (with its mark, if it was made) next round.
      untold.set(mail.id, () => releaseClaim(db, mail));
      throw error;
    }
  }
  try {
    await sender.transport.sendMail({
      from: sender.from,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      headers: mail.headers ?? {},
    });
  } catch (error) {
    const failure = failureOf(error);
    const reason = failure.error;
    const failedAt = now();
    const { maxAttempts, retryBaseSeconds, bounceLimit } = sender;
    const tell = () =>
      markFailedTry(db, mail, failure, { now: failedAt, maxAttempts, retryBaseSeconds, bounceLimit });
    untold.set(mail.id, tell);
    const givenUp = await tell();
    untold.delete(mail.id);
    log(
      failure.permanent
        ? `mail ${mail.id} to ${mail.to} refused for good, given up: ${reason}`
        : givenUp
          ? `mail ${mail.id} to ${mail.to} failed after ${mail.attempts} tries, given up: ${reason}`
          : `mail ${mail.id} to ${mail.to} not sent (try ${mail.attempts}), will retry: ${reason}`,
    );
    return false;
  }
  const sentAt = now();
  const tell = () => markSent(db, mail, sentAt);
  untold.set(mail.id, tell);
  await tell();
  untold.delete(mail.id);
  return true;
}

/** Tells the database what it missed; false while it still cannot be told. */
async function tellUntold({ untold, log }: SenderContext): Promise<boolean> {
  try {
    for (const [id, tell] of untold) {
      try {
        await tell();
      } catch (error) {
        // Anything but an absent database will not get better by asking again: the claim's
        // lease settles that mail instead, as it always would have.
        if (isDatabaseUnavailable(error)) throw error;
        log(`mail ${id}: outcome not recorded, left to its lease: ${describe(error)}`);
      }
      untold.delete(id);
    }
    return true;
  } catch (error) {
    log(`mail outcomes not recorded yet, will retry: ${describe(error)}`);
    return false;
  }
}

async function feedNewsletter({ log }: SenderContext, work: NewsletterWork, at: number): Promise<number> {
  try {
    return await work.feed(at);
  } catch (error) {
    log(`newsletter mail not queued, will retry: ${describe(error)}`);
    return 0;
  }
}

/** A round's work before the mail goes: the notification if due, and the newsletter sends due to start. */
async function prepareRound(
  { db, log }: SenderContext,
  now: () => number,
  notifyWindowSeconds: number | undefined,
  newsletter: NewsletterWork | undefined,
) {
  try {
    await queueNotification(db, { now: now(), windowSeconds: notifyWindowSeconds });
  } catch (error) {
    log(`mail notification not queued, will retry: ${describe(error)}`);
  }
  if (newsletter) {
    try {
      await newsletter.prepare(now());
    } catch (error) {
      log(`newsletter sends not started, will retry: ${describe(error)}`);
    }
  }
}

/**
 * Claims and sends due mail a batch at a time until none is left or `halted`, counting in `tally`
 * what went and what failed; throws if the database goes away.
 */
async function sendDueMail(
  sender: SenderContext,
  now: () => number,
  halted: () => boolean,
  tally: { sent: number; failed: number },
): Promise<void> {
  const { db, dialect, leaseSeconds, batchSize, untold } = sender;
  for (;;) {
    if (halted()) break;
    const batch = await claimDueMail(db, dialect, { now: now(), leaseSeconds, limit: batchSize });
    for (const [index, mail] of batch.entries()) {
      try {
        const outcome = await deliver(sender, mail, now);
        if (outcome === true) tally.sent++;
        else if (outcome === false) tally.failed++;
      } catch (error) {
        // The database went away mid-batch: the mails not tried yet are given back at the next
        // round rather than left claimed (and a try short) until their lease runs out.
        for (const rest of batch.slice(index + 1)) untold.set(rest.id, () => releaseClaim(db, rest));
        throw error;
      }
    }
    if (batch.length < batchSize) break;
  }
}

export function createMailSender(options: SenderOptions): MailSender {
  const {
    db,
    transport,
    intervalMs = DEFAULT_INTERVAL_MS,
    notifyWindowSeconds,
    keepSeconds = DEFAULT_KEEP_SECONDS,
    pruneBatch = DEFAULT_PRUNE_BATCH,
    newsletter,
    log = (message: string) => logger.error(message),
  } = options;
  const sender: SenderContext = {
    db,
    dialect: options.dialect,
    transport,
    from: options.from,
    leaseSeconds: options.leaseSeconds ?? DEFAULT_LEASE_SECONDS,
    batchSize: options.batchSize ?? DEFAULT_BATCH,
    maxAttempts: options.maxAttempts ?? MAX_ATTEMPTS,
    retryBaseSeconds: options.retryBaseSeconds ?? RETRY_BASE_SECONDS,
    bounceLimit: options.bounceLimit ?? DEFAULT_BOUNCE_LIMIT,
    log,
    untold: new Map(),
  };
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let nextPruneAt = Number.NEGATIVE_INFINITY;

  async function round(fixedNow?: number) {
    const now = () => fixedNow ?? nowSeconds();
    const tally = { sent: 0, failed: 0 };
    // The database is still away: the rest of the round would only fail the same way.
    if (!(await tellUntold(sender))) return tally;
    await prepareRound(sender, now, notifyWindowSeconds, newsletter);
    const halted = () => stopped && fixedNow === undefined;
    // A long newsletter would otherwise keep one round going for hours, and the round's other
    // duties (the notification, starting scheduled sends, pruning) waiting with it.
    const roundEnds = Date.now() + intervalMs;
    try {
      // The newsletter's next mails (as many as the rate allows), then everything due; again while
      // the newsletter had more to queue, the rate still allows some, and the round has time left.
      for (let fed = -1; fed !== 0 && !halted() && (fed === -1 || Date.now() < roundEnds); ) {
        fed = newsletter ? await feedNewsletter(sender, newsletter, now()) : 0;
        await sendDueMail(sender, now, halted, tally);
      }
    } catch (error) {
      log(`mail outbox not read, will retry: ${describe(error)}`);
    }
    // One small batch per round at most, after the mail: a backlog of old rows goes a batch a round.
    if (now() >= nextPruneAt) {
      try {
        const pruned = await pruneOutbox(db, { now: now(), keepSeconds, limit: pruneBatch });
        nextPruneAt = pruned < pruneBatch ? now() + PRUNE_EVERY_SECONDS : now();
      } catch (error) {
        log(`old mail not pruned, will retry: ${describe(error)}`);
      }
    }
    return tally;
  }

  // Rounds take turns (a timer's and a test's never interleave); stop() waits for the last one.
  let queue: Promise<unknown> = Promise.resolve();
  function exclusive<T>(work: () => Promise<T>): Promise<T> {
    const next = queue.then(work);
    queue = next.catch(() => {});
    return next;
  }

  let roundDue = false;
  function schedule(delayMs = intervalMs) {
    if (stopped) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      roundDue = true;
      exclusive(() => {
        roundDue = false;
        return round();
      }).finally(() => {
        if (!timer) schedule();
      });
    }, delayMs);
    timer.unref();
  }
  // A mail queued by this process goes out within a moment rather than at the next round (a
  // little later than at once: the transaction that queued it commits first).
  let unlisten: (() => void) | undefined;
  const SOON_MS = 250;

  return {
    runOnce: (now) => exclusive(() => round(now)),
    start() {
      stopped = false;
      unlisten ??= onMailQueued(() => {
        if (!stopped && !roundDue) schedule(SOON_MS);
      });
      if (!timer) schedule();
    },
    async stop() {
      stopped = true;
      unlisten?.();
      unlisten = undefined;
      if (timer) clearTimeout(timer);
      timer = undefined;
      await queue;
      transport.close();
    },
  };
}

let processSender: MailSender | undefined;

/**
 * Starts this process's sender when mail is configured (SMTP_URL); otherwise does nothing. Stops
 * it on SIGINT/SIGTERM, so a round in progress finishes its current mail's bookkeeping.
 */
export function startMailSender(
  db: DB,
  dialect: Dialect,
  { config = getConfig(), newsletter }: { config?: Config; newsletter?: NewsletterWork } = {},
): MailSender | undefined {
  if (!config.SMTP_URL || !config.MAIL_FROM || processSender) return processSender;
  processSender = createMailSender({
    db,
    dialect,
    transport: smtpTransport(config.SMTP_URL),
    from: config.MAIL_FROM,
    keepSeconds: config.MAIL_OUTBOX_KEEP_DAYS * 24 * 3600,
    bounceLimit: config.MAIL_BOUNCE_LIMIT,
    newsletter,
  });
  processSender.start();
  const sender = processSender;
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      sender.stop().catch(() => {});
    });
  }
  return processSender;
}
