/**
 * What a process allocates, collected objects included: preload it into the server
 * (`node --import ./bench/allocation-profile.ts … build/server.js`) and, when the server exits, V8's
 * sampling heap profile is written to `allocation-<pid>.heapprofile` in ALLOCATION_PROFILE_DIR (the
 * working folder when unset). Open it in Chrome DevTools (Memory → Load profile) or sum `selfSize`
 * by function. `--heap-prof` alone keeps only what is still alive at exit, not what renders churn
 * through. Recipe: docs/performance.md.
 */
import { writeFileSync } from "node:fs";
import { Session } from "node:inspector";
import { join } from "node:path";

const session = new Session();
session.connect();
session.post("HeapProfiler.startSampling", {
  samplingInterval: 16_384,
  includeObjectsCollectedByMajorGC: true,
  includeObjectsCollectedByMinorGC: true,
});
// An in-process session answers synchronously, so this runs to the end inside "exit".
process.on("exit", () => {
  session.post("HeapProfiler.stopSampling", (error, result) => {
    if (error) return console.error("allocation profile:", error.message);
    const file = join(process.env.ALLOCATION_PROFILE_DIR ?? ".", `allocation-${process.pid}.heapprofile`);
    writeFileSync(file, JSON.stringify(result.profile));
  });
});
