/**
 * The newsletter screen's forms without JavaScript (decision 019: forms work without it), on the
 * built server: each form posts to its own address (issue 40), which answers with the newsletter
 * screen and that form's own answer; what was saved shows at once. Mail is off on this site, so a
 * test mail and a re-send are refused with the reason.
 */
import { expect, it } from "vitest";
import { startedForTests } from "#tests/support/hooks.ts";
import { ensureBuilt, startSampleSite } from "#tests/support/server-process.ts";

const ADMIN = { email: "owner@newsletter-no-script.test", password: "newsletters that need no scripts" };

const site = startedForTests(() => {
  ensureBuilt();
  return startSampleSite("newsletter-no-js", ADMIN, { SMTP_URL: "", MAIL_FROM: "" });
});

/** A plain form post, as a browser without JavaScript sends it. */
async function post(path: string, fields: Record<string, string>) {
  const res = await fetch(`${site.url}${path}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { cookie: site.cookie, origin: site.url },
    redirect: "manual",
  });
  return { status: res.status, html: await res.text() };
}

/** The refusal said above the screen (its `role="alert"` paragraph), or null. */
const alertOf = (html: string): string | null => /<p role="alert"[^>]*>([^<]*)<\/p>/.exec(html)?.[1] ?? null;

/** The radio of the settings form that is checked: "on" (the whole blog) or "off" (the excerpt). */
function fullTextChecked(html: string): string | null {
  const radios = html.match(/<input[^>]*name="fullText"[^>]*>/g) ?? [];
  expect(radios).toHaveLength(2);
  const checked = radios.filter((radio) => /\schecked(=|\s|\/|>)/.test(radio));
  return checked.length === 1 ? (/value="(on|off)"/.exec(checked[0] ?? "")?.[1] ?? null) : null;
}

it("the screen's forms post to their own addresses", async () => {
  const res = await fetch(`${site.url}/admin/newsletter`, { headers: { cookie: site.cookie } });
  expect(res.status).toBe(200);
  const html = await res.text();
  expect(html).toContain('action="/admin/newsletter/send-test"');
  expect(html).toContain('action="/admin/newsletter/settings"');
  expect(alertOf(html)).toBeNull();
});

it("a refused test mail: the screen again, the reason above it", async () => {
  const { status, html } = await post("/admin/newsletter/send-test", { blogId: "1" });
  expect(status).toBe(400);
  expect(html).toMatch(/<h1[^>]*>Newsletter<\/h1>/);
  expect(html).toMatch(/<nav aria-label="Admin"/);
  expect(alertOf(html)).toBe("Mail is off: set SMTP_URL and MAIL_FROM to send mail.");

  const noBlog = await post("/admin/newsletter/resend", { blogId: "12abc" });
  expect(noBlog.status).toBe(400);
  expect(noBlog.html).toMatch(/<h1[^>]*>Newsletter<\/h1>/);
  expect(alertOf(noBlog.html)).toBe("Choose a blog.");
});

it("saved settings show at once, with no refusal", async () => {
  const off = await post("/admin/newsletter/settings", { fullText: "off" });
  expect(off.status).toBe(200);
  expect(off.html).toMatch(/<h1[^>]*>Newsletter<\/h1>/);
  expect(alertOf(off.html)).toBeNull();
  expect(fullTextChecked(off.html)).toBe("off");

  const on = await post("/admin/newsletter/settings", { fullText: "on" });
  expect(on.status).toBe(200);
  expect(fullTextChecked(on.html)).toBe("on");
});
