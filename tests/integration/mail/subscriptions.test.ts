/**
 * The sign-up's subscription rules below HTTP: with mail off a sign-up is subscribed at once and
 * nothing is queued (as before mail existed); with mail on it is pending until the confirm link,
 * which expires; unsubscribing works once or twice alike; the export lists subscribed readers only.
 */
import { beforeEach, expect, it, vi } from "vitest";
import { nowSeconds } from "#app/server/db/db.server.ts";
import {
  CONFIRM_LINK_DAYS,
  confirmSubscription,
  signUp,
  unsubscribe,
} from "#app/server/mail/subscriptions.server.ts";
import { listSubscribers } from "#app/server/models/users.server.ts";
import { describeEachEngine } from "#tests/support/engines.ts";

beforeEach(() => {
  vi.stubEnv("SMTP_URL", "smtp://127.0.0.1:2525");
  vi.stubEnv("MAIL_FROM", "Wanderplate <hello@wanderplate.test>");
  vi.stubEnv("PUBLIC_URL", "https://blog.example.test");
  return () => {
    vi.unstubAllEnvs();
  };
});

const reader = (email: string) => ({ fullName: "Ana Silva", email, phone: "" });

describeEachEngine("subscriptions", (db, engine) => {
  const state = (email: string) =>
    db().selectFrom("users").select(["subscription"]).where("email", "=", email).executeTakeFirstOrThrow();
  const queuedTo = (email: string) =>
    db()
      .selectFrom("mail_outbox")
      .select(["subject", "headers", "text_body"])
      .where("to_address", "=", email)
      .execute();

  it("with mail off, a sign-up is subscribed at once and nothing is queued", async () => {
    vi.stubEnv("SMTP_URL", "");
    const email = `off-${engine}@example.test`;
    expect(await signUp(db(), reader(email))).toEqual({ confirm: false });
    expect(await state(email)).toEqual({ subscription: "subscribed" });
    expect(await queuedTo(email)).toEqual([]);
    expect((await listSubscribers(db())).map((r) => r.email)).toContain(email);
  });

  it("with mail on, a sign-up is pending until confirmed, with a confirm mail queued in the same write", async () => {
    const email = `on-${engine}@example.test`;
    expect(await signUp(db(), reader(email))).toEqual({ confirm: true });
    expect(await state(email)).toEqual({ subscription: "pending" });
    const [mail] = await queuedTo(email);
    expect(mail?.subject).toBe("Wanderplate: please confirm your sign-up");
    const headers = JSON.parse(mail?.headers ?? "{}") as Record<string, string>;
    expect(headers["List-Unsubscribe"]).toMatch(
      /^<https:\/\/blog\.example\.test\/unsubscribe\?token=[\w-]{43}>$/,
    );
    expect((await listSubscribers(db())).map((r) => r.email)).not.toContain(email);

    const token = /signup\/confirm\?token=([\w-]+)/.exec(mail?.text_body ?? "")?.[1] ?? "";
    expect(await confirmSubscription(db(), token)).toBe(true);
    expect(await state(email)).toEqual({ subscription: "subscribed" });
    expect(await confirmSubscription(db(), token)).toBe(false);
    expect((await listSubscribers(db())).map((r) => r.email)).toContain(email);

    const unsubscribeToken = /unsubscribe\?token=([\w-]+)/.exec(headers["List-Unsubscribe"] ?? "")?.[1] ?? "";
    expect(await unsubscribe(db(), unsubscribeToken)).toBe(true);
    expect(await unsubscribe(db(), unsubscribeToken)).toBe(true);
    expect(await state(email)).toEqual({ subscription: "unsubscribed" });
    expect(await unsubscribe(db(), "not-a-token")).toBe(false);
    expect((await listSubscribers(db())).map((r) => r.email)).not.toContain(email);
  });

  it("a confirm link expires after its days", async () => {
    const email = `late-${engine}@example.test`;
    await signUp(db(), reader(email));
    const [mail] = await queuedTo(email);
    const token = /signup\/confirm\?token=([\w-]+)/.exec(mail?.text_body ?? "")?.[1] ?? "";
    expect(await confirmSubscription(db(), token, nowSeconds() + CONFIRM_LINK_DAYS * 86_400 + 5)).toBe(false);
    expect(await state(email)).toEqual({ subscription: "pending" });
  });
});
