/**
 * Every cookie the app sets (app/server/http/cookies.server.ts), as the built server sends them, on
 * both engines: each with its declared flags, `Secure` behind HTTPS (a trusted proxy's
 * X-Forwarded-Proto; the test client is on this machine, trusted by default) and not on plain
 * HTTP. And the move off the first names (`wp_session`, `wp_device`, borrowed from WordPress): a
 * browser that still carries only the former name stays signed in (and known), and its answer
 * moves it to the new name.
 */
import { parseSetCookie } from "cookie-es";
import { generate, generateSecret } from "otplib";
import { describe, expect, it } from "vitest";
import { upsertAccount } from "#app/server/auth/accounts.server.ts";
import { type DatabaseHandle, openDatabase } from "#app/server/db/db.server.ts";
import {
  APP_COOKIES,
  type Cookie,
  deviceCookie,
  sessionCookie,
  toastCookie,
  twoStepCookie,
} from "#app/server/http/cookies.server.ts";
import { ENGINES, emptyDatabaseUrl } from "#tests/support/engines.ts";
import { startedForTests, temporaryDir } from "#tests/support/hooks.ts";
import { ensureBuilt, startServer } from "#tests/support/server-process.ts";

const PASSWORD = "cookies are declared once";
const ADMIN = { email: "cookies@wanderplate.test", password: PASSWORD };

describe("the cookies the app declares", () => {
  it("are these four, with these names and flags", () => {
    expect(
      APP_COOKIES.map(({ name, formerName, path, maxAge, httpOnly, sameSite }) => ({
        name,
        formerName,
        path,
        maxAge,
        httpOnly,
        sameSite,
      })),
    ).toEqual([
      {
        name: "wanderplate_session",
        formerName: "wp_session",
        path: "/",
        maxAge: 7 * 24 * 3600,
        httpOnly: true,
        sameSite: "lax",
      },
      {
        name: "wanderplate_device",
        formerName: "wp_device",
        path: "/admin",
        maxAge: 180 * 24 * 3600,
        httpOnly: true,
        sameSite: "lax",
      },
      {
        name: "wanderplate_two_step",
        formerName: undefined,
        path: "/admin",
        maxAge: 5 * 60,
        httpOnly: true,
        sameSite: "lax",
      },
      {
        name: "wanderplate_toast",
        formerName: undefined,
        path: "/",
        maxAge: 60,
        httpOnly: true,
        sameSite: "lax",
      },
    ]);
  });
});

type Scheme = "http" | "https";

/** The `name=value` a Set-Cookie header gives the browser. */
const pair = (setCookie: string | undefined) => (setCookie ?? "").split(";")[0] ?? "";
const cookieValue = (setCookie: string | undefined) =>
  decodeURIComponent(pair(setCookie).replace(/^[^=]*=/, ""));
const setCookieOf = (answer: Response, cookie: Cookie) =>
  answer.headers.getSetCookie().find((header) => header.startsWith(`${cookie.name}=`));

