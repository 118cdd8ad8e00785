/**
 * The newsletter row of `npm run bench`: a site with 100,000 subscribed readers (10,000 in
 * --quick) and a blog chosen to be sent.
 *
 * - **start**: the send started in its own process (bench/newsletter-start.ts): its time and that
 *   process's peak memory. This is the step that scales with the list (one delivery per reader,
 *   in one transaction); the mails themselves then leave at MAIL_RATE_PER_MINUTE.
 * - **serving while sending**: the home page's throughput on the running server while its own
 *   sender starts a second send to the same readers and feeds it to an SMTP server in this process
 *   at the default rate, against the same measurement with the send paused; three windows of
 *   each, taken in turn.
 */
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { join } from "node:path";
import { SMTPServer } from "smtp-server";
import { openDatabase } from "#app/server/db/db.server.ts";
import { COMMAND_LINE } from "#app/server/models/activity.server.ts";
import { createBlog } from "#app/server/models/blogs.server.ts";
import { chooseSendOnPublish } from "#app/server/newsletter/sends.server.ts";
import { freePort, startServer } from "#tests/support/server-process.ts";
import { load, rssMb, SERVER_CPU, withPeakMemory } from "./load.ts";

export interface NewsletterBenchRow {
  engine: string;
  subscribers: number;
  startSeconds: number;
  startPeakMb: number;
  quietRps: number;
  sendingRps: number;
  ratio: number;
  mailsDuring: number;
  serverPeakMb: number;
}

const BATCH = 1000;

async function seedReaders(databaseUrl: string, subscribers: number, again: boolean): Promise<number> {
  const { db, destroy } = await openDatabase(databaseUrl);
  try {
    if (!again)
      for (let offset = 0; offset < subscribers; offset += BATCH) {
        const rows = Array.from({ length: Math.min(BATCH, subscribers - offset) }, (_, i) => ({
          full_name: `Reader ${offset + i}`,
          email: `reader-${offset + i}@bench.example`,
          phone: "",
          created_at: 1_700_000_000 + offset + i,
          subscription: "subscribed",
          unsubscribe_token: randomBytes(32).toString("base64url"),
        }));
        await db.insertInto("users").values(rows).execute();
      }
    const blog = await createBlog(db, COMMAND_LINE, {
      title: `Bench newsletter ${again ? 2 : 1}`,
      content: "<p>Steam over the noodle stalls.</p>",
      author: "Ana",
      date: "2026-01-01",
      imageUrl: "https://example.com/a.jpg",
    });
    await chooseSendOnPublish(db, blog.id, true);
    return blog.id;
  } finally {
    await destroy();
  }
}

function runStart(databaseUrl: string): Promise<{ seconds: number; recipients: number; peakMb: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(import.meta.dirname, "newsletter-start.ts"), databaseUrl], {
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    let err = "";
    let peakMb = 0;
    const timer = setInterval(() => {
      try {
        peakMb = Math.max(peakMb, rssMb(child.pid ?? 0));
      } catch {
        // Ended.
      }
    }, 20);
    child.stdout.on("data", (c) => {
      out += String(c);
    });
    child.stderr.on("data", (c) => {
      err += String(c);
    });
    child.on("exit", (code) => {
      clearInterval(timer);
      if (code !== 0) return reject(new Error(`newsletter start failed: ${err}`));
      const { seconds, recipients } = JSON.parse(out) as { seconds: number; recipients: number };
      resolve({ seconds: Math.round(seconds * 100) / 100, recipients, peakMb });
    });
  });
}

/** An SMTP server that takes every mail and keeps only the count. */
async function startSink(): Promise<{ url: string; count: () => number; close: () => Promise<void> }> {
  let count = 0;
  const port = await freePort();
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, _session, callback) {
      stream.on("data", () => {});
      stream.on("end", () => {
        count++;
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", () => resolve()));
  return {
    url: `smtp://127.0.0.1:${port}`,
    count: () => count,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Pauses every started send where it stands, or lets the paused ones go on (the feed takes `sending` only). */
async function setSending(databaseUrl: string, on: boolean): Promise<void> {
  const { db, destroy } = await openDatabase(databaseUrl);
  try {
    await db
      .updateTable("newsletter_sends")
      .set({ status: on ? "sending" : "done" })
      .where("status", "=", on ? "done" : "sending")
      .execute();
  } finally {
    await destroy();
  }
}

/** Quiet and sending windows taken in turn, this many of each: the machine's drift falls on both. */
const ROUNDS = 3;

export async function newsletterBench(
  engine: string,
  databaseUrl: string,
  dataDir: string,
  subscribers: number,
  seconds: number,
): Promise<NewsletterBenchRow> {
  await seedReaders(databaseUrl, subscribers, false);
  const start = await runStart(databaseUrl);
  if (start.recipients !== subscribers)
    throw new Error(`started for ${start.recipients}, not ${subscribers}`);
  console.log(`  ${engine}: send to ${subscribers} started in ${start.seconds}s, peak ${start.peakMb} MB`);
  await setSending(databaseUrl, false);

  const sink = await startSink();
  const app = await startServer(
    {
      DATABASE_URL: databaseUrl,
      UPLOADS_DIR: join(dataDir, "uploads"),
      SMTP_URL: sink.url,
      MAIL_FROM: "Bench <bench@bench.example>",
      PUBLIC_URL: "https://bench.example",
    },
    { cpu: SERVER_CPU },
  );
  try {
    const pid = app.process.pid ?? 0;
    const home = () => load(`${app.url}/`, { connections: 50, seconds });
    await load(`${app.url}/`, { connections: 50, seconds: 15 });
    let quietRps = 0;
    let sendingRps = 0;
    let serverPeakMb = 0;
    let mailsDuring = 0;
    for (let round = 0; round < ROUNDS; round++) {
      quietRps += (await home()).rps;
      // The first sending window: a second blog chosen to be sent, which the server's own sender
      // starts (100,000 deliveries in one transaction) and feeds at the default rate. Later ones:
      // that send carrying on.
      if (round === 0) await seedReaders(databaseUrl, subscribers, true);
      else await setSending(databaseUrl, true);
      const before = sink.count();
      const sending = await withPeakMemory(pid, home);
      mailsDuring += sink.count() - before;
      sendingRps += sending.result.rps;
      serverPeakMb = Math.max(serverPeakMb, sending.peakMb);
      await setSending(databaseUrl, false);
    }
    quietRps = Math.round(quietRps / ROUNDS);
    sendingRps = Math.round(sendingRps / ROUNDS);
    const ratio = Math.round((sendingRps / Math.max(1, quietRps)) * 1000) / 1000;
    console.log(
      `  ${engine}: home ${quietRps} req/s quiet, ${sendingRps} while sending (${mailsDuring} mails)`,
    );
    return {
      engine,
      subscribers,
      startSeconds: start.seconds,
      startPeakMb: start.peakMb,
      quietRps,
      sendingRps,
      ratio,
      mailsDuring,
      serverPeakMb,
    };
  } finally {
    await app.stop();
    await sink.close();
  }
}
