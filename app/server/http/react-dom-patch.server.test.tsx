/**
 * patches/react-dom+19.3.1.patch (decision 038): React DOM's Node renderer encoded every piece of
 * markup (a tag, an attribute's name, its value…) into a 4 KB byte view as it went: a call into
 * the encoder and a new view object for each of a page's thousands of pieces. The patch gathers
 * the pieces as text and hands the destination one string every 16 K characters (React's own Bun
 * renderer writes text too, piece by piece). It also counts a piece's size in characters and leaves
 * components' names out of key paths (the decision's session 52 addendum). Both of the package's
 * builds are patched, so each is tested, in a process of its own: React picks its build by
 * NODE_ENV when it is first loaded.
 */
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

/**
 * Renders, with the public `react-dom/server` in a child process, a page of about 100 KB (1,500
 * list items: thousands of tags, attributes and texts, some outside ASCII) and two such pages at
 * once whose late parts arrive in turns; prints what the destination was handed.
 */
const SCRIPT = `
import { Writable } from "node:stream";
import { createElement as h, Suspense, use } from "react";
import { renderToPipeableStream, renderToString } from "react-dom/server";

const LongPage = ({ label }) => h("ul", null, Array.from({ length: 1500 }, (_, i) =>
  h("li", { key: i, className: "card", "data-n": i },
    h("a", { href: "/blogs/" + label + "-" + i }, label + " " + i + ": café, 日本, 🍜"))));

function render(element) {
  const writes = [];
  return new Promise((resolve, reject) => {
    const destination = new Writable({
      decodeStrings: false,
      write(chunk, _encoding, callback) { writes.push(chunk); callback(); },
      final(callback) {
        const html = writes.map((w) => typeof w === "string" ? w : Buffer.from(w).toString("utf8")).join("");
        resolve({ kinds: writes.map((w) => typeof w === "string" ? "text" : "bytes"), html });
        callback();
      },
    });
    const { pipe } = renderToPipeableStream(element, {
      onShellReady: () => pipe(destination), onShellError: reject, onError: reject,
    });
  });
}

// What the renderer reads beyond the markup, for one page: the UTF-8 length of each piece
// (Buffer.byteLength), and each component's name (a displayName getter that counts).
let byteLengthCalls = 0;
const byteLength = Buffer.byteLength;
Buffer.byteLength = (...args) => { byteLengthCalls++; return byteLength(...args); };
let nameReads = 0;
const Named = ({ n }) => h("p", null, "named " + n);
Object.defineProperty(Named, "displayName", { get() { nameReads++; return "Named"; } });
const counted = await render(h("div", null, h(LongPage, { label: "x" }),
  Array.from({ length: 20 }, (_, i) => h(Named, { key: i, n: i }))));
Buffer.byteLength = byteLength;

const long = await render(h(LongPage, { label: "ü" }));
const Late = ({ data }) => h("p", null, use(data));
const page = (label, data) => h("main", null, h(LongPage, { label }),
  h(Suspense, { fallback: h("p", null, "waiting") }, h(Late, { data })));
let resolveA, resolveB;
const a = new Promise((r) => (resolveA = r));
const b = new Promise((r) => (resolveB = r));
const first = render(page("alpha", a));
const second = render(page("omega", b));
setTimeout(() => resolveB("late omega"), 5);
setTimeout(() => resolveA("late alpha"), 15);
const [one, two] = await Promise.all([first, second]);
console.log(JSON.stringify({
  build: process.env.NODE_ENV,
  counted: { byteLengthCalls, nameReads, named: counted.html.includes("named 19") },
  long: { kinds: long.kinds, length: long.html.length, sameAsString: long.html === renderToString(h(LongPage, { label: "ü" })), html: long.html },
  one: one.html,
  two: two.html,
}));
`;

async function renderedBy(build: "production" | "development") {
  const { stdout } = await promisify(execFile)(process.execPath, ["--input-type=module", "--eval", SCRIPT], {
    env: { ...process.env, NODE_ENV: build },
    maxBuffer: 16 * 1024 * 1024,
  });
  return JSON.parse(stdout) as {
    build: string;
    counted: { byteLengthCalls: number; nameReads: number; named: boolean };
    long: { kinds: string[]; length: number; sameAsString: boolean; html: string };
    one: string;
    two: string;
  };
}

describe.each(["production", "development"] as const)("React DOM's Node renderer, %s build", (build) => {
  it("hands a page over as text in a few writes, as renderToString writes it", async () => {
    const rendered = await renderedBy(build);
    expect(rendered.build).toBe(build);
    const { kinds, length, sameAsString, html } = rendered.long;
    expect(length).toBeGreaterThan(90_000);
    // Published: a 4,096-byte view per write, every one of them bytes (34 here).
    expect(kinds.length).toBeGreaterThan(0);
    expect(kinds.filter((kind) => kind !== "text")).toEqual([]);
    expect(kinds.length).toBeLessThanOrEqual(Math.ceil(length / 16_384) + 1);
    expect(sameAsString).toBe(true);
    expect(html.includes("ü 1499: café, 日本, 🍜")).toBe(true);
  });

  it("counts a piece's size in characters, not by measuring its UTF-8 bytes", async () => {
    // React adds up each part's size only to decide which late parts to send out of order, by
    // comparing with progressiveChunkSize (infinite here: entry.server.tsx) and a 500-byte floor.
    // Published, Buffer.byteLength scanned every one of a page's thousands of pieces: 3 % of a
    // blog's render. Characters count for less than bytes only past ASCII, and only for that choice.
    const { counted } = await renderedBy(build);
    expect(counted.named).toBe(true);
    expect(counted.byteLengthCalls).toBe(0);
  });

  it("keeps two renders whose late parts are written in turns apart", async () => {
    // Each page's shell is written first, then each late part as its data comes, interleaved
    // with the other render's: what is gathered belongs to the flush that wrote it.
    const { one, two } = await renderedBy(build);
    // Booleans, not the 100 KB pages, in a failure's message.
    const has = (page: string, text: string) => page.includes(text);
    expect([has(one, "late alpha"), has(one, "alpha 1499"), has(one, "omega")]).toEqual([true, true, false]);
    expect([has(two, "late omega"), has(two, "omega 1499"), has(two, "alpha")]).toEqual([true, true, false]);
  });
});

describe("React DOM's Node renderer, production build, components' names", () => {
  it("is not asked for a component's name unless a render resumes or records postponed work", async () => {
    // Published, every element's name went into its key path (displayName or the function's
    // name), read back only when a prerender's postponed work is recorded or resumed, or a server
    // action's form state matched: never in renderToPipeableStream without formState, as here.
    const { counted } = await renderedBy("production");
    expect(counted.named).toBe(true);
    expect(counted.nameReads).toBe(0);
  });
});
