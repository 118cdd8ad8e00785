/**
 * Backups of a site whose uploads live in object storage: the archive holds the bucket's images,
 * and a restore puts them into another bucket (or onto a disk) byte for byte, across engines.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { s3Store } from "#app/server/media/s3.server.ts";
import { writeBackup } from "#app/server/transfer/backup/backup.server.ts";
import { restoreBackup } from "#app/server/transfer/backup/restore.server.ts";
import { TEST_ACTOR } from "#tests/support/content.ts";
import { type S3Server, startS3Server } from "#tests/support/s3.ts";
import { fillSite, newSite, restoredContents, type Site, tableContents, uploadContents } from "./site.ts";

describe("backup and restore with uploads in object storage", () => {
  let s3: S3Server;
  let dir = "";
  const sites: Site[] = [];
  beforeAll(async () => {
    s3 = await startS3Server();
    dir = await mkdtemp(join(tmpdir(), "wanderplate-s3-backups-"));
  });
  afterAll(async () => {
    for (const site of sites.splice(0)) await site.close();
    await s3?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it("copies the bucket's images into the archive and restores them into another bucket, then onto a disk", async () => {
    const source = await newSite("sqlite");
    sites.push(source);
    const fromBucket = await s3.createBucket();
    source.store = s3Store(s3.settings(fromBucket));
    await fillSite(source);
    const images = await uploadContents(source.store);
    expect(Object.keys(images).length).toBeGreaterThan(0);
    expect(await s3.keys(fromBucket)).toEqual(Object.keys(images).sort());

    const file = join(dir, "s3-site.tar.gz");
    await writeBackup(
      { db: source.db, dialect: source.handle.dialect, databaseUrl: source.url },
      source.store,
      file,
    );

    // Into PostgreSQL and a second, empty bucket: the several-servers setup.
    const target = await newSite("postgres", { migrate: false });
    sites.push(target);
    const toBucket = await s3.createBucket();
    target.store = s3Store(s3.settings(toBucket));
    await restoreBackup(file, { db: target.db, dialect: target.handle.dialect }, target.store, TEST_ACTOR);
    expect(await uploadContents(target.store)).toEqual(images);
    expect(await restoredContents(target.db)).toEqual(await tableContents(source.db));

    // And back onto a local disk (leaving object storage), on SQLite.
    const local = await newSite("sqlite", { migrate: false });
    sites.push(local);
    await restoreBackup(file, { db: local.db, dialect: local.handle.dialect }, local.store, TEST_ACTOR);
    expect(await uploadContents(local.store)).toEqual(images);
  });
});
