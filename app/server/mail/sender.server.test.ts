import { describe, expect, it } from "vitest";
import { failureOf } from "./sender.server.ts";

const smtpError = (responseCode: number, command: string) =>
  Object.assign(new Error(`${responseCode} refused`), { responseCode, command });

describe("what a failed send means", () => {
  it("gives up for good only when the mail server refuses the recipient (5xx to RCPT TO)", () => {
    expect(failureOf(smtpError(550, "RCPT TO"))).toEqual({ error: "550 refused", permanent: true });
    expect(failureOf(smtpError(599, "RCPT TO")).permanent).toBe(true);
  });

  it("tries again after a temporary refusal, or a refusal that is the site's problem, not the reader's", () => {
    expect(failureOf(smtpError(450, "RCPT TO")).permanent).toBe(false);
    expect(failureOf(smtpError(600, "RCPT TO")).permanent).toBe(false);
    // A refused sender or login would otherwise mark every reader bounced.
    expect(failureOf(smtpError(553, "MAIL FROM")).permanent).toBe(false);
    expect(failureOf(smtpError(535, "AUTH PLAIN")).permanent).toBe(false);
    expect(failureOf(new Error("connect ECONNREFUSED")).permanent).toBe(false);
    expect(failureOf(undefined).permanent).toBe(false);
  });

  it("never records a mail server's password", () => {
    expect(failureOf(new Error("cannot reach smtp://user:secret@mail.example:587")).error).toBe(
      "cannot reach smtp://***@mail.example:587",
    );
  });
});
