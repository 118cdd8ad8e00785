/**
 * The benchmark's baseline: a minimal node:http server answering, for each path, the exact bytes
 * the app answered, from memory: its status, its headers (the ones Node writes for every answer
 * aside: Date, Connection, Keep-Alive, and the length, which it sets) and its body, as sent.
 * A page may have two: the app's answer to a request asking for no compression (key
 * "GET /path"), and to a browser's, which asks for Brotli ("GET /path br"); the baseline picks
 * the one its request asks for (a regex, no dearer than the app's reading of the header).
 * Usage: node bench/baseline-server.ts PORT FIXTURES.json
 */
import { readFileSync } from "node:fs";
import { createServer } from "node:http";

interface Fixture {
  status: number;
  headers: Record<string, string>;
  /** The body's bytes as the app sent them (compressed when it compressed), in base64. */
  body: string;
}

/** Written by Node itself for every answer, or by the baseline from the body. */
const OWN_HEADERS = new Set(["date", "connection", "keep-alive", "transfer-encoding", "content-length"]);

const [port, file] = process.argv.slice(2);
const fixtures = JSON.parse(readFileSync(String(file), "utf8")) as Record<string, Fixture>;
const responses = new Map(
  Object.entries(fixtures).map(([key, f]) => {
    const bytes = Buffer.from(f.body, "base64");
    const headers: Record<string, string | number> = Object.fromEntries(
      Object.entries(f.headers).filter(([name]) => !OWN_HEADERS.has(name)),
    );
    headers["content-length"] = bytes.length;
    return [key, { status: f.status, headers, bytes }];
  }),
);

createServer((req, res) => {
  const key = `${req.method} ${(req.url ?? "/").split("?")[0]}`;
  const asksBrotli = /\bbr\b/.test(req.headers["accept-encoding"] ?? "");
  const r = (asksBrotli && responses.get(`${key} br`)) || responses.get(key);
  const answer = () => {
    if (!r) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(r.status, r.headers);
    res.end(r.bytes);
  };
  // A GET is answered at once; a POST's body (the comment) is read first, as the app must.
  if (req.method === "GET" || req.method === "HEAD") return answer();
  req.resume();
  req.on("end", answer);
}).listen(Number(port), "127.0.0.1", () => console.log("ready"));
