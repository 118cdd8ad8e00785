/**
 * A burst of misses for one page renders it once (DESIGN §7, decision 004 "Misses"), against the
 * built production server: on one server (SQLite), for a page no one has asked for yet and again
 * after a write; and on two servers on one PostgreSQL, where a write makes each server render the
 * page once, not once per request. Renders are read from /metrics (readable from this machine),
 * as the benchmark reads them.
 */
import { describe, expect, it } from "vitest";
import { startedForTests } from "#tests/support/hooks.ts";
import { ensureBuilt, signIn, startSampleSite } from "#tests/support/server-process.ts";
import { startTwoServers } from "#tests/support/two-servers.ts";

const ADMIN = { email: "burst@wanderplate.test", password: "one render for many readers" };

/** One sample of a metric (`name{labels} value`), 0 when absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  for (const line of text.split("\n")) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    if (Object.entries(labels).every(([k, v]) => line.includes(`${k}="${v}"`)))
      return Number(line.slice(line.lastIndexOf(" ") + 1));
  }
  return 0;
}

/** The server's cache counters now. */
async function counters(url: string, route: string) {
  const text = await (await fetch(`${url}/metrics`)).text();
  return {
    renders: sample(text, "wanderplate_cache_renders_total", { route }),
    coalesced: sample(text, "wanderplate_cache_coalesced_total"),
    staleServed: sample(text, "wanderplate_cache_stale_while_revalidate_total"),
  };
}

/** `n` requests for one URL, all sent at once. */
function burst(url: string, n: number) {
  return Promise.all(
    Array.from({ length: n }, () =>
      fetch(url).then(async (r) => ({
        status: r.status,
        cache: r.headers.get("x-cache"),
        body: await r.text(),
      })),
    ),
  );
}

/** The blog pages the blog list links to, each once. */
async function blogPages(url: string): Promise<string[]> {
  const list = await (await fetch(`${url}/blogs`)).text();
  return [...new Set([...list.matchAll(/href="(\/blogs\/[a-z0-9-]+)"/g)].map((m) => m[1] ?? ""))];
}

/** Renames the site through the settings screen: a write that moves the content version. */
async function rename(url: string, cookie: string, name: string): Promise<void> {
  const saved = await fetch(`${url}/admin/settings`, {
    method: "POST",
    headers: { cookie },
    redirect: "manual",
    body: new URLSearchParams({
      intent: "site-info",
      name,
      email: "burst@example.com",
      phone: "",
      phonecall: "",
      address: "",
      addressCity: "",
      domain: "",
    }),
  });
  expect(saved.status).toBe(200);
}

describe("one server: a burst of misses renders once", () => {
  const site = startedForTests(() => {
    ensureBuilt();
    return startSampleSite("coalescing", ADMIN);
  });

  it("renders a page once for 200 simultaneous requests, and once more after a write", async () => {
    const [warm, target] = await blogPages(site.url);
    expect(target).toBeDefined();
    // The route is warm (a first render of a route loads and compiles its code); this page is not.
    expect((await fetch(`${site.url}${warm}`)).status).toBe(200);
    const route = "/blogs/:slug";
    const before = await counters(site.url, route);

    const first = await burst(`${site.url}${target}`, 200);
    expect(first).toHaveLength(200);
    expect(first.every((a) => a.status === 200)).toBe(true);
    const afterFirst = await counters(site.url, route);
    expect(afterFirst.renders - before.renders).toBe(1);
    // Every other request was answered from that render: by waiting for it, or as a hit after it.
    expect(first.filter((a) => a.cache === "HIT")).toHaveLength(199);

    // A write moves the content version: the page is rendered once more, whatever the burst.
    await rename(site.url, site.cookie, "Burst Travel");
    const second = await burst(`${site.url}${target}`, 200);
    expect(second).toHaveLength(200);
    expect(second.every((a) => a.status === 200)).toBe(true);
    const afterSecond = await counters(site.url, route);
    expect(afterSecond.renders - afterFirst.renders).toBe(1);
    // Only a copy served while the new one was rendering (bounded, STALE) may show the old name.
    for (const answer of second.filter((a) => a.cache !== "STALE"))
      expect(answer.body).toContain("Burst Travel");
    expect(second.filter((a) => a.cache === "STALE")).toHaveLength(
      afterSecond.staleServed - afterFirst.staleServed,
    );
  });

  it("never makes a signed-in request wait for, or be answered from, another's render", async () => {
    const target = (await blogPages(site.url)).at(-1);
    const before = await counters(site.url, "/blogs/:slug");
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => fetch(`${site.url}${target}`, { headers: { cookie: site.cookie } })),
    );
    expect(answers).toHaveLength(20);
    expect(answers.every((r) => r.status === 200 && r.headers.get("x-cache") === null)).toBe(true);
    // Signed-in renders are not public renders, and none of them waited.
    const after = await counters(site.url, "/blogs/:slug");
    expect(after.renders - before.renders).toBe(0);
    expect(after.coalesced - before.coalesced).toBe(0);
  });
});

describe("two servers on one PostgreSQL: no thundering herd after a write", () => {
  const servers = startedForTests(() => startTwoServers(ADMIN));

  it("each server renders a page once per burst, not once per request", async () => {
    const { a, b } = servers;
    const cookie = await signIn(a.url, ADMIN);
    const route = "/about";
    const both = async () => ({ a: await counters(a.url, route), b: await counters(b.url, route) });
    // The route is warm on both servers before the bursts.
    await Promise.all([fetch(`${a.url}/disclaimer`), fetch(`${b.url}/disclaimer`)]);

    const start = await both();
    const [onA, onB] = await Promise.all([burst(`${a.url}/about`, 100), burst(`${b.url}/about`, 100)]);
    const onBoth = [...onA, ...onB];
    expect(onBoth).toHaveLength(200);
    expect(onBoth.every((r) => r.status === 200)).toBe(true);
    const cold = await both();
    expect(cold.a.renders - start.a.renders).toBe(1);
    expect(cold.b.renders - start.b.renders).toBe(1);

    // A write through A: every server's copy is out of date; each renders the page once again.
    await rename(a.url, cookie, "Twin Burst Travel");
    const [againA, againB] = await Promise.all([burst(`${a.url}/about`, 100), burst(`${b.url}/about`, 100)]);
    const againOnBoth = [...againA, ...againB];
    expect(againOnBoth).toHaveLength(200);
    expect(againOnBoth.every((r) => r.status === 200)).toBe(true);
    const after = await both();
    expect(after.a.renders - cold.a.renders).toBe(1);
    expect(after.b.renders - cold.b.renders).toBe(1);
    for (const answer of [...againA, ...againB].filter((r) => r.cache !== "STALE"))
      expect(answer.body).toContain("Twin Burst Travel");
  });
});
