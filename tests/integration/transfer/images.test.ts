/**
 * Images on import (DESIGN §2): fetched safely from a real HTTP server on 127.0.0.1, stored like
 * an upload, remembered in import_media across runs, and rewritten in the HTML.
 */
import { existsSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  blockedAddressReason,
  fetchImageBytes,
  ImageImporter,
  type ImageImporterOptions,
  imageSrc,
} from "#app/server/transfer/import/images.server.ts";
import { describeEachEngine } from "#tests/support/engines.ts";
import { temporaryUploadsDir } from "#tests/support/uploads.ts";

const { uploadFiles, png } = temporaryUploadsDir("import-images");

let server: Server;
let origin = "";
let image: Buffer;
/** Requests per path, and the Host header each last came with. */
const hits = new Map<string, number>();
const hostHeaders = new Map<string, string>();
let inFlight = 0;
let maxInFlight = 0;

function route(req: IncomingMessage, res: ServerResponse): void {
  const path = new URL(req.url ?? "/", "http://x").pathname;
  hits.set(path, (hits.get(path) ?? 0) + 1);
  hostHeaders.set(path, req.headers.host ?? "");
  const redirect = /^\/(r|s)(\d)$/.exec(path);
  if (redirect) {
    // /r1 → /r2 → /r3 → image (3 redirects); /s1 … /s4 → image (4 redirects).
    const [, chain = "", step = ""] = redirect;
    const last = chain === "r" ? 3 : 4;
    const next = Number(step) < last ? `/${chain}${Number(step) + 1}` : "/photo.png";
    res.writeHead(302, { location: next }).end();
    return;
  }
  if (path === "/to-loopback") {
    const port = (server.address() as AddressInfo).port;
    res.writeHead(301, { location: `http://127.0.0.2:${port}/photo.png` }).end();
    return;
  }
  if (path === "/hang.png" || path.startsWith("/dead/")) return; // never answers
  if (path.startsWith("/held/")) {
    // Answered a little later, so that callers not held back by the bound would pile up here.
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    setTimeout(() => {
      inFlight--;
      res.writeHead(200, { "content-type": "image/png" }).end(image);
    }, 40);
    return;
  }
  if (path === "/page.png") {
    res.writeHead(200, { "content-type": "text/html" }).end("<html>Not found</html>");
    return;
  }
  if (path === "/junk.png") {
    res.writeHead(200, { "content-type": "image/png" }).end(Buffer.alloc(500, 7));
    return;
  }
  if (path === "/endless.png") {
    // No Content-Length: the limit must stop the stream itself.
    res.writeHead(200, { "content-type": "image/png" });
    const chunk = Buffer.alloc(16 * 1024, 1);
    const pump = () => {
      while (!res.destroyed && res.write(chunk));
    };
    res.on("error", () => undefined);
    res.on("drain", pump);
    pump();
    return;
  }
  if (path === "/declared-large.png") {
    res.writeHead(200, { "content-type": "image/png", "content-length": String(50 * 1024 * 1024) });
    res.write(Buffer.alloc(10));
    return;
  }
  // Images: /photo…, and under wp-content/uploads every photo… and only the 300x200 size of kept….
  if (
    /^\/(wp-content\/uploads\/2020\/01\/)?photo[\w-]*\.png$|^\/wp-content\/uploads\/2020\/01\/kept[\w-]*-300x200\.png$/.test(
      path,
    )
  ) {
    res.writeHead(200, { "content-type": "image/png" }).end(image);
    return;
  }
  res.writeHead(404).end();
}

