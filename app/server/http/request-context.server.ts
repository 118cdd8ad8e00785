import { createContext } from "react-router";
import type { ResponseCsp } from "./csp.server.ts";

/** Per-request values the HTTP layer hands to loaders, actions and the document renderer. */
export interface RequestInfo {
  /** CSP nonce for this response's inline scripts. */
  nonce: string;
  /** Client address (after trusted proxies), for rate limits. */
  ip: string;
  /** What this response's CSP allows beyond the site's own: the public layout names the owner's hosts. */
  csp: ResponseCsp;
}

export const requestInfoContext = createContext<RequestInfo>({
  nonce: "",
  ip: "unknown",
  csp: { hosts: "" },
});

/** Code for the end of a page's head and of its body (stored form: lib/injected-code.server.ts). */
interface CodeSlot {
  head: string;
  foot: string;
}

/**
 * The owner's injected code for this page: the site's (the public layout fills it) and the page's
 * own (a blog's, filled by its loader), each loader writing its own slot as they run side by side.
 * The document renderer puts the site's code first. Made for each request (app.server.ts).
 */
export interface InjectedCodeSlots {
  site: CodeSlot;
  page: CodeSlot;
}

export const noInjectedCode = (): InjectedCodeSlots => ({
  site: { head: "", foot: "" },
  page: { head: "", foot: "" },
});

export const injectedCodeContext = createContext<InjectedCodeSlots>(noInjectedCode());
