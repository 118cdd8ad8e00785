/**
 * Every environment variable the server, the app and the command-line tools read, declared once:
 * its rule, its default and what it does. The declarations live by area in app/server/config/
 * (gathered in order by variables.server.ts); this file reads and checks an environment against
 * them and is the one entry point the rest of the code imports. The README's configuration table
 * is rendered from these declarations (`npm run docs:config`), and a unit test keeps the two equal.
 *
 * Node runs this file directly (server.ts and cli/ import it before any build exists), so it keeps
 * to type syntax Node can strip.
 */
import type { Variable } from "#app/server/config/rules.server.ts";
import { NAMES, VARIABLES, type VariableName } from "#app/server/config/variables.server.ts";

export { type Dialect, dialectOf, sqlitePathOf } from "#app/server/config/database.server.ts";
export { withConfigTable } from "#app/server/config/readme-table.server.ts";

/** The checked settings, by variable name. */
export type Config = {
  readonly [Name in VariableName]: (typeof VARIABLES)[Name] extends Variable<infer T> ? T : never;
};

/** Every bad variable of an environment, one line each (`PORT must be … (got "abc")`). */
export class ConfigError extends Error {
  readonly problems: readonly string[];
  constructor(problems: string[]) {
    super(problems.join("\n"));
    this.name = "ConfigError";
    this.problems = problems;
  }
}

const shown = (value: string) => JSON.stringify(value.length > 100 ? `${value.slice(0, 100)}…` : value);

/** Reads and checks an environment; throws a ConfigError naming every bad variable. */
export function parseConfig(env: Record<string, string | undefined>): Config {
  const problems: string[] = [];
  const config: Record<string, unknown> = {};
  for (const name of NAMES) {
    const { schema, secret } = VARIABLES[name] as Variable<unknown>;
    const raw = env[name];
    const result = schema.safeParse(raw);
    if (result.success) {
      config[name] = result.data;
    } else {
      const rule = result.error.issues[0]?.message ?? "is not valid";
      problems.push(`${name} ${rule}${secret || raw === undefined ? "" : ` (got ${shown(raw)})`}`);
    }
  }
  // Each is useless without the other: one alone is a mistake, not a wish to create no admin.
  const given = (name: VariableName) => (env[name] ?? "").trim() !== "";
  if (given("ADMIN_EMAIL") !== given("ADMIN_PASSWORD")) {
    const [set, missing] = given("ADMIN_EMAIL")
      ? ["ADMIN_EMAIL", "ADMIN_PASSWORD"]
      : ["ADMIN_PASSWORD", "ADMIN_EMAIL"];
    problems.push(`${missing} must be set with ${set} (set both to create an admin at start, or neither)`);
  }
  // Object storage settings without a bucket would silently leave uploads on the local disk.
  const s3Settings = (["S3_ENDPOINT", "S3_REGION", "S3_FORCE_PATH_STYLE", "S3_PUBLIC_URL"] as const).filter(
    given,
  );
  if (s3Settings.length > 0 && !given("S3_BUCKET")) {
    problems.push(
      `S3_BUCKET must be set with ${s3Settings.join(", ")} (or unset those to keep uploads on disk)`,
    );
  }
  // Mail needs a sender, and absolute links that do not trust a request's Host header (a reset link
  // built from a forged Host would hand the token to whoever owns that host).
  if (given("SMTP_URL")) {
    for (const name of ["MAIL_FROM", "PUBLIC_URL"] as const) {
      if (!given(name)) problems.push(`${name} must be set with SMTP_URL (mail needs it)`);
    }
  }
  // A purge names pages by their absolute URL, which only the public origin can give.
  if (given("CDN_PURGE_URL") && !given("PUBLIC_URL"))
    problems.push("PUBLIC_URL must be set with CDN_PURGE_URL (a purge names pages by their URL)");
  if (problems.length > 0) throw new ConfigError(problems);
  return Object.freeze(config) as Config;
}

let memo: { key: string; config: Config } | undefined;

/** Set by settleConfig: the environment is no longer checked for changes. */
let settled = false;

/**
 * The configuration of this process's environment. Parsed once, and again only when one of its
 * variables has changed since (tests change them; a running server does not, see settleConfig).
 */
export function getConfig(): Config {
  if (settled && memo) return memo.config;
  const key = JSON.stringify(NAMES.map((name) => process.env[name]));
  if (memo?.key !== key) memo = { key, config: parseConfig(process.env) };
  return memo.config;
}

/**
 * For a server that has started: its environment is what it is, so getConfig stops reading every
 * variable again to see whether one changed (a page render asks for the configuration dozens of
 * times).
 */
export function settleConfig(): Config {
  const config = getConfig();
  settled = true;
  return config;
}

/**
 * For entry points (server, command-line tools): the configuration, or the list of bad variables
 * on stderr and exit code 1. No stack trace: a wrong setting is not a bug in the program.
 */
export function configOrExit(): Config {
  try {
    return getConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(
      "Wanderplate stopped: the environment has settings it cannot use.\n" +
        `${error.problems.map((problem) => `  ${problem}`).join("\n")}\n` +
        'See "Configuration" in README.md.',
    );
    process.exit(1);
  }
}