beforeAll(async () => {
  image = await png();
  server = createServer(route);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const allowed = { allowPrivateNetwork: true, maxBytes: 1024 * 1024, timeoutMs: 5000 };

describe("fetchImageBytes", () => {
  it("downloads an image, following 3 redirects", async () => {
    const result = await fetchImageBytes(`${origin}/r1`, allowed);
    expect(result).toEqual({ ok: true, bytes: new Uint8Array(image), finalUrl: `${origin}/photo.png` });
  });

  it("refuses a 4th redirect without fetching its target", async () => {
    const before = hits.get("/photo.png") ?? 0;
    expect(await fetchImageBytes(`${origin}/s1`, allowed)).toMatchObject({
      ok: false,
      reason: "too many redirects (more than 3)",
    });
    expect(hits.get("/s4")).toBe(1);
    expect(hits.get("/photo.png") ?? 0).toBe(before);
  });

  it("says why a response is not an image it takes", async () => {
    expect(await fetchImageBytes(`${origin}/missing.png`, allowed)).toMatchObject({
      ok: false,
      reason: "HTTP 404",
    });
    expect(await fetchImageBytes(`${origin}/page.png`, allowed)).toMatchObject({
      ok: false,
      reason: "not an image (text/html)",
    });
    expect(await fetchImageBytes(`${origin}/endless.png`, { ...allowed, maxBytes: 100_000 })).toMatchObject({
      ok: false,
      reason: "larger than 98 KB",
    });
    expect(
      await fetchImageBytes(`${origin}/declared-large.png`, { ...allowed, maxBytes: 20 * 1024 * 1024 }),
    ).toEqual({
      ok: false,
      reason: "larger than 20 MB",
      kind: "response",
    });
  });

  it("gives up on a server that never answers after the time limit", async () => {
    expect(await fetchImageBytes(`${origin}/hang.png`, { ...allowed, timeoutMs: 300 })).toEqual({
      ok: false,
      reason: "timed out after 0.3 s",
      kind: "unreachable",
    });
  });

  it("fetches only http and https", async () => {
    expect(await fetchImageBytes("file:///etc/passwd", allowed)).toMatchObject({
      ok: false,
      reason: "refused: only http and https addresses are fetched (not file:)",
    });
  });

  it("refuses a loopback host unless private networks are allowed, without connecting", async () => {
    const before = hits.get("/photo.png") ?? 0;
    expect(await fetchImageBytes(`${origin}/photo.png`, { ...allowed, allowPrivateNetwork: false })).toEqual({
      ok: false,
      reason: "refused: 127.0.0.1 is a loopback address (use --allow-private-network)",
      kind: "refused",
    });
    expect(hits.get("/photo.png") ?? 0).toBe(before);
  });

  it("resolves a host name itself and checks what it resolves to", async () => {
    const port = (server.address() as AddressInfo).port;
    expect(
      await fetchImageBytes(`http://localhost:${port}/photo.png`, { ...allowed, allowPrivateNetwork: false }),
    ).toMatchObject({ ok: false, reason: expect.stringMatching(/^refused: \S+ is a loopback address/) });
    expect(await fetchImageBytes(`http://localhost:${port}/photo-localhost.png`, allowed)).toMatchObject({
      ok: true,
    });
  });

  // 127.0.0.1 stands in for a public host here (the only one a test can reach): the redirect's
  // target must be checked as the first address was.
  const onlyTestServerIsPublic = (address: string) =>
    address === "127.0.0.1" ? null : blockedAddressReason(address);

  it("refuses a redirect from an allowed host to a private one", async () => {
    const result = await fetchImageBytes(
      `${origin}/to-loopback`,
      { ...allowed, allowPrivateNetwork: false },
      { blockedAddress: onlyTestServerIsPublic },
    );
    expect(result).toMatchObject({
      ok: false,
      reason: "refused: 127.0.0.2 is a loopback address (use --allow-private-network)",
    });
  });

  it("connects only to the addresses it checked, in turn, and keeps the host name in the Host header", async () => {
    const port = (server.address() as AddressInfo).port;
    let lookups = 0;
    const result = await fetchImageBytes(
      `http://images.invalid:${port}/photo-host.png`,
      { ...allowed, allowPrivateNetwork: false },
      {
        blockedAddress: (address) => (address.startsWith("127.0.0.") ? null : blockedAddressReason(address)),
        resolveHost: async (host) => {
          lookups++;
          // Nothing listens on 127.0.0.2: the next checked address is tried.
          return host === "images.invalid" ? ["127.0.0.2", "127.0.0.1"] : [];
        },
      },
    );
    expect(result.ok).toBe(true);
    expect(lookups).toBe(1);
    expect(hostHeaders.get("/photo-host.png")).toBe(`images.invalid:${port}`);
  });

  it("refuses a host when any of its addresses is private", async () => {
    const result = await fetchImageBytes(
      "http://mixed.invalid/photo.png",
      { ...allowed, allowPrivateNetwork: false },
      { resolveHost: async () => ["93.184.215.14", "10.0.0.5"] },
    );
    expect(result).toMatchObject({
      ok: false,
      reason: expect.stringContaining("10.0.0.5 is a private address"),
    });
  });
});

describeEachEngine("ImageImporter", (db, engine) => {
  const options = (extra: Partial<ImageImporterOptions> = {}): ImageImporterOptions => ({
    mode: "download",
    allowPrivateNetwork: true,
    timeoutMs: 5000,
    ...extra,
  });
  // Each engine's run uses its own paths, so request counts never mix between the two.
  const url = (name: string) => `${origin}/photo-${engine}-${name}.png`;
  const path = (name: string) => `/photo-${engine}-${name}.png`;

  beforeEach(() => {
    maxInFlight = 0;
  });

  it("fetches a URL once across runs, stores it like an upload and records it", async () => {
    const first = new ImageImporter(db(), options());
    const answer = await first.resolve(url("once"));
    if (!("uploadId" in answer)) throw new Error(`not fetched: ${JSON.stringify(answer)}`);
    for (const file of uploadFiles(answer.uploadId)) expect(existsSync(file)).toBe(true);
    const upload = await db()
      .selectFrom("uploads")
      .selectAll()
      .where("id", "=", answer.uploadId)
      .executeTakeFirst();
    expect(upload).toMatchObject({ width: 64, height: 48 });
    expect(Number(upload?.bytes)).toBeGreaterThan(0);
    expect(
      await db()
        .selectFrom("import_media")
        .select(["upload_id", "failure"])
        .where("url", "=", url("once"))
        .execute(),
    ).toEqual([{ upload_id: answer.uploadId, failure: null }]);

    const second = new ImageImporter(db(), options());
    expect(await second.resolve(url("once"))).toEqual({ uploadId: answer.uploadId });
    expect(hits.get(path("once"))).toBe(1);
    expect(first.summary()).toMatchObject({ fetched: 1, reused: 0 });
    expect(second.summary()).toMatchObject({ fetched: 0, reused: 1 });
  });

  it("fetches once for concurrent resolves of one URL", async () => {
    const importer = new ImageImporter(db(), options());
    const answers = await Promise.all(Array.from({ length: 6 }, () => importer.resolve(url("shared"))));
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    expect(answers[0]).toHaveProperty("uploadId");
    expect(hits.get(path("shared"))).toBe(1);
  });

  it("fetches no more images at once than its concurrency", async () => {
    const importer = new ImageImporter(db(), options({ concurrency: 2 }));
    const answers = await Promise.all(
      [1, 2, 3, 4, 5].map((n) => importer.resolve(`${origin}/held/${engine}-${n}.png`)),
    );
    expect(answers).toHaveLength(5);
    expect(answers.every((a) => "uploadId" in a)).toBe(true);
    expect(maxInFlight).toBe(2);
  });

  it("keeps a failed image's URL, reports it, and tries it again once in the next run", async () => {
    const missing = `${origin}/missing-${engine}.png`;
    const first = new ImageImporter(db(), options());
    expect(await first.resolve(missing)).toEqual({ keptUrl: missing, failure: "HTTP 404" });
    expect(await first.resolve(missing)).toEqual({ keptUrl: missing, failure: "HTTP 404" });
    expect(hits.get(`/missing-${engine}.png`)).toBe(1);
    expect(first.summary().failed).toEqual({ total: 1, examples: [{ url: missing, reason: "HTTP 404" }] });
    expect(
      await db()
        .selectFrom("import_media")
        .select(["upload_id", "failure"])
        .where("url", "=", missing)
        .execute(),
    ).toEqual([{ upload_id: null, failure: "HTTP 404" }]);

    await new ImageImporter(db(), options()).resolve(missing);
    expect(hits.get(`/missing-${engine}.png`)).toBe(2);
  });

  it("stores nothing for a body that is not an image", async () => {
    const importer = new ImageImporter(db(), options());
    const before = Number(
      (
        await db()
          .selectFrom("uploads")
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
    expect(await importer.resolve(`${origin}/junk.png?${engine}`)).toEqual({
      keptUrl: `${origin}/junk.png?${engine}`,
      failure: "not an image",
    });
    const after = (
      await db()
        .selectFrom("uploads")
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n;
    expect(Number(after)).toBe(before);
  });

  it("refuses private hosts without --allow-private-network", async () => {
    const importer = new ImageImporter(db(), options({ allowPrivateNetwork: false }));
    expect(await importer.resolve(url("private"))).toEqual({
      keptUrl: url("private"),
      failure: "refused: 127.0.0.1 is a loopback address (use --allow-private-network)",
    });
    expect(hits.get(path("private"))).toBeUndefined();
  });

  it("gives up on a host after two unanswered requests", async () => {
    const importer = new ImageImporter(db(), options({ timeoutMs: 200, concurrency: 1 }));
    const dead = (n: number) => `${origin}/dead/${engine}-${n}.png`;
    for (const n of [1, 2])
      expect(await importer.resolve(dead(n))).toMatchObject({ failure: "timed out after 0.2 s" });
    expect(await importer.resolve(dead(3))).toEqual({
      keptUrl: dead(3),
      failure: `skipped: ${new URL(origin).host} did not answer earlier in this import`,
    });
    expect(hits.get(`/dead/${engine}-3.png`)).toBeUndefined();
  });

  it("fetches a WordPress size's original, falling back to the size when the original fails", async () => {
    const importer = new ImageImporter(db(), options());
    const base = `${origin}/wp-content/uploads/2020/01`;
    const small = await importer.resolve(`${base}/photo-${engine}-300x200.png`);
    const large = await importer.resolve(`${base}/photo-${engine}-1024x768.png`);
    expect(small).toEqual(large);
    expect(hits.get(`/wp-content/uploads/2020/01/photo-${engine}.png`)).toBe(1);
    expect(hits.get(`/wp-content/uploads/2020/01/photo-${engine}-300x200.png`)).toBeUndefined();

    // kept-…-300x200.png exists, its original kept-….png does not.
    const fallback = await importer.resolve(`${base}/kept-${engine}-300x200.png`);
    expect(fallback).toHaveProperty("uploadId");
    expect(hits.get(`/wp-content/uploads/2020/01/kept-${engine}.png`)).toBe(1);
    expect(hits.get(`/wp-content/uploads/2020/01/kept-${engine}-300x200.png`)).toBe(1);
    expect(importer.summary().failed.total).toBe(0);
  });

  it("keeps every URL in keep mode without fetching, made absolute", async () => {
    const importer = new ImageImporter(db(), options({ mode: "keep", sourceUrl: `${origin}/` }));
    expect(await importer.resolve(`__GHOST_URL__${path("kept")}`)).toEqual({ keptUrl: url("kept") });
    expect(hits.get(path("kept"))).toBeUndefined();
    expect(importer.summary()).toMatchObject({ kept: 1, fetched: 0, hosts: { [new URL(origin).host]: 1 } });
  });

  it("rewrites src, srcset and links to the full size in HTML; a failed image keeps its URL", async () => {
    const importer = new ImageImporter(db(), options({ sourceUrl: origin }));
    const html = `<p><a href="${url("html")}"><img src="${path("html")}" srcset="${url("html")} 64w" alt="Red"></a>
<img src="${origin}/missing-html-${engine}.png" alt="Gone"></p>`;
    const out = await importer.rewriteHtml(html);
    const answer = await importer.resolve(url("html"));
    if (!("uploadId" in answer)) throw new Error("not fetched");
    const src = imageSrc(answer);
    expect(src).toBe(`/uploads/${answer.uploadId}-1600.webp`);
    expect(out).toBe(`<p><a href="${src}"><img src="${src}" alt="Red"></a>
<img src="${origin}/missing-html-${engine}.png" alt="Gone"></p>`);
    expect(hits.get(path("html"))).toBe(1);
    expect(importer.summary()).toMatchObject({
      fetched: 1,
      failed: { total: 1, examples: [{ url: `${origin}/missing-html-${engine}.png`, reason: "HTTP 404" }] },
      hosts: { [new URL(origin).host]: 4 },
    });
  });

  it("fetches again an image whose upload was deleted from the library", async () => {
    const first = await new ImageImporter(db(), options()).resolve(url("deleted"));
    if (!("uploadId" in first)) throw new Error("not fetched");
    await db().deleteFrom("uploads").where("id", "=", first.uploadId).execute();
    const second = await new ImageImporter(db(), options()).resolve(url("deleted"));
    expect(second).toHaveProperty("uploadId");
    expect(second).not.toEqual(first);
    expect(hits.get(path("deleted"))).toBe(2);
  });
});
