import { Writable } from "node:stream";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext, HandleErrorFunction, RouterContextProvider } from "react-router";
import { createContext, isRouteErrorResponse, ServerRouter } from "react-router";
import { InlineStylesContext } from "#app/components/inline-styles.tsx";
import { NonceContext } from "#app/components/nonce.tsx";
import { RequestIdContext } from "#app/components/request-id.tsx";
import { STORAGE_FULL } from "#app/components/unavailable-page.tsx";
import { applyEdits } from "#app/lib/document-edits.server.ts";
import { injectedCodeEdits } from "#app/lib/injected-code.server.ts";
import { Utf8Collector } from "#app/lib/utf8.server.ts";
import { databaseFailureOf, RETRY_AFTER_SECONDS } from "#app/server/db/health.server.ts";
import { paintFirstEdits } from "#app/server/http/paint-first.server.ts";
import {
  type InjectedCodeSlots,
  injectedCodeContext,
  requestInfoContext,
} from "#app/server/http/request-context.server.ts";
import { forTheBrowser } from "#app/server/http/route-matching.server.ts";
import { STYLESHEET_SLOT, stylesheetEdits } from "#app/server/http/stylesheet-slot.server.ts";
import { log } from "#app/server/telemetry/log.server.ts";
import { timeRender } from "#app/server/telemetry/metrics.server.ts";
import { currentRequest } from "#app/server/telemetry/request.server.ts";
import styles from "./app.css?inline";

export const streamTimeout = 5_000;

/** The stylesheet as bytes, encoded once: spliced into each document where React wrote the slot. */
const stylesheet = Buffer.from(styles);

/**
 * Set when a loader or action of this request failed because the database is unreachable, or its
 * disk is full ("storage-full"): either way the request is answered with the 503 page.
 */
const databaseUnavailable = createContext<false | "unreachable" | "storage-full">(false);

/**
 * Sees every loader and action error before React Router hides it behind "Unexpected Server
 * Error". A database outage is not a bug: no stack in the log (the health monitor says it once),
 * and the request is marked so handleRequest answers it with the 503 page. Nor is a client's
 * mistake the router answers itself (a POST where no action is, 405; a 4xx a route threw): the
 * request's own log line has its status.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  const failure = databaseFailureOf(error);
  if (failure) {
    context?.set(databaseUnavailable, failure);
    return;
  }
  if (isRouteErrorResponse(error) && error.status < 500) return;
  // The outage page thrown by handleRequest below: an answer, and the outage is logged already.
  if (error instanceof Response && error.status === 503) return;
  if (!request.signal.aborted) log.error({ err: error }, "request failed");
};

/**
 * A data request (a client-side navigation or form submission) whose loader or action met the
 * outage or a full disk. React Router would send the browser its sanitized 500 ("Unexpected Server
 * Error": the "Something went wrong" page); a plain 503 instead, without React Router's
 * X-Remix-Response mark, becomes that status in the browser's router (with this body as its data),
 * so the page says what the document's answer says: nothing was saved, try again.
 */
export function handleDataRequest(
  response: Response,
  { context }: { context: Readonly<RouterContextProvider> },
): Response {
  const unavailable = context.get(databaseUnavailable);
  if (!unavailable) return response;
  return new Response(unavailable === "storage-full" ? STORAGE_FULL : "", {
    status: 503,
    statusText: "Service Unavailable",
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Retry-After": String(RETRY_AFTER_SECONDS),
      "Cache-Control": "no-store",
    },
  });
}

/**
 * A body of bytes already in memory, handed over as they are. `new Response(bytes)` would first
 * copy them (the Fetch standard says so), about 100 KB per page, and read them back out through
 * a byte stream: 9-15 % of a page render's CPU (docs/performance.md, "Handing the page over").
 */
function streamOf(bytes: Uint8Array): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      controller.enqueue(bytes);
      controller.close();
    },
  });
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const unavailable = loadContext.get(databaseUnavailable);
  if (responseStatusCode !== 503 && unavailable) {
    // React Router renders the document again with this as the error: the 503 boundary, and the
    // same error in the hydration data, so the browser shows the same page once scripts run. Its
    // body becomes the error's data: the admin's page says which it was.
    const body = unavailable === "storage-full" ? STORAGE_FULL : null;
    throw new Response(body, { status: 503, statusText: "Service Unavailable" });
  }
  if (responseStatusCode === 503) responseHeaders.set("Retry-After", String(RETRY_AFTER_SECONDS));
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const { nonce } = loadContext.get(requestInfoContext);
  const rendered = timeRender();

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    const readyOption =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );

    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <RequestIdContext.Provider value={currentRequest()?.id ?? ""}>
          <InlineStylesContext.Provider value={STYLESHEET_SLOT}>
            <ServerRouter context={forTheBrowser(routerContext)} url={request.url} nonce={nonce} />
          </InlineStylesContext.Provider>
        </RequestIdContext.Provider>
      </NonceContext.Provider>,
      {
        nonce,
        // React moves a large finished Suspense boundary (a blog's recipe card) to the end of the
        // document, hidden until a script puts it in place: without JavaScript it would never show.
        // The document is sent whole anyway, so nothing is gained by moving it.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        [readyOption]() {
          shellRendered = true;
          // The status as the shell had it: a boundary that fails later still sends its page.
          const status = responseStatusCode;
          // The document is sent whole (pages are small, and the response cache keeps them whole
          // anyway): the stylesheet goes into its slot, paintFirst rewrites how its scripts start,
          // and the owner's code goes in, all in one copy (document-edits). Collected as bytes and
          // answered as one buffer with its length (streamOf).
          const collected = new Utf8Collector();
          const body = new Writable({
            // React hands its markup over as text (patched, decision 038), encoded here straight
            // into one buffer (Utf8Collector).
            decodeStrings: false,
            // A 'close' after the last write would reach React's cancel handler, which makes an
            // Error (stack and all) to abort the render that has just finished. Nothing else can
            // close this in-memory destination early: a render that runs too long is aborted above.
            emitClose: false,
            write(chunk: string | Buffer, _encoding, callback) {
              collected.write(chunk);
              callback();
            },
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              rendered();
              const written = collected.bytes();
              let html: Buffer;
              try {
                html = applyEdits(written, [
                  ...stylesheetEdits(written, stylesheet),
                  ...paintFirstEdits(written, { stageModules: !import.meta.env.DEV }),
                  ...injectedCodeEdits(written, injectedCode(loadContext.get(injectedCodeContext)), nonce),
                ]);
                // The collector's buffer goes to the next document: the answer keeps a copy.
                if (html.buffer === written.buffer) html = Buffer.from(html);
              } catch (error) {
                // Edits that overlap are a bug: an error page, not a request left hanging.
                reject(error);
                callback();
                return;
              } finally {
                collected.release();
              }
              responseHeaders.set("Content-Type", "text/html; charset=utf-8");
              responseHeaders.set("Content-Length", String(html.length));
              resolve(new Response(streamOf(html), { headers: responseHeaders, status }));
              callback();
            },
          });
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) log.error({ err: error }, "rendering failed");
        },
      },
    );
  });
}

/** The site's code, then the page's own. */
function injectedCode({ site, page }: InjectedCodeSlots): { head: string; foot: string } {
  return { head: site.head + page.head, foot: site.foot + page.foot };
}
