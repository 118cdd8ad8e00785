/**
 * Where an import keeps what it read before writing any of it: a throwaway SQLite file in the
 * system's temporary folder, one row per item. Reading every file to the end before the first write
 * is what lets a bad file be refused with nothing written; keeping the items on disk rather than in
 * memory keeps memory flat however big the export (a featured image id or a recipe embed may point
 * at an item further down the file, so nothing can be written as it streams past).
 * Several files of one site go into one store: an item read again (same type and source id) replaces
 * the earlier copy.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync, type StatementSync } from "node:sqlite";
import type { ImportedAttachment, ImportedItem } from "./items.server.ts";

/** Items are committed in batches: one transaction per item would make staging disk-bound. */
const BATCH = 500;

export class StagingStore {
  readonly #dir: string;
  readonly #db: DatabaseSync;
  readonly #put: StatementSync;
  #pending = 0;

  constructor() {
    this.#dir = mkdtempSync(join(tmpdir(), "wanderplate-import-"));
    this.#db = new DatabaseSync(join(this.#dir, "staging.db"));
    this.#db.exec(`
      pragma journal_mode = off;
      pragma synchronous = off;
      create table items (
        seq integer primary key,
        type text not null,
        source_id text not null,
        body text not null,
        unique (type, source_id)
      );
      create index items_attachment_parent on items (json_extract(body, '$.parentSourceId'))
        where type = 'attachment';
    `);
    this.#put = this.#db.prepare(
      "insert into items (type, source_id, body) values (?, ?, ?) on conflict (type, source_id) do update set body = excluded.body",
    );
    this.#db.exec("begin");
  }

  put(item: ImportedItem): void {
    this.#put.run(item.type, item.sourceId, JSON.stringify(item));
    if (++this.#pending >= BATCH) {
      this.#db.exec("commit; begin");
      this.#pending = 0;
    }
  }

  /** Ends the writing phase: everything put is readable from here on. */
  seal(): void {
    this.#db.exec("commit");
  }

  count(type: ImportedItem["type"]): number {
    const row = this.#db.prepare("select count(*) as n from items where type = ?").get(type) as { n: number };
    return Number(row.n);
  }

  /** One item by type and source id, or null. */
  get<T extends ImportedItem>(type: T["type"], sourceId: string): T | null {
    const row = this.#db
      .prepare("select body from items where type = ? and source_id = ?")
      .get(type, sourceId) as { body: string } | undefined;
    return row ? (JSON.parse(row.body) as T) : null;
  }

  /** Every item of a type, in the order first read, one at a time (paged, so memory stays flat). */
  *each<T extends ImportedItem>(type: T["type"]): Generator<T> {
    const page = this.#db.prepare(
      "select seq, body from items where type = ? and seq > ? order by seq limit 200",
    );
    let after = 0;
    for (;;) {
      const rows = page.all(type, after) as { seq: number; body: string }[];
      if (rows.length === 0) return;
      for (const row of rows) yield JSON.parse(row.body) as T;
      after = Number(rows[rows.length - 1]?.seq ?? after);
    }
  }

  /** The attachments uploaded to a post, in file order (a `[gallery]` without ids shows them). */
  attachmentsOf(parentSourceId: string): ImportedAttachment[] {
    const rows = this.#db
      .prepare(
        "select body from items where type = 'attachment' and json_extract(body, '$.parentSourceId') = ? order by seq",
      )
      .all(parentSourceId) as { body: string }[];
    return rows.map((row) => JSON.parse(row.body) as ImportedAttachment);
  }

  dispose(): void {
    try {
      this.#db.close();
    } catch {
      // Already closed.
    }
    rmSync(this.#dir, { recursive: true, force: true });
  }
}
