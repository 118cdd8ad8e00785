/**
 * HTTP entry. Production runs the build's copy of this file, `build/server.js` (no TypeScript to
 * strip in the server process; react-router.config.ts builds it): `npm start` (builds first if
 * needed) or `npm run serve`. Development runs this file: `npm run dev` (Vite middleware, hot reload).
 */
import { existsSync, readdirSync } from "node:fs";
import {
  createServer as createHttpServer,
  type IncomingMessage,
  type Server,
  type ServerResponse,
  STATUS_CODES,
} from "node:http";
import { Server as NetServer } from "node:net";
import { dirname, join, relative, sep } from "node:path";
import { pathToFileURL } from "node:url";
import compression from "compression";
import express from "express";
import helmet from "helmet";
import { type Config, configOrExit } from "./app/server/config.server.ts";
import { isDatabaseUnavailable, isStorageFull, refusedSettingOf } from "./app/server/db/health.server.ts";
import { contentSecurityPolicy, cspOf, newNonce } from "./app/server/http/csp.server.ts";
import { keepTickObjectShape } from "./app/server/http/tick-object-shape.server.ts";
import { cannotStartLine } from "./app/server/telemetry/cannot-start.server.ts";
import {
  inRequestScope,
  observeRequests,
  sendRequestId,
  type TrustProxy,
} from "./app/server/telemetry/http.server.ts";
import { log } from "./app/server/telemetry/log.server.ts";
import { currentRequest, labelRoute } from "./app/server/telemetry/request.server.ts";
import { runShutdownHooks } from "./app/server/telemetry/shutdown.server.ts";

const major = Number(process.versions.node.split(".")[0]);
if (major < 24) {
  console.error(
    `Wanderplate needs Node.js 24 or newer (this is ${process.version}). Run it through npm ` +
      "(npm start), or with node_modules/.bin/node, which is the pinned Node 24.",
  );
  process.exit(1);
}

/**
 * The project folder (where package.json and cli/ are): this file's folder when run as server.ts,
 * its parent when run as the build's copy (`build/server.js`, react-router.config.ts).
 */
function projectRoot(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, "package.json"))) return dir;
    if (dirname(dir) === dir) return from;
  }
}

const ROOT = projectRoot(import.meta.dirname);

interface AppModule {
  app: express.RequestHandler;
  startup(appRoot: string): Promise<void>;
  responseCache: { serve(req: IncomingMessage, res: ServerResponse): boolean | Promise<boolean> };
}

/** The methods the site answers; everything else is refused before any route runs. */
export const ALLOWED_METHODS = ["GET", "HEAD", "POST", "OPTIONS"];
const ALLOW = ALLOWED_METHODS.join(", ");

/** Whether a Host (or X-Forwarded-Host) value is a host name or address with an optional port. */
export function isValidHost(value: string | undefined, { required = false } = {}): boolean {
  if (value === undefined || value === "") return !required;
  if (value.length > 255) return false;
  try {
    const url = new URL(`http://${value}`);
    return url.host.toLowerCase() === value.toLowerCase() || `${url.hostname}:80` === value.toLowerCase();
  } catch {
    return false;
  }
}

