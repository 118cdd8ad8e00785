/**
 * Backups taken while the site writes, restored on the same engine and across engines: the same
 * rows and the same image bytes come back; a damaged archive or a target with content is refused
 * before anything is written.
 */
import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm, truncate, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { StorageError, type UploadStore } from "#app/server/media/upload-store.server.ts";
import { countBlogs, createBlog } from "#app/server/models/blogs.server.ts";
import { addComment } from "#app/server/models/comments.server.ts";
import { BackupError } from "#app/server/transfer/backup/archive.server.ts";
import { type BackupSource, writeBackup } from "#app/server/transfer/backup/backup.server.ts";
import { restoreBackup } from "#app/server/transfer/backup/restore.server.ts";
import { BACKED_UP, LEFT_OUT } from "#app/server/transfer/backup/tables.server.ts";
import { TEST_ACTOR } from "#tests/support/content.ts";
import { describeEachEngine, ENGINES } from "#tests/support/engines.ts";
import { listKeys } from "#tests/support/upload-store-contract.ts";
import {
  blogWithImage,
  fillSite,
  newSite,
  restoredContents,
  type Site,
  tableContents,
  uploadContents,
} from "./site.ts";

const sourceOf = (site: Site): BackupSource => ({
  db: site.db,
  dialect: site.handle.dialect,
  databaseUrl: site.url,
});
const targetOf = (site: Site) => ({ db: site.db, dialect: site.handle.dialect });

let dir = "";
const sites: Site[] = [];
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "wanderplate-backups-"));
});
afterAll(async () => {
  for (const site of sites.splice(0)) await site.close();
  await rm(dir, { recursive: true, force: true });
});
async function site(...args: Parameters<typeof newSite>): Promise<Site> {
  const opened = await newSite(...args);
  sites.push(opened);
  return opened;
}

/** Whether a restore target was left as it was: no table created, no upload stored. */
async function untouched(target: Site): Promise<void> {
  expect(await target.db.introspection.getTables()).toEqual([]);
  expect(await listKeys(target.store)).toEqual([]);
}

