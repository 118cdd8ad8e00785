/**
 * HTTP entry. Production: `npm start` (builds first if needed) or `npm run serve`.
 * Development: `npm run dev` (Vite middleware, hot reload).
 */
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import {
  createServer as createHttpServer,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from "node:http";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import compression from "compression";
import express from "express";
import helmet from "helmet";

const major = Number(process.versions.node.split(".")[0]);
if (major < 24) {
  console.error(
    `Wanderplate needs Node.js 24 or newer (this is ${process.version}). Run it through npm ` +
      "(npm start), or with node_modules/.bin/node, which is the pinned Node 24.",
  );
  process.exit(1);
}

const DEVELOPMENT = process.env.NODE_ENV === "development";
const PORT = Number(process.env.PORT || 3000);
const HOST = process.env.HOST || "0.0.0.0";
const ROOT = import.meta.dirname;
const BUILD_DIR = join(ROOT, process.env.BUILD_DIR || "build");
const BUILD_PATH = join(BUILD_DIR, "server/index.js");

interface AppModule {
  app: express.RequestHandler;
  startup(appRoot: string): Promise<void>;
  responseCache: { serve(req: IncomingMessage, res: ServerResponse): Promise<boolean> };
}

export async function createServer(): Promise<{ app: express.Express; cache?: AppModule["responseCache"] }> {
  const server = express();
  server.disable("x-powered-by");
  // Trust X-Forwarded-* only from a proxy on this machine (the usual nginx/Caddy setup).
  server.set("trust proxy", process.env.TRUST_PROXY ?? "loopback");

  server.use((_req, res, next) => {
    res.locals.cspNonce = randomBytes(16).toString("base64");
    next();
  });
  server.use(
    helmet({
      contentSecurityPolicy: DEVELOPMENT
        ? false
        : {
            directives: {
              defaultSrc: ["'self'"],
              scriptSrc: ["'self'", (_req, res) => `'nonce-${(res as express.Response).locals.cspNonce}'`],
              styleSrc: ["'self'", "'unsafe-inline'"],
              imgSrc: ["'self'", "data:", "https:", "http:"],
              connectSrc: ["'self'"],
              fontSrc: ["'self'"],
              objectSrc: ["'none'"],
              baseUri: ["'self'"],
              formAction: ["'self'"],
              frameAncestors: ["'none'"],
              upgradeInsecureRequests: null,
            },
          },
      referrerPolicy: { policy: "strict-origin-when-cross-origin" },
      crossOriginEmbedderPolicy: false,
      strictTransportSecurity: false,
    }),
  );
  server.use(compression());

  if (DEVELOPMENT) {
    const vite = await import("vite").then((v) => v.createServer({ server: { middlewareMode: true } }));
    server.use(vite.middlewares);
    const load = () => vite.ssrLoadModule("./app/server/app.ts") as Promise<AppModule>;
    await (await load()).startup(ROOT);
    server.use(async (req, res, next) => {
      try {
        (await load()).app(req, res, next);
      } catch (error) {
        if (error instanceof Error) vite.ssrFixStacktrace(error);
        next(error);
      }
    });
  } else {
    if (!existsSync(BUILD_PATH)) {
      console.error("No build found: run `npm run build` first (npm start does it for you).");
      process.exit(1);
    }
    // Hashed file names: safe to cache for a year.
    server.use(
      "/assets",
      express.static(join(BUILD_DIR, "client/assets"), { immutable: true, maxAge: "1y", index: false }),
    );
    server.use(express.static(join(BUILD_DIR, "client"), { maxAge: "1h", index: false }));
    const mod = (await import(pathToFileURL(BUILD_PATH).href)) as AppModule;
    await mod.startup(ROOT);
    server.use(mod.app);
    return { app: server, cache: mod.responseCache };
  }
  return { app: server };
}

/** Builds the app and listens on PORT/HOST; stops cleanly on SIGINT/SIGTERM. */
export async function startServer(): Promise<Server> {
  const { app, cache } = await createServer();
  // A cached public page is answered here, before Express and React Router do any work.
  const listener: Server = createHttpServer((req, res) => {
    if (!cache) return app(req, res);
    cache.serve(req, res).then(
      (served) => {
        if (!served) app(req, res);
      },
      (error) => {
        console.error(error);
        app(req, res);
      },
    );
  });
  listener.listen(PORT, HOST, () => {
    console.log(`Wanderplate listening on http://${HOST === "0.0.0.0" ? "localhost" : HOST}:${PORT}`);
  });
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      listener.close(() => process.exit(0));
      setTimeout(() => process.exit(0), 5000).unref();
    });
  }
  return listener;
}

if (import.meta.main) await startServer();
