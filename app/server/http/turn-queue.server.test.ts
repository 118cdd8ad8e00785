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
    const enqueue = turnQueue({ perTurn: 2, nextTurn: loop.nextTurn });
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
    const enqueue = turnQueue({ perTurn: 4, nextTurn: loop.nextTurn });
    for (let n = 0; n < 10; n++) enqueue(() => {}, noFailure);
    expect(loop.scheduled).toBe(1);
    expect(loop.turn()).toBe(1);
    expect(loop.scheduled).toBe(1);
  });

  it("puts a job that comes in while a turn runs behind the ones already waiting", () => {
    const loop = manualLoop();
    const enqueue = turnQueue({ perTurn: 2, nextTurn: loop.nextTurn });
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
    const enqueue = turnQueue({ perTurn: 3, nextTurn: loop.nextTurn });
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
    const enqueue = turnQueue({ perTurn: 1, nextTurn: loop.nextTurn });
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

  it("refuses a batch size or a number of slots that would start nothing", () => {
    expect(() => turnQueue({ perTurn: 0 })).toThrow(RangeError);
    expect(() => turnQueue({ perTurn: 1.5 })).toThrow(RangeError);
    expect(() => turnQueue({ slots: 0 })).toThrow(RangeError);
  });
});

describe("turnQueue on the event loop", () => {
  it("starts a batch per setImmediate turn", async () => {
    const enqueue = turnQueue({ perTurn: 2 });
    const started: number[] = [];
    for (const n of [1, 2, 3]) enqueue(() => started.push(n), noFailure);
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual([1, 2]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual([1, 2, 3]);
  });

  it("starts each job in the async context it was queued in (a request's own scope)", async () => {
    const scope = new AsyncLocalStorage<string>();
    const enqueue = turnQueue({ perTurn: 4 });
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

/** A clock the test moves by hand, for the slots' hold. */
function manualTimers() {
  let now = 0;
  const pending = new Set<{ at: number; run: () => void }>();
  return {
    after: (ms: number, run: () => void) => {
      const timer = { at: now + ms, run };
      pending.add(timer);
      return () => pending.delete(timer);
    },
    advance(ms: number) {
      now += ms;
      for (const timer of [...pending]) {
        if (timer.at > now) continue;
        pending.delete(timer);
        timer.run();
      }
    },
    get pending() {
      return pending.size;
    },
  };
}

describe("turnQueue's slots", () => {
  function slotQueue(slots: number, slotHoldMs = 1000) {
    const loop = manualLoop();
    const timers = manualTimers();
    const enqueue = turnQueue({
      perTurn: 10,
      slots,
      slotHoldMs,
      nextTurn: loop.nextTurn,
      after: timers.after,
    });
    const started: string[] = [];
    const dones = new Map<string, () => void>();
    const add = (name: string, takesSlot = true) =>
      enqueue(
        (done) => {
          started.push(name);
          dones.set(name, done);
        },
        noFailure,
        takesSlot,
      );
    return { loop, timers, started, add, done: (name: string) => dones.get(name)?.() };
  }

  it("starts no more slot-taking jobs than there are slots, and the next when one is done", () => {
    const q = slotQueue(2);
    for (const name of ["a", "b", "c", "d"]) q.add(name);
    q.loop.turn();
    expect(q.started).toEqual(["a", "b"]);
    // Nothing can start until a slot comes back: no turn spent on it.
    expect(q.loop.scheduled).toBe(0);
    q.done("a");
    // A slot given back starts the next job in a later turn, not inside the caller's.
    expect(q.started).toEqual(["a", "b"]);
    expect(q.loop.scheduled).toBe(1);
    q.loop.turn();
    expect(q.started).toEqual(["a", "b", "c"]);
  });

  it("counts a slot given back twice once", () => {
    const q = slotQueue(1);
    for (const name of ["a", "b", "c"]) q.add(name);
    q.loop.turn();
    q.done("a");
    q.done("a");
    q.loop.turn();
    expect(q.started).toEqual(["a", "b"]);
    expect(q.loop.scheduled).toBe(0);
  });

  it("keeps arrival order: a job that takes no slot waits behind one that waits for a slot", () => {
    const q = slotQueue(1);
    q.add("a");
    q.add("b");
    q.add("post", false);
    q.loop.turn();
    expect(q.started).toEqual(["a"]);
    q.done("a");
    q.loop.turn();
    expect(q.started).toEqual(["a", "b", "post"]);
  });

  it("starts jobs that take no slot however many slots are held", () => {
    const q = slotQueue(1);
    q.add("a");
    q.loop.turn();
    for (const name of ["p1", "p2", "p3"]) q.add(name, false);
    q.loop.turn();
    expect(q.started).toEqual(["a", "p1", "p2", "p3"]);
  });

  it("takes a slot back after the hold, from a job that never says it is done", () => {
    const q = slotQueue(1, 250);
    q.add("stuck");
    q.add("next");
    q.loop.turn();
    q.timers.advance(249);
    expect(q.loop.scheduled).toBe(0);
    q.timers.advance(1);
    q.loop.turn();
    expect(q.started).toEqual(["stuck", "next"]);
    // The late `done` of the stuck job frees nothing more: "next" still holds the only slot.
    q.add("third");
    q.done("stuck");
    expect(q.loop.scheduled).toBe(0);
    q.done("next");
    q.loop.turn();
    expect(q.started).toEqual(["stuck", "next", "third"]);
  });

  it("gives the slot of a job that throws back, and cancels its hold", () => {
    const loop = manualLoop();
    const timers = manualTimers();
    const enqueue = turnQueue({ perTurn: 10, slots: 1, nextTurn: loop.nextTurn, after: timers.after });
    const failures: unknown[] = [];
    const started: string[] = [];
    enqueue(
      () => {
        throw new Error("broken");
      },
      (error) => failures.push(error),
      true,
    );
    enqueue(() => started.push("after"), noFailure, true);
    loop.turn();
    expect(failures).toEqual([new Error("broken")]);
    // The slot came back at once, in the same turn; the only hold left is the running job's.
    expect(started).toEqual(["after"]);
    expect(timers.pending).toBe(1);
  });
});