for (const engine of ENGINES) {
  describe(`backup and restore [${engine}]`, () => {
    let source: Site;
    let file: string;

    beforeAll(async () => {
      source = await site(engine);
      await fillSite(source);
      // Enough comments that reading them takes several pages while the writes go on.
      const [blog] = await source.db.selectFrom("blogs").select("id").limit(1).execute();
      const comments = Array.from({ length: 20_000 }, (_, i) => ({
        blog_id: blog?.id ?? 0,
        name: `Reader ${i}`,
        email: `reader${i}@example.com`,
        comment: `Comment number ${i}`,
        approved: i % 2,
        created_at: 1_780_000_000 + i,
      }));
      for (let i = 0; i < comments.length; i += 500) {
        await source.db
          .insertInto("comments")
          .values(comments.slice(i, i + 500))
          .execute();
      }
      file = join(dir, `${engine}-under-writes.tar.gz`);
    });

    it("restores the same rows and image bytes from a backup taken while blogs, comments and images are written", async () => {
      const before = await tableContents(source.db);
      let writing = true;
      let written = 0;
      const writes = (async () => {
        for (let n = 1; writing; n++) {
          // Mostly quick writes, so many land while the tables are read; an image now and then.
          const title = `Written during the backup ${n}`;
          const blog =
            n % 10 === 1
              ? await blogWithImage(source, title)
              : await createBlog(source.db, TEST_ACTOR, {
                  title,
                  content: "<p>Quick</p>",
                  author: "Gil",
                  date: "2026-07-02",
                });
          await addComment(source.db, blog.id, {
            name: "Fay",
            email: "fay@example.com",
            comment: `Comment ${n}`,
          });
          written += 1;
        }
      })();
      const wait = () => new Promise((resolve) => setTimeout(resolve, 5));
      while (written < 2) await wait();
      const writtenBefore = written;
      // The first image copied waits for two more writes: images stored after the snapshot are
      // copied too, and the rows that use them are not in the backup.
      let waited = false;
      const slowStore: UploadStore = {
        ...source.store,
        read: async (key) => {
          if (!waited) {
            waited = true;
            const target = written + 2;
            while (written < target) await wait();
          }
          return source.store.read(key);
        },
      };
      const summary = await writeBackup(sourceOf(source), slowStore, file);
      const writtenDuring = written - writtenBefore;
      writing = false;
      await writes;
      expect(writtenDuring).toBeGreaterThan(0);
      expect(existsSync(`${file}.partial`)).toBe(false);

      const target = await site(engine, { migrate: false });
      const restoredSummary = await restoreBackup(file, targetOf(target), target.store, TEST_ACTOR);
      expect(restoredSummary.tables).toEqual(
        Object.fromEntries(Object.entries(summary.tables).filter(([, rows]) => rows > 0)),
      );
      // The restore recorded itself, once, beside the entries it brought back.
      const restores = await target.db
        .selectFrom("activity_log")
        .select("item_label")
        .where("kind", "=", "restore")
        .execute();
      expect(restores).toEqual([{ item_label: `${engine}-under-writes.tar.gz` }]);
      const restored = await restoredContents(target.db);
      const now = await tableContents(source.db);
      for (const { name, key } of BACKED_UP) {
        const byKey = (rows: Record<string, unknown>[] = []) =>
          new Map(rows.map((row) => [JSON.stringify(key.map((k) => row[k])), JSON.stringify(row)]));
        const [was, is, back] = [byKey(before[name]), byKey(now[name]), byKey(restored[name])];
        // Everything there before the backup came back, and every restored row is as the source has it.
        expect(
          [...was].filter(([k, row]) => back.get(k) !== row),
          name,
        ).toEqual([]);
        expect(
          [...back].filter(([k, row]) => is.get(k) !== row),
          name,
        ).toEqual([]);
        expect(back.size, name).toBe(summary.tables[name]);
      }
      // One snapshot: the blogs restored are those the database counted at that moment.
      expect(await countBlogs(target.db)).toBe(restored.blogs?.length);
      // Every image a restored row shows is there, byte for byte.
      const restoredUploads = await uploadContents(target.store);
      const sourceUploads = await uploadContents(source.store);
      for (const [key, bytes] of Object.entries(restoredUploads)) expect(bytes, key).toBe(sourceUploads[key]);
      for (const row of restored.uploads ?? []) {
        expect(Object.keys(restoredUploads).filter((key) => key.startsWith(`${row.id}-`))).toHaveLength(3);
      }
    });

    it("refuses a target that already has content, or uploads, and writes nothing", async () => {
      const target = await site(engine, { migrate: false });
      await restoreBackup(file, targetOf(target), target.store, TEST_ACTOR);
      const before = await tableContents(target.db);
      await expect(restoreBackup(file, targetOf(target), target.store, TEST_ACTOR)).rejects.toThrow(
        /the database is not empty \(table accounts has rows\)/,
      );
      expect(await tableContents(target.db)).toEqual(before);

      const onlyUploads = await site(engine, { migrate: false });
      await onlyUploads.store.put(
        "0123456789abcdef01234567-480.webp",
        new Uint8Array([1, 2, 3]),
        "image/webp",
      );
      await expect(restoreBackup(file, targetOf(onlyUploads), onlyUploads.store, TEST_ACTOR)).rejects.toThrow(
        /the uploads location is not empty/,
      );
      expect(await onlyUploads.db.introspection.getTables()).toEqual([]);
    });

    it("refuses a damaged archive (a flipped byte, a cut-off end, not an archive at all) and writes nothing", async () => {
      const bytes = await readFile(file);
      const flipped = (at: number) => {
        const copy = Buffer.from(bytes);
        copy[at] = (copy[at] ?? 0) ^ 0x20;
        return copy;
      };
      const damaged: [string, Buffer][] = [
        ["flipped-middle", flipped(Math.floor(bytes.length / 2))],
        ["flipped-end", flipped(bytes.length - 6)],
        ["cut", bytes.subarray(0, Math.floor(bytes.length * 0.7))],
        ["not-an-archive", Buffer.from("just some text\n")],
      ];
      for (const [name, content] of damaged) {
        const path = join(dir, `${engine}-${name}.tar.gz`);
        await writeFile(path, content);
        const target = await site(engine, { migrate: false });
        const attempt = restoreBackup(path, targetOf(target), target.store, TEST_ACTOR);
        await expect(attempt, name).rejects.toBeInstanceOf(BackupError);
        await expect(restoreBackup(path, targetOf(target), target.store, TEST_ACTOR), name).rejects.toThrow(
          /damaged|incomplete/,
        );
        await untouched(target);
      }
      // Cut exactly at the end of a tar entry: still refused (no manifest, or gzip's end missing).
      const cut = join(dir, `${engine}-cut-short.tar.gz`);
      await writeFile(cut, bytes);
      await truncate(cut, bytes.length - 1);
      const target = await site(engine, { migrate: false });
      await expect(restoreBackup(cut, targetOf(target), target.store, TEST_ACTOR)).rejects.toThrow(
        /damaged|incomplete/,
      );
      await untouched(target);
    });

    it("goes on when an image is deleted between the snapshot and its copy, and names it", async () => {
      const keys = await listKeys(source.store);
      const gone = keys[0] ?? "";
      const vanishing: UploadStore = {
        ...source.store,
        read: async (key) => (key === gone ? null : source.store.read(key)),
        list: async function* () {
          for (const key of keys) if (key !== gone) yield key;
        },
      };
      const out = join(dir, `${engine}-missing.tar.gz`);
      const summary = await writeBackup(sourceOf(source), vanishing, out);
      expect(summary.missingUploads).toEqual([gone]);
      expect(summary.uploads).toBe(keys.length - 1);
      const target = await site(engine, { migrate: false });
      await restoreBackup(out, targetOf(target), target.store, TEST_ACTOR);
      expect(await listKeys(target.store)).toEqual(keys.filter((key) => key !== gone));
    });

    it("leaves no file, finished or partial, when the upload store fails", async () => {
      const failing: UploadStore = {
        ...source.store,
        read: async () => {
          throw new StorageError(new Error("bucket unreachable"));
        },
      };
      const out = join(dir, `${engine}-failed.tar.gz`);
      await expect(writeBackup(sourceOf(source), failing, out)).rejects.toBeInstanceOf(StorageError);
      expect(existsSync(out)).toBe(false);
      expect(existsSync(`${out}.partial`)).toBe(false);
    });
  });
}