export async function createServer(
  config: Config,
): Promise<{ app: express.Express; cache?: AppModule["responseCache"] }> {
  const development = config.NODE_ENV === "development";
  // React and Express read the mode from the environment, not from the config: with NODE_ENV
  // unset (`node build/server.js` run by hand or by a process manager), React ran its development
  // build, checks and warnings on every element. They get the mode the config decided (production
  // unless told) before the build that imports them loads.
  process.env.NODE_ENV = config.NODE_ENV;
  const buildDir = join(ROOT, config.BUILD_DIR);
  const buildPath = join(buildDir, "server/index.js");
  const server = express();
  server.disable("x-powered-by");
  // TRACE, PUT, DELETE, PATCH and the rest: no route takes them (React Router would run a page's
  // action for them, and undici cannot even build a Request for TRACE).
  server.use((req, res, next) => {
    if (!ALLOWED_METHODS.includes(req.method)) {
      res.status(405).set("Allow", ALLOW).type("text/plain").send("Method not allowed.");
      return;
    }
    // React Router builds each request's URL from the (forwarded) host: one that is not a host
    // name is the client's mistake, not a reason to fail.
    if (!isValidHost(req.get("x-forwarded-host")) || !isValidHost(req.get("host"), { required: true })) {
      res.status(400).type("text/plain").send("Bad Host header.");
      return;
    }
    if (req.method !== "OPTIONS") return next();
    res.status(204).set("Allow", ALLOW).end();
  });
  // By default X-Forwarded-* is trusted only from a proxy on this machine (the usual nginx/Caddy setup).
  server.set("trust proxy", config.TRUST_PROXY);

  server.use((_req, res, next) => {
    res.locals.cspNonce = newNonce();
    next();
  });
  server.use(
    securityHeaders(
      {
        // Set per response instead (contentSecurityPolicy below): its hosts are the site's setting.
        contentSecurityPolicy: false,
        referrerPolicy: { policy: "strict-origin-when-cross-origin" },
        crossOriginEmbedderPolicy: false,
        // The app sends it on the back office only (app/server/http/opener-policy.server.ts).
        crossOriginOpenerPolicy: false,
        // Only when the site says it lives on HTTPS: HSTS on a plain-HTTP site would lock browsers out.
        strictTransportSecurity: config.PUBLIC_URL?.startsWith("https:")
          ? { maxAge: 180 * 24 * 3600, includeSubDomains: false }
          : false,
      },
      development
        ? undefined
        : (res) => contentSecurityPolicy(String(res.locals.cspNonce), cspOf(res.locals).hosts),
    ),
  );
  server.use(compression());
  // Whatever the static handlers answer; the app names its own routes.
  server.use(labelRoute("static"));

  if (development) {
    const vite = await import("vite").then((v) => v.createServer({ server: { middlewareMode: true } }));
    server.use(vite.middlewares);
    const load = () => vite.ssrLoadModule("./app/server/http/app.server.ts") as Promise<AppModule>;
    await (await load()).startup(ROOT);
    server.use(async (req, res, next) => {
      try {
        (await load()).app(req, res, next);
      } catch (error) {
        if (error instanceof Error) vite.ssrFixStacktrace(error);
        next(error);
      }
    });
    server.use(serverError);
  } else {
    if (!existsSync(buildPath)) {
      log.fatal("No build found: run `npm run build` first (npm start does it for you).");
      process.exit(1);
    }
    // The build's files do not change while the server runs: a page request goes straight to the
    // app instead of asking the disk first whether it names a file.
    const clientFiles = filesUnder(join(buildDir, "client"));
    const ifBuildFile =
      (handler: express.RequestHandler): express.RequestHandler =>
      (req, res, next) => {
        const path = decodedPath(req.baseUrl + req.path);
        if (path === undefined || !clientFiles.has(path)) return next();
        handler(req, res, next);
      };
    // Hashed file names: safe to cache for a year.
    server.use(
      "/assets",
      ifBuildFile(
        express.static(join(buildDir, "client/assets"), { immutable: true, maxAge: "1y", index: false }),
      ),
    );
    server.use(ifBuildFile(express.static(join(buildDir, "client"), { maxAge: "1h", index: false })));
    const mod = (await import(pathToFileURL(buildPath).href)) as AppModule;
    await mod.startup(ROOT);
    server.use(mod.app);
    server.use(serverError);
    return { app: server, cache: mod.responseCache };
  }
  return { app: server };
}

/** Stands for the response's nonce while helmet works out the headers once. */
const NONCE_SLOT = "wanderplate-nonce-slot";

