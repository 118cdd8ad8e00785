import { hostname } from "node:os";
import pino, { type DestinationStream, type Level, type Logger } from "pino";
import { getConfig } from "#app/server/config.server.ts";
import { LineBuffer } from "./line-buffer.server.ts";
import { processWide } from "./process-wide.server.ts";
import { currentRequest, isPlainToken } from "./request.server.ts";

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
 * A Fetch `Request` or `Response` among a line's fields, as what it is (its method or status),
 * without its headers or body. The redaction reads `headers` and `body` through a copy of each
 * field, and undici's getters answer only on the object itself (private fields): the call threw,
 * and a 503 outage page thrown as a Response became a 500 with no line written.
 */
function describeFetchObjects(fields: Record<string, unknown>): Record<string, unknown> {
  let described = fields;
  for (const key in fields) {
    const value = fields[key];
    if (!(value instanceof Response || value instanceof Request)) continue;
    if (described === fields) described = { ...fields };
    described[key] =
      value instanceof Response
        ? { type: "Response", status: value.status }
        : { type: "Request", method: value.method };
  }
  return described;
}

/**
 * A logger writing JSON lines to `destination` (standard output when none): what the process's
 * `log` is made of, and what tests build to read the lines back.
 */
export function createLog(level: LogLevel, destination?: DestinationStream): Logger {
  const options = {
    level,
    redact: { paths: REDACTED_PATHS, censor: "[redacted]" },
    formatters: { log: describeFetchObjects },
    // Every line written while a request is answered names it, wherever in the code it comes from.
    mixin() {
      const request = currentRequest();
      return request ? { reqId: request.id } : {};
    },
  };
  return destination ? pino(options, destination) : pino(options);
}

/**
 * The logger of the request lines (telemetry/http.server.ts): their fields are fixed, and none can
 * hold a secret, so they skip the redaction every other line goes through (it cost more than the
 * rest of a cached answer), and carry their request's id themselves.
 */
function createRequestLog(level: LogLevel, destination?: DestinationStream): Logger {
  return destination ? pino({ level }, destination) : pino({ level });
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

/** How long a line may wait in the buffer when few are written. */
const FLUSH_AFTER_MS = 250;

/**
 * Standard output for production: lines gather in memory and are written 16 K characters at a
 * time, with synchronous writes (so a flush at exit never races a write still under way), at most
 * 250 ms after the first of them, and whatever is left when the process exits, however it exits (a stop,
 * process.exit, an uncaught error: Node runs "exit" listeners for each). Only a process killed
 * outright (SIGKILL) loses its last lines. One buffer for every line, request lines included: they
 * keep their order.
 */
const stdout = () =>
  processWide("log-stdout", () => {
    const destination = new LineBuffer(1, { flushAfterMs: FLUSH_AFTER_MS });
    process.on("exit", () => destination.flushSync());
    return destination;
  });

/** The development transport: pino-pretty in pino's worker thread, so production never loads it. */
const pretty = () =>
  pino.transport({
    target: "pino-pretty",
    options: {
      colorize: true,
      translateTime: "SYS:HH:MM:ss.l",
      ignore: "pid,hostname,reqId,method,route,status,ms,cache",
      messageFormat:
        "{if method}{method} {route} {status} {ms} ms {cache} {end}{msg}{if reqId} ({reqId}){end}",
    },
  });

/** The process's logger (LOG_LEVEL; pretty lines under `npm run dev`). */
export const log: Logger = processWide("log", () => {
  const settled = settings();
  return createLog(settled.level, settled.pretty ? pretty() : stdout());
});

/** The process's request-line logger: the same level and the same standard output as `log`. */
export const requestLog: Logger = processWide("request-log", () => {
  const settled = settings();
  return settled.pretty ? log : createRequestLog(settled.level, stdout());
});

/** The fields of a request's line (telemetry/http.server.ts). */
export interface RequestLine {
  reqId: string;
  method: string;
  route: string;
  status: number;
  ms: number;
  cache: string;
  aborted?: true | undefined;
}

/**
 * A request line as pino writes it (level 30, time, pid, hostname, the fields, msg), made by hand:
 * pino's general path (its object walk and serializers) cost about 6 µs a line, more than the rest
 * of a cached answer's own work (bench: LOG_REQUESTS all against none). The fields are fixed and
 * their strings escaped, so the line is the one pino would write (log.server.test.ts compares them).
 */
export function formatRequestLine(line: RequestLine, time: number, base: string): string {
  return (
    `{"level":30,"time":${time}${base},"reqId":${quoted(line.reqId)},"method":${label(line.method)},` +
    `"route":${label(line.route)},"status":${line.status},"ms":${line.ms},"cache":${label(line.cache)}` +
    `${line.aborted ? ',"aborted":true' : ""},"msg":"request"}\n`
  );
}

/** Request ids are plain tokens (request.server.ts): quoted as they are unless they need escaping. */
const quoted = (value: string) => (isPlainToken(value) ? `"${value}"` : JSON.stringify(value));

/**
 * Methods, route labels and cache outcomes are few (bounded labels, like the metrics'): each is
 * escaped once. The bound keeps a stray unbounded value from growing the table.
 */
const labels = new Map<string, string>();
function label(value: string): string {
  let json = labels.get(value);
  if (json === undefined) {
    json = JSON.stringify(value);
    if (labels.size < 1000) labels.set(value, json);
  }
  return json;
}

/**
 * Where request lines go by hand: standard output's buffer in production, with the fields every
 * line repeats (null under `npm run dev`: pretty lines).
 */
const requestLines = processWide<{ destination: LineBuffer; base: string } | null>("request-lines", () =>
  settings().pretty
    ? null
    : { destination: stdout(), base: `,"pid":${process.pid},"hostname":${JSON.stringify(hostname())}` },
);

/**
 * Writes a request's line: a failed one (5xx) through `requestLog.error`, the others by hand
 * (`formatRequestLine`) when the level lets info lines through.
 */
export function logRequest(line: RequestLine): void {
  if (line.status >= 500) return void requestLog.error(line, "request");
  const lines = requestLines;
  if (!lines) return void requestLog.info(line, "request");
  if (requestLog.levelVal > 30) return;
  lines.destination.write(formatRequestLine(line, Date.now(), lines.base));
}