describe("moving engines: SQLite → PostgreSQL → SQLite", () => {
  it("carries every row and image across both ways, and never reuses a deleted id", async () => {
    const original = await site("sqlite");
    await fillSite(original);
    const rows = await tableContents(original.db);
    const images = await uploadContents(original.store);

    const first = join(dir, "sqlite.tar.gz");
    await writeBackup(sourceOf(original), original.store, first);
    const postgres = await site("postgres", { migrate: false });
    await restoreBackup(first, targetOf(postgres), postgres.store, TEST_ACTOR);
    expect(await restoredContents(postgres.db)).toEqual(rows);
    expect(await uploadContents(postgres.store)).toEqual(images);

    const second = join(dir, "postgres.tar.gz");
    await writeBackup(sourceOf(postgres), postgres.store, second);
    const back = await site("sqlite", { migrate: false });
    await restoreBackup(second, targetOf(back), back.store, TEST_ACTOR);
    expect(await restoredContents(back.db)).toEqual(rows);
    expect(await uploadContents(back.store)).toEqual(images);

    // fillSite deleted its last blog: its id stays retired on both engines.
    const deletedId = Math.max(...(rows.blogs ?? []).map((row) => Number(row.id))) + 1;
    for (const target of [postgres, back]) {
      const blog = await createBlog(target.db, TEST_ACTOR, {
        title: "After the move",
        content: "<p>New</p>",
        author: "A",
        date: "2026-07-01",
      });
      expect(blog.id).toBe(deletedId + 1);
    }
  });
});

describeEachEngine("what a backup holds", (db) => {
  it("every table of the schema is either backed up or left out on purpose", async () => {
    const tables = (await db().introspection.getTables()).map((t) => t.name).sort();
    const known = [...BACKED_UP.map((t) => t.name), ...Object.keys(LEFT_OUT)];
    expect(tables.filter((name) => !known.includes(name))).toEqual([]);
  });
});
