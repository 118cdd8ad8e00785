/**
 * One instance per process. server.ts loads the telemetry modules from source while the server
 * build carries its own bundled copy (and Vite may load them again in development), so a module
 * variable would give two loggers and two metric registries. The first copy to ask creates the
 * value; every later copy gets the same one.
 */
export function processWide<T>(name: string, create: () => T): T {
  const store = globalThis as unknown as Record<string, unknown>;
  const key = `__wanderplate_telemetry_${name}`;
  store[key] ??= create();
  return store[key] as T;
}