for (const engine of ENGINES) {
  describe(`the built server's cookies [${engine}]`, () => {
    const dir = temporaryDir(`wanderplate-cookies-${engine}-`);
    const site = startedForTests(async () => {
      ensureBuilt();
      const database = await emptyDatabaseUrl(engine);
      let handle: DatabaseHandle | undefined;
      try {
        const server = await startServer({
          DATABASE_URL: database.url,
          UPLOADS_DIR: `${dir.path}/uploads`,
          SAMPLE_CONTENT: "false",
          PUBLIC_URL: "",
          ADMIN_EMAIL: ADMIN.email,
          ADMIN_PASSWORD: ADMIN.password,
        });
        handle = await openDatabase(database.url);
        const opened = handle;
        return {
          url: server.url,
          db: () => opened.db,
          stop: async () => {
            await server.stop();
            await opened.destroy();
            await database.cleanup();
          },
        };
      } catch (error) {
        await handle?.destroy();
        await database.cleanup();
        throw error;
      }
    });

    const send = (
      scheme: Scheme,
      path: string,
      { cookie, form }: { cookie?: string; form?: Record<string, string> } = {},
    ) =>
      fetch(`${site.url}${path}`, {
        method: form ? "POST" : "GET",
        body: form ? new URLSearchParams(form) : undefined,
        headers: {
          ...(scheme === "https" && { "x-forwarded-proto": "https" }),
          ...(cookie !== undefined && { cookie }),
        },
        redirect: "manual",
      });

    /** A fresh admin with two-step sign-in on; its authenticator's secret. */
    async function twoStepAdmin(email: string): Promise<string> {
      const account = await upsertAccount(site.db(), email, PASSWORD);
      const secret = generateSecret();
      await site
        .db()
        .updateTable("accounts")
        .set({ totp_secret: secret })
        .where("id", "=", account.id)
        .execute();
      return secret;
    }

    /**
     * Every Set-Cookie of the screens that write cookies: a sign-in (session, device, toast), the
     * next page (the toast cleared), a sign-out (session cleared, toast), a two-step sign-in's
     * password (challenge) and code (session, device, toast; the challenge cleared).
     */
    async function everySetCookie(scheme: Scheme): Promise<string[]> {
      const seen: string[] = [];
      const answer = async (pending: Promise<Response>) => {
        const response = await pending;
        seen.push(...response.headers.getSetCookie());
        return response;
      };
      const signedIn = await answer(send(scheme, "/admin/login", { form: ADMIN }));
      expect(signedIn.headers.get("location")).toBe("/admin/dashboard");
      const session = pair(setCookieOf(signedIn, sessionCookie));
      const toast = pair(setCookieOf(signedIn, toastCookie));
      expect(
        (await answer(send(scheme, "/admin/dashboard", { cookie: `${session}; ${toast}` }))).status,
      ).toBe(200);
      await answer(send(scheme, "/admin/logout", { cookie: session, form: {} }));

      const email = `two-step-${scheme}@wanderplate.test`;
      const secret = await twoStepAdmin(email);
      const challenged = await answer(send(scheme, "/admin/login", { form: { email, password: PASSWORD } }));
      expect(challenged.headers.get("location")).toBe("/admin/login/code");
      const code = await generate({ secret });
      const done = await answer(
        send(scheme, "/admin/login/code", {
          cookie: pair(setCookieOf(challenged, twoStepCookie)),
          form: { code },
        }),
      );
      expect(done.headers.get("location")).toBe("/admin/dashboard");
      return seen;
    }

    it.each<Scheme>(["http", "https"])(
      "sends every declared cookie with its declared flags over %s, Secure only behind HTTPS",
      async (scheme) => {
        const seen = await everySetCookie(scheme);
        const set = new Set<string>();
        const cleared = new Set<string>();
        for (const header of seen) {
          const parsed = parseSetCookie(header);
          const cookie = APP_COOKIES.find((declared) => declared.name === parsed?.name);
          if (!parsed || !cookie) throw new Error(`a cookie the app does not declare: ${header}`);
          (parsed.maxAge === 0 ? cleared : set).add(cookie.name);
          expect(
            {
              path: parsed.path,
              maxAge: parsed.maxAge,
              httpOnly: parsed.httpOnly,
              sameSite: parsed.sameSite,
              secure: parsed.secure ?? false,
            },
            header,
          ).toEqual({
            path: cookie.path,
            maxAge: parsed.value === "" ? 0 : cookie.maxAge,
            httpOnly: cookie.httpOnly,
            sameSite: cookie.sameSite,
            secure: scheme === "https",
          });
        }
        expect([...set].sort()).toEqual(APP_COOKIES.map((cookie) => cookie.name).sort());
        expect([...cleared].sort()).toEqual(
          [sessionCookie.name, toastCookie.name, twoStepCookie.name].sort(),
        );
      },
    );

    it.each<Scheme>(["http", "https"])(
      "signs in a browser that carries only the former session cookie, and moves it to the new name (%s)",
      async (scheme) => {
        const former = sessionCookie.formerName ?? "";
        const signedIn = await send(scheme, "/admin/login", { form: ADMIN });
        const token = cookieValue(setCookieOf(signedIn, sessionCookie));
        expect(token).toMatch(/^[\w-]{43}$/);
        const secure = scheme === "https" ? "; Secure" : "";

        const moved = await send(scheme, "/admin/dashboard", { cookie: `${former}=${token}` });
        expect(moved.status).toBe(200);
        expect(moved.headers.getSetCookie()).toEqual([
          `${sessionCookie.name}=${token}; Max-Age=${sessionCookie.maxAge}; Path=/; HttpOnly${secure}; SameSite=Lax`,
          `${former}=; Max-Age=0; Path=/; HttpOnly${secure}; SameSite=Lax`,
        ]);
        // Its data requests too (a client navigation).
        const data = await send(scheme, "/admin/dashboard.data", { cookie: `${former}=${token}` });
        expect(data.status).toBe(200);
        expect(data.headers.getSetCookie().map(pair)).toEqual([
          `${sessionCookie.name}=${token}`,
          `${former}=`,
        ]);

        // Moved: the new name alone is the session, and nothing more is set.
        const after = await send(scheme, "/admin/dashboard", { cookie: `${sessionCookie.name}=${token}` });
        expect(after.status).toBe(200);
        expect(after.headers.getSetCookie()).toEqual([]);
      },
    );

    it("signs out a browser that carries only the former session cookie: the session ends, both names are cleared", async () => {
      const former = sessionCookie.formerName ?? "";
      const token = cookieValue(
        setCookieOf(await send("http", "/admin/login", { form: ADMIN }), sessionCookie),
      );
      const out = await send("http", "/admin/logout", { cookie: `${former}=${token}`, form: {} });
      expect(out.status).toBe(302);
      const cookies = out.headers.getSetCookie().map(pair);
      expect(cookies).toContain(`${sessionCookie.name}=`);
      expect(cookies).toContain(`${former}=`);
      expect(cookies).not.toContain(`${sessionCookie.name}=${token}`);
      const refused = await send("http", "/admin/dashboard", { cookie: `${sessionCookie.name}=${token}` });
      expect(refused.headers.get("location")).toBe("/admin/login");
    });

    it("keeps a browser known under the former device cookie, and moves it to the new name", async () => {
      const former = deviceCookie.formerName ?? "";
      const email = `known-${engine}@wanderplate.test`;
      await upsertAccount(site.db(), email, PASSWORD);
      const signedIn = await send("http", "/admin/login", { form: { email, password: PASSWORD } });
      const device = cookieValue(setCookieOf(signedIn, deviceCookie));
      const deviceId = device.split(".")[0];

      const page = await send("http", "/admin/login", { cookie: `${former}=${device}` });
      expect(page.status).toBe(200);
      expect(page.headers.getSetCookie()).toEqual([
        `${deviceCookie.name}=${device}; Max-Age=${deviceCookie.maxAge}; Path=/admin; HttpOnly; SameSite=Lax`,
        `${former}=; Max-Age=0; Path=/admin; HttpOnly; SameSite=Lax`,
      ]);

      // Known: a wrong password is counted against that browser alone, not its address or the account.
      const wrong = await send("http", "/admin/login", {
        cookie: `${former}=${device}`,
        form: { email, password: "not the password" },
      });
      expect(wrong.status).toBe(401);
      const keys = await site
        .db()
        .selectFrom("login_throttle")
        .select("key")
        .where("key", "like", "device:%")
        .execute();
      expect(keys.map((row) => row.key)).toContain(`device:${deviceId}`);
    });

    it("never answers a request carrying the session cookie, under either name, from the shared cache", async () => {
      await send("http", "/");
      expect((await send("http", "/")).headers.get("x-cache")).toBe("HIT");
      for (const name of sessionCookie.names) {
        const answer = await send("http", "/", { cookie: `${name}=not-a-session` });
        expect(answer.status, name).toBe(200);
        expect(answer.headers.get("x-cache"), name).toBeNull();
      }
    });
  });
}
