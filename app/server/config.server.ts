/**
 * Every environment variable the server, the app and the command-line tools read, declared once:
 * its rule, its default and what it does. The README's configuration table is rendered from these
 * declarations (`npm run docs:config`), and a unit test keeps the two equal.
 *
 * Node runs this file directly (server.ts and cli/ import it before any build exists), so it keeps
 * to type syntax Node can strip.
 */
import ipaddr from "ipaddr.js";
import { z } from "zod";
import { SITE_DEFAULTS } from "#app/lib/site.ts";

/** One variable: how its value is read (with its default) and one line for the README. */
interface Variable<T> {
  schema: z.ZodType<T>;
  meaning: string;
  /** What the README's default column says when the default is no value at all. */
  unset?: string;
  /** Never echo the value in an error: it may hold a password. */
  secret?: boolean;
}

const variable = <T>(declaration: Variable<T>): Variable<T> => declaration;

/** An empty (or blank) value counts as unset, so `VAR=` in a unit file means the default. */
const blankIsUnset = <T>(schema: z.ZodType<T>) =>
  z.preprocess((value) => (typeof value === "string" && value.trim() === "" ? undefined : value), schema);

function wholeNumber({
  min,
  max,
  unit,
  fallback,
}: {
  min: number;
  max: number;
  unit?: string;
  fallback: number;
}) {
  const rule = `must be a whole number${unit ? ` of ${unit}` : ""} from ${min} to ${max}`;
  return blankIsUnset(
    z
      .string()
      .trim()
      .regex(/^\d+$/, rule)
      .transform(Number)
      .pipe(z.number({ error: rule }).min(min, rule).max(max, rule))
      .default(fallback),
  );
}

/** Exactly `true` or `false`: anything else was a guess at a spelling, better refused than misread. */
const onOff = (fallback: boolean) =>
  blankIsUnset(
    z
      .stringbool({ truthy: ["true"], falsy: ["false"], case: "sensitive", error: "must be true or false" })
      .default(fallback),
  );

/** IPv4 in its four-part form only: ipaddr.js would also read "1.2.3" or "0x7f.1" as addresses. */
const isAddress = (text: string) => ipaddr.IPv4.isValidFourPartDecimal(text) || ipaddr.IPv6.isValid(text);

const HOST_NAME =
  /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/i;

/** The names Express (proxy-addr) gives to address ranges. */
const PROXY_RANGE_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);

/** `10.0.0.1`, `10.0.0.0/8`, `10.0.0.0/255.0.0.0`, `fd00::/8`, or one of the range names. */
function isProxyEntry(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = "", bits, ...rest] = entry.split("/");
  if (rest.length > 0 || !isAddress(address)) return false;
  if (bits === undefined) return true;
  const v4 = ipaddr.IPv4.isValidFourPartDecimal(address);
  if (v4 && ipaddr.IPv4.isValidFourPartDecimal(bits)) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (v4 ? 32 : 128);
}

/**
 * Express's `trust proxy` setting: `true` (every proxy), `false` (none), a number of hops, or a
 * comma-separated list of addresses and ranges. Express reads any string as a list, so `true`,
 * `false` and numbers are handed to it as the boolean or number they mean.
 */
const trustProxy = blankIsUnset(
  z
    .string()
    .trim()
    .refine(
      (text) =>
        /^(true|false|\d+)$/.test(text) || text.split(",").every((entry) => isProxyEntry(entry.trim())),
      "must be true, false, a number of proxies, or a comma-separated list of addresses, ranges " +
        "(10.0.0.0/8) and the names loopback, linklocal, uniquelocal",
    )
    .transform((text): boolean | number | string => {
      if (text === "true" || text === "false") return text === "true";
      return /^\d+$/.test(text) ? Number(text) : text;
    })
    .default("loopback"),
);

/** The two database engines, told apart by DATABASE_URL. */
export type Dialect = "sqlite" | "postgres";

