/**
 * The CSP of every public answer allows exactly the page's inline scripts: a rendered page (a
 * miss) by the nonce its header names, on every inline script and no other; a page from the
 * response cache by the hash of each inline script it holds, with no nonce left in it. Two
 * renders never share a nonce. Against the built server with the sample content.
 */
import { createHash } from "node:crypto";
import { join } from "node:path";
import { beforeAll, expect, it } from "vitest";
import { startedForTests, temporaryDir } from "#tests/support/hooks.ts";
import { ensureBuilt, siteEnv, startServer } from "#tests/support/server-process.ts";

beforeAll(() => ensureBuilt(), 120_000);
const dir = temporaryDir("wanderplate-csp-");
const server = startedForTests(() =>
  startServer(
    siteEnv({
      database: `file:${join(dir.path, "site.db")}`,
      uploads: join(dir.path, "uploads"),
      sampleContent: true,
    }),
  ),
);

/**
 * The inline scripts of a page the CSP governs, with their attributes and text: not those loaded
 * from a file, nor JSON-LD (data, never run, so no CSP source applies to it).
 */
function inlineScripts(html: string) {
  return [...html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)]
    .filter((m) => !/\ssrc=/.test(m[1] ?? "") && !(m[1] ?? "").includes('type="application/ld+json"'))
    .map((m) => ({ attributes: m[1] ?? "", text: m[2] ?? "" }));
}

/** The script-src sources of a CSP header, less 'self' and 'strict-dynamic' (which every page has). */
function scriptSources(csp: string | null): string[] {
  const directive = (csp ?? "").split(";").find((d) => d.trim().startsWith("script-src ")) ?? "";
  const sources = directive.trim().split(/\s+/).slice(1);
  expect(sources).toContain("'strict-dynamic'");
  return sources.filter((s) => s !== "'self'" && s !== "'strict-dynamic'");
}

it("names the nonce every inline script of a rendered page carries, and a new one each render", async () => {
  const nonces = new Set<string>();
  for (const path of ["/blogs/kyoto-in-the-rain", "/blogs/kyoto-in-the-rain?comment=sent"]) {
    const answer = await fetch(`${server.url}${path}`);
    // Rendered for this request (a path seen for the first time carries no X-Cache at all).
    expect(answer.headers.get("x-cache"), path).not.toBe("HIT");
    const sources = scriptSources(answer.headers.get("content-security-policy"));
    expect(sources, path).toHaveLength(1);
    const nonce = /^'nonce-([A-Za-z0-9+/=]+)'$/.exec(sources[0] ?? "")?.[1] ?? "";
    expect(nonce, path).not.toBe("");
    nonces.add(nonce);
    const scripts = inlineScripts(await answer.text());
    expect(scripts.length, path).toBeGreaterThan(1);
    for (const script of scripts) expect(script.attributes, path).toContain(`nonce="${nonce}"`);
  }
  expect(nonces.size).toBe(2);
});

it("allows a cached page's inline scripts by their hashes, and keeps no nonce in it", async () => {
  await (await fetch(`${server.url}/destinations/kyoto-japan`)).text();
  const hit = await fetch(`${server.url}/destinations/kyoto-japan`);
  expect(hit.headers.get("x-cache")).toBe("HIT");
  const html = await hit.text();
  expect(html).not.toMatch(/\snonce="/);
  const hashes = inlineScripts(html).map(
    (s) => `'sha256-${createHash("sha256").update(s.text).digest("base64")}'`,
  );
  expect(hashes.length).toBeGreaterThan(1);
  expect(new Set(scriptSources(hit.headers.get("content-security-policy")))).toEqual(new Set(hashes));
});
