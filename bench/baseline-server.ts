/**
 * The benchmark's baseline: a minimal node:http server answering, for each path, the exact bytes
 * the app answered, from memory. Usage: node bench/baseline-server.ts PORT FIXTURES.json
 */
import { readFileSync } from "node:fs";
import { createServer } from "node:http";

interface Fixture {
  status: number;
  contentType: string;
  location?: string;
  body: string;
}

const [port, file] = process.argv.slice(2);
const fixtures = JSON.parse(readFileSync(String(file), "utf8")) as Record<string, Fixture>;
const responses = new Map(
  Object.entries(fixtures).map(([key, f]) => [key, { ...f, bytes: Buffer.from(f.body, "utf8") }]),
);

createServer((req, res) => {
  const key = `${req.method} ${(req.url ?? "/").split("?")[0]}`;
  const r = responses.get(key);
  // Drain a request body (the comment POST) before answering, as the app must.
  req.resume();
  req.on("end", () => {
    if (!r) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(r.status, {
      "content-type": r.contentType,
      "content-length": r.bytes.length,
      ...(r.location ? { location: r.location } : {}),
    });
    res.end(r.bytes);
  });
}).listen(Number(port), "127.0.0.1", () => console.log("ready"));
