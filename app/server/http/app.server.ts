/**
 * The application as an Express sub-app: health check, uploaded images, CSRF origin check, the
 * response cache and React Router's request handler. Vite bundles this file as the server build;
 * server.ts mounts it.
 */

import { spawn } from "node:child_process";
import { join } from "node:path";
import * as serverBuild from "virtual:react-router/server-build";
import { createRequestHandler } from "@react-router/express";
import express from "express";
import onHeaders from "on-headers";
import { RouterContextProvider } from "react-router";
import { flushAnalytics, startAnalytics } from "#app/server/analytics/recorder.server.ts";
import { createAccountIfMissing } from "#app/server/auth/accounts.server.ts";
import { startCdnPurges } from "#app/server/cache/cdn-purge.server.ts";
import { cacheSlotContext, publicVersion, responseCache } from "#app/server/cache/public-cache.server.ts";
import { getConfig, settleConfig } from "#app/server/config.server.ts";
import { getDatabase, getDb } from "#app/server/db/db.server.ts";
import { isDatabaseKnownDown } from "#app/server/db/health.server.ts";
import { startMailSender } from "#app/server/mail/sender.server.ts";
import { checkUploadsFolder, uploadStore } from "#app/server/media/storage.server.ts";
import { reindexSearch } from "#app/server/models/search.server.ts";
import { newsletterWork } from "#app/server/newsletter/round.server.ts";
import { log } from "#app/server/telemetry/log.server.ts";
import { serveMetrics, watchCache, watchDatabase } from "#app/server/telemetry/metrics.server.ts";
import { labelRoute, UNMATCHED } from "#app/server/telemetry/request.server.ts";
import { onShutdown } from "#app/server/telemetry/shutdown.server.ts";
import { startScheduledBackups } from "#app/server/transfer/backup/schedule.server.ts";
import { startImportJobs } from "#app/server/transfer/import/jobs.server.ts";
import { sampleContentDecided } from "#app/server/transfer/seed/sample-claim.server.ts";
import { withAdminWriteFailuresAnswered } from "./admin-write-failures.server.ts";
import { cacheControl } from "./cache-control.server.ts";
import { sessionCookie } from "./cookies.server.ts";
import { cspOf } from "./csp.server.ts";
import { openerPolicy } from "./opener-policy.server.ts";
import { isSameOrigin } from "./origin.server.ts";
import { needsWholeBuild, publicPart } from "./public-routes.server.ts";
import { injectedCodeContext, noInjectedCode, requestInfoContext } from "./request-context.server.ts";
import { withRoutePatternMatching } from "./route-matching.server.ts";
import { turnQueue } from "./turn-queue.server.ts";

/**
 * Migrates, loads sample content into an empty database, and bootstraps the admin from the
 * environment. `appRoot` is the project folder (where cli/ lives).
 */
export async function startup(appRoot = process.cwd()): Promise<void> {
  settleConfig();
  const { db, stats } = await getDatabase();
  watchDatabase(stats);
  await checkUploadsFolder();
  const { SAMPLE_CONTENT, ADMIN_EMAIL, ADMIN_PASSWORD } = getConfig();
  // In a child process, and only until a start has decided it: every later start would pay for
  // a second Node process loading the app's modules to find the marker already there.
  if (SAMPLE_CONTENT && !(await sampleContentDecided(db))) await loadSampleContent(appRoot);
  // Creates that admin when missing; never resets it (a password reset since must survive restarts).
  if (ADMIN_EMAIL && ADMIN_PASSWORD) await createAccountIfMissing(db, ADMIN_EMAIL, ADMIN_PASSWORD);
  await startScheduledBackups();
  const { dialect } = await getDatabase();
  startMailSender(db, dialect, {
    newsletter: newsletterWork(db, dialect, { ratePerMinute: getConfig().MAIL_RATE_PER_MINUTE }),
  });
  // Readers' numbers: page views counted as answers go out, written every few seconds.
  if (getConfig().ANALYTICS) {
    const { ANALYTICS_RAW_HOURS } = getConfig();
    startAnalytics(db, {
      rawHours: ANALYTICS_RAW_HOURS,
      sessionCookies: [...sessionCookie.names],
    });
    onShutdown(flushAnalytics);
  }
  // A CDN in front is told which pages changed, seconds after they do (decision 032).
  const { CDN_PURGE_URL, CDN_PURGE_HEADER, PUBLIC_URL } = getConfig();
  if (CDN_PURGE_URL && PUBLIC_URL) {
    const purges = startCdnPurges({
      db: getDb,
      url: CDN_PURGE_URL,
      header: CDN_PURGE_HEADER,
      origin: PUBLIC_URL,
      // The response cache's reader: each read is fresh, and it keeps that reader's answer current.
      readVersion: publicVersion,
    });
    onShutdown(async () => purges.stop());
  }
  // Imports from /admin/import left running by a server that stopped are taken over here.
  startImportJobs(db);
  // A search re-index (a new language, or documents indexed before stemming) goes on in the
  // background; searches stay right meanwhile (decision 024).
  reindexSearch(db).catch((error: unknown) => log.error({ err: error }, "search: re-indexing failed"));
}