/**
 * helmet's headers, worked out once instead of on every response: helmet runs at start against
 * a recorder with a placeholder nonce, and each response gets the recorded headers with its own
 * nonce (res.locals.cspNonce) in the placeholder's place. `policy`, when given, writes the
 * Content-Security-Policy as the headers go out instead, when the page's loaders have run.
 */
export function securityHeaders(
  options: Parameters<typeof helmet>[0],
  policy?: (res: express.Response) => string,
): express.RequestHandler {
  const recorded: [string, string][] = [];
  const recorder = {
    locals: { cspNonce: NONCE_SLOT },
    setHeader(name: string, value: unknown) {
      recorded.push([name, String(value)]);
    },
    removeHeader() {},
  };
  let finished = false;
  helmet(options)({} as express.Request, recorder as unknown as express.Response, () => {
    finished = true;
  });
  if (!finished) throw new Error("helmet did not finish at once: its headers cannot be prepared");
  const headers = recorded.map(([name, value]) => [name, value.split(NONCE_SLOT)] as const);
  return (_req, res, next) => {
    res.removeHeader("X-Powered-By");
    for (const [name, parts] of headers) {
      res.setHeader(name, parts.length === 1 ? (parts[0] ?? "") : parts.join(String(res.locals.cspNonce)));
    }
    if (policy) {
      // As the headers go out: a page's loader may have named the hosts its policy allows.
      const writeHead = res.writeHead;
      res.writeHead = function (this: express.Response, ...args: unknown[]) {
        if (!this.headersSent) this.setHeader("Content-Security-Policy", policy(this));
        return (writeHead as (...a: unknown[]) => express.Response).apply(this, args);
      } as typeof res.writeHead;
    }
    next();
  };
}

/** Every file under `dir`, as the URL path it is served at (`/assets/root-abc.js`). */
export function filesUnder(dir: string): Set<string> {
  const paths = new Set<string>();
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    paths.add(`/${relative(dir, join(entry.parentPath, entry.name)).split(sep).join("/")}`);
  }
  return paths;
}

/** A URL path as the static handler reads it (percent-decoded); undefined when it cannot be. */
function decodedPath(path: string): string | undefined {
  if (!path.includes("%")) return path;
  try {
    return decodeURIComponent(path);
  } catch {
    return undefined;
  }
}

/**
 * An error that reached Express (instead of the finalhandler's HTML page): logged with the
 * request's id, answered in plain text with the id to quote. Client errors (a malformed URL, say)
 * keep Express's own answer.
 */
export const serverError: express.ErrorRequestHandler = (error, _req, res, next) => {
  const status = Number(
    (error as { status?: unknown })?.status ?? (error as { statusCode?: unknown })?.statusCode,
  );
  const code = Number.isInteger(status) && status >= 400 && status < 600 ? status : 500;
  if (code < 500 || res.headersSent) return next(error);
  log.error({ err: error }, "request failed");
  res
    .status(code)
    .type("text/plain")
    .send(`${STATUS_CODES[code] ?? "Internal Server Error"}\nReference: ${currentRequest()?.id ?? "none"}\n`);
};

/** What the database refused in DATABASE_URL (refusedSettingOf), and what to do about it. */
const DATABASE_SETTING_REFUSED = {
  credentials: ["PostgreSQL refused the user name or password in DATABASE_URL", "Check them"],
  "database-name": [
    "the database DATABASE_URL names is not on that PostgreSQL server",
    "Create it (createdb), or correct the name",
  ],
  "sqlite-file": [
    "SQLite cannot open the file DATABASE_URL names",
    "It must name a file, not a folder, in a folder this user can write",
  ],
} as const;

/**
 * A start that cannot reach its database (PostgreSQL down, a SQLite file another process held for
 * longer than DATABASE_CONNECT_TIMEOUT_MS), cannot write it (its disk full), is refused by it
 * (DATABASE_URL's password, database name or file), or meets another setting to correct
 * (cannotStart: UPLOADS_DIR), ends with one line that says so, not a stack.
 */
