import { readFileSync } from "node:fs";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ConfigError, getConfig, parseConfig, withConfigTable } from "./config.server.ts";

/** The one problem line parseConfig reports for an environment, or null when it accepts it. */
function problemOf(env: Record<string, string>): string | null {
  try {
    parseConfig(env);
    return null;
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    return error.problems.join("\n");
  }
}

describe("parseConfig defaults", () => {
  it("has the documented default for every variable", () => {
    expect(parseConfig({})).toEqual({
      PORT: 3000,
      HOST: "0.0.0.0",
      PUBLIC_URL: undefined,
      DATABASE_URL: "file:./data/site.db",
      UPLOADS_DIR: "./data/uploads",
      SAMPLE_CONTENT: true,
      ADMIN_EMAIL: undefined,
      ADMIN_PASSWORD: undefined,
      SITE_NAME: "Wanderplate",
      SITE_EMAIL: "hello@wanderplate.example",
      SITE_PHONE: "+1 (555) 010-0199",
      SITE_PHONECALL: "+15550100199",
      SITE_ADDRESS: "Remote Team, Worldwide",
      SITE_ADDRESS_CITY: "",
      SITE_DOMAIN: "",
      TRUST_PROXY: "loopback",
      DATABASE_POOL_SIZE: 10,
      DATABASE_CONNECT_TIMEOUT_MS: 5000,
      DATABASE_STATEMENT_TIMEOUT_MS: 10_000,
      FORM_RATE_LIMIT: 5,
      BODY_TIMEOUT_MS: 30_000,
      RESPONSE_CACHE: true,
      BUILD_DIR: "build",
      NODE_ENV: "production",
      S3_BUCKET: undefined,
      S3_ENDPOINT: undefined,
      S3_REGION: "us-east-1",
      S3_FORCE_PATH_STYLE: false,
      S3_PUBLIC_URL: undefined,
      BACKUP_DIR: undefined,
      BACKUP_KEEP: 7,
      BACKUP_INTERVAL_HOURS: 24,
      LOG_LEVEL: "info",
      LOG_REQUESTS: "all",
      METRICS_TOKEN: undefined,
      SMTP_URL: undefined,
      MAIL_FROM: undefined,
      ACTIVITY_KEEP_DAYS: 365,
      ANALYTICS: true,
      ANALYTICS_RAW_HOURS: 48,
      MAIL_OUTBOX_KEEP_DAYS: 30,
      MAIL_RATE_PER_MINUTE: 600,
      MAIL_BOUNCE_LIMIT: 3,
    });
  });

  it("refuses a body timeout out of its range", () => {
    expect(() => parseConfig({ BODY_TIMEOUT_MS: "500" })).toThrow(
      /BODY_TIMEOUT_MS must be a whole number of milliseconds from 1000 to 600000/,
    );
    expect(parseConfig({ BODY_TIMEOUT_MS: "30000" }).BODY_TIMEOUT_MS).toBe(30_000);
  });

  it("refuses a scheduled-backup setting out of its range", () => {
    expect(() => parseConfig({ BACKUP_KEEP: "0" })).toThrow(
      /BACKUP_KEEP must be a whole number from 1 to 10000/,
    );
    expect(() => parseConfig({ BACKUP_INTERVAL_HOURS: "half" })).toThrow(
      /BACKUP_INTERVAL_HOURS must be a whole number of hours from 1 to 8760/,
    );
  });

  it("refuses a log level it does not know, and a short metrics token without echoing it", () => {
    expect(parseConfig({ LOG_LEVEL: "warn", METRICS_TOKEN: "x".repeat(16) })).toMatchObject({
      LOG_LEVEL: "warn",
      METRICS_TOKEN: "x".repeat(16),
    });
    expect(() => parseConfig({ LOG_LEVEL: "verbose" })).toThrow(
      'LOG_LEVEL must be fatal, error, warn, info, debug, trace or silent (got "verbose")',
    );
    const error = (() => {
      try {
        parseConfig({ METRICS_TOKEN: "short-secret" });
      } catch (e) {
        return e as Error;
      }
    })();
    expect(error?.message).toContain("METRICS_TOKEN must be at least 16 characters");
    expect(error?.message).not.toContain("short-secret");
  });

  it("reads an empty or blank value as unset", () => {
    const config = parseConfig({
      PORT: "",
      HOST: " ",
      DATABASE_POOL_SIZE: "",
      TRUST_PROXY: "",
      PUBLIC_URL: "",
    });
    expect(config).toMatchObject({
      PORT: 3000,
      HOST: "0.0.0.0",
      DATABASE_POOL_SIZE: 10,
      TRUST_PROXY: "loopback",
    });
    expect(config.PUBLIC_URL).toBeUndefined();
  });

  it("returns a frozen object", () => {
    expect(Object.isFrozen(parseConfig({}))).toBe(true);
  });
});