/** `postgres://…` / `postgresql://…` selects PostgreSQL; `file:PATH` (or a bare path) embedded SQLite. */
export function dialectOf(databaseUrl: string): Dialect {
  return /^postgres(ql)?:\/\//i.test(databaseUrl) ? "postgres" : "sqlite";
}

export function sqlitePathOf(databaseUrl: string): string {
  return databaseUrl.replace(/^file:/, "");
}

/** `file:PATH` (or a bare path) is SQLite; `postgres://…` is PostgreSQL; another scheme is a mistake. */
function isDatabaseUrl(url: string): boolean {
  if (dialectOf(url) === "postgres") return URL.canParse(url);
  const path = sqlitePathOf(url);
  // "sqlite:/x.db", "mysql://…": a scheme this server does not know, not a file to create.
  return path !== "" && !/^[a-z][a-z0-9+.-]+:/i.test(path);
}

/** Site info: trimmed; an empty value stays empty instead of becoming the default. */
const siteText = (fallback: string) => z.string().trim().default(fallback);

const VARIABLES = {
  PORT: variable({
    schema: wholeNumber({ min: 1, max: 65535, fallback: 3000 }),
    meaning: "the port the server listens on",
  }),
  HOST: variable({
    schema: blankIsUnset(
      z
        .string()
        .trim()
        .refine((host) => isAddress(host) || HOST_NAME.test(host), "must be an IP address or a host name")
        .default("0.0.0.0"),
    ),
    meaning:
      "the address the server listens on; `127.0.0.1` keeps it to this machine (behind a reverse proxy)",
  }),
  PUBLIC_URL: variable({
    // Only the origin counts: canonical URLs, feeds and the Origin check are built from it.
    schema: blankIsUnset(
      z
        .url({
          protocol: /^https?$/,
          error: "must be an http:// or https:// URL, such as https://blog.example.com",
        })
        .transform((url) => new URL(url).origin)
        .optional(),
    ),
    unset: "taken from each request's Host",
    meaning:
      "public origin for canonical URLs, the feed and the sitemap, e.g. `https://blog.example.com`; form " +
      "posts from it are accepted as same-origin; an `https://` one also turns on HSTS",
  }),
  DATABASE_URL: variable({
    schema: blankIsUnset(
      z
        .string()
        .trim()
        .refine(isDatabaseUrl, "must be file:PATH (SQLite) or a postgres:// URL (PostgreSQL)")
        .default("file:./data/site.db"),
    ),
    secret: true,
    meaning: "`file:PATH` is embedded SQLite; `postgres://user:pass@host/db` is PostgreSQL",
  }),
  UPLOADS_DIR: variable({
    schema: blankIsUnset(z.string().default("./data/uploads")),
    meaning: "where uploaded images (and their resized WebP variants) are stored",
  }),
  SAMPLE_CONTENT: variable({
    schema: onOff(true),
    meaning: "`false` keeps an empty database empty",
  }),
  ADMIN_EMAIL: variable({
    schema: blankIsUnset(z.string().trim().pipe(z.email("must be an email address")).optional()),
    unset: "none",
    meaning:
      "with `ADMIN_PASSWORD` (set both or neither): when no such account exists, it is created at start " +
      "(an existing account is left as it is)",
  }),
  ADMIN_PASSWORD: variable({
    schema: blankIsUnset(z.string().optional()),
    unset: "none",
    secret: true,
    meaning: "the password of the `ADMIN_EMAIL` account when it is created",
  }),
  SITE_NAME: variable({ schema: siteText(SITE_DEFAULTS.name), meaning: "site name" }),
  SITE_EMAIL: variable({ schema: siteText(SITE_DEFAULTS.email), meaning: "contact email" }),
  SITE_PHONE: variable({ schema: siteText(SITE_DEFAULTS.phone), meaning: "phone number as shown" }),
  SITE_PHONECALL: variable({ schema: siteText(SITE_DEFAULTS.phonecall), meaning: "phone number as dialled" }),
  SITE_ADDRESS: variable({ schema: siteText(SITE_DEFAULTS.address), meaning: "office address" }),
  SITE_ADDRESS_CITY: variable({
    schema: siteText(SITE_DEFAULTS.addressCity),
    unset: "none",
    meaning: "city, shown after the address",
  }),
  SITE_DOMAIN: variable({
    schema: siteText(SITE_DEFAULTS.domain),
    unset: "the request's host",
    meaning: "the domain whose site numbers the contact page shows",
  }),
  TRUST_PROXY: variable({
    schema: trustProxy,
    meaning:
      "which proxies' `X-Forwarded-*` headers to trust (Express `trust proxy` syntax: `true`, `false`, " +
      "a number of hops, or addresses, ranges and `loopback`, comma-separated)",
  }),
  DATABASE_POOL_SIZE: variable({
    schema: wholeNumber({ min: 1, max: 1000, fallback: 10 }),
    meaning: "PostgreSQL connections per app server",
  }),
  DATABASE_CONNECT_TIMEOUT_MS: variable({
    schema: wholeNumber({ min: 100, max: 600_000, unit: "milliseconds", fallback: 5000 }),
    meaning:
      "PostgreSQL: longest wait to connect or for a free pooled connection. SQLite: longest wait for the " +
      "write lock another process holds. Past it: 503",
  }),
  DATABASE_STATEMENT_TIMEOUT_MS: variable({
    schema: wholeNumber({ min: 100, max: 600_000, unit: "milliseconds", fallback: 10_000 }),
    meaning:
      "PostgreSQL: longest a statement may run (enforced by the server and, for a server that stops " +
      "answering, by the app). Past it: 503",
  }),
  FORM_RATE_LIMIT: variable({
    schema: wholeNumber({ min: 1, max: 1_000_000_000, fallback: 5 }),
    meaning: "comment, contact and sign-up posts allowed per IP and form in 10 minutes",
  }),
  RESPONSE_CACHE: variable({
    schema: onOff(true),
    meaning:
      "`false` renders every public request instead of serving unchanged pages from memory (for " +
      "measuring; see Performance)",
  }),
  BUILD_DIR: variable({
    schema: blankIsUnset(z.string().trim().default("build")),
    meaning:
      "the build folder, relative to the project: `npm run build` writes it and the server serves it " +
      "(lets test runs build side by side)",
  }),
  NODE_ENV: variable({
    schema: blankIsUnset(
      z
        .enum(["production", "development", "test"], { error: "must be production, development or test" })
        .default("production"),
    ),
    meaning:
      "`development` serves the app through Vite with hot reload (`npm run dev` sets it); `npm start` " +
      "and `npm run serve` set `production`",
  }),
  // ---- Object storage for uploads (off unless S3_BUCKET is set) ----
  S3_BUCKET: variable({
    schema: blankIsUnset(
      z
        .string()
        .trim()
        .regex(
          /^[A-Za-z0-9][A-Za-z0-9.-]{1,61}[A-Za-z0-9]$/,
          "must be a bucket name, such as wanderplate-uploads",
        )
        .optional(),
    ),
    unset: "none (uploads on disk)",
    meaning:
      "uploads go to this S3-compatible bucket, not `UPLOADS_DIR`; credentials from the AWS SDK's " +
      "variables (`AWS_ACCESS_KEY_ID`, `AWS_SECRET_ACCESS_KEY`…), see docs/OPERATIONS.md",
  }),
  S3_ENDPOINT: variable({
    schema: blankIsUnset(
      z
        .url({
          protocol: /^https?$/,
          error: "must be an http:// or https:// URL, such as https://s3.example.com",
        })
        .optional(),
    ),
    unset: "AWS S3",
    meaning: "the S3 API's URL for another service (MinIO, Cloudflare R2, Backblaze B2…)",
  }),
  S3_REGION: variable({
    schema: blankIsUnset(z.string().trim().default("us-east-1")),
    meaning: "the bucket's region (`auto` for Cloudflare R2)",
  }),
  S3_FORCE_PATH_STYLE: variable({
    schema: onOff(false),
    meaning:
      "`true` puts the bucket in the URL's path instead of its host name (MinIO and most self-hosted servers)",
  }),
  S3_PUBLIC_URL: variable({
    schema: blankIsUnset(
      z
        .url({
          protocol: /^https?$/,
          error: "must be an http:// or https:// URL, such as https://images.example.com",
        })
        .transform((url) => url.replace(/\/+$/, ""))
        .optional(),
    ),
    unset: "none (the app streams them)",
    meaning:
      "where the bucket's objects can be read publicly (a CDN or the bucket's public URL): `/uploads/<key>` " +
      "then redirects to `<S3_PUBLIC_URL>/<key>`",
  }),
  // ---- Scheduled backups (docs/OPERATIONS.md, "Backups and restore") ----
  BACKUP_DIR: variable({
    schema: blankIsUnset(z.string().trim().optional()),
    unset: "none (no scheduled backups)",
    meaning:
      "a folder for scheduled backups: one archive every `BACKUP_INTERVAL_HOURS`, written by one of the " +
      "servers sharing the database (`npm run backup` works without it)",
  }),
  BACKUP_KEEP: variable({
    schema: wholeNumber({ min: 1, max: 10_000, fallback: 7 }),
    meaning:
      "how many scheduled backups to keep in `BACKUP_DIR`; older ones it wrote (`wanderplate-backup-*.tar.gz`) " +
      "are deleted",
  }),
  BACKUP_INTERVAL_HOURS: variable({
    schema: wholeNumber({ min: 1, max: 8760, unit: "hours", fallback: 24 }),
    meaning: "hours between two scheduled backups",
  }),
  // ---- Logs and metrics ----
  LOG_LEVEL: variable({
    schema: blankIsUnset(
      z
        .enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"], {
          error: "must be fatal, error, warn, info, debug, trace or silent",
        })
        .default("info"),
    ),
    meaning:
      "the least severe log lines written (JSON, one per line, on standard output); `info` includes one " +
      "line per request, `warn` only refusals and faults, `silent` none",
  }),
  LOG_REQUESTS: variable({
    schema: blankIsUnset(
      z.enum(["all", "errors", "none"], { error: "must be all, errors or none" }).default("all"),
    ),
    meaning:
      "which requests get their line (at `LOG_LEVEL` info or below): `all`; `errors`, only answers " +
      "with status 500 or more; `none`, for sites whose proxy logs requests already (metrics still count every one)",
  }),
  METRICS_TOKEN: variable({
    schema: blankIsUnset(
      z.string().trim().min(16, "must be at least 16 characters (a long random token)").optional(),
    ),
    unset: "none",
    secret: true,
    meaning:
      "lets a scraper read `GET /metrics` from elsewhere with `Authorization: Bearer <token>`; without " +
      "it only clients on this machine (loopback, after the `TRUST_PROXY` rules) may",
  }),
  // ---- Email (docs/OPERATIONS.md, "Email") ----
  SMTP_URL: variable({
    schema: blankIsUnset(
      z
        .string()
        .trim()
        .refine(
          (url) => /^smtps?:\/\//i.test(url) && URL.canParse(url) && new URL(url).hostname !== "",
          "must be an smtp:// URL (STARTTLS when the server offers it) or smtps:// (TLS from the start), " +
            "such as smtp://user:pass@mail.example.com:587",
        )
        .optional(),
    ),
    unset: "none: mail is off",
    secret: true,
    meaning:
      "the mail server, `smtp://user:pass@host:587` or `smtps://…:465`; turns on notifications, " +
      "sign-up confirmation and password reset by mail (needs `MAIL_FROM` and `PUBLIC_URL`)",
  }),
  MAIL_FROM: variable({
    schema: blankIsUnset(
      z
        .string()
        .trim()
        .refine(isMailbox, "must be an address, or a name and an address: Wanderplate <hello@example.com>")
        .optional(),
    ),
    unset: "none",
    meaning: "the sender of every mail, e.g. `Wanderplate <hello@example.com>`",
  }),
  ACTIVITY_KEEP_DAYS: variable({
    schema: wholeNumber({ min: 1, max: 36500, unit: "days", fallback: 365 }),
    meaning:
      "days an entry of the activity log (/admin/activity: sign-ins, publishing, deletions, settings, " +
      "imports, backups) is kept before it is deleted",
  }),
  MAIL_OUTBOX_KEEP_DAYS: variable({
    schema: wholeNumber({ min: 1, max: 3650, unit: "days", fallback: 30 }),
    meaning:
      "days a sent or given-up mail stays in the outbox (`mail_outbox`) before the sender deletes it; " +
      "a mail still to be sent is never deleted",
  }),
  MAIL_RATE_PER_MINUTE: variable({
    schema: wholeNumber({ min: 1, max: 1_000_000, unit: "mails a minute", fallback: 600 }),
    meaning:
      "how many newsletter mails a minute all servers together hand to the mail server (your mail " +
      "provider's limit); other mail (sign-up, password reset, notifications) is not held back by it",
  }),
  MAIL_BOUNCE_LIMIT: variable({
    schema: wholeNumber({ min: 1, max: 100, unit: "refusals", fallback: 3 }),
    meaning:
      "permanent refusals (an SMTP 5xx answer) after which a reader's address is marked bounced and " +
      "gets no more newsletters",
  }),
};

