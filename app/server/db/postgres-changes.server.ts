import { randomUUID } from "node:crypto";
import pg from "pg";
import { log } from "#app/server/telemetry/log.server.ts";

/** The channel migration 034's trigger notifies, once per transaction that moves the content version. */
export const CONTENT_CHANNEL = "wanderplate_content_version";

/**
 * PostgreSQL tells this process when the content version moves (LISTEN/NOTIFY), so a cache hit
 * need not ask it (decision 004, addendum of session 33). What the watch promises: while
 * `trusted()`, a `stamp()` that has not moved since a read of the content version began means the
 * version read is still the database's. The stamp moves on a notification; when a write of this
 * process ends (its own writes need no trip through the database, and a redirect after a save must
 * see it); and when the listener connects or drops. It is not trusted while the listener is not
 * listening, before a notification sent through another connection has come back on it (a
 * pooler in transaction mode, say, would lose them), or while a write of this process is under way.
 *
 * A read of the content version must still be made from time to time (the reader's bound): a
 * connection that dies without a word (a network cut, no RST) would leave the stamp still.
 */
export interface ChangeWatch {
  stamp(): number;
  trusted(): boolean;
  /** Starts listening, once; a no-op after the first call. */
  start(): void;
  stop(): Promise<void>;
  /** The pool calls these around every statement that may write (see `mayWrite`). */
  writeStarted(): void;
  writeEnded(): void;
}

/** Whether a statement may write: anything but a `select` (Kysely writes every read as one). */
export function mayWrite(text: string): boolean {
  return !/^\s*select\b/i.test(text);
}

export function createChangeWatch({
  connectionString,
  connectMs,
  statementMs,
  notifyThroughPool,
  retryMs = 1000,
  unverifiedRetryMs = 30_000,
}: {
  connectionString: string;
  connectMs: number;
  statementMs: number;
  /** Sends `payload` on CONTENT_CHANNEL through another connection (the pool's). */
  notifyThroughPool: (payload: string) => Promise<void>;
  /** Wait before connecting again after the listener dropped or could not connect. */
  retryMs?: number;
  /** Wait before trying again when notifications did not come back. */
  unverifiedRetryMs?: number;
}): ChangeWatch {
  let stamp = 0;
  let listening = false;
  let writesInFlight = 0;
  let started = false;
  let stopped = false;
  let client: pg.Client | undefined;
  let wake: (() => void) | undefined;
  let warned = false;

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      timer.unref();
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  const run = async () => {
    while (!stopped) {
      const outcome = await listenOnce(
        { connectionString, connectMs, statementMs, notifyThroughPool },
        {
          connected: (connection) => {
            client = connection;
          },
          notified: () => {
            stamp++;
          },
          listening: (now) => {
            listening = now;
            stamp++;
            if (now && warned) log.info("database: change notifications arrive again");
            if (now) warned = false;
          },
        },
      );
      client = undefined;
      if (stopped) return;
      if (outcome !== "dropped" && !warned) {
        warned = true;
        log.warn(
          outcome === "unverified"
            ? "database: change notifications do not arrive (a connection pooler in transaction mode?); " +
                "cached pages ask the database instead"
            : `database: cannot listen for change notifications (${outcome.failed}); ` +
                "cached pages ask the database meanwhile",
        );
      }
      await sleep(outcome === "unverified" ? unverifiedRetryMs : retryMs);
    }
  };

  return {
    stamp: () => stamp,
    trusted: () => listening && writesInFlight === 0,
    start() {
      if (started) return;
      started = true;
      void run();
    },
    async stop() {
      stopped = true;
      wake?.();
      const open = client;
      // A frozen server never answers end(): wait for its goodbye a little, then the socket goes.
      if (open)
        await Promise.race([
          open.end().catch(() => {}),
          new Promise<void>((resolve) => setTimeout(resolve, 1000).unref()),
        ]);
    },
    writeStarted() {
      writesInFlight++;
    },
    writeEnded() {
      writesInFlight--;
      stamp++;
    },
  };
}

/**
 * One listening connection's life: connect, listen, check that a notification sent through the
 * pool comes back, then wait for the connection's end. "unverified": the check's notice never
 * came; `failed`: why connecting, listening or the check failed.
 */
async function listenOnce(
  {
    connectionString,
    connectMs,
    statementMs,
    notifyThroughPool,
  }: {
    connectionString: string;
    connectMs: number;
    statementMs: number;
    notifyThroughPool: (payload: string) => Promise<void>;
  },
  on: {
    connected(client: pg.Client): void;
    notified(): void;
    /** True once notifications are known to arrive, false when the connection has ended. */
    listening(now: boolean): void;
  },
): Promise<"dropped" | "unverified" | { failed: string }> {
  const connection = new pg.Client({
    connectionString,
    connectionTimeoutMillis: connectMs,
    query_timeout: statementMs,
    keepAlive: true,
  });
  on.connected(connection);
  let probe: { payload: string; arrived: () => void } | undefined;
  const ended = new Promise<void>((resolve) => {
    connection.on("error", () => resolve());
    connection.on("end", () => resolve());
  });
  connection.on("notification", (message) => {
    on.notified();
    if (probe && message.payload === probe.payload) probe.arrived();
  });
  let listened = false;
  try {
    await connection.connect();
    await connection.query(`listen ${CONTENT_CHANNEL}`);
    const payload = `probe ${randomUUID()}`;
    const arrived = new Promise<boolean>((resolve) => {
      probe = { payload, arrived: () => resolve(true) };
      setTimeout(() => resolve(false), connectMs + statementMs).unref();
    });
    await notifyThroughPool(payload);
    if (!(await Promise.race([arrived, ended.then(() => false)]))) return "unverified";
    listened = true;
    on.listening(true);
    await ended;
    return "dropped";
  } catch (error) {
    return { failed: error instanceof Error ? error.message : String(error) };
  } finally {
    if (listened) on.listening(false);
    else on.notified();
    connection.removeAllListeners("notification");
    dropConnection(connection);
  }
}

/** Closes a pg client's socket at once. Not end(): it waits for a goodbye a frozen server never sends. */
export function dropConnection(client: pg.Client): void {
  (client as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy();
}