describe("whole-number variables", () => {
  it.each([
    ["PORT", "8080", 8080],
    ["PORT", " 65535 ", 65535],
    ["PORT", "1", 1],
    ["DATABASE_POOL_SIZE", "1", 1],
    ["DATABASE_POOL_SIZE", "1000", 1000],
    ["FORM_RATE_LIMIT", "1", 1],
    ["FORM_RATE_LIMIT", "1000000000", 1_000_000_000],
    ["DATABASE_CONNECT_TIMEOUT_MS", "100", 100],
    ["DATABASE_STATEMENT_TIMEOUT_MS", "600000", 600_000],
  ])("%s=%j is %d", (name, value, expected) => {
    expect(parseConfig({ [name]: value })).toMatchObject({ [name]: expected });
  });

  it.each([
    ["PORT", "abc", 'PORT must be a whole number from 1 to 65535 (got "abc")'],
    ["PORT", "0", 'PORT must be a whole number from 1 to 65535 (got "0")'],
    ["PORT", "65536", 'PORT must be a whole number from 1 to 65535 (got "65536")'],
    ["PORT", "3000.5", 'PORT must be a whole number from 1 to 65535 (got "3000.5")'],
    ["DATABASE_POOL_SIZE", "0", 'DATABASE_POOL_SIZE must be a whole number from 1 to 1000 (got "0")'],
    ["DATABASE_POOL_SIZE", "-3", 'DATABASE_POOL_SIZE must be a whole number from 1 to 1000 (got "-3")'],
    ["FORM_RATE_LIMIT", "0", 'FORM_RATE_LIMIT must be a whole number from 1 to 1000000000 (got "0")'],
    ["FORM_RATE_LIMIT", "five", 'FORM_RATE_LIMIT must be a whole number from 1 to 1000000000 (got "five")'],
  ])("%s=%j is refused", (name, value, message) => {
    expect(problemOf({ [name]: value })).toBe(message);
  });
});

describe("HOST", () => {
  it.each(["127.0.0.1", "::", "::1", "localhost", "blog.example.com"])("accepts %j", (host) => {
    expect(parseConfig({ HOST: host }).HOST).toBe(host);
  });

  it.each(["bad host", "http://localhost", "[::1]", "-x-"])("refuses %j", (host) => {
    expect(problemOf({ HOST: host })).toBe(`HOST must be an IP address or a host name (got "${host}")`);
  });
});

describe("PUBLIC_URL", () => {
  it("keeps the origin only", () => {
    expect(parseConfig({ PUBLIC_URL: "https://www.example.com/blog/" }).PUBLIC_URL).toBe(
      "https://www.example.com",
    );
    expect(parseConfig({ PUBLIC_URL: "http://blog.example.com:8080" }).PUBLIC_URL).toBe(
      "http://blog.example.com:8080",
    );
  });

  it.each(["ftp://x", "not a url", "blog.example.com", "javascript:alert(1)"])("refuses %j", (url) => {
    expect(problemOf({ PUBLIC_URL: url })).toBe(
      `PUBLIC_URL must be an http:// or https:// URL, such as https://blog.example.com (got "${url}")`,
    );
  });
});

describe("DATABASE_URL", () => {
  it.each([
    "file:./data/site.db",
    "file:/var/lib/wanderplate/site.db",
    "data/site.db",
    "postgres://user:pass@127.0.0.1:5432/db",
    "postgresql://localhost/db",
  ])("accepts %j", (url) => {
    expect(parseConfig({ DATABASE_URL: url }).DATABASE_URL).toBe(url);
  });

  it.each([
    "mysql://user:secret@host/db",
    "sqlite://site.db",
    "file:",
    "sqlite:/tmp/site.db",
    "file:sqlite:x.db",
  ])("refuses %j without echoing it (it may hold a password)", (url) => {
    expect(problemOf({ DATABASE_URL: url })).toBe(
      "DATABASE_URL must be file:PATH (SQLite) or a postgres:// URL (PostgreSQL)",
    );
  });
});