function exitIfCannotStart(error: unknown): never {
  const line = cannotStartLine(error);
  let message: string;
  if (isDatabaseUnavailable(error))
    message =
      "Cannot start: the database is unavailable. Check DATABASE_URL, that the database server is " +
      "running, and that no other process holds the SQLite file.";
  else if (isStorageFull(error))
    message =
      "Cannot start: the database's disk is full. Free space on the disk that holds the database " +
      "(DATABASE_URL), then start again.";
  else if (line !== undefined) message = `Cannot start: ${line}`;
  else {
    const refused = refusedSettingOf(error);
    if (refused === undefined) throw error;
    // The database's own words in the middle: they name the user, the database or the file.
    const [what, then] = DATABASE_SETTING_REFUSED[refused];
    message = `Cannot start: ${what}: ${(error as Error).message}. ${then}.`;
  }
  log.fatal({ err: error }, message);
  process.exit(1);
}

const SET_HOST =
  "Set HOST to one of its addresses (127.0.0.1 behind a reverse proxy, 0.0.0.0 for every interface).";

/**
 * A listen that failed for the operator's setting (the port taken, a privileged port, an address
 * the machine lacks) ends the start with one line that says what to change, not Node's stack of an
 * unhandled `error` event. Anything else stays an error with its stack.
 */
function exitIfCannotListen(error: NodeJS.ErrnoException, host: string, port: number): void {
  const where = `${host}:${port}`;
  const why: Record<string, string> = {
    EADDRINUSE: `${where} is already in use (another Wanderplate, or another program). Stop it, or set PORT to a free port.`,
    EACCES: `this user may not listen on ${where} (ports below 1024 need privileges). Set PORT to 1024 or above, behind a reverse proxy (README, "Running behind a reverse proxy").`,
    EADDRNOTAVAIL: `${host} is not an address of this machine. ${SET_HOST}`,
    ENOTFOUND: `${host} is not a name this machine can resolve. ${SET_HOST}`,
  };
  const reason = error.code === undefined ? undefined : why[error.code];
  if (reason === undefined) throw error;
  log.fatal(`Cannot start: ${reason}`);
  process.exit(1);
}

/** The slowest a request body may arrive, on average over each BODY_TIMEOUT_MS: 1 KB a second. */
const MIN_BODY_BYTES_PER_SECOND = 1024;

/**
 * A request body must keep arriving: where less than 1 KB a second came over BODY_TIMEOUT_MS, the
 * answer is 408 and the connection is closed. Without it, a client sending a byte now and then
 * held a connection (and its request's memory) for Node's requestTimeout, 30 minutes (set for the
 * import's 1 GB upload), and a few thousand such clients would exhaust the server. A slow but real
 * link (an image from a phone, the import's upload) goes on: it is judged by its rate, not its
 * length. A body still coming after its answer was sent (a redirect or a refusal that did not read
 * it, which Node would otherwise drain to the end) is cut at the next check.
 */
function limitBodyTime(req: IncomingMessage, res: ServerResponse, windowMs: number): void {
  const socket = req.socket;
  const least = (MIN_BODY_BYTES_PER_SECOND * windowMs) / 1000;
  let seen = socket.bytesRead;
  const check = () => {
    if (req.complete) return;
    const arrived = socket.bytesRead - seen;
    seen = socket.bytesRead;
    if (res.headersSent) {
      socket.destroy();
    } else if (arrived >= least) {
      timer = setTimeout(check, windowMs);
    } else {
      res.writeHead(408, { "content-type": "text/plain; charset=utf-8", connection: "close" });
      res.end("The request took too long to arrive. Please send it again.\n", () => socket.destroy());
    }
  };
  let timer = setTimeout(check, windowMs);
  // Emitted once the body is all read, or the connection is gone; not when the answer is sent.
  req.once("close", () => clearTimeout(timer));
}

/** How long a stop waits for requests in progress before it gives up (and exits with 1). */
const SHUTDOWN_GRACE_MS = 5000;
/** How long a stop goes on accepting the connections already made to it. */
const ACCEPTING_AFTER_STOP_MS = 100;

