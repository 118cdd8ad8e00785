import type { StatementSync } from "node:sqlite";
import {
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  type LimitNode,
  type QueryCompiler,
  type QueryResult,
  SelectQueryNode,
  SqliteAdapter,
  SqliteDialect,
  SqliteQueryCompiler,
  ValueNode,
} from "kysely";
import { DatabaseUnavailableError, type HealthMonitor, isDatabaseUnavailable } from "./health.server.ts";
import { type NodeSqliteConnection, openNodeSqlite } from "./node-sqlite.server.ts";
import type { ConnectionStats } from "./postgres-pool.server.ts";
import { WalIndexWatch } from "./wal-index.server.ts";

/**
 * Kysely's SQLite dialect over `node:sqlite`, built so that a locked database never stops the
 * process (another process holding the write lock: `npm run create-admin`, a backup, a second
 * server on the same file):
 *
 * - SQLite's busy timeout is zero and a statement that finds the database locked is tried again
 *   after an asynchronous pause (5 ms, doubling to 100 ms), so the event loop keeps serving other
 *   requests; past `lockWaitMs` it gives up with DatabaseUnavailableError (the 503 page);
 * - one connection writes, one reads: reads are never queued behind a write that waits for the
 *   lock (WAL lets readers and a writer work at once); writes and transactions take turns on an
 *   in-process lock, bounded by the same wait;
 * - transactions start with BEGIN IMMEDIATE, so the write lock is taken, or found busy, at BEGIN,
 *   where trying again is safe. A deferred transaction that upgrades to a write can fail with
 *   SQLITE_BUSY_SNAPSHOT halfway through, which no retry of one statement can repair.
 */
export class NodeSqliteDialect extends SqliteDialect {
  readonly #options: NodeSqliteOptions;
  #driver: NodeSqliteDriver | undefined;

  constructor(options: NodeSqliteOptions) {
    super({ database: () => Promise.reject(new Error("unused: NodeSqliteDriver opens the database")) });
    this.#options = options;
  }

  override createDriver(): Driver {
    this.#driver = new NodeSqliteDriver(this.#options);
    return this.#driver;
  }

  /** The writer (busy or idle) and the writes queued for it, for the metrics. */
  stats(): ConnectionStats {
    return this.#driver?.stats() ?? { inUse: 0, idle: 0, waiting: 0 };
  }

  override createAdapter() {
    return new NodeSqliteAdapter();
  }

  /**
   * The first column of `sql`'s first row, read at once on the reading connection (undefined with
   * no row; throws before the database is open or after it is closed). For the read on every cache hit
   * (cache/content-version.server.ts), where a promise and Kysely's machinery cost more than the
   * read. Throws what SQLite throws, a busy database among them: its callers have a slower way.
   * While SQLite's WAL-index header says nothing was committed since the last read, the value that
   * read found is answered without reading again (wal-index.server.ts): a new read would see the
   * same snapshot.
   */
  firstValueSync(sql: string): unknown {
    if (!this.#driver) throw new Error("SQLite: the database is not open");
    return this.#driver.firstValueSync(sql);
  }

  /** How many times firstValueSync ran its statement, rather than answering from the header. */
  get firstValueReads(): number {
    return this.#driver?.firstValueReads ?? 0;
  }

  override createQueryCompiler(): QueryCompiler {
    return new LiteralLimitCompiler();
  }
}

/**
 * Writes an integer LIMIT into the SQL instead of binding it. SQLite (3.53, node:sqlite's) lets a
 * bound LIMIT's value steer the query plan, so binding that parameter marks the statement to be
 * compiled again on its next step, even when the value is the same: every `limit ?` query was
 * parsed and planned anew on each run (a blog page's queries took 181 µs instead of 67;
 * docs/performance.md, "Statements compiled on every run").
 * OFFSET has no such effect and stays bound, so a paged list keeps one statement for all pages.
 */
export class LiteralLimitCompiler extends SqliteQueryCompiler {
  protected override visitLimit(node: LimitNode): void {
    const limit = node.limit;
    // Only a safe integer, which prints as digits: anything else is bound as before.
    if (ValueNode.is(limit) && Number.isSafeInteger(limit.value)) {
      this.append(`limit ${limit.value}`);
      return;
    }
    super.visitLimit(node);
  }
}

export interface NodeSqliteOptions {
  path: string;
  /** The longest a statement waits for a lock, in this process and in SQLite. */
  lockWaitMs: number;
  health?: HealthMonitor;
  /** Closed with this database (the read thread of its long reads: sqlite-read-thread.server.ts). */
  closeWith?: () => Promise<void>;
}

/** Connections are this driver's own (one writer, one reader), so Kysely need not serialize them. */
class NodeSqliteAdapter extends SqliteAdapter {
  override get supportsMultipleConnections(): boolean {
    return true;
  }
}

interface Shared {
  writer: NodeSqliteConnection;
  /** The writer itself for an in-memory database (a second connection would be another database). */
  reader: NodeSqliteConnection;
  writeLock: AsyncLock;
  /** How many writes (statements or transactions) this process has ended: see `#headerRead`. */
  writesEnded: number;
  lockWaitMs: number;
  health?: HealthMonitor;
}

class NodeSqliteDriver implements Driver {
  readonly #options: NodeSqliteOptions;
  #shared: Shared | undefined;
  /**
   * firstValueSync's statements (rows as arrays: no object per read), each with its last value and
   * the WAL-index header it was read under (`#keptHeader`; -1 for none).
   */
  readonly #firstValues = new Map<string, { statement: StatementSync; value: unknown; header: number }>();
  /** Says when nothing was committed since a header was kept; null where there is none (in memory). */
  #walIndex: WalIndexWatch | null | undefined;
  /** Moves each time a newer WAL-index header is kept. */
  #keptHeader = 0;
  /**
   * The header read in this turn of the event loop (whether it was whole), and how many writes
   * this process had ended then. The reads of one turn (a batch of cache hits) share it, as if
   * answered at the same instant: a read is a system call (3.4 µs of a 68 µs hit on a slow host,
   * session 36), the header rarely moves, and another process's commit in the same turn is one no
   * request of the batch was waiting for. A write of this process ends the sharing at once.
   */
  #headerRead: { whole: boolean; writesEnded: number } | undefined;
  readonly #endTurn = () => {
    this.#headerRead = undefined;
  };
  /** How many times firstValueSync ran its statement (the rest were answered from the header). */
  firstValueReads = 0;

