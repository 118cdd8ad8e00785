/**
 * A real S3-protocol server (s3rver, in a child process, on a free local port) for tests of the
 * object storage: buckets made on demand, and their contents read behind the app's back.
 */
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { once } from "node:events";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CreateBucketCommand, ListBucketsCommand, paginateListObjectsV2, S3Client } from "@aws-sdk/client-s3";
import type { S3Settings } from "#app/server/media/s3.server.ts";

/** s3rver's only account. */
export const S3_CREDENTIALS = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };

export interface S3Server {
  endpoint: string;
  /** A new, empty bucket with a unique name. */
  createBucket(): Promise<string>;
  /** Every object key in `bucket`, sorted; read with a client of its own, not through any store. */
  keys(bucket: string): Promise<string[]>;
  /** Every object key in every bucket, as `bucket/key`. */
  allKeys(): Promise<string[]>;
  /** Store settings for `bucket` on this server (path-style, s3rver's credentials). */
  settings(bucket: string, more?: Partial<S3Settings>): S3Settings;
  /** The environment an app server needs to keep its uploads in `bucket`. */
  env(bucket: string, more?: Record<string, string>): Record<string, string>;
  close(): Promise<void>;
}

export async function startS3Server(): Promise<S3Server> {
  const directory = await mkdtemp(join(tmpdir(), "wanderplate-s3rver-"));
  const child = spawn(
    process.execPath,
    ["--openssl-legacy-provider", join(import.meta.dirname, "s3rver-process.ts"), directory],
    { stdio: ["ignore", "pipe", "inherit"] },
  );
  const port = await new Promise<number>((resolve, reject) => {
    let out = "";
    child.stdout.on("data", (chunk) => {
      out += String(chunk);
      const line = out.split("\n")[0] ?? "";
      if (out.includes("\n")) resolve((JSON.parse(line) as { port: number }).port);
    });
    child.once("exit", (code) => reject(new Error(`s3rver exited (${code}) before listening`)));
  });
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({
    endpoint,
    region: "us-east-1",
    forcePathStyle: true,
    credentials: S3_CREDENTIALS,
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
  const keys = async (bucket: string) => {
    const found: string[] = [];
    for await (const page of paginateListObjectsV2({ client }, { Bucket: bucket })) {
      for (const object of page.Contents ?? []) if (object.Key) found.push(object.Key);
    }
    return found.sort();
  };
  return {
    endpoint,
    async createBucket() {
      const bucket = `wp-${randomBytes(6).toString("hex")}`;
      await client.send(new CreateBucketCommand({ Bucket: bucket }));
      return bucket;
    },
    keys,
    async allKeys() {
      const { Buckets = [] } = await client.send(new ListBucketsCommand({}));
      const all: string[] = [];
      for (const { Name } of Buckets) {
        if (Name) all.push(...(await keys(Name)).map((key) => `${Name}/${key}`));
      }
      return all.sort();
    },
    settings: (bucket, more = {}) => ({
      bucket,
      endpoint,
      region: "us-east-1",
      forcePathStyle: true,
      credentials: S3_CREDENTIALS,
      ...more,
    }),
    env: (bucket, more = {}) => ({
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: "us-east-1",
      S3_FORCE_PATH_STYLE: "true",
      AWS_ACCESS_KEY_ID: S3_CREDENTIALS.accessKeyId,
      AWS_SECRET_ACCESS_KEY: S3_CREDENTIALS.secretAccessKey,
      ...more,
    }),
    async close() {
      client.destroy();
      if (child.exitCode === null) {
        child.kill("SIGTERM");
        await once(child, "exit");
      }
      await rm(directory, { recursive: true, force: true });
    },
  };
}
