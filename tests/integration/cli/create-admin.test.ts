/**
 * `npm run create-admin`, a command site owners rely on, run as they run it, on both engines:
 * creates or resets, takes the password from --password, standard input or not at all.
 */
import { spawnSync } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { generate } from "otplib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkLogin, createSession, findSessionAccount } from "#app/server/auth/session.server.ts";
import { beginTwoStepSetup, confirmTwoStepSetup } from "#app/server/auth/two-step.server.ts";
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
        run(["--email", "reset@example.com", "--password", "the first passphrase", "--role", "editor"])
          .stdout,
      ).toContain("reset@example.com (role: editor)");
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
        email: "reset@example.com",
        twoStep: false,
      });
    });

    it("takes a role that cannot sign in, and says so", async () => {
      const result = run([
        "--email",
        "viewer@example.com",
        "--password",
        "a long enough passphrase",
        "--role",
        "viewer",
      ]);
      expect(result.status).toBe(0);
      expect(result.stderr).toContain(
        'Note: role "viewer" cannot sign in to the back office ("Access denied"); the roles that can are all (administrator) and editor (editor).',
      );
      expect((await checkLogin(handle.db, "viewer@example.com", "a long enough passphrase")).ok).toBe(false);
      expect(
        run(["--email", "editor@example.com", "--password", "a long enough passphrase", "--role", "editor"])
          .stderr,
      ).not.toContain("Note:");
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

    it("--turn-off-two-step turns two-step sign-in off for a lost phone, signs the account out, and says so", async () => {
      expect(run(["--email", "phone@example.com", "--password", "a lost phone passphrase"]).status).toBe(0);
      const account = await handle.db
        .selectFrom("accounts")
        .select("id")
        .where("email", "=", "phone@example.com")
        .executeTakeFirstOrThrow();
      const cookie = await createSession(handle.db, new Request("http://localhost/admin/login"), account.id);
      const request = new Request("http://localhost/admin", {
        headers: { cookie: cookie.split(";")[0] ?? "" },
      });
      const session = await findSessionAccount(handle.db, request);
      await beginTwoStepSetup(handle.db, account.id);
      const { totp_pending_secret } = await handle.db
        .selectFrom("accounts")
        .select("totp_pending_secret")
        .where("id", "=", account.id)
        .executeTakeFirstOrThrow();
      const actor = { accountId: account.id, name: "phone@example.com", address: "" };
      const code = await generate({ secret: totp_pending_secret ?? "" });
      expect(await confirmTwoStepSetup(handle.db, actor, code, session?.sessionId ?? "")).toHaveLength(10);
      expect(
        (await checkLogin(handle.db, "phone@example.com", "a lost phone passphrase")).ok && "two-step",
      ).toBe("two-step");

      const off = run(["--email", "Phone@example.com", "--turn-off-two-step"]);
      expect(off.stderr).toBe("");
      expect(off.status).toBe(0);
      expect(off.stdout).toContain("Two-step sign-in is off for phone@example.com");
      expect(await findSessionAccount(handle.db, request)).toBeNull();
      expect(await checkLogin(handle.db, "phone@example.com", "a lost phone passphrase")).toMatchObject({
        ok: true,
        twoStep: false,
      });
      const again = run(["--email", "phone@example.com", "--turn-off-two-step"]);
      expect(again.status).toBe(0);
      expect(again.stdout).toContain("was already off");
      const unknown = run(["--email", "nobody@example.com", "--turn-off-two-step"]);
      expect(unknown.status).toBe(2);
      expect(unknown.stderr).toContain("No account uses nobody@example.com.");
      const mixed = run(["--email", "phone@example.com", "--turn-off-two-step", "--password", "x"]);
      expect(mixed.status).toBe(2);
      const logged = await handle.db
        .selectFrom("activity_log")
        .select(["actor", "kind"])
        .where("kind", "=", "two_step_off")
        .execute();
      expect(logged).toEqual([{ actor: "command line", kind: "two_step_off" }]);
    });

    it("says in one line that the database refused, and exits 1", () => {
      // SQLite on a folder; PostgreSQL with a wrong password. Both were the driver's stack.
      const refused =
        engine === "sqlite"
          ? `file:${tmpdir()}`
          : Object.assign(new URL(url), { password: "not-the-password" }).href;
      for (const args of [
        ["--email", "cli@example.com", "--password", "a command line passphrase"],
        ["--email", "cli@example.com", "--turn-off-two-step"],
      ]) {
        const result = spawnSync(process.execPath, ["cli/create-admin.ts", ...args], {
          env: { ...process.env, DATABASE_URL: refused },
          input: "",
          encoding: "utf8",
        });
        expect(result.status).toBe(1);
        const lines = result.stderr.trim().split("\n");
        expect(lines).toHaveLength(1);
        expect(lines[0]).toMatch(
          engine === "sqlite"
            ? /^create-admin failed, nothing was changed: unable to open database file/
            : /^create-admin failed, nothing was changed: password authentication failed/,
        );
        expect(result.stderr).not.toContain("not-the-password");
      }
    });
  });
}
