/**
 * A real SMTP server for tests (the `smtp-server` package) on 127.0.0.1 and a free port: it asks
 * for a user name and password, keeps every message it accepts (parsed by `mailparser`), and can
 * be told to refuse mail (a temporary 451) to test retries, or some recipients for good (550).
 */
import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, beforeEach, vi } from "vitest";
import type { Dialect } from "#app/server/config.server.ts";
import type { DB } from "#app/server/db/db.server.ts";
import {
  createMailSender,
  type MailSender,
  type SenderOptions,
  smtpTransport,
} from "#app/server/mail/sender.server.ts";
import { freePort } from "./server-process.ts";

/** The tests' sender address (MAIL_FROM, and a test sender's `from`). */
const TEST_MAIL_FROM = "Wanderplate <hello@wanderplate.test>";

const SMTP_USER = "mailer";
const SMTP_PASS = "not-the-real-password";

export interface TestSmtpServer {
  port: number;
  /** smtp://user:pass@127.0.0.1:port */
  url: string;
  messages: ParsedMail[];
  /** Answer 451 to every message while true. */
  refusing: boolean;
  /** Recipients refused for good: RCPT TO answers 550 (a mailbox that does not exist). */
  refusedRecipients: Set<string>;
  /** Waits until at least `count` messages have arrived (or throws after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<ParsedMail[]>;
  close(): Promise<void>;
}

export async function startSmtpServer(port?: number): Promise<TestSmtpServer> {
  const listenPort = port ?? (await freePort());
  const messages: ParsedMail[] = [];
  const state: TestSmtpServer = {
    port: listenPort,
    url: `smtp://${SMTP_USER}:${SMTP_PASS}@127.0.0.1:${listenPort}`,
    messages,
    refusing: false,
    refusedRecipients: new Set(),
    async waitFor(count, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (messages.length < count) {
        if (Date.now() > deadline) throw new Error(`expected ${count} messages, got ${messages.length}`);
        await new Promise((r) => setTimeout(r, 20));
      }
      return messages;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ["STARTTLS"],
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === SMTP_USER && auth.password === SMTP_PASS)
        return callback(null, { user: auth.username });
      return callback(new Error("Invalid username or password"));
    },
    onRcptTo(address, _session, callback) {
      if (!state.refusedRecipients.has(address.address)) return callback();
      const error = new Error("No such mailbox") as Error & { responseCode: number };
      error.responseCode = 550;
      return callback(error);
    },
    onData(stream, _session, callback) {
      simpleParser(stream).then(
        (mail) => {
          if (state.refusing) {
            const error = new Error("Try again later") as Error & { responseCode: number };
            error.responseCode = 451;
            return callback(error);
          }
          messages.push(mail);
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(listenPort, "127.0.0.1", () => resolve());
  });
  // A client that goes away mid-conversation (a sender killed on purpose) is not the test's failure.
  server.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code !== "ECONNRESET" && error.code !== "EPIPE") throw error;
  });
  return state;
}

/** The first http(s) link of a message's text that starts with `prefix`. */
export function linkIn(mail: ParsedMail, prefix: string): string {
  const found = (mail.text ?? "").split(/\s+/).find((word) => word.startsWith(prefix));
  if (!found) throw new Error(`no link starting with ${prefix} in:\n${mail.text}`);
  return found;
}

/** A header of a message as it was sent (unfolded), or "" when absent. */
export function headerText(mail: ParsedMail, name: string): string {
  const line = mail.headerLines.find((h) => h.key === name.toLowerCase())?.line ?? "";
  return line
    .slice(line.indexOf(":") + 1)
    .replace(/\r?\n[ \t]+/g, " ")
    .trim();
}

/**
 * One SMTP server for a test file, and mail switched on for each test (SMTP_URL pointing at it,
 * MAIL_FROM, and the PUBLIC_URL links are built from). `server` is there once the file's tests run.
 */
export function mailServerForEachTest(): { readonly server: TestSmtpServer } {
  const handle = {} as { server: TestSmtpServer };
  beforeAll(async () => {
    handle.server = await startSmtpServer();
  });
  afterAll(async () => {
    await handle.server?.close();
  });
  beforeEach(() => {
    vi.stubEnv("SMTP_URL", handle.server.url);
    vi.stubEnv("MAIL_FROM", TEST_MAIL_FROM);
    vi.stubEnv("PUBLIC_URL", "https://blog.example.test");
    return () => {
      vi.unstubAllEnvs();
    };
  });
  return handle;
}

/** The messages the server accepted for `address`. */
export function mailsTo(server: TestSmtpServer, address: string): ParsedMail[] {
  return server.messages.filter((m) => (m.to && "text" in m.to ? m.to.text : "") === address);
}

/**
 * The app's background sender on `db`, sending to `server` from TEST_MAIL_FROM and logging
 * nothing; `options` change any of that (a transport of the test's own, a batch size, a log).
 */
export function testMailSender(
  server: TestSmtpServer,
  db: DB,
  dialect: Dialect,
  options: Partial<SenderOptions> = {},
): MailSender {
  return createMailSender({
    db,
    dialect,
    transport: smtpTransport(server.url),
    from: TEST_MAIL_FROM,
    log: () => {},
    ...options,
  });
}
