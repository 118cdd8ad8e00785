/**
 * server.ts works helmet's headers out once and stamps each response's nonce into them: every
 * response must get exactly what helmet itself would have set for that nonce.
 */
import type express from "express";
import helmet from "helmet";
import { expect, it } from "vitest";
import { securityHeaders } from "../../../server.ts";

const options: Parameters<typeof helmet>[0] = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", (_req, res) => `'nonce-${(res as express.Response).locals.cspNonce}'`],
      upgradeInsecureRequests: null,
    },
  },
  referrerPolicy: { policy: "strict-origin-when-cross-origin" },
  strictTransportSecurity: { maxAge: 180 * 24 * 3600, includeSubDomains: false },
};

/** The headers a middleware sets on a response whose nonce is `nonce`. */
function headersSetBy(middleware: express.RequestHandler, nonce: string): Record<string, string> {
  const headers: Record<string, string> = { "X-Powered-By": "Express" };
  const res = {
    locals: { cspNonce: nonce },
    setHeader(name: string, value: unknown) {
      headers[name] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name];
    },
  };
  let nexted = false;
  middleware({} as express.Request, res as unknown as express.Response, () => {
    nexted = true;
  });
  expect(nexted).toBe(true);
  return headers;
}

it("sets what helmet sets, with each response's own nonce", () => {
  const prepared = securityHeaders(options);
  for (const nonce of ["bm9uY2Ux", "c2Vjb25k+/=="]) {
    const headers = headersSetBy(prepared, nonce);
    expect(headers).toEqual(headersSetBy(helmet(options), nonce));
    expect(headers["Content-Security-Policy"]).toContain(`script-src 'self' 'nonce-${nonce}'`);
    expect(headers).not.toHaveProperty("X-Powered-By");
  }
});