describe("true/false variables", () => {
  it.each(["SAMPLE_CONTENT", "RESPONSE_CACHE"])("%s reads true and false", (name) => {
    expect(parseConfig({ [name]: "false" })).toMatchObject({ [name]: false });
    expect(parseConfig({ [name]: "true" })).toMatchObject({ [name]: true });
  });

  it.each(["no", "0", "False", "off"])("refuses %j rather than guess", (value) => {
    expect(problemOf({ SAMPLE_CONTENT: value })).toBe(
      `SAMPLE_CONTENT must be true or false (got "${value}")`,
    );
    expect(problemOf({ RESPONSE_CACHE: value })).toBe(
      `RESPONSE_CACHE must be true or false (got "${value}")`,
    );
  });
});

describe("object storage (S3_*)", () => {
  const bucket = { S3_BUCKET: "wanderplate-uploads" };

  it("reads a bucket with its endpoint, region, path style and public URL (no trailing slash)", () => {
    expect(
      parseConfig({
        ...bucket,
        S3_ENDPOINT: "http://127.0.0.1:9000",
        S3_REGION: "auto",
        S3_FORCE_PATH_STYLE: "true",
        S3_PUBLIC_URL: "https://images.example.com/site/",
      }),
    ).toMatchObject({
      S3_BUCKET: "wanderplate-uploads",
      S3_ENDPOINT: "http://127.0.0.1:9000",
      S3_REGION: "auto",
      S3_FORCE_PATH_STYLE: true,
      S3_PUBLIC_URL: "https://images.example.com/site",
    });
  });

  it("refuses what is not a bucket name or an http(s) URL", () => {
    expect(problemOf({ S3_BUCKET: "a/b" })).toBe(
      'S3_BUCKET must be a bucket name, such as wanderplate-uploads (got "a/b")',
    );
    expect(problemOf({ ...bucket, S3_ENDPOINT: "s3.example.com" })).toMatch(/^S3_ENDPOINT must be an http/);
    expect(problemOf({ ...bucket, S3_PUBLIC_URL: "ftp://x.example.com" })).toMatch(
      /^S3_PUBLIC_URL must be an http/,
    );
    expect(problemOf({ ...bucket, S3_FORCE_PATH_STYLE: "yes" })).toBe(
      'S3_FORCE_PATH_STYLE must be true or false (got "yes")',
    );
  });

  it("refuses object storage settings without a bucket: uploads would silently stay on disk", () => {
    expect(problemOf({ S3_ENDPOINT: "http://127.0.0.1:9000", S3_PUBLIC_URL: "https://i.example.com" })).toBe(
      "S3_BUCKET must be set with S3_ENDPOINT, S3_PUBLIC_URL (or unset those to keep uploads on disk)",
    );
    expect(problemOf({ S3_ENDPOINT: "" })).toBeNull();
  });
});

describe("ADMIN_EMAIL and ADMIN_PASSWORD", () => {
  it("are read together; the password as given", () => {
    expect(
      parseConfig({ ADMIN_EMAIL: " admin@example.com ", ADMIN_PASSWORD: " pass phrase " }),
    ).toMatchObject({
      ADMIN_EMAIL: "admin@example.com",
      ADMIN_PASSWORD: " pass phrase ",
    });
  });

  it("refuses an address that is not one", () => {
    expect(problemOf({ ADMIN_EMAIL: "admin", ADMIN_PASSWORD: "x" })).toBe(
      'ADMIN_EMAIL must be an email address (got "admin")',
    );
  });

  it("refuses one without the other, and never echoes the password", () => {
    expect(problemOf({ ADMIN_EMAIL: "admin@example.com" })).toBe(
      "ADMIN_PASSWORD must be set with ADMIN_EMAIL (set both to create an admin at start, or neither)",
    );
    const problem = problemOf({ ADMIN_PASSWORD: "hunter2-hunter2" });
    expect(problem).toMatch(/^ADMIN_EMAIL must be set with ADMIN_PASSWORD/);
    expect(problem).not.toContain("hunter2");
  });
});

