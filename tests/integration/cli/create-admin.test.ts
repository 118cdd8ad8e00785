/**
 * `npm run create-admin`, a command site owners rely on, run as they run it, on both engines:
 * creates or resets, takes the password from --password, standard input or not at all.
 */
import { spawnSync } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkLogin, createSession, findSessionAccount } from "#app/server/auth/session.server.ts";
import { type DatabaseHandle, openDatabase } from "#app/server/db/db.server.ts";
import { createPostgresDatabase, ENGINES } from "#tests/support/engines.ts";

for (const engine of ENGINES) {
  describe(`create-admin [${engine}]`, () => {
    let url: string;
    let handle: DatabaseHandle;
    let cleanup: () => Promise<void>;

    beforeAll(async () => {
      if (engine === "sqlite") {
        const dir = await mkdtemp(join(tmpdir(), "wanderplate-cli-"));
        url = `file:${join(dir, "site.db")}`;
        cleanup = () => rm(dir, { recursive: true, force: true });
      } else {
        const database = await createPostgresDatabase();
        url = database.url;
        cleanup = database.drop;
      }
      handle = await openDatabase(url);
    });
    afterAll(async () => {
      await handle?.destroy();
      await cleanup?.();
    });

    const run = (args: string[], input?: string) =>
      spawnSync(process.execPath, ["cli/create-admin.ts", ...args], {
        env: { ...process.env, DATABASE_URL: url },
        input: input ?? "",
        encoding: "utf8",
      });

    it("creates an account from --email and --password, role `all` by default", async () => {
      const result = run(["--email", "cli@example.com", "--password", "a command line passphrase"]);
      expect(result.stderr).toBe("");
      expect(result.status).toBe(0);
      expect(result.stdout).toContain("cli@example.com (role: all)");
      expect((await checkLogin(handle.db, "cli@example.com", "a command line passphrase")).ok).toBe(true);
    });

    it("reads the password from one line of standard input with --password-stdin", async () => {
      const result = run(
        ["--email", "stdin@example.com", "--password-stdin"],
        "a piped in passphrase\r\nnext line\n",
      );
      expect(result.status).toBe(0);
      expect((await checkLogin(handle.db, "stdin@example.com", "a piped in passphrase")).ok).toBe(true);
      const noNewline = run(["--email", "stdin2@example.com", "--password-stdin"], "no newline at the end");
      expect(noNewline.status).toBe(0);
      expect((await checkLogin(handle.db, "stdin2@example.com", "no newline at the end")).ok).toBe(true);
    });

    it("resets the password and role of an existing account and signs it out everywhere", async () => {
      expect(
        run(["--email", "reset@example.com", "--password", "the first passphrase", "--role", "viewer"])
          .status,
      ).toBe(0);
      const account = await handle.db
        .selectFrom("accounts")
        .select("id")
        .where("email", "=", "reset@example.com")
        .executeTakeFirstOrThrow();
      const cookie = await createSession(handle.db, new Request("http://localhost/admin/login"), account.id);
      const request = new Request("http://localhost/admin", {
        headers: { cookie: cookie.split(";")[0] ?? "" },
      });
      expect(await findSessionAccount(handle.db, request)).not.toBeNull();

      const reset = run(["--email", "Reset@Example.com", "--password-stdin"], "the second passphrase\n");
      expect(reset.status).toBe(0);
      expect(reset.stdout).toContain("reset@example.com (role: all)");
      expect(await findSessionAccount(handle.db, request)).toBeNull();
      expect(await checkLogin(handle.db, "reset@example.com", "the second passphrase")).toEqual({
        ok: true,
        accountId: account.id,
      });
    });

    it("refuses, with a message and exit code 2, what it cannot use", async () => {
      const cases: [string[], string | undefined, RegExp][] = [
        [
          ["--email", "short@example.com", "--password", "fourteen chars"],
          undefined,
          /at least 15 characters/,
        ],
        [["--email", "short@example.com", "--password-stdin"], "too short\n", /at least 15 characters/],
        [["--email", "short@example.com", "--password-stdin"], "", /at least 15 characters/],
        [["--email", "not-an-email", "--password", "a long enough passphrase"], undefined, /valid --email/],
        [["--password", "a long enough passphrase"], undefined, /valid --email/],
        [
          ["--email", `${"x".repeat(250)}@example.com`, "--password", "a long enough passphrase"],
          undefined,
          /valid --email/,
        ],
        [
          ["--email", "both@example.com", "--password", "a long enough passphrase", "--password-stdin"],
          "a long enough passphrase\n",
          /not both/,
        ],
        // Not a terminal and no password: nothing to prompt on.
        [["--email", "none@example.com"], undefined, /--password-stdin/],
        [["--email", "x@example.com", "--frobnicate"], undefined, /Unknown option/],
      ];
      for (const [args, input, message] of cases) {
        const result = run(args, input);
        expect(result.status, args.join(" ")).toBe(2);
        expect(result.stderr, args.join(" ")).toMatch(message);
        expect(result.stderr).toContain("Usage:");
      }
      const rows = await handle.db
        .selectFrom("accounts")
        .select("email")
        .where("email", "in", ["short@example.com", "both@example.com", "none@example.com", "x@example.com"])
        .execute();
      expect(rows).toEqual([]);
    });
  });
}
