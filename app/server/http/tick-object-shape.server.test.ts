/**
 * keepTickObjectShape: after full collections that find no tick object alive (an idle server),
 * V8's cache for the computed keys of `nextTick`'s literal turns megamorphic for good, and every
 * tick then defines its keys by a runtime call. Each case runs in a process of its own, with V8's
 * test functions (`%DebugPrint` shows the function's feedback) and `gc()` exposed.
 */
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

const MODULE = new URL("./tick-object-shape.server.ts", import.meta.url).href;

/**
 * Queues ticks in bursts (so `nextTick` is optimized with its feedback), lets them all run, then
 * collects four times with none alive (V8 keeps a map used by feedback for a few collections),
 * queues a few more and prints `nextTick`'s feedback vector.
 */
const script = (keep: boolean) => `
${keep ? `import { keepTickObjectShape } from ${JSON.stringify(MODULE)};\nif (!keepTickObjectShape()) throw new Error("no tick object kept");` : ""}
const burst = (n) => new Promise((done) => {
  let left = n;
  const one = () => { if (--left === 0) done(); };
  for (let i = 0; i < n; i++) process.nextTick(one);
});
for (let i = 0; i < 200; i++) await burst(500);
await new Promise((resolve) => setTimeout(resolve, 50));
for (let i = 0; i < 4; i++) globalThis.gc();
for (let i = 0; i < 5; i++) await burst(10);
%DebugPrint(process.nextTick);
`;

/** How many of `nextTick`'s literal-key slots are in each state, after the idle collections. */
async function literalSlots(keep: boolean) {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ["--allow-natives-syntax", "--expose-gc", "--input-type=module", "--eval", script(keep)],
    { maxBuffer: 64 * 1024 * 1024 },
  );
  const count = (state: string) => stdout.split(`DefineKeyedOwnPropertyInLiteral ${state}`).length - 1;
  return { monomorphic: count("MONOMORPHIC"), megamorphic: count("MEGAMORPHIC") };
}

describe("the tick object's shape", () => {
  it("without a tick object kept, collections on an idle process leave nextTick's literal megamorphic", async () => {
    // The behaviour the keeper exists for. If a Node upgrade makes this fail, V8 no longer
    // forgets the shape: keepTickObjectShape (and this file) can go.
    const slots = await literalSlots(false);
    expect(slots.megamorphic).toBeGreaterThan(0);
  });

  it("with one kept, its literal's keys stay monomorphic through the same collections", async () => {
    const slots = await literalSlots(true);
    // The literal's computed keys and the plain ones after them: five slots that print their state.
    expect(slots.monomorphic).toBeGreaterThanOrEqual(5);
    expect(slots.megamorphic).toBe(0);
  });
});
