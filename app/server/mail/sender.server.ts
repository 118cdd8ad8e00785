/**
 * The background sender: every few seconds it queues the batched notification when one is due,
 * then claims due mails from the outbox and hands them to the SMTP server. Started by the app's
 * startup only when SMTP_URL is set. A failure of any kind (mail server down, database down) is
 * logged and tried again later; it never ends the process. Its timer never keeps the process alive.
 */
import { type Config, type Dialect, getConfig } from "#app/server/config.server.ts";
import { type DB, nowSeconds } from "#app/server/db/db.server.ts";
import { log as logger } from "#app/server/telemetry/log.server.ts";
import { queueNotification } from "./notifications.server.ts";
import {
  type ClaimedMail,
  claimDueMail,
  MAX_ATTEMPTS,
  markFailedTry,
  markSent,
  onMailQueued,
  RETRY_BASE_SECONDS,
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
 * nodemailer over SMTP_URL (smtp:// upgrades with STARTTLS when offered; smtps:// is TLS at once).
 * nodemailer is loaded with the first mail, so a site without mail never pays for it in memory.
 */
export function smtpTransport(smtpUrl: string): MailTransport {
  let transport: Promise<MailTransport> | undefined;
  const open = () =>
    (transport ??= import("nodemailer").then(({ createTransport }) =>
      createTransport({ url: smtpUrl, ...SMTP_TIMEOUTS }),
    ));
  return {
    sendMail: async (message) => (await open()).sendMail(message),
    close: () => {
      transport?.then((opened) => opened.close()).catch(() => undefined);
    },
  };
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

/** An error's message without anything that looks like a URL's credentials. */
function describe(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(/\/\/[^@/\s]+@/g, "//***@");
}

export function createMailSender(options: SenderOptions): MailSender {
  const {
    db,
    dialect,
    transport,
    from,
    intervalMs = DEFAULT_INTERVAL_MS,
    leaseSeconds = DEFAULT_LEASE_SECONDS,
    batchSize = DEFAULT_BATCH,
    maxAttempts = MAX_ATTEMPTS,
    retryBaseSeconds = RETRY_BASE_SECONDS,
    notifyWindowSeconds,
    log = (message: string) => logger.error(message),
  } = options;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;

  async function deliver(mail: ClaimedMail, now: () => number): Promise<boolean> {
    try {
      await transport.sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        headers: mail.headers ?? {},
      });
    } catch (error) {
      const reason = describe(error);
      const givenUp = await markFailedTry(db, mail, reason, { now: now(), maxAttempts, retryBaseSeconds });
      log(
        givenUp
          ? `mail ${mail.id} to ${mail.to} failed after ${mail.attempts} tries, given up: ${reason}`
          : `mail ${mail.id} to ${mail.to} not sent (try ${mail.attempts}), will retry: ${reason}`,
      );
      return false;
    }
    await markSent(db, mail, now());
    return true;
  }

  async function round(fixedNow?: number) {
    const now = () => fixedNow ?? nowSeconds();
    let sent = 0;
    let failed = 0;
    try {
      await queueNotification(db, { now: now(), windowSeconds: notifyWindowSeconds });
    } catch (error) {
      log(`mail notification not queued, will retry: ${describe(error)}`);
    }
    try {
      for (;;) {
        if (stopped && fixedNow === undefined) break;
        const batch = await claimDueMail(db, dialect, { now: now(), leaseSeconds, limit: batchSize });
        for (const mail of batch) {
          if (await deliver(mail, now)) sent++;
          else failed++;
        }
        if (batch.length < batchSize) break;
      }
    } catch (error) {
      log(`mail outbox not read, will retry: ${describe(error)}`);
    }
    return { sent, failed };
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
  config: Config = getConfig(),
): MailSender | undefined {
  if (!config.SMTP_URL || !config.MAIL_FROM || processSender) return processSender;
  processSender = createMailSender({
    db,
    dialect,
    transport: smtpTransport(config.SMTP_URL),
    from: config.MAIL_FROM,
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
