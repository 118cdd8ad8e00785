/**
 * Load generation, raw HTTP fetches and process memory for the benchmark.
 *
 * The load generator is wrk (Debian package `wrk`): written in C, one thread on its own core, it
 * drives a bare node:http server to that server's limit, so a ratio against that server measures
 * the app. autocannon (a Node client) tops out well below it on this kind of machine; it is kept
 * only to show that ceiling beside wrk's (`autocannonLoad`).
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { request } from "node:http";
import { cpus } from "node:os";
import { fileURLToPath } from "node:url";
import { brotliDecompressSync, gunzipSync } from "node:zlib";

/** Server on core 0, load generator on core 1: each gets one of the two cores (when taskset exists). */
export const CAN_PIN = existsSync("/usr/bin/taskset") && cpus().length >= 2;
export const SERVER_CPU = CAN_PIN ? 0 : undefined;
const LOAD_CPU = "1";

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /** Answers with another status than expected (2xx, or `expectStatus`). */
  unexpected: number;
  requests: number;
}

export interface LoadOptions {
  method?: "GET" | "POST";
  body?: string;
  connections: number;
  seconds: number;
  /** The status every answer should have (a form post answers 303); any 2xx when absent. */
  expectStatus?: number;
  /** Request headers sent with every request (a browser's User-Agent, say). */
  headers?: Record<string, string>;
}

/** A reader's browser, for loads whose answers should count as page views (and not as a bot's). */
export const BROWSER_USER_AGENT =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";

/**
 * What a browser asks for (Chrome's Accept-Encoding). The cached rows ask with it, as every reader
 * does: a hit then answers the cache's Brotli copy (about a fifth of the page's bytes) and the
 * bare server the same bytes. Without it both send the whole page, and on a slower host copying
 * those bytes through the loopback costs wrk its whole core before the server's is busy (session
 * 36: a 112 KB body kept the bare server 57–86 % busy; a 21 KB one, 96–98 %).
 */
export const BROWSER_ACCEPT_ENCODING = "gzip, deflate, br, zstd";

/** How to get wrk, printed when it is missing. */
export const WRK_MISSING =
  "The benchmark measures with wrk, which is not installed. Install it with `sudo apt-get install wrk` " +
  "(Debian, Ubuntu), `sudo dnf install wrk` (Fedora) or `brew install wrk` (macOS), then run it again.";

/** Whether wrk can be run here. */
export function hasWrk(): boolean {
  return spawnSync("wrk", ["--version"], { stdio: "ignore" }).error === undefined;
}

const WRK_SCRIPT = fileURLToPath(new URL("./wrk-report.lua", import.meta.url));

/**
 * Runs wrk (one thread, pinned to the load core) for a bounded time. An expected status other
 * than 2xx (a form post's 303) is judged by the first answer only (`rawRequest` before the load):
 * wrk counts answers of 400 or more as unexpected, which a 303 is not.
 */
export function load(
  url: string,
  { method = "GET", body, connections, seconds, headers = {} }: LoadOptions,
): Promise<LoadResult> {
  const args = ["-t1", `-c${connections}`, `-d${seconds}s`, "--timeout", "5s", "--latency", "-s", WRK_SCRIPT];
  for (const [name, value] of Object.entries(headers)) args.push("-H", `${name}: ${value}`);
  args.push(url);
  const command = CAN_PIN ? ["taskset", "-c", LOAD_CPU, "wrk", ...args] : ["wrk", ...args];
  return onLoadCore(command, { WRK_METHOD: method, WRK_BODY: body ?? "" }).then(
    ({ code, out, err }) => {
      const line = out.split("\n").find((l) => l.startsWith('{"requests"'));
      if (code !== 0 || !line) throw new Error(`wrk failed (${code}): ${err}${out}`);
      const r = JSON.parse(line) as {
        requests: number;
        durationUs: number;
        connect: number;
        read: number;
        write: number;
        status: number;
        timeout: number;
        p50Us: number;
        p99Us: number;
      };
      return {
        rps: Math.round(r.requests / (r.durationUs / 1e6)),
        p50: Math.round(r.p50Us / 10) / 100,
        p99: Math.round(r.p99Us / 10) / 100,
        errors: r.connect + r.read + r.write + r.timeout,
        unexpected: r.status,
        requests: r.requests,
      };
    },
    (error: Error) => {
      throw new Error(`${WRK_MISSING} (${error.message})`);
    },
  );
}