/**
 * Checks the environment (a bad setting stops here, named), builds the app and listens on
 * PORT/HOST; stops cleanly on SIGINT/SIGTERM.
 */
export async function startServer(): Promise<Server> {
  const config = configOrExit();
  const { PORT, HOST } = config;
  const { app, cache } = await createServer(config).catch(exitIfCannotStart);
  // Every answer queues several ticks: keep their shape through idle spells (tick-object-shape).
  keepTickObjectShape();
  let stopping = false;
  // Everything the cache does not answer, in the request's scope (its log lines name it); the cache
  // sends the request id with its own fields.
  const render = (req: IncomingMessage, res: ServerResponse) => {
    sendRequestId(res);
    app(req, res);
  };
  // Every request, cached answers included: an id, one log line, the request metrics.
  const observe = observeRequests(app.get("trust proxy fn") as TrustProxy, config.LOG_REQUESTS);
  const listener: Server = createHttpServer((req, res) => {
    // While stopping, every answer closes its connection, so keep-alive clients let go at once.
    if (stopping) res.setHeader("Connection", "close");
    if (req.method === "POST") limitBodyTime(req, res, config.BODY_TIMEOUT_MS);
    const record = observe(req, res);
    if (!cache) return inRequestScope(record, render, req, res);
    // A cached public page is answered here, before Express and React Router do any work: at once
    // when it can be (a hit needs no promise), else when the cache has waited for what it needs.
    let served: boolean | Promise<boolean>;
    try {
      served = cache.serve(req, res);
    } catch (error) {
      served = Promise.reject(error);
    }
    if (served === true) return;
    if (served === false) return inRequestScope(record, render, req, res);
    served.then(
      (answered) => {
        if (!answered) inRequestScope(record, render, req, res);
      },
      (error) => {
        inRequestScope(record, () => {
          log.error({ err: error }, "response cache failed; rendering instead");
          render(req, res);
        });
      },
    );
  });
  // Receiving a whole request may take this long: the one large body is an export uploaded to
  // /admin/import/upload (up to 1 GB, signed in). Headers keep Node's short headersTimeout, and
  // every body must keep arriving (limitBodyTime).
  listener.requestTimeout = 30 * 60_000;
  listener.on("error", (error) => exitIfCannotListen(error, HOST, PORT));
  listener.listen(PORT, HOST, () => {
    log.info(`Wanderplate listening on http://${HOST === "0.0.0.0" ? "localhost" : HOST}:${PORT}`);
  });
  const stopAccepting = () => {
    // After the last answer, the work the app asked to finish (the analytics' last batch).
    // net.Server's close, not http's: http's also drops at once every connection with no request
    // under way, among them those whose request has arrived but is not read yet.
    NetServer.prototype.close.call(listener, () => void runShutdownHooks().finally(() => process.exit(0)));
    // Idle connections go in sweeps that first let the event loop read what has arrived (the next
    // two turns); busy ones go idle when their answer is sent (with Connection: close).
    const sweep = () => setImmediate(() => setImmediate(() => listener.closeIdleConnections()));
    sweep();
    setInterval(sweep, 100).unref();
  };
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      // One stop: the other signal during it (a Ctrl-C after systemd's stop) changes nothing; the
      // same one again, with no handler left, ends the process at once (Node's default).
      if (stopping) return;
      stopping = true;
      // Still accepting for a moment: connections the kernel has completed for us wait in its
      // queue (taken about one a turn), and closing the listening socket would reset them.
      setTimeout(stopAccepting, ACCEPTING_AFTER_STOP_MS);
      setTimeout(() => {
        log.error(`Stopped after ${SHUTDOWN_GRACE_MS} ms with requests still in progress.`);
        process.exit(1);
      }, SHUTDOWN_GRACE_MS).unref();
    });
  }
  return listener;
}

if (import.meta.main) await startServer();