describe("SITE_*", () => {
  it("trims values and keeps an empty one empty", () => {
    expect(
      parseConfig({ SITE_NAME: "  Trail Notes ", SITE_PHONE: "", SITE_DOMAIN: "blog.example.com" }),
    ).toMatchObject({ SITE_NAME: "Trail Notes", SITE_PHONE: "", SITE_DOMAIN: "blog.example.com" });
  });
});

describe("TRUST_PROXY", () => {
  it.each([
    ["loopback", "loopback"],
    ["true", true],
    ["false", false],
    ["2", 2],
    ["10.0.0.1", "10.0.0.1"],
    ["loopback, 10.0.0.0/8, fd00::/8", "loopback, 10.0.0.0/8, fd00::/8"],
    ["192.168.0.0/255.255.0.0", "192.168.0.0/255.255.0.0"],
    ["linklocal,uniquelocal", "linklocal,uniquelocal"],
  ])("reads %j as Express expects it", (value, expected) => {
    expect(parseConfig({ TRUST_PROXY: value }).TRUST_PROXY).toEqual(expected);
  });

  it.each(["yes", "1.2.3", "10.0.0.0/33", "loopback,,", "proxy.example.com"])("refuses %j", (value) => {
    expect(problemOf({ TRUST_PROXY: value })).toMatch(
      new RegExp(
        `^TRUST_PROXY must be true, false, a number of proxies, .* \\(got "${value.replace(".", "\\.")}"\\)$`,
      ),
    );
  });
});

describe("BUILD_DIR, UPLOADS_DIR and NODE_ENV", () => {
  it("read paths as given", () => {
    expect(parseConfig({ BUILD_DIR: "build-e2e", UPLOADS_DIR: "/srv/uploads" })).toMatchObject({
      BUILD_DIR: "build-e2e",
      UPLOADS_DIR: "/srv/uploads",
    });
  });

  it.each(["production", "development", "test"])("NODE_ENV accepts %j", (value) => {
    expect(parseConfig({ NODE_ENV: value }).NODE_ENV).toBe(value);
  });

  it("NODE_ENV refuses other modes", () => {
    expect(problemOf({ NODE_ENV: "staging" })).toBe(
      'NODE_ENV must be production, development or test (got "staging")',
    );
  });
});

describe("errors", () => {
  it("name every bad variable at once, in one error", () => {
    expect(problemOf({ PORT: "abc", DATABASE_POOL_SIZE: "0", PUBLIC_URL: "ftp://x" })?.split("\n")).toEqual([
      'PORT must be a whole number from 1 to 65535 (got "abc")',
      'PUBLIC_URL must be an http:// or https:// URL, such as https://blog.example.com (got "ftp://x")',
      'DATABASE_POOL_SIZE must be a whole number from 1 to 1000 (got "0")',
    ]);
  });

  it("shorten a very long value", () => {
    expect(problemOf({ PORT: "9".repeat(500) })).toBe(
      `PORT must be a whole number from 1 to 65535 (got "${"9".repeat(100)}…")`,
    );
  });
});

describe("getConfig", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it("parses once, and again only when a variable changed", () => {
    vi.stubEnv("FORM_RATE_LIMIT", "7");
    const first = getConfig();
    expect(first.FORM_RATE_LIMIT).toBe(7);
    expect(getConfig()).toBe(first);
    vi.stubEnv("FORM_RATE_LIMIT", "9");
    expect(getConfig().FORM_RATE_LIMIT).toBe(9);
  });

  it("throws for a bad environment", () => {
    vi.stubEnv("PORT", "abc");
    expect(() => getConfig()).toThrow(ConfigError);
  });
});

