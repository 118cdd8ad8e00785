import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import {
  APP_COOKIES,
  cookieMiddleware,
  declareCookie,
  deviceCookie,
  sessionCookie,
  toastCookie,
  twoStepCookie,
} from "./cookies.server.ts";
import { signedInRedirect } from "./sign-in-answers.server.ts";
import { redirectWithToast, takeToast } from "./toast.server.ts";

const withCookie = (cookie: string, url = "http://localhost/admin") =>
  new Request(url, { headers: { cookie } });

const plain = declareCookie({ name: "c", path: "/", maxAge: 60, httpOnly: true, sameSite: "lax" });
const renamed = declareCookie({
  name: "c",
  formerName: "old_c",
  path: "/admin",
  maxAge: 60,
  httpOnly: true,
  sameSite: "lax",
});

describe("reading a cookie", () => {
  it("reads it by name among others, decoding percent-encoding", () => {
    expect(plain.read(withCookie("a=1; c=abc%20def; b=2"))).toBe("abc def");
    expect(plain.read(withCookie("a=1"))).toBeNull();
    expect(plain.read(new Request("http://localhost/"))).toBeNull();
  });

  it("does not match a name that only starts or ends with its own", () => {
    expect(plain.read(withCookie("xc=1; cc=2"))).toBeNull();
  });

  it("takes the first of two cookies of its name", () => {
    expect(plain.read(withCookie("c=1; c=2"))).toBe("1");
  });

  it.each(["%E0%A4%A", "%", "%zz", "abc%E0"])("treats the undecodable value %j as absent", (value) => {
    expect(plain.read(withCookie(`c=${value}`))).toBeNull();
    expect(plain.read(withCookie(`c=${value}; c=good`))).toBeNull();
  });

  it("reads the former name only when the request does not carry the cookie's own", () => {
    expect(renamed.read(withCookie("old_c=former"))).toBe("former");
    expect(renamed.read(withCookie("old_c=former; c=current"))).toBe("current");
    expect(renamed.read(withCookie("c=; old_c=former"))).toBe("");
    expect(renamed.read(withCookie("c=%E0; old_c=former"))).toBeNull();
    expect(plain.read(withCookie("old_c=former"))).toBeNull();
  });

  it("a malformed toast cookie is no toast, and nothing is cleared", () => {
    const { toast, headers } = takeToast(withCookie(`${toastCookie.name}=%E0%A4%A`));
    expect(toast).toBeNull();
    expect(headers).toEqual({});
    expect(takeToast(withCookie(`${toastCookie.name}=bm90IGpzb24`)).toast).toBeNull();
  });
});

describe("setting a cookie", () => {
  it("writes its declared flags, Secure only over https", () => {
    expect(renamed.set(new Request("http://blog.example/admin/login"), "tok")).toBe(
      "c=tok; Max-Age=60; Path=/admin; HttpOnly; SameSite=Lax",
    );
    expect(renamed.set(new Request("https://blog.example/admin/login"), "tok")).toBe(
      "c=tok; Max-Age=60; Path=/admin; HttpOnly; Secure; SameSite=Lax",
    );
    expect(renamed.clear(new Request("https://blog.example/"))).toBe(
      "c=; Max-Age=0; Path=/admin; HttpOnly; Secure; SameSite=Lax",
    );
  });

  it("percent-encodes the value, so it cannot add attributes or cookies, and reads back as written", () => {
    const value = "x; Domain=evil.example; Path=/, c=stolen";
    const header = plain.set(new Request("http://blog.example/"), value);
    expect(header).toBe(
      "c=x%3B%20Domain%3Devil.example%3B%20Path%3D%2F%2C%20c%3Dstolen; Max-Age=60; Path=/; HttpOnly; SameSite=Lax",
    );
    expect(plain.read(withCookie(header.split(";")[0] ?? ""))).toBe(value);
  });

  it("the app's cookies are the four declared ones, none under a WordPress name", () => {
    expect(APP_COOKIES).toEqual([sessionCookie, deviceCookie, twoStepCookie, toastCookie]);
    for (const cookie of APP_COOKIES) expect(cookie.name).toMatch(/^wanderplate_/);
  });
});

