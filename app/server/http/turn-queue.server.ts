/**
 * Requests that React Router answers start a few per turn of the event loop, in the order they
 * came, and page renders take one of a few slots (docs/performance.md, "New connections under
 * load" and "Renders in progress").
 *
 * Why a few per turn: libuv accepts one new connection per turn of the loop (libuv pull request
 * 3696), and a page render on SQLite runs to its end in the turn that read its request (its queries
 * answer at once). Started as read, every waiting request rendered in one turn, so a turn lasted as
 * long as all of them: of 50 connections opened at once, the last waited about 3 s to be accepted
 * (p99 1.3 s where the median was 80 ms). A few renders per turn keep turns short, so connections
 * are accepted and requests read while renders wait their turn. Fewer renders in progress at once
 * also leave less garbage alive at each collection: CPU per render 8–14 % lower (one process
 * switching between the two ways), peak memory about 15 MB lower.
 *
 * Why slots: on PostgreSQL a render waits for the database between its queries, so renders started
 * a few per turn still piled up (50 in progress under 50 connections), each holding its loader data
 * and React's work across collections and sharing the core's caches with the others and with the
 * database. Four at a time: CPU per render 0.70–0.84× on PostgreSQL (one process switching),
 * throughput equal or higher; on SQLite no difference, since its renders end within their turn.
 */

import { AsyncResource } from "node:async_hooks";

/** How many waiting requests start in one turn of the loop (measured: 1, 2, 4, 8, 16; see above). */
const STARTS_PER_TURN = 4;
/** How many jobs that take a slot may be in progress at once (measured: 1, 2, 4, 8, 16). */
const SLOTS = 4;
/**
 * A slot is given back after this long whatever its job does: a render waiting on a frozen
 * database (or anything slow) must not hold the others back for longer than that.
 */
const SLOT_HOLD_MS = 250;

export interface TurnQueueOptions {
  perTurn?: number;
  slots?: number;
  slotHoldMs?: number;
  /** Runs `run` in a later turn of the loop (setImmediate; tests turn the loop by hand). */
  nextTurn?: (run: () => void) => void;
  /** Calls `run` after `ms` and returns what cancels it (setTimeout; tests move time by hand). */
  after?: (ms: number, run: () => void) => () => void;
}

/** `start` gets `done`, to call (once or more) when the job no longer needs its slot. */
export type Enqueue = (
  start: (done: () => void) => void,
  fail: (error: unknown) => void,
  takesSlot?: boolean,
) => void;

const realTimer = (ms: number, run: () => void): (() => void) => {
  const timer = setTimeout(run, ms);
  timer.unref();
  return () => clearTimeout(timer);
};

interface Waiting {
  takesSlot: boolean;
  run: () => void;
}

/**
 * A queue whose jobs start `perTurn` at a time, one batch per turn of the event loop (each batch
 * from `nextTurn`, after the loop has polled for input), in arrival order. A job that takes a slot
 * waits, and everything behind it, while `slots` such jobs are in progress; its slot comes back when
 * it calls `done` or after `slotHoldMs`. `fail` gets what `start` throws (its slot comes back); the
 * jobs after it start all the same. Each job runs in the async context it was queued in (a
 * request's scope, telemetry/request.server.ts), not the one of the job that scheduled the turn.
 */
export function turnQueue({
  perTurn = STARTS_PER_TURN,
  slots = SLOTS,
  slotHoldMs = SLOT_HOLD_MS,
  nextTurn = setImmediate,
  after = realTimer,
}: TurnQueueOptions = {}): Enqueue {
  for (const [name, value] of [
    ["perTurn", perTurn],
    ["slots", slots],
  ] as const) {
    if (!Number.isInteger(value) || value < 1) throw new RangeError(`${name} must be a whole number ≥ 1`);
  }
  const waiting: Waiting[] = [];
  let scheduled = false;
  let inProgress = 0;

  const headCanStart = () => {
    const head = waiting[0];
    return head !== undefined && !(head.takesSlot && inProgress >= slots);
  };

  function schedule(): void {
    if (scheduled || !headCanStart()) return;
    scheduled = true;
    nextTurn(runTurn);
  }

  function runTurn(): void {
    try {
      for (let started = 0; started < perTurn && headCanStart(); started++) {
        (waiting.shift() as Waiting).run();
      }
    } finally {
      // Even if a `fail` threw: the jobs still waiting must not wait for good.
      scheduled = false;
      schedule();
    }
  }

  /** What gives a slot back: once, at the first of `done` and the hold's end. */
  function takeSlot(): () => void {
    inProgress++;
    let held = true;
    const release = () => {
      if (!held) return;
      held = false;
      cancel();
      inProgress--;
      schedule();
    };
    const cancel = after(slotHoldMs, release);
    return release;
  }

  return function enqueue(start, fail, takesSlot = false) {
    const run = AsyncResource.bind(() => {
      const done = takesSlot ? takeSlot() : () => {};
      try {
        start(done);
      } catch (error) {
        done();
        fail(error);
      }
    });
    waiting.push({ takesSlot, run });
    schedule();
  };
}
