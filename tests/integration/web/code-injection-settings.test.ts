/**
 * The Code injection form of /admin/settings (posted to /admin/settings/code-injection), on both
 * engines: code is stored as typed and as it runs (scripts given the nonce placeholder); code that
 * is not well-formed HTML, a "</script>" inside a script's string, too much code, and hosts that
 * would loosen the CSP are refused with a 400 naming the problem, and nothing is written, not even
 * the fields that were fine; only role `all` may save; every save is in the activity log. The
 * public layout hands the code to the renderer and the hosts to the response's CSP. A blog's own
 * Header code and Footer code are checked the same way and handed to the renderer by its page.
 */
import { RouterContextProvider } from "react-router";
import { beforeAll, expect, it } from "vitest";
import { answered, answerOf, describeRoutesEachEngine, formOf } from "#tests/support/route-harness.ts";

const HEADER = '<script async src="https://pagead2.googlesyndication.com/pagead/js/adsbygoogle.js"></script>';
const FOOTER = "<script>window.dataLayer = window.dataLayer || [];</script>";

describeRoutesEachEngine("the code injection settings", (h) => {
  let route: typeof import("#app/routes/admin/settings/code-injection.tsx");
  let settings: typeof import("#app/routes/admin/settings.tsx");
  beforeAll(async () => {
    route = await import("#app/routes/admin/settings/code-injection.tsx");
    settings = await import("#app/routes/admin/settings.tsx");
  });

  const save = (fields: Record<string, string>, as?: string) =>
    answerOf(
      h.action(
        route,
        "/admin/settings/code-injection",
        formOf({ headerCode: "", footerCode: "", allowedHosts: "", ...fields }),
        as,
      ),
    );
  const stored = () =>
    h.db().selectFrom("settings").select("value").where("key", "=", "codeInjection").execute();
  const fieldError = async (fields: Record<string, string>, field: string) => {
    const refused = answered(await save(fields));
    expect(refused.status).toBe(400);
    return (refused.body.fieldErrors as Record<string, string>)[field];
  };

  it("saves the code as typed and as it runs, and the hosts; the screen shows what was typed", async () => {
    const saved = answered(
      await save({
        headerCode: `${HEADER}\r\n`,
        footerCode: FOOTER,
        allowedHosts: "pagead2.googlesyndication.com\r\n*.doubleclick.net",
      }),
    );
    expect(saved.body).toMatchObject({ ok: true, toast: { message: "Settings saved" } });
    const [row] = await stored();
    const value = JSON.parse(row?.value ?? "{}");
    expect(value.header.source).toBe(HEADER);
    expect(value.header.code).toMatch(/^<script nonce="[^"]+">\(function\(c\)\{/);
    expect(value.footer.code).toMatch(/^<script nonce="[^"]+">window\.dataLayer/);
    expect(value.allowedHosts).toEqual(["pagead2.googlesyndication.com", "*.doubleclick.net"]);
    const screen = (await h.loader(settings, "/admin/settings")) as { codeInjection: unknown };
    expect(screen.codeInjection).toEqual({
      headerCode: HEADER,
      footerCode: FOOTER,
      allowedHosts: "pagead2.googlesyndication.com\n*.doubleclick.net",
    });
    const logged = await h
      .db()
      .selectFrom("activity_log")
      .select("detail")
      .where("kind", "=", "settings_changed")
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(logged.detail).toBe(
      "Code injection: site header code, site footer code, allowed hosts (pagead2.googlesyndication.com, *.doubleclick.net) changed",
    );
  });

  it("refuses what is not well-formed or would loosen the CSP, writing nothing", async () => {
    const before = await stored();
    expect(await fieldError({ headerCode: "<div><p>ad</div>", footerCode: FOOTER }, "headerCode")).toBe(
      "Site header code: <p> is never closed.",
    );
    expect(await fieldError({ footerCode: '<script>var s = "</script>";</script>' }, "footerCode")).toBe(
      'Site footer code: a closing tag closes nothing. A "</script>" inside a script\'s text ends the script early: write it as "<\\/script>".',
    );
    expect(await fieldError({ allowedHosts: "ads.example.com\n'unsafe-eval'" }, "allowedHosts")).toBe(
      "\"'unsafe-eval'\" is not a host name: Allowed hosts takes host names only (such as ads.example.com or *.example.com).",
    );
    expect(await fieldError({ allowedHosts: "*" }, "allowedHosts")).toMatch(/^"\*" would allow every host/);
    expect(await fieldError({ headerCode: "x".repeat(70_000) }, "headerCode")).toBe(
      "Site header code must be at most 65536 characters.",
    );
    expect(answered(await save({ headerCode: "x".repeat(1_100_000) })).status).toBe(413);
    expect(await stored()).toEqual(before);
  });

  it("lets only role all save", async () => {
    const before = await stored();
    const editor = await h.signIn("editor@example.com", "editor");
    // Thrown, as React Router takes it: `data()` with its status.
    const refused = await save({ headerCode: "<script>alert(1)</script>" }, editor).catch((e: unknown) => e);
    // An editor is staff, but this is the administrator's: 403 "For the administrator" (lib/roles.ts).
    expect(refused instanceof Response ? refused.status : answered(refused).status).toBe(403);
    expect(await stored()).toEqual(before);
  });

  it("hands the code to the renderer and the hosts to the CSP of a public page", async () => {
    const layout = await import("#app/routes/public-layout.tsx");
    const { injectedCodeContext, noInjectedCode, requestInfoContext } = await import(
      "#app/server/http/request-context.server.ts"
    );
    const context = new RouterContextProvider();
    const csp = { hosts: "" };
    context.set(requestInfoContext, { nonce: "abc", ip: "127.0.0.1", csp });
    context.set(injectedCodeContext, noInjectedCode());
    const data = await layout.loader({
      request: new Request("http://127.0.0.1/"),
      context,
      params: {},
    } as never);
    expect(csp.hosts).toBe("https://pagead2.googlesyndication.com https://*.doubleclick.net");
    expect(context.get(injectedCodeContext).site.foot).toMatch(/window\.dataLayer/);
    // Never in the page's data, which the browser receives as JSON.
    expect(JSON.stringify(data)).not.toContain("dataLayer");
  });
});

