import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { temporaryDir } from "#tests/support/hooks.ts";
import { type ImportEvent, ImportFileError } from "../items.server.ts";
import { isValidEmail, looksLikeGhostMembersCsv, readGhostMembersCsv } from "./members-csv.server.ts";

const FIXTURES = join(import.meta.dirname, "../../../../../tests/fixtures/import/ghost");

async function collect(file: string): Promise<ImportEvent[]> {
  const events: ImportEvent[] = [];
  for await (const event of readGhostMembersCsv(file)) events.push(event);
  return events;
}

const dir = temporaryDir("ghost-members-");

/** A member the reader yields as a subscriber, created at the UTC time `created` (ISO). */
const subscriber = (sourceId: string, email: string, name: string, subscribed: boolean, created: string) => ({
  type: "subscriber",
  sourceId,
  email,
  name,
  subscribed,
  createdAt: Date.parse(created) / 1000,
});

/** A member the reader skips, and why. */
const skippedMember = (sourceId: string, title: string, reason: string) => ({
  type: "skipped",
  kind: "member",
  sourceId,
  title,
  reason,
});

async function refusal(name: string, content: string): Promise<ImportFileError> {
  const file = join(dir.path, name);
  await writeFile(file, content);
  const error = await collect(file).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ImportFileError);
  return error as ImportFileError;
}

describe("readGhostMembersCsv", () => {
  it("maps Ghost 5's export: opted-in only when the file says so, bad and deleted rows skipped", async () => {
    const events = await collect(join(FIXTURES, "members.csv"));
    expect(events).toEqual([
      subscriber("6650b0000000000000000001", "ana@example.com", "Ana Lima", true, "2023-05-01T10:00Z"),
      subscriber("6650b0000000000000000002", "ben@example.com", "Ben Ode", false, "2023-06-01T10:00Z"),
      skippedMember("6650b0000000000000000003", "Broken Row", "it has no valid email address"),
      skippedMember("6650b0000000000000000004", "Gone Away", "it was deleted on Ghost"),
      expect.objectContaining({
        sourceId: "6650b0000000000000000005",
        email: "cleo@example.com",
        name: "",
        subscribed: true,
      }),
    ]);
  });

  it("reads older exports' `subscribed` column and MySQL-style dates", async () => {
    const events = await collect(join(FIXTURES, "members-old.csv"));
    expect(events).toEqual([
      subscriber("1", "old@example.com", "Old Reader", true, "2019-02-01T08:00Z"),
      subscriber("2", "quiet@example.com", "Quiet Reader", false, "2019-02-02T08:00Z"),
    ]);
  });

  it("a row with columns missing is read as far as it goes", async () => {
    const file = join(dir.path, "short.csv");
    await writeFile(file, "email,subscribed_to_emails,id\nshort@example.com\n");
    expect(await collect(file)).toEqual([
      expect.objectContaining({ sourceId: "short@example.com", subscribed: false }),
    ]);
  });

  it("refuses a file without Ghost's header", async () => {
    for (const header of ["email,name\nx@example.com,X\n", "name,subscribed_to_emails,id\n", '{"db": []}']) {
      const error = await refusal("not-members.csv", header);
      expect(error.message).toMatch(/not-members\.csv is not a Ghost members export: its first line/);
      expect(error.line).toBe(1);
    }
  });

  it("refuses an empty file", async () => {
    expect((await refusal("empty.csv", "")).message).toMatch(/empty\.csv is empty/);
  });

  it("refuses a file cut short inside a quoted value, with the line", async () => {
    const error = await refusal(
      "cut.csv",
      'id,email,subscribed_to_emails,note\n1,a@example.com,true,"unfinished\nnote',
    );
    expect(error.message).toMatch(
      /cut\.csv is not a valid Ghost members export at line \d+: a quoted value is never closed/,
    );
  });
});

describe("looksLikeGhostMembersCsv and isValidEmail", () => {
  it("knows Ghost's header, old and new, quoted or not, with a BOM", () => {
    expect(
      looksLikeGhostMembersCsv(
        "\uFEFFid,email,name,note,subscribed_to_emails,complimentary_plan\r\n1,a@b.co",
      ),
    ).toBe(true);
    expect(looksLikeGhostMembersCsv('"id","email","subscribed","labels"\n')).toBe(true);
    expect(looksLikeGhostMembersCsv("email,name,phone\n")).toBe(false);
    expect(looksLikeGhostMembersCsv('{"db":[{"meta":{}}]}')).toBe(false);
  });

  it("accepts plausible addresses only", () => {
    expect(["a@b.co", "first.last+tag@sub.example.org"].map(isValidEmail)).toEqual([true, true]);
    expect(["", "a@b", "a b@c.de", "@c.de", "a@@c.de", `${"a".repeat(250)}@c.de`].map(isValidEmail)).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
  });
});
