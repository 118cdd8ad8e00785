/**
 * The Earning form of /admin/settings (posted to /admin/settings/earning) and what it serves, on
 * both engines: /ads.txt answers 404 until the owner saves one, then the saved text as text/plain;
 * a line broken in pasting, or too much text, is refused with a 400 naming it and nothing is
 * written; an account without role `all` cannot save; every save is in the activity log.
 */
import { beforeAll, expect, it } from "vitest";
import { answerOf, describeRoutesEachEngine, formOf } from "#tests/support/route-harness.ts";

type Data = { type?: string; data?: Record<string, unknown>; init?: { status?: number } };
function answer(value: unknown): { status: number; body: Record<string, unknown> } {
  if (value instanceof Response) return { status: value.status, body: {} };
  const v = value as Data;
  if (v?.type === "DataWithResponseInit") return { status: v.init?.status ?? 200, body: v.data ?? {} };
  return { status: 200, body: value as Record<string, unknown> };
}

const ADS_TXT = "# Old Kitchen\r\ngoogle.com, pub-1234567890123456, DIRECT, f08c47fec0942fa0  \r\n\r\n";

describeRoutesEachEngine("the earning settings and /ads.txt", (h) => {
  let earning: typeof import("#app/routes/admin/settings/earning.tsx");
  let settings: typeof import("#app/routes/admin/settings.tsx");
  let adsTxt: typeof import("#app/routes/ads.txt.ts");
  beforeAll(async () => {
    earning = await import("#app/routes/admin/settings/earning.tsx");
    settings = await import("#app/routes/admin/settings.tsx");
    adsTxt = await import("#app/routes/ads.txt.ts");
  });

  const served = () => answerOf(h.loader(adsTxt as never, "/ads.txt", { cookie: "" }));
  const save = (fields: Record<string, string>, as?: string) =>
    answerOf(h.action(earning, "/admin/settings/earning", formOf({ intent: "earning", ...fields }), as));
  const stored = () => h.db().selectFrom("settings").select("value").where("key", "=", "earning").execute();

  it("answers 404 at /ads.txt while none is saved", async () => {
    const thrown = (await answerOf(
      h.loader(adsTxt as never, "/ads.txt", { cookie: "" }).catch((e: unknown) => e),
    )) as Data;
    expect(thrown.type).toBe("DataWithResponseInit");
    expect(thrown.init?.status).toBe(404);
  });

  it("saves ads.txt and the disclosure; /ads.txt serves the text, tidied, as text/plain", async () => {
    const saved = answer(await save({ adsTxt: ADS_TXT, disclosure: "  This post has affiliate links.  " }));
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ ok: true, toast: { type: "success", message: "Settings saved" } });
    const response = (await served()) as Response;
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
    expect(await response.text()).toBe(
      "# Old Kitchen\ngoogle.com, pub-1234567890123456, DIRECT, f08c47fec0942fa0\n",
    );
    const screen = (await h.loader(settings, "/admin/settings")) as { earning: unknown };
    expect(screen.earning).toEqual({
      adsTxt: "# Old Kitchen\ngoogle.com, pub-1234567890123456, DIRECT, f08c47fec0942fa0\n",
      disclosure: "This post has affiliate links.",
    });
    const logged = await h
      .db()
      .selectFrom("activity_log")
      .select("detail")
      .where("kind", "=", "settings_changed")
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(logged.detail).toBe("Earning: ads.txt changed, affiliate disclosure changed");
  });

  it("refuses a broken line, naming it, and keeps what was saved", async () => {
    const before = await stored();
    const refused = answer(
      await save({ adsTxt: "google.com, pub-1, DIRECT\ngoogle.com pub-2", disclosure: "" }),
    );
    expect(refused.status).toBe(400);
    expect((refused.body.fieldErrors as Record<string, string>).adsTxt).toBe(
      'Line 2 of ads.txt is not a record: "google.com pub-2" is not an ad system\'s domain (such as google.com). A record reads "domain, publisher ID, DIRECT" (or RESELLER).',
    );
    expect(await stored()).toEqual(before);
  });

  it("refuses too much text with a 4xx and writes nothing", async () => {
    const before = await stored();
    const line = "google.com, pub-1234567890123456, DIRECT\n";
    const long = answer(await save({ adsTxt: line.repeat(Math.ceil(70_000 / line.length)), disclosure: "" }));
    expect(long.status).toBe(400);
    expect((long.body.fieldErrors as Record<string, string>).adsTxt).toBe(
      "ads.txt must be at most 65536 characters.",
    );
    const huge = answer(await save({ adsTxt: "x".repeat(600_000), disclosure: "" }));
    expect(huge.status).toBe(413);
    expect(await stored()).toEqual(before);
  });

  it("lets only role all save", async () => {
    const before = await stored();
    const editor = await h.signIn("editor@example.com", "editor");
    const refused = await save({ adsTxt: "", disclosure: "" }, editor);
    expect(refused instanceof Response ? refused.status : answer(refused).status).not.toBe(200);
    expect(await stored()).toEqual(before);
  });

  it("empties ads.txt: /ads.txt is 404 again", async () => {
    expect(answer(await save({ adsTxt: "  \n", disclosure: "" })).status).toBe(200);
    const thrown = (await h
      .loader(adsTxt as never, "/ads.txt", { cookie: "" })
      .catch((e: unknown) => e)) as Data;
    expect(thrown.init?.status).toBe(404);
  });
});
