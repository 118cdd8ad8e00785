/**
 * A CDN in front is purged when public content changes (cdn-purge.server.ts; issue 39), against a
 * stand-in for the CDN's purge API on 127.0.0.1, on both engines: a published blog purges its page,
 * its category's, the lists and the feeds, with the configured header; a scheduled blog whose time
 * comes purges its page, with no write; a setting purges everything, even beside a named change;
 * a blog moved to another category purges the one it left; nothing changed, no call; a CDN that
 * fails is logged, not thrown.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type PurgeBody, startCdnPurges } from "#app/server/cache/cdn-purge.server.ts";
import { publicVersionReader } from "#app/server/cache/public-version.server.ts";
import { type DatabaseHandle, nowSeconds, openDatabase } from "#app/server/db/db.server.ts";
import { createBlog, updateBlog } from "#app/server/models/blogs.server.ts";
import { setPopupEnabled } from "#app/server/models/settings.server.ts";
import { blogInput, TEST_ACTOR } from "#tests/support/content.ts";
import { ENGINES, emptyDatabaseUrl } from "#tests/support/engines.ts";

const ORIGIN = "https://blog.example.com";

/** The CDN's purge API as a test sees it: what it was sent, and the status it answers. */
function standInCdn() {
  const received: { authorization: string | undefined; body: PurgeBody }[] = [];
  let status = 200;
  const server: Server = createServer((req, res) => {
    let text = "";
    req.on("data", (c) => {
      text += String(c);
    });
    req.on("end", () => {
      received.push({ authorization: req.headers.authorization, body: JSON.parse(text) as PurgeBody });
      res.writeHead(status, { "content-type": "application/json" }).end('{"success":true}');
    });
  });
  return {
    received,
    failWith(code: number) {
      status = code;
    },
    files: () => received.flatMap((r) => ("files" in r.body ? r.body.files : [])),
    listen: () =>
      new Promise<string>((resolve) =>
        server.listen(0, "127.0.0.1", () =>
          resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}/purge_cache`),
        ),
      ),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

for (const engine of ENGINES)
  describe(`CDN purges [${engine}]`, () => {
    let handle: DatabaseHandle;
    let cleanup: () => Promise<void>;
    const cdn = standInCdn();
    let url = "";
    let now = nowSeconds();
    const clock = () => now;
    const purger = () =>
      startCdnPurges({
        db: async () => handle.db,
        url,
        header: "Authorization: Bearer t0ken",
        origin: ORIGIN,
        readVersion: publicVersionReader(async () => handle.db, clock),
        everyMs: 3_600_000,
        clock,
      });

    beforeAll(async () => {
      const fresh = await emptyDatabaseUrl(engine);
      cleanup = fresh.cleanup;
      handle = await openDatabase(fresh.url);
      url = await cdn.listen();
    });
    afterAll(async () => {
      await handle.destroy();
      await cleanup();
      await cdn.close();
    });
    beforeEach(() => {
      cdn.received.length = 0;
      cdn.failWith(200);
      now = nowSeconds();
    });

    it("a published blog purges its page, its category's, the lists and feeds; then nothing", async () => {
      const p = purger();
      try {
        await p.check(); // the first look only learns the version
        expect(cdn.received).toEqual([]);
        await createBlog(handle.db, TEST_ACTOR, blogInput("Purged Post", { category: "Street Food" }));
        await p.check();
        expect(cdn.received.map((r) => r.authorization)).toEqual(["Bearer t0ken"]);
        expect(cdn.files()).toEqual(
          expect.arrayContaining([
            `${ORIGIN}/blogs/purged-post`,
            `${ORIGIN}/blogs/purged-post.data`,
            `${ORIGIN}/blogs/category/street-food`,
            `${ORIGIN}/`,
            `${ORIGIN}/_root.data`,
            `${ORIGIN}/blogs`,
            `${ORIGIN}/rss.xml`,
            `${ORIGIN}/sitemap.xml`,
          ]),
        );
        cdn.received.length = 0;
        await p.check();
        expect(cdn.received).toEqual([]);
      } finally {
        p.stop();
      }
    });

    it("a scheduled blog whose time comes purges its page, with no write", async () => {
      const p = purger();
      try {
        await createBlog(handle.db, TEST_ACTOR, blogInput("Later Post", { publishAt: now + 600 }));
        await p.check();
        cdn.received.length = 0;
        now += 60; // a later look, nothing written, nothing come: nothing to purge
        await p.check();
        expect(cdn.received).toEqual([]);
        now += 600;
        await p.check();
        expect(cdn.files()).toContain(`${ORIGIN}/blogs/later-post`);
        expect(cdn.received.filter((r) => "purge_everything" in r.body)).toEqual([]);
      } finally {
        p.stop();
      }
    });

    it("a change it cannot name purges everything, even beside one it can", async () => {
      const p = purger();
      try {
        await p.check();
        await createBlog(handle.db, TEST_ACTOR, blogInput("Beside A Setting"));
        await setPopupEnabled(handle.db, TEST_ACTOR, true);
        await p.check();
        expect(cdn.received.map((r) => r.body)).toEqual([{ purge_everything: true }]);
        cdn.received.length = 0;
        // A blog written now beside one an import wrote with the exporting site's old time.
        const imported = await createBlog(handle.db, TEST_ACTOR, blogInput("Imported Long Ago"));
        await p.check();
        cdn.received.length = 0;
        await createBlog(handle.db, TEST_ACTOR, blogInput("Written Now"));
        await sql`update blogs set title = 'Imported, Renamed', updated_at = 1000 where id = ${imported.id}`.execute(
          handle.db,
        );
        await p.check();
        expect(cdn.received.map((r) => r.body)).toEqual([{ purge_everything: true }]);
      } finally {
        p.stop();
      }
    });

    it("a blog moved to another category purges the category it left", async () => {
      const p = purger();
      try {
        const blog = await createBlog(
          handle.db,
          TEST_ACTOR,
          blogInput("Moving Post", { category: "Old Haunts" }),
        );
        await p.check();
        cdn.received.length = 0;
        await updateBlog(
          handle.db,
          TEST_ACTOR,
          blog.id,
          blogInput("Moving Post", { category: "New Haunts" }),
        );
        await p.check();
        expect(cdn.files()).toEqual(
          expect.arrayContaining([
            `${ORIGIN}/blogs/category/old-haunts`,
            `${ORIGIN}/blogs/category/new-haunts`,
          ]),
        );
        expect(cdn.received.filter((r) => "purge_everything" in r.body)).toEqual([]);
      } finally {
        p.stop();
      }
    });

    it("a change it cannot name (a setting) purges everything; a failing CDN is logged, not thrown", async () => {
      const p = purger();
      try {
        await p.check();
        now += 30; // a look later than the last blog's write, with room for the overlap
        await p.check();
        await setPopupEnabled(handle.db, TEST_ACTOR, true);
        await p.check();
        expect(cdn.received.map((r) => r.body)).toEqual([{ purge_everything: true }]);
        cdn.failWith(500);
        await setPopupEnabled(handle.db, TEST_ACTOR, false);
        await expect(p.check()).resolves.toBeUndefined();
        expect(cdn.received).toHaveLength(2);
      } finally {
        p.stop();
      }
    });
  });
