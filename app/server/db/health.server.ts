/**
 * Is the database there? Errors are sorted into "the database is unavailable" (connection refused,
 * reset or terminated, the server shutting down or starting up, a timeout, a SQLite lock held past
 * its bound) and ordinary errors (a constraint violation, a bad query), which stay what they are.
 *
 * On an unavailable error the monitor asks the database itself (a probe with its own timeouts)
 * whether it is really gone: one killed connection is not an outage. If the probe fails, the
 * database is known down: requests get the 503 page at once instead of each waiting for its
 * timeouts, and the probe runs every second until the database answers again.
 */

import { log } from "#app/server/telemetry/log.server.ts";

/** How long a 503 asks clients to wait (Retry-After). The database is probed every second. */
export const RETRY_AFTER_SECONDS = 5;

/** Thrown instead of waiting when the database is known to be down, and by SQLite past its lock bound. */
export class DatabaseUnavailableError extends Error {
  override name = "DatabaseUnavailableError";
}

/** Node's socket errors that mean the server cannot be reached. */
const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ECONNABORTED",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
]);

/**
 * PostgreSQL SQLSTATEs: class 08 (connection exception), 57P01 admin_shutdown, 57P02
 * crash_shutdown, 57P03 cannot_connect_now (starting up or in recovery), 53300 too_many_connections.
 */
const UNAVAILABLE_SQLSTATE = /^(08[0-9A-Z]{3}|57P0[123]|53300)$/;

/** What pg says when a connection breaks or a timeout fires (these errors carry no code). */
const PG_MESSAGES = [
  "Connection terminated",
  "timeout expired",
  "Query read timeout",
  "timeout exceeded when trying to connect",
  "is not queryable",
  "Postgres connection has been discarded",
];

const SQLITE_BUSY = 5;

export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!(error instanceof Error) || depth > 3) return false;
  if (error instanceof DatabaseUnavailableError) return true;
  const { code, errcode } = error as { code?: unknown; errcode?: unknown };
  if (typeof code === "string" && (NETWORK_CODES.has(code) || UNAVAILABLE_SQLSTATE.test(code))) return true;
  // node:sqlite: SQLITE_BUSY and its extended codes (BUSY_RECOVERY, BUSY_SNAPSHOT, BUSY_TIMEOUT).
  if (code === "ERR_SQLITE_ERROR" && typeof errcode === "number" && (errcode & 0xff) === SQLITE_BUSY)
    return true;
  if (PG_MESSAGES.some((m) => error.message.includes(m))) return true;
  return isDatabaseUnavailable(error.cause, depth + 1);
}

const SQLITE_FULL = 13;

/**
 * The database's disk is full: SQLite's SQLITE_FULL, PostgreSQL's disk_full (53100), a file write's
 * ENOSPC. Not an outage (reads go on, and the database answers): a write is refused, and the
 * request that made it gets the 503 page that says nothing was saved (entry.server.tsx).
 */
export function isStorageFull(error: unknown, depth = 0): boolean {
  if (!(error instanceof Error) || depth > 3) return false;
  const { code, errcode } = error as { code?: unknown; errcode?: unknown };
  if (code === "ENOSPC" || code === "53100") return true;
  if (code === "ERR_SQLITE_ERROR" && typeof errcode === "number" && (errcode & 0xff) === SQLITE_FULL)
    return true;
  return isStorageFull(error.cause, depth + 1);
}

const SQLITE_CANTOPEN = 14;

/**
 * Which part of DATABASE_URL the database refused, when that is what `error` says: PostgreSQL's
 * "invalid authorization" (SQLSTATE class 28: the user or password), its "invalid catalog name"
 * (3D000: no database of that name), SQLite's SQLITE_CANTOPEN (a folder where the file should be,
 * a path it cannot make). Met at start, where the server says which and exits.
 */
