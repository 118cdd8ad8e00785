/**
 * Requests that React Router answers start a few per turn of the event loop, in the order they
 * came (docs/performance.md, "New connections under load").
 *
 * Why: libuv accepts one new connection per turn of the loop (libuv pull request 3696), and a page
 * render on SQLite runs to its end in the turn that read its request (its queries answer at once).
 * Started as read, every waiting request rendered in one turn, so a turn lasted as long as all
 * of them: of 50 connections opened at once, the last waited about 3 s to be accepted (p99 1.3 s
 * where the median was 80 ms). A few renders per turn keep turns short, so connections are
 * accepted and requests read while renders wait their turn. Fewer renders in progress at once
 * also leave less garbage alive at each collection: CPU per render 8–14 % lower (one process
 * switching between the two ways), peak memory about 15 MB lower.
 */

import { AsyncResource } from "node:async_hooks";

/** How many waiting requests start in one turn of the loop (measured: 1, 2, 4, 8, 16; see above). */
const STARTS_PER_TURN = 4;

/**
 * A queue whose jobs start `perTurn` at a time, one batch per turn of the event loop (each batch
 * from `setImmediate`, after the loop has polled for input). `enqueue(start, fail)`: `fail` gets
 * what `start` throws; the jobs after it start all the same. Each job runs in the async context it
 * was queued in (a request's scope, telemetry/request.server.ts), not the one of the job that
 * happened to schedule the turn.
 */
export function turnQueue(
  perTurn = STARTS_PER_TURN,
  nextTurn: (run: () => void) => void = setImmediate,
): (start: () => void, fail: (error: unknown) => void) => void {
  if (!Number.isInteger(perTurn) || perTurn < 1) throw new RangeError("perTurn must be a whole number ≥ 1");
  const waiting: (() => void)[] = [];
  let scheduled = false;

  function runTurn(): void {
    try {
      for (let started = 0; started < perTurn; started++) {
        const job = waiting.shift();
        if (!job) break;
        job();
      }
    } finally {
      // Even if a `fail` threw: the jobs still waiting must not wait for good.
      scheduled = waiting.length > 0;
      if (scheduled) nextTurn(runTurn);
    }
  }

  return function enqueue(start, fail) {
    waiting.push(
      AsyncResource.bind(() => {
        try {
          start();
        } catch (error) {
          fail(error);
        }
      }),
    );
    if (scheduled) return;
    scheduled = true;
    nextTurn(runTurn);
  };
}
