/**
 * A response head made once and sent many times (the response cache's hits, decision 037).
 *
 * `res.writeHead(status, fields)` checks every field's name and value and joins them into the
 * head's text on every answer: for a cached page's twenty-odd fields (a long CSP among them) that
 * was about a quarter of what Node's HTTP code spends on a hit. A cached entry's fields never
 * change, so they are checked and joined once (`prebuildHead`), and a hit adds only its own lines
 * and the ones Node adds to every answer (Date, Connection, Keep-Alive), in Node's own words.
 *
 * Node has no public way to hand a response a ready head; `res._header` is where `writeHead`
 * leaves it and where `end` takes it from. So the head is only set that way for the common case
 * (a kept-alive HTTP/1.1 answer to a GET, on a response nothing else has touched), and only once
 * this process's Node has been seen to write, for the same fields, the same bytes itself
 * (`sameAsNode`, checked on first use). Anything else goes through `writeHead`.
 */
import {
  IncomingMessage,
  ServerResponse,
  STATUS_CODES,
  validateHeaderName,
  validateHeaderValue,
} from "node:http";
import { Socket } from "node:net";

/** An answer's status line and fixed fields, checked, ending with CRLF. */
export interface PrebuiltHead {
  readonly status: number;
  readonly text: string;
}

/** Node's internals the fast path reads or sets (ServerResponse / OutgoingMessage, Node 24). */
interface ResponseInternals {
  _header: string | null;
  _headerSent: boolean;
  _hasBody: boolean;
  _expect_continue: boolean;
  _removedConnection: boolean;
  _keepAliveTimeout: number;
  _defaultKeepAlive: boolean;
  _maxRequestsPerSocket: number;
  maxRequestsOnConnectionReached: boolean;
  useChunkedEncodingByDefault: boolean;
}

/**
 * The fields checked as `writeHead` checks them (throws the same errors), joined after the status
 * line. `fields` is a flat list of names and values.
 */
export function prebuildHead(status: number, fields: readonly string[]): PrebuiltHead {
  let text = `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? "unknown"}\r\n`;
  for (let i = 0; i < fields.length; i += 2) {
    const name = fields[i] as string;
    const value = fields[i + 1] as string;
    validateHeaderName(name);
    validateHeaderValue(name, value);
    text += `${name}: ${value}\r\n`;
  }
  // Made flat, as one run of Latin-1 (what the checks above allow, and how Node writes a head):
  // joined piece by piece it is a rope, and the socket's write would flatten it again every time
  // (2 µs a hit, perf, session 47).
  return { status, text: Buffer.from(text, "latin1").toString("latin1") };
}

/** Node's Date line, made again when the second changes (Node keeps its own the same way). */
let dateSecond = -1;
let dateLine = "";
function currentDateLine(): string {
  const now = Date.now();
  const second = Math.floor(now / 1000);
  if (second !== dateSecond) {
    dateSecond = second;
    dateLine = `Date: ${new Date(now).toUTCString()}\r\n`;
  }
  return dateLine;
}

/**
 * The Connection and Keep-Alive lines Node adds to a kept-alive answer. A process has one server
 * setting, so the last lines made are kept (compared by number: no key string made per hit).
 */
let keepAlive = { timeout: -1, max: -1, lines: "" };
function keepAliveLinesFor(r: ResponseInternals): string {
  if (!(r._keepAliveTimeout && r._defaultKeepAlive)) return "Connection: keep-alive\r\n";
  if (r._keepAliveTimeout !== keepAlive.timeout || r._maxRequestsPerSocket !== keepAlive.max) {
    const max = ~~r._maxRequestsPerSocket > 0 ? `, max=${r._maxRequestsPerSocket}` : "";
    keepAlive = {
      timeout: r._keepAliveTimeout,
      max: r._maxRequestsPerSocket,
      lines: `Connection: keep-alive\r\nKeep-Alive: timeout=${Math.floor(r._keepAliveTimeout / 1000)}${max}\r\n`,
    };
  }
  return keepAlive.lines;
}

const nodeWriteHead = ServerResponse.prototype.writeHead;
const outHeaders = Object.getOwnPropertySymbols(new ServerResponse(fakeRequest())).find(
  (s) => s.description === "kOutHeaders",
);

