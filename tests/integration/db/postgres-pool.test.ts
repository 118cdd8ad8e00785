import { spawn } from "node:child_process";
import { once } from "node:events";
import { createInterface } from "node:readline";
import pg from "pg";
import { describe, expect, inject, it } from "vitest";
import { createDatabaseOn } from "#tests/support/embedded-postgres.ts";

const FIXTURE = "tests/integration/db/hold-connection.fixture.ts";

describe("the PostgreSQL pool", () => {
  // pg.Pool leaves a checked-out connection without an `error` listener; a backend that ends while
  // a request holds its connection between statements (PostgreSQL stopped, a backend terminated)
  // must not end the server (a server died so in CI, session 37).
  it("a connection in use whose backend ends between statements does not end the process", async () => {
    const database = await createDatabaseOn(inject("postgresUrl"));
    const child = spawn(process.execPath, [FIXTURE, database.url], { stdio: ["pipe", "pipe", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    const exited = once(child, "exit") as Promise<[number | null, NodeJS.Signals | null]>;
    // Its standard output also carries the app's log lines (JSON): the fixture's own start plainly.
    const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
    const nextLineOf = async (pattern: RegExp): Promise<string | undefined> => {
      for (let line = await lines.next(); !line.done; line = await lines.next())
        if (pattern.test(line.value)) return line.value;
      return undefined;
    };
    try {
      const first = await nextLineOf(/^pid /);
      const pid = Number(first?.slice(4));
      expect(pid, `the fixture's first line: ${first}; stderr: ${stderr}`).toBeGreaterThan(0);

      const admin = new pg.Client({ connectionString: database.url });
      await admin.connect();
      try {
        const { rows } = await admin.query("select pg_terminate_backend($1) as ok", [pid]);
        expect(rows).toEqual([{ ok: true }]);
      } finally {
        await admin.end();
      }
      // Let the backend's goodbye reach the held connection, with nothing running on it.
      await new Promise((resolve) => setTimeout(resolve, 500));
      child.stdin.write("go on\n");

      const last = await nextLineOf(/^held /);
      const [code, signal] = await exited;
      expect({ code, signal }, stderr).toEqual({ code: 0, signal: null });
      // The held connection fails (and is not given to anyone again); a fresh one answers.
      expect(last).toBe("held failed, fresh 1");
    } finally {
      child.kill("SIGKILL");
      await database.drop();
    }
  }, 30_000);
});