/** `a@b.c` or `Name <a@b.c>`: the forms of a From header people write by hand. */
function isMailbox(text: string): boolean {
  const match = /^(?:[^<>"]*<\s*([^<>\s]+)\s*>|([^<>\s]+))$/.exec(text);
  const address = match?.[1] ?? match?.[2];
  return address !== undefined && z.email().safeParse(address).success;
}

type Variables = typeof VARIABLES;
type VariableName = keyof Variables;

/** The checked settings, by variable name. */
export type Config = {
  readonly [Name in VariableName]: Variables[Name] extends Variable<infer T> ? T : never;
};

const NAMES = Object.keys(VARIABLES) as VariableName[];

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

// ---- The README's table ----

const CONFIG_TABLE_START = "<!-- config-table:start (npm run docs:config writes this table) -->";
const CONFIG_TABLE_END = "<!-- config-table:end -->";

function defaultShown(name: VariableName): string {
  const { schema, unset } = VARIABLES[name] as Variable<unknown>;
  const value = schema.parse(undefined);
  return value === undefined || value === "" ? (unset ?? "none") : `\`${String(value)}\``;
}

/** The configuration table in Markdown, columns padded so the source reads as a table too. */
function configTable(): string {
  const rows = [
    ["variable", "default", "meaning"],
    ...NAMES.map((name) => [`\`${name}\``, defaultShown(name), VARIABLES[name].meaning]),
  ].map((cells) => cells.map((cell) => cell.replaceAll("|", "\\|")));
  const widths = [0, 1, 2].map((column) => Math.max(...rows.map((cells) => cells[column]?.length ?? 0)));
  const line = (cells: string[]) => `| ${cells.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join(" | ")} |`;
  const [header = [], ...body] = rows;
  return [line(header), line(widths.map((width) => "-".repeat(width))), ...body.map(line)].join("\n");
}

/** The README with its configuration table (between the two marker comments) rendered afresh. */
export function withConfigTable(readme: string): string {
  const start = readme.indexOf(CONFIG_TABLE_START);
  const end = readme.indexOf(CONFIG_TABLE_END);
  if (start < 0 || end < start) {
    throw new Error(`README.md needs the markers ${CONFIG_TABLE_START} and ${CONFIG_TABLE_END}.`);
  }
  return `${readme.slice(0, start + CONFIG_TABLE_START.length)}\n\n${configTable()}\n\n${readme.slice(end)}`;
}
