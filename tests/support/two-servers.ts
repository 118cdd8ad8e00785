import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createPostgresDatabase } from "./engines.ts";
import { type Account, ensureBuilt, type RunningServer, siteEnv, startServer } from "./server-process.ts";

/**
 * Two built app servers on one fresh PostgreSQL database and one uploads folder, as a site runs
 * when it scales out, with `admin` created at start. `more` adds to their environment (object
 * storage, for instance). `stop` ends both and removes their data.
 */
export async function startTwoServers(
  admin: Account,
  more: Record<string, string> = {},
): Promise<{
  a: RunningServer;
  b: RunningServer;
  uploadsDir: string;
  databaseUrl: string;
  stop(): Promise<void>;
}> {
  ensureBuilt();
  const database = await createPostgresDatabase();
  const uploads = await mkdtemp(join(tmpdir(), "wanderplate-uploads-"));
  const env = siteEnv({ database: database.url, uploads, admin }, more);
  const [a, b] = await Promise.all([startServer(env), startServer(env)]);
  return {
    a,
    b,
    uploadsDir: uploads,
    databaseUrl: database.url,
    stop: async () => {
      await Promise.all([a.stop(), b.stop()]);
      await database.drop();
      await rm(uploads, { recursive: true, force: true });
    },
  };
}
