import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, newNonce } from "./csp.server.ts";

describe("newNonce", () => {
  it("gives 128 random bits in base64, never the same twice across its batches", () => {
    // 1,000 nonces cross three batches of 256: a batch not drawn again would repeat itself.
    const nonces = Array.from({ length: 1000 }, () => newNonce());
    for (const nonce of nonces) {
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      expect(Buffer.from(nonce, "base64")).toHaveLength(16);
    }
    expect(new Set(nonces).size).toBe(nonces.length);
  });

  it("goes into the policy's script source", () => {
    const nonce = newNonce();
    expect(contentSecurityPolicy(nonce)).toContain(`script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`);
  });
});