describeRoutesEachEngine("a blog's own code", (h) => {
  let edit: typeof import("#app/routes/admin/blog/edit.tsx");
  let page: typeof import("#app/routes/blogs/$slug.tsx");
  let id = 0;
  beforeAll(async () => {
    edit = await import("#app/routes/admin/blog/edit.tsx");
    page = await import("#app/routes/blogs/$slug.tsx");
    const { createBlog } = await import("#app/server/models/blogs.server.ts");
    const { TEST_ACTOR, blogInput } = await import("#tests/support/content.ts");
    id = (
      await createBlog(
        h.db(),
        TEST_ACTOR,
        blogInput("Mapped Walk", { imageUrl: "https://example.com/w.jpg" }),
      )
    ).id;
  });

  const post = (code: Record<string, string>) =>
    answerOf(
      h.action(
        edit,
        `/admin/blog/edit?id=${id}`,
        formOf({
          title: "Mapped Walk",
          content: "<p>The route, on a map.</p>",
          imageUrl: "https://example.com/w.jpg",
          imageAlt: "A walk",
          date: "2026-03-01",
          author: "Ana",
          ...code,
        }),
      ),
    );
  const column = async () =>
    (await h.db().selectFrom("blogs").select("code_injection").where("id", "=", id).executeTakeFirstOrThrow())
      .code_injection;
  const rendered = async () => {
    const { RouterContextProvider } = await import("react-router");
    const { injectedCodeContext, noInjectedCode, requestInfoContext } = await import(
      "#app/server/http/request-context.server.ts"
    );
    const context = new RouterContextProvider();
    context.set(requestInfoContext, { nonce: "", ip: "127.0.0.1", csp: { hosts: "" } });
    context.set(injectedCodeContext, noInjectedCode());
    const data = (await page.loader({
      request: new Request("http://127.0.0.1/blogs/mapped-walk"),
      context,
      params: { slug: "mapped-walk" },
    } as never)) as { ownCode: boolean };
    return { ownCode: data.ownCode, slot: context.get(injectedCodeContext).page, data };
  };

  it("has none until written; written, the page hands it to the renderer, never to its data", async () => {
    expect(await column()).toBe("");
    expect((await rendered()).ownCode).toBe(false);
    const saved = await post({
      headerCode: '<script src="https://maps.example.com/embed.js"></script>',
      footerCode: "",
    });
    expect(saved instanceof Response ? saved.status : 0).toBe(302);
    const shown = await rendered();
    expect(shown.ownCode).toBe(true);
    expect(shown.slot.head).toMatch(/^<script nonce="[^"]+">\(function\(c\)/);
    expect(shown.slot.head).toContain("https://maps.example.com/embed.js");
    expect(JSON.stringify(shown.data)).not.toContain("maps.example.com");
    const form = (await h.loader(edit, `/admin/blog/edit?id=${id}`)) as { code: unknown };
    expect(form.code).toEqual({
      headerCode: '<script src="https://maps.example.com/embed.js"></script>',
      footerCode: "",
    });
  });

  it("refuses code that is not well-formed and keeps what was saved", async () => {
    const before = await column();
    const refused = answered(await post({ headerCode: "", footerCode: "<div>unclosed" }));
    expect(refused.status).toBe(400);
    expect((refused.body.fieldErrors as Record<string, string>).footerCode).toBe(
      "Footer code: <div> is never closed.",
    );
    expect(await column()).toBe(before);
  });

  it("is cleared by saving the fields empty", async () => {
    await post({ headerCode: "", footerCode: "" });
    expect(await column()).toBe("");
  });
});