/**
 * Runs autocannon (from the npm registry) in its own process for a bounded time: only to show
 * its ceiling beside wrk's (a Node client saturates before a bare node:http server does).
 */
export function autocannonLoad(
  url: string,
  { method = "GET", body, connections, seconds, expectStatus, headers = {} }: LoadOptions,
): Promise<LoadResult> {
  const args = [
    fileURLToPath(import.meta.resolve("autocannon")),
    "--json",
    "-c",
    String(connections),
    "-d",
    String(seconds),
    "-m",
    method,
  ];
  if (body) args.push("-H", "content-type=application/x-www-form-urlencoded", "-b", body);
  for (const [name, value] of Object.entries(headers)) args.push("-H", `${name}=${value}`);
  args.push(url);
  const command = CAN_PIN
    ? ["taskset", "-c", LOAD_CPU, process.execPath, ...args]
    : [process.execPath, ...args];
  return onLoadCore(command).then(({ code, out, err }) => {
    if (code !== 0) throw new Error(`autocannon failed: ${err}`);
    const r = JSON.parse(out);
    const byStatus = r.statusCodeStats as Record<string, { count: number }>;
    const unexpected = expectStatus
      ? Object.entries(byStatus)
          .filter(([status]) => Number(status) !== expectStatus)
          .reduce((n, [, s]) => n + s.count, 0)
      : r.non2xx;
    return {
      rps: Math.round(r.requests.average),
      p50: r.latency.p50,
      p99: r.latency.p99,
      errors: r.errors + r.timeouts,
      unexpected,
      requests: r.requests.total,
    };
  });
}

/** Runs a load generator's command to its end: its exit code and what it printed (rejects if it cannot start). */
function onLoadCore(
  [cmd = "", ...args]: string[],
  env: Record<string, string> = {},
): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, ...env } });
    let out = "";
    let err = "";
    child.stdout.on("data", (c) => {
      out += String(c);
    });
    child.stderr.on("data", (c) => {
      err += String(c);
    });
    child.on("error", reject);
    child.on("exit", (code) => resolve({ code, out, err }));
  });
}

export interface RawResponse {
  status: number;
  /** Every header as received (names in lower case; repeated ones joined). */
  headers: Record<string, string>;
  /** The body as text (decompressed when it came compressed). */
  body: string;
  /** The bytes on the wire, compressed or not. */
  raw: Buffer;
  /** Bytes on the wire (after compression, when asked for). */
  wireBytes: number;
}

/** One request with node:http (no automatic decompression), as a load generator sees it. */
export function rawRequest(
  url: string,
  {
    method = "GET",
    body,
    gzip = false,
    headers: extra = {},
  }: { method?: string; body?: string; gzip?: boolean; headers?: Record<string, string> } = {},
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { ...extra };
    if (gzip) headers["accept-encoding"] = "gzip";
    if (body) headers["content-type"] = "application/x-www-form-urlencoded";
    const req = request(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => {
        const raw = Buffer.concat(chunks);
        const encoding = res.headers["content-encoding"];
        const text =
          encoding === "gzip" ? gunzipSync(raw) : encoding === "br" ? brotliDecompressSync(raw) : raw;
        resolve({
          status: res.statusCode ?? 0,
          headers: Object.fromEntries(
            Object.entries(res.headers).map(([name, value]) => [
              name,
              Array.isArray(value) ? value.join(", ") : String(value),
            ]),
          ),
          body: text.toString("utf8"),
          raw,
          wireBytes: raw.length,
        });
      });
    });
    req.on("error", reject);
    req.end(body);
  });
}

/** Resident memory of a process, in MB. */
export function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

/**
 * The most resident memory a process has had since it started, in MB (VmHWM: the operating
 * system's own count of the peak, between samples too).
 */
export function peakResidentMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Math.round(Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
}

/** Samples a process's memory while `work` runs; returns the work's result and the peak. */
export async function withPeakMemory<T>(
  pid: number,
  work: () => Promise<T>,
): Promise<{ result: T; peakMb: number }> {
  let peak = rssMb(pid);
  const timer = setInterval(() => {
    try {
      peak = Math.max(peak, rssMb(pid));
    } catch {
      // The process ended.
    }
  }, 200);
  try {
    return { result: await work(), peakMb: peak };
  } finally {
    clearInterval(timer);
  }
}