/** Runs the cookie middleware on `request`, with `answer` as what the rest of the app answered. */
async function throughMiddleware(request: Request, answer: () => Response | Promise<Response>) {
  const args = {
    request,
    params: {},
    context: new RouterContextProvider(),
    pattern: "/",
    url: new URL(request.url),
  };
  return cookieMiddleware(args as never, async () => answer()) as Promise<Response>;
}

describe("the cookie middleware", () => {
  const former = (cookie: { formerName?: string }) => cookie.formerName ?? "";

  it("moves a cookie carried only under its former name: set under its own, the former cleared", async () => {
    const request = withCookie(
      `${former(sessionCookie)}=tok; ${former(deviceCookie)}=dev`,
      "https://blog.example/admin",
    );
    const answer = await throughMiddleware(request, () => new Response("ok"));
    expect(answer.headers.getSetCookie()).toEqual([
      sessionCookie.set(request, "tok"),
      `${former(sessionCookie)}=; Max-Age=0; Path=/; HttpOnly; Secure; SameSite=Lax`,
      deviceCookie.set(request, "dev"),
      `${former(deviceCookie)}=; Max-Age=0; Path=/admin; HttpOnly; Secure; SameSite=Lax`,
    ]);
    expect(await answer.text()).toBe("ok");
  });

  it("leaves a cookie the answer sets itself (a sign-in, a sign-out) and only clears the former one", async () => {
    const request = withCookie(`${former(sessionCookie)}=old`);
    const answer = await throughMiddleware(
      request,
      () => new Response(null, { status: 302, headers: { "Set-Cookie": sessionCookie.clear(request) } }),
    );
    expect(answer.status).toBe(302);
    expect(answer.headers.getSetCookie()).toEqual([
      sessionCookie.clear(request),
      `${former(sessionCookie)}=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax`,
    ]);
  });

  it("only clears the former cookie when the request carries both, or an empty or broken former one", async () => {
    for (const cookie of [
      `${sessionCookie.name}=new; ${former(sessionCookie)}=old`,
      `${former(sessionCookie)}=`,
      `${former(sessionCookie)}=%E0%A4%A`,
    ]) {
      const answer = await throughMiddleware(withCookie(cookie), () => new Response("ok"));
      expect(answer.headers.getSetCookie(), cookie).toEqual([
        `${former(sessionCookie)}=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax`,
      ]);
    }
  });

  it("hands back the answer untouched when there is nothing to move, and can add to an immutable one", async () => {
    const untouched = new Response("ok");
    expect(
      await throughMiddleware(withCookie(`${sessionCookie.name}=new; theme=dark`), () => untouched),
    ).toBe(untouched);
    const immutable = Response.redirect("http://localhost/admin/login", 302);
    const moved = await throughMiddleware(withCookie(`${former(sessionCookie)}=old`), () => immutable);
    expect(moved.status).toBe(302);
    expect(moved.headers.get("location")).toBe("http://localhost/admin/login");
    expect(moved.headers.getSetCookie()).toHaveLength(2);
  });

  it("writes the toast cookie in answer to the request it is given: Secure behind https only", () => {
    const toastOf = (url: string) =>
      redirectWithToast(
        new Request(url, { method: "POST" }),
        "/admin/settings",
        "success",
        "Saved",
      ).headers.getSetCookie();
    // Outside any middleware: nothing but the request passed can make it Secure.
    expect(toastOf("https://blog.example/admin/settings")).toEqual([
      expect.stringMatching(
        /^wanderplate_toast=[\w-]+; Max-Age=60; Path=\/; HttpOnly; Secure; SameSite=Lax$/,
      ),
    ]);
    expect(toastOf("http://blog.example/admin/settings")).toEqual([
      expect.stringMatching(/^wanderplate_toast=[\w-]+; Max-Age=60; Path=\/; HttpOnly; SameSite=Lax$/),
    ]);
  });

  it("keeps the sign-in's cookies beside the toast", () => {
    const https = new Request("https://blog.example/admin/login", { method: "POST" });
    const answer = signedInRedirect(https, [sessionCookie.set(https, "token")]);
    expect(answer.headers.get("location")).toBe("/admin/dashboard");
    expect(answer.headers.getSetCookie()).toEqual([
      "wanderplate_session=token; Max-Age=604800; Path=/; HttpOnly; Secure; SameSite=Lax",
      expect.stringMatching(/^wanderplate_toast=[\w-]+; .*; Secure; SameSite=Lax$/),
    ]);
  });
});
