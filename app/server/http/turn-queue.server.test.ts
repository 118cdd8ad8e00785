import { AsyncLocalStorage } from "node:async_hooks";
import { describe, expect, it } from "vitest";
import { turnQueue } from "./turn-queue.server.ts";

/** A loop whose turns the test runs one at a time. */
function manualLoop() {
  const turns: (() => void)[] = [];
  return {
    nextTurn: (run: () => void) => {
      turns.push(run);
    },
    /** Runs the turns scheduled so far; returns how many there were. */
    turn(): number {
      const now = turns.splice(0);
      for (const run of now) run();
      return now.length;
    },
    get scheduled() {
      return turns.length;
    },
  };
}

const noFailure = (error: unknown) => {
  throw error;
};

describe("turnQueue", () => {
  it("starts nothing in the turn a job comes in, then `perTurn` jobs a turn, in arrival order", () => {
    const loop = manualLoop();
    const enqueue = turnQueue(2, loop.nextTurn);
    const started: number[] = [];
    for (const n of [1, 2, 3, 4, 5]) enqueue(() => started.push(n), noFailure);
    expect(started).toEqual([]);
    expect(loop.scheduled).toBe(1);
    loop.turn();
    expect(started).toEqual([1, 2]);
    loop.turn();
    expect(started).toEqual([1, 2, 3, 4]);
    loop.turn();
    expect(started).toEqual([1, 2, 3, 4, 5]);
    // Nothing left: no turn scheduled until the next job.
    expect(loop.scheduled).toBe(0);
    enqueue(() => started.push(6), noFailure);
    expect(loop.scheduled).toBe(1);
    loop.turn();
    expect(started).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it("schedules one turn however many jobs come in before it", () => {
    const loop = manualLoop();
    const enqueue = turnQueue(4, loop.nextTurn);
    for (let n = 0; n < 10; n++) enqueue(() => {}, noFailure);
    expect(loop.scheduled).toBe(1);
    expect(loop.turn()).toBe(1);
    expect(loop.scheduled).toBe(1);
  });

  it("puts a job that comes in while a turn runs behind the ones already waiting", () => {
    const loop = manualLoop();
    const enqueue = turnQueue(2, loop.nextTurn);
    const started: string[] = [];
    enqueue(() => {
      started.push("a");
      enqueue(() => started.push("late"), noFailure);
    }, noFailure);
    enqueue(() => started.push("b"), noFailure);
    enqueue(() => started.push("c"), noFailure);
    loop.turn();
    expect(started).toEqual(["a", "b"]);
    loop.turn();
    expect(started).toEqual(["a", "b", "c", "late"]);
  });

  it("hands what a job throws to its own `fail`, and starts the jobs after it", () => {
    const loop = manualLoop();
    const enqueue = turnQueue(3, loop.nextTurn);
    const failures: unknown[] = [];
    const started: number[] = [];
    enqueue(() => started.push(1), noFailure);
    enqueue(
      () => {
        throw new Error("broken");
      },
      (error) => failures.push(error),
    );
    enqueue(() => started.push(3), noFailure);
    loop.turn();
    expect(started).toEqual([1, 3]);
    expect(failures).toEqual([new Error("broken")]);
  });

  it("keeps going after a `fail` that throws itself", () => {
    const loop = manualLoop();
    const enqueue = turnQueue(1, loop.nextTurn);
    const started: number[] = [];
    enqueue(
      () => {
        throw new Error("start");
      },
      () => {
        throw new Error("fail");
      },
    );
    enqueue(() => started.push(2), noFailure);
    expect(() => loop.turn()).toThrow("fail");
    loop.turn();
    expect(started).toEqual([2]);
  });

  it("refuses a batch size that would start nothing", () => {
    expect(() => turnQueue(0)).toThrow(RangeError);
    expect(() => turnQueue(1.5)).toThrow(RangeError);
  });
});

describe("turnQueue on the event loop", () => {
  it("starts a batch per setImmediate turn", async () => {
    const enqueue = turnQueue(2);
    const started: number[] = [];
    for (const n of [1, 2, 3]) enqueue(() => started.push(n), noFailure);
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual([1, 2]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual([1, 2, 3]);
  });

  it("starts each job in the async context it was queued in (a request's own scope)", async () => {
    const scope = new AsyncLocalStorage<string>();
    const enqueue = turnQueue(4);
    const seen: [string, string | undefined][] = [];
    const queued = ["a", "b", "c"].map(
      (name) =>
        new Promise<void>((resolve) =>
          scope.run(name, () =>
            enqueue(() => {
              seen.push([name, scope.getStore()]);
              resolve();
            }, noFailure),
          ),
        ),
    );
    await Promise.all(queued);
    expect(seen).toEqual([
      ["a", "a"],
      ["b", "b"],
      ["c", "c"],
    ]);
  });
});