  constructor(options: NodeSqliteOptions) {
    this.#options = options;
  }

  async init(): Promise<void> {
    const { path, lockWaitMs, health } = this.#options;
    // Opening sets the journal mode, which needs the database: another process holding it (a
    // second server starting at the same moment, a backup) is waited for as a write would be.
    const deadline = Date.now() + lockWaitMs;
    const writer = await whileBusy(() => openNodeSqlite(path), deadline, this.#options);
    let reader = writer;
    if (path !== ":memory:" && path !== "") {
      try {
        reader = await whileBusy(() => openNodeSqlite(path, { readOnly: true }), deadline, this.#options);
      } catch (error) {
        writer.close();
        throw error;
      }
    }
    this.#shared = { writer, reader, writeLock: new AsyncLock(), writesEnded: 0, lockWaitMs, health };
  }

  firstValueSync(sql: string): unknown {
    const shared = this.#shared;
    if (!shared) throw new Error("SQLite: the database is not open");
    const reader = shared.reader;
    let entry = this.#firstValues.get(sql);
    if (!entry) {
      const statement = reader.db.prepare(sql);
      statement.setReturnArrays(true);
      entry = { statement, value: undefined, header: -1 };
      this.#firstValues.set(sql, entry);
    }
    // The header is read before the statement: a commit in between moves it, so the value kept
    // is never newer than the header it is kept under (wal-index.server.ts).
    const watch = this.#walIndex;
    const whole = watch ? this.#readHeader(watch, shared) : false;
    if (whole && entry.header === this.#keptHeader && watch?.unchanged()) return entry.value;
    const value = (entry.statement.get() as unknown[] | undefined)?.[0];
    this.firstValueReads++;
    if (watch && whole) {
      if (!watch.unchanged()) {
        watch.keep();
        this.#keptHeader++;
      }
      entry.value = value;
      entry.header = this.#keptHeader;
    } else {
      watch?.forget();
      entry.header = -1;
    }
    // Watched from the first read on: the reading connection has made the -shm file by then.
    if (this.#walIndex === undefined) this.#walIndex = this.#openWalIndex(reader);
    return value;
  }

  /** The WAL-index header, read once per turn of the event loop while this process writes nothing. */
  #readHeader(watch: WalIndexWatch, shared: Shared): boolean {
    const turn = this.#headerRead;
    if (turn && turn.writesEnded === shared.writesEnded) return turn.whole;
    if (!turn) setImmediate(this.#endTurn);
    const whole = watch.read();
    this.#headerRead = { whole, writesEnded: shared.writesEnded };
    return whole;
  }

  /** The WAL index's watch, where the database is a file in WAL mode. */
  #openWalIndex(reader: NodeSqliteConnection): WalIndexWatch | null {
    const { path } = this.#options;
    if (this.#shared?.writer === reader) return null;
    const mode = (reader.db.prepare("PRAGMA journal_mode").get() as { journal_mode?: string } | undefined)
      ?.journal_mode;
    return mode === "wal" ? (WalIndexWatch.open(path) ?? null) : null;
  }

  stats(): ConnectionStats {
    const lock = this.#shared?.writeLock;
    if (!lock) return { inUse: 0, idle: 0, waiting: 0 };
    return { inUse: lock.held ? 1 : 0, idle: lock.held ? 0 : 1, waiting: lock.waiting };
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    if (!this.#shared) throw new Error("driver not initialized");
    return new Connection(this.#shared);
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as Connection).begin();
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as Connection).commit();
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as Connection).rollback();
  }

  async savepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`savepoint ${quoteName(name)}`));
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`rollback to ${quoteName(name)}`));
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`release ${quoteName(name)}`));
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    // A transaction left open (its commit and rollback both failed) must not keep the lock.
    await (connection as Connection).rollback();
  }

  async destroy(): Promise<void> {
    await this.#options.closeWith?.();
    const shared = this.#shared;
    this.#shared = undefined;
    this.#firstValues.clear();
    this.#walIndex?.close();
    this.#walIndex = undefined;
    this.#headerRead = undefined;
    if (!shared) return;
    if (shared.reader !== shared.writer) shared.reader.close();
    shared.writer.close();
  }
}