describe("README", () => {
  it("shows the table these declarations render (npm run docs:config rewrites it)", () => {
    const readme = readFileSync("README.md", "utf8");
    expect(withConfigTable(readme)).toBe(readme);
  });

  it("still documents every variable it documented before the table was generated", () => {
    const readme = readFileSync("README.md", "utf8");
    for (const name of [
      "PORT",
      "HOST",
      "PUBLIC_URL",
      "DATABASE_URL",
      "UPLOADS_DIR",
      "SAMPLE_CONTENT",
      "ADMIN_EMAIL",
      "ADMIN_PASSWORD",
      "SITE_NAME",
      "SITE_EMAIL",
      "SITE_PHONE",
      "SITE_PHONECALL",
      "SITE_ADDRESS",
      "SITE_ADDRESS_CITY",
      "SITE_DOMAIN",
      "TRUST_PROXY",
      "DATABASE_POOL_SIZE",
      "DATABASE_CONNECT_TIMEOUT_MS",
      "DATABASE_STATEMENT_TIMEOUT_MS",
      "FORM_RATE_LIMIT",
      "RESPONSE_CACHE",
      "S3_BUCKET",
      "S3_PUBLIC_URL",
    ]) {
      expect(readme, name).toContain(`| \`${name}\``);
    }
  });
});

describe("mail settings", () => {
  const mail = {
    SMTP_URL: "smtp://mailer:s3cret-pass@mail.example.com:587",
    MAIL_FROM: "Wanderplate <hello@example.com>",
    PUBLIC_URL: "https://blog.example.com",
  };

  it("accepts smtp:// and smtps:// with a sender and the public URL", () => {
    expect(parseConfig(mail)).toMatchObject(mail);
    expect(
      problemOf({ ...mail, SMTP_URL: "smtps://mail.example.com", MAIL_FROM: "a@example.com" }),
    ).toBeNull();
  });

  it("needs MAIL_FROM and PUBLIC_URL with SMTP_URL, and says so", () => {
    expect(problemOf({ SMTP_URL: mail.SMTP_URL })).toBe(
      "MAIL_FROM must be set with SMTP_URL (mail needs it)\nPUBLIC_URL must be set with SMTP_URL (mail needs it)",
    );
  });

  it("refuses another scheme or a bad sender without echoing the password", () => {
    const problem = problemOf({ ...mail, SMTP_URL: "http://mailer:s3cret-pass@mail.example.com" });
    expect(problem).toMatch(/^SMTP_URL must be an smtp:\/\/ URL/);
    expect(problem).not.toContain("s3cret-pass");
    expect(problemOf({ ...mail, MAIL_FROM: "Wanderplate <not an address>" })).toMatch(/^MAIL_FROM must be/);
  });

  it("reads MAIL_OUTBOX_KEEP_DAYS as whole days from 1 to 3650", () => {
    expect(parseConfig({ MAIL_OUTBOX_KEEP_DAYS: "90" }).MAIL_OUTBOX_KEEP_DAYS).toBe(90);
    for (const bad of ["0", "3651", "30d", "-1"]) {
      expect(problemOf({ MAIL_OUTBOX_KEEP_DAYS: bad })).toBe(
        `MAIL_OUTBOX_KEEP_DAYS must be a whole number of days from 1 to 3650 (got "${bad}")`,
      );
    }
  });
});

describe("CDN purge settings", () => {
  const purge = { CDN_PURGE_URL: "https://api.cloudflare.com/client/v4/zones/abc/purge_cache" };

  it("takes a purge URL with the public origin, and a header line kept secret", () => {
    const config = parseConfig({
      ...purge,
      PUBLIC_URL: "https://blog.example.com",
      CDN_PURGE_HEADER: "Authorization: Bearer s3cret-token",
    });
    expect(config.CDN_PURGE_URL).toBe(purge.CDN_PURGE_URL);
    expect(config.CDN_PURGE_HEADER).toBe("Authorization: Bearer s3cret-token");
    expect(parseConfig({}).CDN_PURGE_URL).toBeUndefined();
  });

  it("needs PUBLIC_URL with CDN_PURGE_URL, and says so", () => {
    expect(problemOf(purge)).toBe(
      "PUBLIC_URL must be set with CDN_PURGE_URL (a purge names pages by their URL)",
    );
  });

  it("refuses a header that is not one line `Name: value`, without echoing it", () => {
    const problem = problemOf({
      ...purge,
      PUBLIC_URL: "https://blog.example.com",
      CDN_PURGE_HEADER: "Bearer s3cret-token",
    });
    expect(problem).toBe("CDN_PURGE_HEADER must be one header line, `Name: value`");
    expect(
      problemOf({ CDN_PURGE_URL: "ftp://cdn.example.com/purge", PUBLIC_URL: "https://a.example" }),
    ).toMatch(/^CDN_PURGE_URL must be an http:\/\/ or https:\/\/ URL/);
  });
});
