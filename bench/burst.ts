/**
 * The coalescing check of `npm run bench`: many simultaneous misses for one page no one has asked
 * for yet, and how many renders they cost, read from the server's own counter on /metrics
 * (`wanderplate_cache_renders_total`, which tests read too). One is the budget (DESIGN §7).
 */
import { rawRequest } from "./load.ts";

interface BurstResult {
  path: string;
  requests: number;
  renders: number;
  /** Answers other than 200. */
  failed: number;
}

/** The renders counted so far for one route pattern. */
async function rendersOf(url: string, route: string): Promise<number> {
  const text = (await rawRequest(`${url}/metrics`)).body;
  const line = text
    .split("\n")
    .find((l) => l.startsWith("wanderplate_cache_renders_total{") && l.includes(`route="${route}"`));
  return line ? Number(line.slice(line.lastIndexOf(" ") + 1)) : 0;
}

export async function missBurst(
  url: string,
  path: string,
  route: string,
  requests: number,
): Promise<BurstResult> {
  const before = await rendersOf(url, route);
  const answers = await Promise.all(Array.from({ length: requests }, () => rawRequest(`${url}${path}`)));
  return {
    path,
    requests,
    renders: (await rendersOf(url, route)) - before,
    failed: answers.filter((a) => a.status !== 200).length,
  };
}