export function refusedSettingOf(
  error: unknown,
  depth = 0,
): "credentials" | "database-name" | "sqlite-file" | undefined {
  if (!(error instanceof Error) || depth > 3) return undefined;
  const { code, errcode } = error as { code?: unknown; errcode?: unknown };
  if (typeof code === "string" && /^28[0-9A-Z]{3}$/.test(code)) return "credentials";
  if (code === "3D000") return "database-name";
  if (code === "ERR_SQLITE_ERROR" && typeof errcode === "number" && (errcode & 0xff) === SQLITE_CANTOPEN)
    return "sqlite-file";
  return refusedSettingOf(error.cause, depth + 1);
}

/** How often a full disk is logged while writes keep meeting it. */
const STORAGE_FULL_LOG_MS = 60_000;
let storageFullLoggedAt = Number.NEGATIVE_INFINITY;

/**
 * Why the database could not take what was asked of it, when that is what `error` says: it is
 * unreachable (its health monitor hears of it from the driver), or its disk is full (said in the
 * log here, once a minute); undefined for every other error. The one sorting of such failures for
 * every answer that turns them into words (entry.server.tsx, the back office's actions, public forms).
 */
export function databaseFailureOf(error: unknown): "unreachable" | "storage-full" | undefined {
  if (isDatabaseUnavailable(error)) return "unreachable";
  if (!isStorageFull(error)) return undefined;
  reportStorageFull(error);
  return "storage-full";
}

/** Says once a minute, however many writes fail, that the disk is full and what it means. */
function reportStorageFull(error: unknown): void {
  const now = Date.now();
  if (now - storageFullLoggedAt < STORAGE_FULL_LOG_MS) return;
  storageFullLoggedAt = now;
  log.error(
    { err: error },
    "database: the disk is full, so writes fail (answered 503, nothing saved); pages are still " +
      "served. Free space on the database's disk.",
  );
}

export interface HealthMonitor {
  /** True from a failed probe until one succeeds. */
  isDown(): boolean;
  /** Hands an error to the monitor: an unavailable one starts a probe (if none is running). */
  report(error: unknown): void;
  /** Resolves once a running probe has decided (at once when none runs). */
  settled(): Promise<void>;
}

export function createHealthMonitor({
  probe,
  probeTimeoutMs,
  retryMs = 1000,
  name = "database",
}: {
  /** Asks the database something trivial; rejects when it does not answer. */
  probe: () => Promise<void>;
  /** A hard bound on one probe, beyond the timeouts the probe sets itself. */
  probeTimeoutMs: number;
  retryMs?: number;
  name?: string;
}): HealthMonitor {
  let down = false;
  let checking: Promise<void> | undefined;
  let retry: ReturnType<typeof setTimeout> | undefined;

  const probeOnce = () =>
    new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`no answer within ${probeTimeoutMs} ms`)),
        probeTimeoutMs,
      );
      probe().then(
        () => {
          clearTimeout(timer);
          resolve();
        },
        (error) => {
          clearTimeout(timer);
          reject(error);
        },
      );
    });

  const check = (cause: unknown): Promise<void> => {
    checking = probeOnce().then(
      () => {
        if (down) log.info(`${name}: answering again; back to normal`);
        down = false;
        checking = undefined;
      },
      (error: unknown) => {
        if (!down) {
          log.error(
            `${name}: unavailable (${messageOf(cause)}; probe: ${messageOf(error)}). ` +
              `Answering 503 and checking every ${retryMs} ms until it is back.`,
          );
        }
        down = true;
        checking = undefined;
        retry = setTimeout(() => {
          retry = undefined;
          check(error);
        }, retryMs);
        retry.unref();
      },
    );
    return checking;
  };

  return {
    isDown: () => down,
    report(error) {
      if (!isDatabaseUnavailable(error) || checking || retry) return;
      void check(error);
    },
    settled: () => checking ?? Promise.resolve(),
  };
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message || error.name : String(error);
}

let processMonitor: HealthMonitor | undefined;

/** Makes `monitor` the one `isDatabaseKnownDown` answers for: the process-wide database's. */
export function watchProcessDatabase(monitor: HealthMonitor): void {
  processMonitor = monitor;
}

/**
 * True while the site's database is known to be unreachable (a probe failed and none has succeeded
 * since). Costs nothing: for the response cache and the 503 middleware to ask on every request.
 */
export function isDatabaseKnownDown(): boolean {
  return processMonitor?.isDown() ?? false;
}
