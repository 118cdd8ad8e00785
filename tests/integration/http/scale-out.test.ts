/**
 * Two app servers on one PostgreSQL (how the site scales out): whatever is done through one is seen through the
 * other at once, sessions included. Runs the built production server, as a site owner would.
 */
import { describe, expect, it } from "vitest";
import { sessionCookie } from "#app/server/http/cookies.server.ts";
import { blogFields } from "#tests/support/content.ts";
import { startedForTests } from "#tests/support/hooks.ts";
import { startTwoServers } from "#tests/support/two-servers.ts";

const ADMIN = { email: "owner@wanderplate.test", password: "two servers one database" };

const servers = startedForTests(() => startTwoServers(ADMIN));

function cookieOf(res: Response): string {
  const session = res.headers.getSetCookie().find((c) => c.startsWith(`${sessionCookie.name}=`));
  if (!session) throw new Error("no session cookie");
  return session.split(";")[0] ?? "";
}

const post = (url: string, body: Record<string, string>, cookie?: string) =>
  fetch(url, {
    method: "POST",
    body: new URLSearchParams(body),
    headers: cookie ? { cookie } : {},
    redirect: "manual",
  });

describe("two app servers on one PostgreSQL", () => {
  it("share sessions, content, settings and moderation at once", async () => {
    const { a, b } = servers;
    const login = await post(`${a.url}/admin/login`, ADMIN);
    expect(login.status).toBe(302);
    const cookie = cookieOf(login);

    // A session made on A is valid on B.
    const onB = await fetch(`${b.url}/admin/dashboard`, { headers: { cookie }, redirect: "manual" });
    expect(onB.status).toBe(200);

    // A blog added through A is served by B.
    const added = await post(
      `${a.url}/admin/blog`,
      blogFields("Across Servers", { intent: "create", content: "<p>Hello from A</p>" }),
      cookie,
    );
    expect(added.status).toBe(200);
    const page = await fetch(`${b.url}/blogs/across-servers`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Hello from A");

    // A setting changed through B shows on A, even though A has the page cached.
    expect(await (await fetch(`${a.url}/about`)).text()).not.toContain("Twin Peaks Travel");
    expect((await fetch(`${a.url}/about`)).headers.get("etag")).toBeTruthy();
    const renamed = await post(
      `${b.url}/admin/settings`,
      {
        intent: "site-info",
        name: "Twin Peaks Travel",
        email: "twin@example.com",
        phone: "",
        phonecall: "",
        address: "",
        addressCity: "",
        domain: "",
      },
      cookie,
    );
    expect(renamed.status).toBe(200);
    expect(await (await fetch(`${a.url}/about`)).text()).toContain("Twin Peaks Travel");
    await post(`${b.url}/admin/dashboard`, { intent: "popup", enabled: "true" }, cookie);
    expect(await (await fetch(`${a.url}/`)).text()).toContain("signup-popup-title");

    // A comment posted on B, approved through A, is shown by B.
    const commented = await post(`${b.url}/blogs/across-servers`, {
      name: "Visitor",
      email: "v@example.com",
      comment: "Seen from B",
    });
    expect(commented.status).toBe(303);
    expect(commented.headers.get("location")).toBe("/blogs/across-servers?comment=sent#comments");
    expect(await (await fetch(`${b.url}/blogs/across-servers`)).text()).not.toContain("Seen from B");
    const admin = await fetch(`${a.url}/admin/manage-comments`, { headers: { cookie } });
    const commentId = /name="id" value="(\d+)"/.exec(await admin.text())?.[1];
    expect(commentId).toBeDefined();
    const approved = await post(
      `${a.url}/admin/manage-comments`,
      { intent: "toggle", id: commentId ?? "" },
      cookie,
    );
    expect(approved.status).toBe(200);
    expect(await (await fetch(`${b.url}/blogs/across-servers`)).text()).toContain("Seen from B");

    // Logging out on B ends the session on A too.
    expect((await post(`${b.url}/admin/logout`, {}, cookie)).status).toBe(302);
    const afterLogout = await fetch(`${a.url}/admin/dashboard`, { headers: { cookie }, redirect: "manual" });
    expect(afterLogout.status).toBe(302);
    expect(afterLogout.headers.get("location")).toBe("/admin/login");
  });
});
