import pino, { type DestinationStream, type Level, type Logger } from "pino";
import { getConfig } from "#app/server/config.server.ts";
import { processWide } from "./process-wide.server.ts";
import { currentRequest } from "./request.server.ts";

/**
 * Fields that may hold a secret, wherever a log call puts them: written as "[redacted]". The
 * request line itself never carries headers or bodies; this catches an error object or a debug
 * call that does.
 */
const REDACTED_PATHS = [
  "password",
  "*.password",
  "token",
  "*.token",
  "authorization",
  "*.authorization",
  "cookie",
  "*.cookie",
  '["set-cookie"]',
  '*["set-cookie"]',
  "headers.cookie",
  "headers.authorization",
  'headers["set-cookie"]',
  "*.headers.cookie",
  "*.headers.authorization",
  '*.headers["set-cookie"]',
  "body",
  "*.body",
  "form",
  "*.form",
];

export type LogLevel = Level | "silent";

/**
 * A logger writing JSON lines to `destination` (standard output when none): what the process's
 * `log` is made of, and what tests build to read the lines back.
 */
export function createLog(level: LogLevel, destination?: DestinationStream): Logger {
  const options = {
    level,
    redact: { paths: REDACTED_PATHS, censor: "[redacted]" },
    // Every line written while a request is answered names it, wherever in the code it comes from.
    mixin() {
      const request = currentRequest();
      return request ? { reqId: request.id } : {};
    },
  };
  return destination ? pino(options, destination) : pino(options);
}

/** LOG_LEVEL, and pretty lines under `npm run dev`. A broken environment still gets a logger. */
function settings(): { level: LogLevel; pretty: boolean } {
  try {
    const config = getConfig();
    return { level: config.LOG_LEVEL, pretty: config.NODE_ENV === "development" };
  } catch {
    return { level: "info", pretty: false };
  }
}

/**
 * The process's logger. In development the lines go through pino-pretty (a devDependency, loaded
 * by name in pino's worker thread), so production never loads it.
 */
export const log: Logger = processWide("log", () => {
  const { level, pretty } = settings();
  if (!pretty) return createLog(level);
  return createLog(
    level,
    pino.transport({
      target: "pino-pretty",
      options: {
        colorize: true,
        translateTime: "SYS:HH:MM:ss.l",
        ignore: "pid,hostname,reqId,method,route,status,ms,cache",
        messageFormat:
          "{if method}{method} {route} {status} {ms} ms {cache} {end}{msg}{if reqId} ({reqId}){end}",
      },
    }),
  );
});