/**
 * Whether the head may be set directly: a final status other than 204, to a GET (not a HEAD),
 * on a response nothing has written or set a header on, whose writeHead nobody wrapped, kept alive,
 * with the usual length and date rules. The rest (Connection: close, HTTP/1.0, a HEAD, Expect:
 * 100-continue, the socket's last allowed request) are Node's to word.
 */
function plainCase(res: ServerResponse, r: ResponseInternals, status: number): boolean {
  return (
    outHeaders !== undefined &&
    status >= 200 &&
    status !== 204 &&
    r._header === null &&
    (res as unknown as Record<symbol, unknown>)[outHeaders] === null &&
    res.writeHead === nodeWriteHead &&
    res.shouldKeepAlive &&
    res.sendDate &&
    r._hasBody &&
    r.useChunkedEncodingByDefault &&
    !res.strictContentLength &&
    !r.maxRequestsOnConnectionReached &&
    !r._expect_continue &&
    !r._removedConnection
  );
}

/** Sets the head `writeHead` would have made; false when it must be left to `writeHead`. */
function setHead(res: ServerResponse, head: PrebuiltHead, ownLines: string): boolean {
  const r = res as unknown as ResponseInternals;
  if (!plainCase(res, r, head.status)) return false;
  res.statusCode = head.status;
  res.statusMessage = STATUS_CODES[head.status] ?? "unknown";
  // As writeHead does: a 304 has no body (and so neither a length nor chunks).
  if (head.status === 304) r._hasBody = false;
  r._header = `${head.text}${ownLines}${currentDateLine()}${keepAliveLinesFor(r)}\r\n`;
  r._headerSent = false;
  return true;
}

let verified: boolean | undefined;

/**
 * Sets the response's head to the prebuilt text, then `own` (this answer's fields, a flat list,
 * values checked as writeHead checks them) and Node's own lines, and answers true; or answers
 * false, having done nothing, when the response is not the plain case or this Node words heads
 * differently: the caller then calls writeHead with every field.
 */
export function setPrebuiltHead(res: ServerResponse, head: PrebuiltHead, own: readonly string[]): boolean {
  verified ??= sameAsNode();
  if (!verified) return false;
  let ownLines = "";
  for (let i = 0; i < own.length; i += 2) {
    const name = own[i] as string;
    const value = own[i + 1] as string;
    validateHeaderValue(name, value);
    ownLines += `${name}: ${value}\r\n`;
  }
  return setHead(res, head, ownLines);
}

function fakeRequest(): IncomingMessage {
  const req = new IncomingMessage(new Socket());
  req.method = "GET";
  req.httpVersionMajor = 1;
  req.httpVersionMinor = 1;
  return req;
}

/**
 * Whether this process's Node writes, for kept-alive responses (a 200 and a 304) of servers with
 * and without a keep-alive timeout and a request cap, the very head `setHead` makes. Dates aside:
 * the two may fall in different seconds.
 */
export function sameAsNode(): boolean {
  const answers = [
    [200, ["content-type", "text/html; charset=utf-8", "etag", 'W/"x"', "content-length", "12"]],
    [304, ["content-type", "text/html; charset=utf-8", "etag", 'W/"x"']],
  ] as const;
  const own = ["x-cache", "HIT", "x-request-id", "abc"];
  const withoutDate = (text: string | null) => (text ?? "").replace(/^Date: .*\r\n/m, "");
  for (const [status, fields] of answers) {
    for (const [timeout, max] of [
      [5000, 0],
      [65000, 100],
      [0, 0],
    ] as const) {
      const prepare = (res: ServerResponse) => {
        const r = res as unknown as ResponseInternals;
        r._keepAliveTimeout = timeout;
        r._maxRequestsPerSocket = max;
        res.shouldKeepAlive = true;
        return r;
      };
      const byNode = prepare(new ServerResponse(fakeRequest()));
      nodeWriteHead.call(byNode, status, [...fields, ...own]);
      const ours = prepare(new ServerResponse(fakeRequest()));
      if (
        !setHead(
          ours as unknown as ServerResponse,
          prebuildHead(status, fields),
          "x-cache: HIT\r\nx-request-id: abc\r\n",
        )
      )
        return false;
      if (withoutDate(ours._header) !== withoutDate(byNode._header) || ours._hasBody !== byNode._hasBody)
        return false;
    }
  }
  return true;
}
