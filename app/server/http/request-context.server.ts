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

/**
 * The owner's injected code for this page's head and body (stored form, nonce placeholder in
 * place: lib/injected-code.server.ts): the public layout sets it, the document renderer puts it in.
 */
export const injectedCodeContext = createContext<{ head: string; foot: string }>({ head: "", foot: "" });
