import { createServer as createHttpServer } from "node:http";
import type { AddressInfo } from "node:net";
import { createServer, type Server, type Socket } from "node:net";
import { PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import express from "express";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { log } from "#app/server/telemetry/log.server.ts";
import { S3_CREDENTIALS, type S3Server, startS3Server } from "#tests/support/s3.ts";
import { freePort } from "#tests/support/server-process.ts";
import { describeUploadStore, listKeys } from "#tests/support/upload-store-contract.ts";
import { s3Store } from "./s3.server.ts";
import { uploadStore } from "./storage.server.ts";
import { StorageError, type UploadStore } from "./upload-store.server.ts";

/** Each store gets a server of its own, so `contents()` sees only what that store did. */
async function opened(publicUrl: boolean) {
  const s3 = await startS3Server();
  const bucket = await s3.createBucket();
  return {
    store: s3Store(s3.settings(bucket, publicUrl ? { publicUrl: `${s3.endpoint}/${bucket}` } : {})),
    contents: () => s3.keys(bucket),
    close: () => s3.close(),
  };
}

async function openedBroken() {
  const s3 = await startS3Server();
  // A bucket the service does not have: every write is refused (NoSuchBucket).
  return {
    store: s3Store(s3.settings("no-such-bucket")),
    contents: () => s3.allKeys(),
    close: () => s3.close(),
  };
}

describeUploadStore("S3, streamed by the app", { open: () => opened(false), openBroken: openedBroken });
describeUploadStore("S3, redirected to S3_PUBLIC_URL", {
  open: () => opened(true),
  openBroken: openedBroken,
});

/** The store's handler at /uploads on a free port. */
async function mount(store: UploadStore) {
  const app = express();
  app.use("/uploads", store.serve);
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/uploads`;
  return { base, close: () => new Promise((resolve) => server.close(resolve)) };
}

const WEBP = "image/webp";
const bytes = (n: number) => Uint8Array.from({ length: n }, (_, i) => i % 251);

/**
 * Starts an S3 server for the describe block it is called in (handed to `started`), and answers the
 * list of cleanups run after each of its tests.
 */
function useS3Server(started: (server: S3Server) => void): (() => Promise<unknown>)[] {
  let s3: S3Server | undefined;
  beforeAll(async () => {
    s3 = await startS3Server();
    started(s3);
  });
  afterAll(async () => {
    await s3?.close();
  });
  const cleanups: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
    vi.restoreAllMocks();
    vi.unstubAllEnvs();
  });
  return cleanups;
}

describe("S3 store", () => {
  let s3: S3Server;
  const cleanups = useS3Server((server) => {
    s3 = server;
  });

  it("lists every key across pages, and skips objects it could not have made", async () => {
    const bucket = await s3.createBucket();
    const store = s3Store(s3.settings(bucket, { pageSize: 2 }));
    const made = ["0a-480.webp", "0a-960.webp", "0b-480.webp", "0b-960.webp", "0c-480.webp"];
    for (const key of made) await store.put(key, bytes(10), WEBP);
    // Another tool's files in the same bucket: one in a folder, one with capitals.
    const raw = new S3Client({
      endpoint: s3.endpoint,
      region: "us-east-1",
      forcePathStyle: true,
      credentials: S3_CREDENTIALS,
    });
    for (const Key of ["backups/site.tar", "README.md"]) {
      await raw.send(new PutObjectCommand({ Bucket: bucket, Key, Body: "x" }));
    }
    raw.destroy();
    expect(await listKeys(store)).toEqual(made);
    expect(await s3.keys(bucket)).toHaveLength(made.length + 2);
  });

  it("streams with the object's type, length and a year of caching; HEAD, 304 and a plain 404", async () => {
    const bucket = await s3.createBucket();
    const store = s3Store(s3.settings(bucket));
    await store.put("abc-480.webp", bytes(3000), WEBP);
    const http = await mount(store);
    cleanups.push(http.close);

    const found = await fetch(`${http.base}/abc-480.webp`);
    expect(found.status).toBe(200);
    expect(found.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(found.headers.get("content-length")).toBe("3000");
    const etag = found.headers.get("etag") ?? "";
    expect(etag).not.toBe("");
    expect(new Uint8Array(await found.arrayBuffer())).toEqual(bytes(3000));

    const head = await fetch(`${http.base}/abc-480.webp`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-type")).toBe(WEBP);

    const again = await fetch(`${http.base}/abc-480.webp`, { headers: { "if-none-match": etag } });
    expect(again.status).toBe(304);

    for (const path of ["abc-960.webp", "", "..%2f..%2fetc%2fpasswd", "a/b.webp"]) {
      const missing = await fetch(`${http.base}/${path}`);
      expect(missing.status).toBe(404);
      expect(missing.headers.get("content-type")).toMatch(/^text\/plain/);
      expect(await missing.text()).toBe("Not found");
    }
    expect((await fetch(`${http.base}/abc-480.webp`, { method: "POST" })).status).toBe(404);
  });

  it("redirects to S3_PUBLIC_URL without asking the bucket, cached for a day", async () => {
    const store = s3Store(s3.settings("any-bucket", { publicUrl: "https://images.example.com/site" }));
    const http = await mount(store);
    cleanups.push(http.close);
    const res = await fetch(`${http.base}/abc-480.webp`, { redirect: "manual" });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("https://images.example.com/site/abc-480.webp");
    expect(res.headers.get("cache-control")).toBe("public, max-age=86400");
    expect((await fetch(`${http.base}/../x`, { redirect: "manual" })).status).toBe(404);
  });
});

describe("S3 store, on a failing or strict service", () => {
  let s3: S3Server;
  const cleanups = useS3Server((server) => {
    s3 = server;
  });

  it("fails with a 503 StorageError naming neither bucket nor endpoint when the service is unreachable", async () => {
    const logged = vi.spyOn(log, "error").mockImplementation(() => undefined);
    const port = await freePort();
    const store = s3Store({
      ...s3.settings("secret-bucket-name"),
      endpoint: `http://127.0.0.1:${port}`,
    });
    for (const attempt of [
      () => store.put("abc-480.webp", bytes(10), WEBP),
      () => store.read("abc-480.webp"),
      () => store.delete("abc-480.webp"),
      () => listKeys(store),
    ]) {
      const error = await attempt().catch((e) => e);
      expect(error).toBeInstanceOf(StorageError);
      expect(error.status).toBe(503);
      expect(error.message).not.toMatch(/secret-bucket-name|127\.0\.0\.1|:\/\//);
      expect(error.cause).toBeTruthy();
    }

    const http = await mount(store);
    cleanups.push(http.close);
    const res = await fetch(`${http.base}/abc-480.webp`);
    expect(res.status).toBe(503);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const body = await res.text();
    expect(body).toBe("Service unavailable");
    // The log has the cause, for the site owner.
    expect(logged).toHaveBeenCalled();
  });

  it("gives up on a service that accepts connections and never answers", async () => {
    const sockets: Socket[] = [];
    const silent: Server = createServer((socket) => void sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    cleanups.push(async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    });
    const store = s3Store({
      ...s3.settings("some-bucket"),
      endpoint: `http://127.0.0.1:${(silent.address() as AddressInfo).port}`,
      timeouts: { connect: 300, answer: 300 },
    });
    const started = Date.now();
    const error = await store.put("abc-480.webp", bytes(10), WEBP).catch((e) => e);
    expect(error).toBeInstanceOf(StorageError);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it("sends a plain upload, without the CRC32 checksum many S3-compatible services refuse", async () => {
    const seen: Record<string, string | string[] | undefined>[] = [];
    const recorder = createHttpServer((req, res) => {
      seen.push(req.headers);
      req.resume();
      req.on("end", () => res.writeHead(200, { etag: '"x"' }).end());
    });
    await new Promise<void>((resolve) => recorder.listen(0, "127.0.0.1", resolve));
    cleanups.push(() => new Promise((resolve) => recorder.close(resolve)));
    const store = s3Store({
      ...s3.settings("some-bucket"),
      endpoint: `http://127.0.0.1:${(recorder.address() as AddressInfo).port}`,
    });
    await store.put("abc-480.webp", bytes(100), WEBP);
    const headers = seen[0] ?? {};
    expect(headers["content-length"]).toBe("100");
    expect(Object.keys(headers).filter((name) => name.includes("checksum"))).toEqual([]);
    expect(headers["content-encoding"]).toBeUndefined();
  });

  it("is the store uploadStore() answers when S3_BUCKET is set, credentials from the SDK's variables", async () => {
    const bucket = await s3.createBucket();
    vi.stubEnv("S3_BUCKET", bucket);
    vi.stubEnv("S3_ENDPOINT", s3.endpoint);
    vi.stubEnv("S3_FORCE_PATH_STYLE", "true");
    vi.stubEnv("AWS_ACCESS_KEY_ID", "S3RVER");
    vi.stubEnv("AWS_SECRET_ACCESS_KEY", "S3RVER");
    const store = uploadStore();
    // One client per set of settings, not one per call.
    expect(uploadStore()).toBe(store);
    await store.put("abc-480.webp", bytes(5), WEBP);
    expect(await s3.keys(bucket)).toEqual(["abc-480.webp"]);

    vi.stubEnv("S3_BUCKET", "");
    vi.stubEnv("S3_ENDPOINT", "");
    vi.stubEnv("S3_FORCE_PATH_STYLE", "");
    expect(uploadStore()).not.toBe(store);
    expect(await s3.keys(bucket)).toEqual(["abc-480.webp"]);
  });
});
