/**
 * The response cache's renders under way (decision 004, "Misses"): one request renders a page
 * ("leads"), the others for the same key wait for it, for a bounded time.
 */
import type { ServerResponse } from "node:http";

/** A render under way that other requests for the same page may wait for. */
export interface Flight {
  /** Settles when the followers should look again: the answer is stored, or will not be. */
  done: Promise<void>;
  release(): void;
}

export type Flights = ReturnType<typeof createFlights>;

export function createFlights(coalesceWaitMs: number) {
  /** Renders under way, by the key requests wait on (one per key; bounded by the requests in progress). */
  const flights = new Map<string, Flight>();
  return {
    get: (key: string) => flights.get(key),
    has: (key: string) => flights.has(key),
    /**
     * Makes this response the render others wait for under `key`. They are let go when its answer is
     * stored (capture), as soon as its headers show it will not be (`storable` false: a redirect, an
     * error, a cookie, no declaration, a static file), when the connection closes, or after
     * `coalesceWaitMs`.
     */
    lead(key: string, res: ServerResponse, storable: (res: ServerResponse) => boolean): Flight {
      let settle = () => {};
      const done = new Promise<void>((resolve) => {
        settle = resolve;
      });
      const flight: Flight = {
        done,
        release() {
          clearTimeout(timer);
          if (flights.get(key) === flight) flights.delete(key);
          settle();
        },
      };
      const timer = setTimeout(flight.release, coalesceWaitMs);
      timer.unref();
      flights.set(key, flight);
      res.once("close", flight.release);
      const writeHead = res.writeHead as (...args: unknown[]) => ServerResponse;
      res.writeHead = function (this: ServerResponse, ...args: unknown[]) {
        const sent = writeHead.apply(this, args);
        if (!storable(this)) flight.release();
        return sent;
      } as typeof res.writeHead;
      return flight;
    },
  };
}