const quoteName = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** One use of the database by Kysely: a single query, or a whole transaction. */
class Connection implements DatabaseConnection {
  readonly #shared: Shared;
  #inTransaction = false;

  constructor(shared: Shared) {
    this.#shared = shared;
  }

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const { writer, reader, writeLock } = this.#shared;
    // Inside a transaction this connection holds the write lock already (BEGIN IMMEDIATE).
    if (this.#inTransaction) return run<R>(writer, query);
    const deadline = Date.now() + this.#shared.lockWaitMs;
    if (SelectQueryNode.is(query.query) && reader !== writer) {
      return whileBusy(() => run<R>(reader, query), deadline, this.#shared);
    }
    await this.#lock(deadline);
    try {
      return await whileBusy(() => run<R>(writer, query), deadline, this.#shared);
    } finally {
      this.#shared.writesEnded++;
      writeLock.release();
    }
  }

  async *streamQuery<R>(query: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    if (!SelectQueryNode.is(query.query)) throw new Error("only select queries can be streamed");
    const { reader, writer } = this.#shared;
    const source = this.#inTransaction ? writer : reader;
    for (const row of source.prepare(query.sql).iterate(query.parameters)) yield { rows: [row as R] };
  }

  async begin(): Promise<void> {
    const deadline = Date.now() + this.#shared.lockWaitMs;
    await this.#lock(deadline);
    try {
      await whileBusy(() => this.#shared.writer.db.exec("BEGIN IMMEDIATE"), deadline, this.#shared);
      this.#inTransaction = true;
    } catch (error) {
      this.#shared.writeLock.release();
      throw error;
    }
  }

  async commit(): Promise<void> {
    // Should COMMIT fail, the transaction stays open and Kysely rolls it back next.
    this.#shared.writer.db.exec("COMMIT");
    this.#end();
  }

  async rollback(): Promise<void> {
    if (!this.#inTransaction) return;
    try {
      // SQLite may have rolled back already (after some errors it does so itself).
      if (this.#shared.writer.db.isTransaction) this.#shared.writer.db.exec("ROLLBACK");
    } finally {
      this.#end();
    }
  }

  #end(): void {
    this.#inTransaction = false;
    this.#shared.writesEnded++;
    this.#shared.writeLock.release();
  }

  async #lock(deadline: number): Promise<void> {
    try {
      await this.#shared.writeLock.acquire(deadline);
    } catch (error) {
      this.#shared.health?.report(error);
      throw error;
    }
  }
}

/** Runs `attempt`, trying again after a pause while SQLite reports the database busy. */
async function whileBusy<T>(
  attempt: () => T,
  deadline: number,
  { lockWaitMs, health }: { lockWaitMs: number; health?: HealthMonitor | undefined },
): Promise<T> {
  for (let pause = 5; ; pause = Math.min(pause * 2, 100)) {
    try {
      return attempt();
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error;
      const left = deadline - Date.now();
      if (left <= 0) {
        const message = `SQLite: the database stayed locked for ${lockWaitMs} ms`;
        const gaveUp = new DatabaseUnavailableError(message, { cause: error });
        health?.report(gaveUp);
        throw gaveUp;
      }
      await new Promise((resolve) => setTimeout(resolve, Math.min(pause, left)));
    }
  }
}

function run<R>(connection: NodeSqliteConnection, { sql, parameters }: CompiledQuery): QueryResult<R> {
  const stmt = connection.prepare(sql);
  if (stmt.reader) return { rows: stmt.all(parameters) as R[] };
  const { changes, lastInsertRowid } = stmt.run(parameters);
  return {
    insertId: lastInsertRowid != null ? BigInt(lastInsertRowid) : undefined,
    numAffectedRows: changes != null ? BigInt(changes) : undefined,
    rows: [],
  };
}

/** First come, first served; a waiter gives up at its deadline. */
class AsyncLock {
  #held = false;
  readonly #waiters: (() => void)[] = [];

  get held(): boolean {
    return this.#held;
  }

  get waiting(): number {
    return this.#waiters.length;
  }

  acquire(deadline: number): Promise<void> {
    if (!this.#held) {
      this.#held = true;
      return Promise.resolve();
    }
    return new Promise((resolve, reject) => {
      const grant = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(
        () => {
          this.#waiters.splice(this.#waiters.indexOf(grant), 1);
          reject(new DatabaseUnavailableError("SQLite: waited too long for this server's other writes"));
        },
        Math.max(0, deadline - Date.now()),
      );
      this.#waiters.push(grant);
    });
  }

  /** Hands the lock to the next waiter, if any. */
  release(): void {
    const next = this.#waiters.shift();
    if (next) next();
    else this.#held = false;
  }
}
