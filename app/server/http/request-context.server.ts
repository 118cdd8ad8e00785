import { createContext } from "react-router";

/** Per-request values the HTTP layer hands to loaders, actions and the document renderer. */
export interface RequestInfo {
  /** CSP nonce for this response's inline scripts. */
  nonce: string;
  /** Client address (after trusted proxies), for rate limits. */
  ip: string;
}

export const requestInfoContext = createContext<RequestInfo>({ nonce: "", ip: "unknown" });
