/**
 * A blog scheduled a few seconds ahead, on two app servers sharing PostgreSQL: before its time
 * neither server shows it anywhere (and their caches hold the pages without it); at its time both
 * show it on every public page, the feed and the sitemap, with no write and no restart, cached
 * pages included. Runs the built production server.
 */
import { describe, expect, it } from "vitest";
import { blogFields } from "#tests/support/content.ts";
import { startedForTests } from "#tests/support/hooks.ts";
import { signIn } from "#tests/support/server-process.ts";
import { startTwoServers } from "#tests/support/two-servers.ts";

const ADMIN = { email: "owner@wanderplate.test", password: "scheduled on two servers" };
const TITLE = "Scheduled Across Servers";
const SLUG = "scheduled-across-servers";

const servers = startedForTests(() => startTwoServers(ADMIN));

/** The public surfaces a scheduled blog must stay off, then appear on. */
const SURFACES = ["/", "/blogs", "/rss.xml", "/sitemaps/blogs/1"];

/** A UTC `datetime-local` value with seconds ("2030-01-02T03:04:05"). */
const utcLocal = (ms: number) => new Date(ms).toISOString().slice(0, 19);

describe("a blog scheduled a few seconds ahead, on two servers sharing PostgreSQL", () => {
  it("appears at its time on both, cached pages included, with no write", async () => {
    const { a, b } = servers;
    const cookie = await signIn(a.url, ADMIN);
    const publishAt = Math.floor(Date.now() / 1000) + 8;
    // A published blog first, so the list, feed and sitemap exist and are cached before the time.
    for (const [title, extra] of [
      ["Already Out", {}],
      [TITLE, { publishAt: utcLocal(publishAt * 1000), publishZone: "UTC" }],
    ] as const) {
      const res = await fetch(`${a.url}/admin/blog`, {
        method: "POST",
        headers: { cookie },
        redirect: "manual",
        body: new URLSearchParams(blogFields(title, { intent: "create", ...extra })),
      });
      expect(res.status).toBe(200);
    }

    // Before its time: nowhere on either server, and the pages without it are cached (HIT).
    for (const server of [a, b]) {
      expect((await fetch(`${server.url}/blogs/${SLUG}`)).status).toBe(404);
      for (const path of SURFACES) {
        const first = await fetch(`${server.url}${path}`);
        expect(first.status, path).toBe(200);
        expect(await first.text(), path).not.toContain(SLUG);
        const again = await fetch(`${server.url}${path}`);
        expect(again.headers.get("x-cache"), path).toBe("HIT");
        expect(await again.text(), path).not.toContain(SLUG);
      }
    }
    expect(Date.now() / 1000, "the checks above ran before the scheduled time").toBeLessThan(publishAt - 1);

    // Its time: both servers show it everywhere, with nothing written and nothing restarted.
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, publishAt * 1000 + 1_100 - Date.now())));
    for (const server of [a, b]) {
      const page = await fetch(`${server.url}/blogs/${SLUG}`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain(TITLE);
      for (const path of SURFACES) {
        const res = await fetch(`${server.url}${path}`);
        expect(await res.text(), path).toContain(SLUG);
      }
    }
  }, 60_000);
});
