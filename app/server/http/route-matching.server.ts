import type { EntryContext, ServerBuild } from "react-router";
import { unstable_preloadRoutePattern } from "react-router/route-pattern";

/**
 * React Router's route-pattern matcher on the server (`future.unstable_routePatternMatching`,
 * decision 032). The default matcher tries our ninety-odd route branches one by one, 55–80 µs a
 * match here, and a page render matches four or five times (the request, its data query, and each
 * parent path of the lazily discovered route manifest); the route-pattern matcher looks the path up
 * in a trie, 10–20 µs, with the same matches but two 404 spellings (route-matching.server.test.ts).
 *
 * The browser keeps the default matcher: the flag would come to it in the server's handoff and make
 * it load the matcher too, 6 KB more script (gzip) on every page for no gain there (it matches once
 * per navigation). `forTheBrowser` takes the flag out of the handoff.
 */
const FLAG = "unstable_routePatternMatching";

export function withRoutePatternMatching(build: ServerBuild): ServerBuild {
  unstable_preloadRoutePattern();
  // The framework's config types know none of the router's own flags; the router reads this one.
  const future = { ...build.future, [FLAG]: true };
  return { ...build, future: future as unknown as ServerBuild["future"] };
}

/** As JSON.stringify writes the flag last in `future` (it is added last above). */
const FLAG_IN_HANDOFF = `,"${FLAG}":true`;

/** The render's context with the server-only flag left out of what the browser reads. */
export function forTheBrowser(context: EntryContext): EntryContext {
  const handoff = context.serverHandoffString;
  if (!handoff?.includes(FLAG_IN_HANDOFF)) return context;
  return { ...context, serverHandoffString: handoff.replace(FLAG_IN_HANDOFF, "") };
}