/** Public answers shared between visitors (server.ts serves hits; see public-cache.server.ts). */
export { responseCache };

/** In a child process: image processing would otherwise stay in this process's memory for good. */
function loadSampleContent(appRoot: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(appRoot, "cli/load-sample-content.ts")], {
      cwd: appRoot,
      stdio: "inherit",
    });
    child.on("error", reject);
    child.on("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`loading sample content failed (${code})`)),
    );
  });
}

export const app = express.Router();

// Past the static files: a route names itself below (React Router's route middleware in root.tsx).
app.use(labelRoute(UNMATCHED));
watchCache(responseCache.stats);

// While the database is known down this answers at once; otherwise a real query, within the
// database timeouts (a failure there also tells the health monitor).
app.get("/healthz", labelRoute("/healthz"), async (_req, res) => {
  res.set("Cache-Control", "no-store");
  try {
    if (isDatabaseKnownDown()) throw new Error("database down");
    const { db } = await getDatabase();
    await db.selectFrom("settings").select("key").limit(1).execute();
    res.status(200).json({ status: "ok" });
  } catch {
    res.status(503).json({ status: "unavailable" });
  }
});

// Uploaded images, from wherever the upload store keeps them (cached for a year; 404 when missing).
app.use("/uploads", labelRoute("/uploads"), uploadStore().serve);

// Prometheus metrics, for this machine or a bearer of METRICS_TOKEN; everyone else gets the 404 page.
app.get("/metrics", serveMetrics);

// CSRF: a browser's cross-site form post carries a foreign Origin; refuse it before any action runs.
// One exception: a mail program's one-click unsubscribe (RFC 8058) posts from wherever the reader
// reads mail. Its token is its only credential, and it can only unsubscribe that token's reader.
app.use((req, res, next) => {
  if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return next();
  if (req.path === "/unsubscribe") {
    // React Router refuses a cross-site action on its own (400): this one is meant to be cross-site.
    delete req.headers.origin;
    return next();
  }
  const origin = req.get("origin");
  if (origin && !isSameOrigin(origin, req.get("host"), req.protocol, getConfig().PUBLIC_URL)) {
    log.warn({ origin: origin.slice(0, 200) }, "cross-site request refused");
    res.status(403).type("text/plain").send("Cross-site request refused.");
    return;
  }
  next();
});

app.use(openerPolicy);
// What the caches on the way may keep (a CDN in front: decision 032), decided as headers go out.
app.use(cacheControl(sessionCookie.names, (res) => Boolean(responseCache.slotOf(res)?.declaration)));
app.use(responseCache.capture);

/** Each request's context for loaders and actions: the nonce, the client, the cache's slot. */
const getLoadContext = (req: express.Request, res: express.Response) => {
  const context = new RouterContextProvider();
  context.set(requestInfoContext, {
    nonce: String(res.locals.cspNonce ?? ""),
    ip: req.ip ?? "unknown",
    csp: cspOf(res.locals),
  });
  context.set(injectedCodeContext, noInjectedCode());
  // Where a route that opts into the shared cache leaves its declaration (publicCache).
  context.set(cacheSlotContext, responseCache.slotOf(res));
  return context;
};

// The build itself, not a function returning it: a function makes React Router re-derive its route
// tables on every request (meant for development's hot reload). Routes are matched with the
// route-pattern matcher (route-matching.server.ts). Public URLs are answered from the build's
// public part, which leaves out the admin's routes (public-routes.server.ts).
const wholeBuild = withAdminWriteFailuresAnswered(withRoutePatternMatching(serverBuild));
const answerAny = createRequestHandler({ build: wholeBuild, getLoadContext });
const answerPublic = createRequestHandler({ build: publicPart(wholeBuild), getLoadContext });
const manifestPath = wholeBuild.routeDiscovery.manifestPath;
// A few requests start per turn of the event loop, in arrival order, so that connections keep being
// accepted while renders wait; page renders (GET, HEAD) take one of a few slots until their answer
// starts (turn-queue.server.ts). Other methods take none: a slow upload must not hold renders back.
const startInTurn = turnQueue();
app.use((req, res, next) => {
  const answer = needsWholeBuild(req.path, manifestPath) ? answerAny : answerPublic;
  const render = req.method === "GET" || req.method === "HEAD";
  startInTurn(
    (done) => {
      // The client went away while its request waited: nobody to render for.
      if (res.destroyed) return done();
      // A render's work is over when its status line is about to be written (a page is rendered
      // whole before that); a client slow to read it must not keep the slot.
      onHeaders(res, done);
      res.once("close", done);
      void answer(req, res, next);
    },
    next,
    render,
  );
});
