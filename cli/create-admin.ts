/**
 * npm run create-admin -- --email E [--password P | --password-stdin] [--role R]
 * npm run create-admin -- --email E --turn-off-two-step
 * Creates the admin account, or resets its password and role if it exists (a reset signs the
 * account out everywhere). --turn-off-two-step turns two-step sign-in off for an account whose
 * phone and recovery codes are lost (the password stays; the account is signed out everywhere). Works whether or not the server runs (it talks to the database of
 * DATABASE_URL directly). Without --password, the password is read from standard input
 * (--password-stdin: one line) or asked for in the terminal without echo, so it stays out of the
 * shell's history and the process list.
 */
import { parseArgs } from "node:util";
import { z } from "zod";
import { ADMIN_ROLE, isStaffRole, STAFF_ROLES } from "#app/lib/roles.ts";
import { passwordProblem, upsertAccount } from "#app/server/auth/accounts.server.ts";
import { turnOffTwoStep } from "#app/server/auth/two-step.server.ts";
import { configOrExit } from "#app/server/config.server.ts";
import { type DB, openDatabase } from "#app/server/db/db.server.ts";
import { COMMAND_LINE } from "#app/server/models/activity.server.ts";
import { failureLine } from "#app/server/transfer/backup/cli.server.ts";

const usage = `Usage: npm run create-admin -- --email you@example.com [--role all|editor]
         (asks for the password; or pipe it in with --password-stdin; or --password 'a long passphrase')
       npm run create-admin -- --email you@example.com --turn-off-two-step
         (for a lost phone: turns two-step sign-in off and signs the account out everywhere)`;

function fail(message: string): never {
  console.error(`${message}\n${usage}`);
  process.exit(2);
}

/**
 * `work` on the database of DATABASE_URL, closed after. A database that cannot be reached or
 * refuses (a wrong password, a SQLite path naming a folder) is said in one line, exit 1, not
 * with the driver's stack.
 */
async function onDatabase(work: (db: DB) => Promise<void>): Promise<void> {
  let handle: Awaited<ReturnType<typeof openDatabase>> | undefined;
  try {
    handle = await openDatabase(config.DATABASE_URL);
    await work(handle.db);
  } catch (error) {
    console.error(`create-admin failed, nothing was changed: ${failureLine(error)}`);
    process.exitCode = 1;
  } finally {
    await handle?.destroy().catch(() => undefined);
  }
}

/** The first line of standard input (without its line ending). */
async function readStdinLine(): Promise<string> {
  let text = "";
  process.stdin.setEncoding("utf8");
  for await (const chunk of process.stdin) {
    text += chunk;
    if (text.includes("\n")) break;
  }
  return (text.split("\n")[0] ?? "").replace(/\r$/, "");
}

/** Asks in the terminal without echoing what is typed (raw mode: we see every key ourselves). */
function promptHidden(question: string): Promise<string> {
  const { stdin, stderr } = process;
  stderr.write(question);
  stdin.setEncoding("utf8");
  stdin.setRawMode(true);
  stdin.resume();
  return new Promise((resolve) => {
    let value = "";
    const finish = () => {
      stdin.off("data", onData);
      stdin.setRawMode(false);
      stdin.pause();
      stderr.write("\n");
    };
    const onData = (chunk: string) => {
      for (const ch of chunk) {
        if (ch === "\r" || ch === "\n" || ch === "\u0004") {
          finish();
          resolve(value);
          return;
        }
        if (ch === "\u0003") {
          finish();
          process.exit(130);
        }
        if (ch === "\u007f" || ch === "\b") value = [...value].slice(0, -1).join("");
        else value += ch;
      }
    };
    stdin.on("data", onData);
  });
}

async function readPassword(options: { password?: string; "password-stdin"?: boolean }): Promise<string> {
  if (options.password !== undefined && options["password-stdin"]) {
    fail("Give the password one way: --password or --password-stdin, not both.");
  }
  if (options.password !== undefined) return options.password;
  if (options["password-stdin"]) return readStdinLine();
  if (!process.stdin.isTTY) {
    fail("No password given: use --password-stdin to read it from standard input, or run in a terminal.");
  }
  const password = await promptHidden("Password: ");
  const problem = passwordProblem(password);
  if (problem) fail(problem);
  if ((await promptHidden("Repeat the password: ")) !== password) fail("The passwords do not match.");
  return password;
}

// A bad setting stops here (exit code 1), before any password is asked for.
const config = configOrExit();

const { values } = (() => {
  try {
    return parseArgs({
      options: {
        email: { type: "string" },
        password: { type: "string" },
        "password-stdin": { type: "boolean" },
        role: { type: "string" },
        "turn-off-two-step": { type: "boolean" },
      },
      strict: true,
    });
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error));
  }
})();

const email = z.email().max(254).safeParse(values.email?.trim());
if (!email.success) fail("A valid --email is required.");

if (values["turn-off-two-step"]) {
  if (values.password !== undefined || values["password-stdin"] || values.role !== undefined) {
    fail("--turn-off-two-step changes nothing else: give it without --password, --password-stdin or --role.");
  }
  await onDatabase(async (db) => {
    const address = email.data.toLowerCase();
    const account = await db
      .selectFrom("accounts")
      .select("id")
      .where("email", "=", address)
      .executeTakeFirst();
    if (!account) fail(`No account uses ${address}.`);
    const wasOn = await turnOffTwoStep(db, COMMAND_LINE, account.id, { endSessions: true });
    console.log(
      wasOn
        ? `Two-step sign-in is off for ${address}; its sessions are signed out. Sign in with the password, then set it up again on /admin/account.`
        : `Two-step sign-in was already off for ${address}; nothing changed.`,
    );
  });
  process.exit();
}

// Any role is taken (DESIGN's `--role R`: an account that is refused sign-in is a real case), but
// one that cannot sign in is said so, in case it was a typo.
const role = values.role?.trim() || ADMIN_ROLE;
if (!isStaffRole(role)) {
  const known = Object.entries(STAFF_ROLES).map(([name, label]) => `${name} (${label.toLowerCase()})`);
  console.error(
    `Note: role "${role}" cannot sign in to the back office ("Access denied"); the roles that can are ${known.join(" and ")}.`,
  );
}

const password = await readPassword(values);
const problem = passwordProblem(password);
if (problem) fail(problem);

await onDatabase(async (db) => {
  const account = await upsertAccount(db, email.data, password, role);
  console.log(
    `Admin account ready: ${account.email} (role: ${account.role}); its earlier sessions are signed out.`,
  );
});
