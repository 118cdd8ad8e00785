import { describe, expect, it } from "vitest";
import { parseConfig } from "#app/server/config.server.ts";
import { databaseTimeouts } from "./timeouts.server.ts";

describe("database timeouts", () => {
  it("default to 5 s to connect and 10 s per statement", () => {
    expect(databaseTimeouts(parseConfig({}))).toEqual({ connectMs: 5000, statementMs: 10_000 });
  });

  it("read the environment", () => {
    expect(
      databaseTimeouts(
        parseConfig({ DATABASE_CONNECT_TIMEOUT_MS: "1500", DATABASE_STATEMENT_TIMEOUT_MS: " 30000 " }),
      ),
    ).toEqual({ connectMs: 1500, statementMs: 30_000 });
  });

  it.each(["abc", "-5", "1.5", "0", "50", "1e4", "9999999"])("refuse %j, naming the variable", (value) => {
    expect(() => parseConfig({ DATABASE_STATEMENT_TIMEOUT_MS: value })).toThrow(
      /^DATABASE_STATEMENT_TIMEOUT_MS must be a whole number of milliseconds from 100 to 600000/,
    );
    expect(() => parseConfig({ DATABASE_CONNECT_TIMEOUT_MS: value })).toThrow(
      /^DATABASE_CONNECT_TIMEOUT_MS must be/,
    );
  });
});
