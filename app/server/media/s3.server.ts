import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  paginateListObjectsV2,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";

import type { Request, RequestHandler, Response } from "express";
import { log } from "#app/server/telemetry/log.server.ts";
import { checkKey, isKey, StorageError, type UploadStore } from "./upload-store.server.ts";

/** Where the bucket is and how to reach it; credentials come from the AWS SDK's standard chain. */
export interface S3Settings {
  bucket: string;
  /** The S3 API's URL for a service other than AWS (MinIO, R2, B2…); unset means AWS. */
  endpoint?: string | undefined;
  region: string;
  /** The bucket in the URL's path instead of its host name (most self-hosted servers need this). */
  forcePathStyle: boolean;
  /** Where the objects can be read publicly: `/uploads/<key>` then redirects to `<publicUrl>/<key>`. */
  publicUrl?: string | undefined;
  /** Explicit credentials (tests); otherwise the SDK's chain (AWS_ACCESS_KEY_ID…, AWS_PROFILE, roles). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** Milliseconds to wait for a connection, and for an answer or the next bytes of one. */
  timeouts?: { connect: number; answer: number };
  /** Keys per ListObjectsV2 page (tests make it small to walk several pages). */
  pageSize?: number;
}

/** Keys never change meaning, so a stored object may be cached by anyone for a year. */
const YEAR = "public, max-age=31536000, immutable";

/**
 * How long a browser keeps the redirect to S3_PUBLIC_URL: a day, not a year, so a site that moves
 * its images to another public URL is followed within a day. The object itself is cached for a year.
 */
const REDIRECT_CACHE = "public, max-age=86400";

const notFound = (res: Response) => res.status(404).type("text/plain").send("Not found");

/** The service's answer for a key that is not in the bucket (GetObject and HeadObject word it differently). */
function isMissing(error: unknown): boolean {
  return (
    error instanceof S3ServiceException &&
    (error.name === "NoSuchKey" || error.name === "NotFound" || error.$metadata.httpStatusCode === 404)
  );
}

function isNotModified(error: unknown): boolean {
  return error instanceof S3ServiceException && error.$metadata.httpStatusCode === 304;
}

/** The bucket's client, with bounded waits and the checksums only where an operation needs them. */
function s3Client(settings: S3Settings): S3Client {
  const timeouts = settings.timeouts ?? { connect: 3000, answer: 10_000 };
  return new S3Client({
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    ...(settings.credentials ? { credentials: settings.credentials } : {}),
    // Newer SDKs add CRC32 checksums to every upload and check them on every download, which many
    // S3-compatible services do not support: only when an operation requires one.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    // A service that stops answering must not hold a request (or an admin's upload) forever.
    requestHandler: {
      connectionTimeout: timeouts.connect,
      requestTimeout: timeouts.answer,
      throwOnRequestTimeout: true,
      socketTimeout: timeouts.answer,
    },
    maxAttempts: 2,
  });
}

/** Runs one S3 call; any failure becomes a StorageError (plain message, the cause kept for the log). */
async function call<T>(operation: () => Promise<T>): Promise<T> {
  try {
    return await operation();
  } catch (error) {
    throw new StorageError(error);
  }
}

/** Answers a request for an upload with the object from the bucket, streamed. */
async function stream(
  client: S3Client,
  bucket: string,
  req: Request,
  res: Response,
  key: string,
): Promise<void> {
  // Conditional requests pass through, so a browser revalidating gets a 304 without the bytes.
  const since = new Date(req.get("if-modified-since") ?? "");
  const input = {
    Bucket: bucket,
    Key: key,
    IfNoneMatch: req.get("if-none-match"),
    IfModifiedSince: Number.isNaN(since.getTime()) ? undefined : since,
  };
  let object: {
    ContentType?: string | undefined;
    ContentLength?: number | undefined;
    ETag?: string | undefined;
    LastModified?: Date | undefined;
    Body?: unknown;
  };
  try {
    object =
      req.method === "HEAD"
        ? await client.send(new HeadObjectCommand(input))
        : await client.send(new GetObjectCommand(input));
  } catch (error) {
    if (isMissing(error)) return void notFound(res);
    if (isNotModified(error)) return void res.status(304).set("Cache-Control", YEAR).end();
    // The cause names the bucket and endpoint: the log may know them, the visitor does not.
    log.error({ err: error, key }, "Serving an upload from the bucket failed");
    res.status(503).set("Cache-Control", "no-store").type("text/plain").send("Service unavailable");
    return;
  }
  res.status(200);
  res.set("Cache-Control", YEAR);
  res.type(object.ContentType ?? "application/octet-stream");
  if (object.ContentLength !== undefined) res.set("Content-Length", String(object.ContentLength));
  if (object.ETag) res.set("ETag", object.ETag);
  if (object.LastModified) res.set("Last-Modified", object.LastModified.toUTCString());
  const body = object.Body as Readable | undefined;
  if (req.method === "HEAD" || !body) return void res.end();
  try {
    await pipeline(body, res);
  } catch (error) {
    // The headers are gone already, so the answer is just cut short. A visitor leaving the page
    // mid-image is no fault worth logging; the bucket failing mid-stream is.
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== "ERR_STREAM_PREMATURE_CLOSE")
      log.warn({ err: error, key }, "Streaming an upload was cut short");
  }
}

/**
 * Uploads as objects in an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, Backblaze B2…).
 * Every app server sharing the bucket sees every upload, so several servers need no shared disk.
 */
export function s3Store(settings: S3Settings): UploadStore {
  const { bucket, publicUrl } = settings;
  const client = s3Client(settings);

  const serve: RequestHandler = (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return void notFound(res);
    const key = req.path.slice(1);
    if (!isKey(key)) return void notFound(res);
    if (publicUrl) {
      // No look-up first: the public URL answers 404 itself for a key that is not stored.
      res.set("Cache-Control", REDIRECT_CACHE).redirect(302, `${publicUrl}/${key}`);
      return;
    }
    stream(client, bucket, req, res, key).catch(next);
  };

  return {
    async put(key, bytes, contentType) {
      checkKey(key);
      // One PutObject: the service stores the whole object or none of it.
      await call(() =>
        client.send(
          new PutObjectCommand({
            Bucket: bucket,
            Key: key,
            Body: bytes,
            ContentType: contentType,
            ContentLength: bytes.byteLength,
            CacheControl: YEAR,
          }),
        ),
      );
    },

    async read(key) {
      checkKey(key);
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        return object.Body ? await object.Body.transformToByteArray() : new Uint8Array();
      } catch (error) {
        if (isMissing(error)) return null;
        throw new StorageError(error);
      }
    },

    async delete(key) {
      checkKey(key);
      // S3 answers a delete of a missing key with success, as the interface wants.
      await call(() => client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key })));
    },

    async *list() {
      const pages = paginateListObjectsV2(
        { client, ...(settings.pageSize ? { pageSize: settings.pageSize } : {}) },
        { Bucket: bucket },
      );
      const iterator = pages[Symbol.asyncIterator]();
      while (true) {
        const page = await call(() => iterator.next());
        if (page.done) return;
        // A bucket shared with other things (folders, other apps' files): only keys we could have made.
        for (const object of page.value.Contents ?? []) {
          if (object.Key && isKey(object.Key)) yield object.Key;
        }
      }
    },

    serve,
  };
}
