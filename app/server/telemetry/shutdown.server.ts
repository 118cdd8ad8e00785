import { processWide } from "./process-wide.server.ts";

/**
 * Work a stopping server does after its last answer and before it exits (the analytics' last
 * batch). server.ts runs the hooks; the server build registers them (one list per process).
 */
const hooks = processWide<(() => Promise<void>)[]>("shutdown-hooks", () => []);

export function onShutdown(hook: () => Promise<void>): void {
  hooks.push(hook);
}

/** Runs every hook, each bounded by `timeoutMs`; a failing hook does not stop the others. */
export async function runShutdownHooks(timeoutMs = 2000): Promise<void> {
  await Promise.allSettled(
    hooks.map((hook) =>
      Promise.race([hook(), new Promise<void>((resolve) => setTimeout(resolve, timeoutMs).unref())]),
    ),
  );
}
