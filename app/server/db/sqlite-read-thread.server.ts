import { Worker } from "node:worker_threads";
import {
  type CompiledQuery,
  type DatabaseConnection,
  type Driver,
  type QueryCompiler,
  type QueryResult,
  SqliteAdapter,
  SqliteDialect,
} from "kysely";
import { toSqlite } from "./node-sqlite.server.ts";
import { LiteralLimitCompiler } from "./sqlite-driver.server.ts";

/**
 * Reads that take seconds, run on a thread of their own (SQLite only). node:sqlite is synchronous,
 * and the driver's promises settle as microtasks, so a run of statements on the server's thread
 * answers no request until the last one ends: the analytics screen on a day of 200,000 raw page
 * views (a grouped pass over them per breakdown) was one pause of 2.8–2.9 s for the whole site,
 * each time the owner opened it, and once a night for the fold. Here those statements go to a
 * worker thread with a read-only connection of its own (WAL lets it read beside the server's
 * connections); the server's thread only waits for the rows (its longest pause meanwhile: 9–23 ms).
 *
 * The thread starts on first use and stops after IDLE_MS without work, so a server whose back office
 * is not in use does not keep it (a V8 isolate and a connection: about 14 MB). A round trip costs
 * the asking thread well under a millisecond. It only reads: a write, or a transaction, is refused.
 */
export class SqliteReadThreadDialect extends SqliteDialect {
  readonly #options: ReadThreadOptions;

  constructor(options: ReadThreadOptions) {
    super({ database: () => Promise.reject(new Error("unused: SqliteReadThreadDriver opens the database")) });
    this.#options = options;
  }

  override createDriver(): Driver {
    return new SqliteReadThreadDriver(new ReadThread(this.#options));
  }

  override createAdapter() {
    return new SqliteAdapter();
  }

  // The server's own compiler: the same SQL for the same query on either connection.
  override createQueryCompiler(): QueryCompiler {
    return new LiteralLimitCompiler();
  }
}

export interface ReadThreadOptions {
  path: string;
  /** How long SQLite itself waits on a busy database, in the thread (where waiting stops nothing else). */
  lockWaitMs: number;
  /** How long the thread stays without work before it stops. */
  idleMs?: number;
}

/** Long enough to serve a visit to the back office (a thread takes 30–60 ms to start). */
const IDLE_MS = 5 * 60_000;

class SqliteReadThreadDriver implements Driver {
  readonly #thread: ReadThread;

  constructor(thread: ReadThread) {
    this.#thread = thread;
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    const thread = this.#thread;
    return {
      executeQuery: async <R>(query: CompiledQuery): Promise<QueryResult<R>> => ({
        rows: (await thread.all(query.sql, query.parameters.map(toSqlite))) as R[],
      }),
      streamQuery: () => {
        throw new Error("the read thread does not stream");
      },
    };
  }

  async beginTransaction(): Promise<void> {
    throw new Error("the read thread only reads: no transactions");
  }

  async commitTransaction(): Promise<void> {}

  async rollbackTransaction(): Promise<void> {}

  async releaseConnection(): Promise<void> {}

  async destroy(): Promise<void> {
    await this.#thread.stop();
  }
}

interface Pending {
  resolve(rows: unknown[]): void;
  reject(error: Error): void;
}

type Reply =
  | { id: number; rows: unknown[] }
  | { id: number; error: { message: string; code?: unknown; errcode?: unknown } };

/** The worker thread, started on demand, and the statements waiting for its answers. */
class ReadThread {
  readonly #options: ReadThreadOptions;
  #worker: Worker | undefined;
  #nextId = 0;
  readonly #pending = new Map<number, Pending>();
  #idleTimer: NodeJS.Timeout | undefined;
  #stopped = false;

  constructor(options: ReadThreadOptions) {
    this.#options = options;
  }

  /** The rows of `sql`, read on the thread. Rejects with SQLite's own error (its code and errcode kept). */
  all(sql: string, parameters: unknown[]): Promise<unknown[]> {
    if (this.#stopped) return Promise.reject(new Error("the database is closed"));
    const worker = this.#start();
    clearTimeout(this.#idleTimer);
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      // Waiting on the thread keeps the process up, as a statement on the main thread would.
      worker.ref();
      worker.postMessage({ id, sql, parameters });
    });
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    clearTimeout(this.#idleTimer);
    const worker = this.#worker;
    this.#worker = undefined;
    this.#failAll(new Error("the database is closed"));
    await worker?.terminate();
  }

  #start(): Worker {
    if (this.#worker) return this.#worker;
    const worker = new Worker(`(${readThreadMain.toString()})()`, {
      eval: true,
      workerData: { path: this.#options.path, lockWaitMs: this.#options.lockWaitMs },
      // No heap limit of its own: node:sqlite builds a statement's rows in native code, which does
      // not stop at a worker's limit, and V8's out-of-memory there ends the whole process (tried:
      // millions of rows under a 64 MB limit aborted the server). Its reads return a few hundred rows.
    });
    worker.on("message", (reply: Reply) => this.#answer(reply));
    const lost = (error: Error) => {
      if (this.#worker !== worker) return;
      this.#worker = undefined;
      this.#failAll(error);
    };
    worker.on("error", (error) => lost(new Error("the read thread failed", { cause: error })));
    worker.on("exit", (code) => lost(new Error(`the read thread stopped (exit code ${code})`)));
    worker.unref();
    this.#worker = worker;
    return worker;
  }

  #answer(reply: Reply): void {
    const pending = this.#pending.get(reply.id);
    if (!pending) return;
    this.#pending.delete(reply.id);
    if ("rows" in reply) pending.resolve(reply.rows);
    else pending.reject(Object.assign(new Error(reply.error.message), reply.error));
    if (this.#pending.size === 0) this.#idle();
  }

  #idle(): void {
    const worker = this.#worker;
    worker?.unref();
    clearTimeout(this.#idleTimer);
    this.#idleTimer = setTimeout(() => {
      if (this.#pending.size > 0 || this.#worker !== worker) return;
      this.#worker = undefined;
      void worker?.terminate();
    }, this.#options.idleMs ?? IDLE_MS);
    this.#idleTimer.unref();
  }

  #failAll(error: Error): void {
    const pending = [...this.#pending.values()];
    this.#pending.clear();
    for (const p of pending) p.reject(error);
  }
}

/**
 * The thread's whole program, run from its source text (`eval`): it must use nothing from outside
 * its own body, so that the bundled server and the sources run it alike, with no file to find.
 * Statements are prepared once and kept, as on the server's connections.
 */
function readThreadMain() {
  // getBuiltinModule, not require or import: bundlers leave it alone (they rewrite require with
  // helpers of their own, which this text would not carry).
  const { parentPort, workerData } = process.getBuiltinModule("node:worker_threads");
  const { DatabaseSync } = process.getBuiltinModule("node:sqlite");
  const db = new DatabaseSync(workerData.path, { readOnly: true, timeout: workerData.lockWaitMs });
  const statements = new Map<string, import("node:sqlite").StatementSync>();
  parentPort?.on(
    "message",
    (message: { id: number; sql: string; parameters: import("node:sqlite").SQLInputValue[] }) => {
      const { id, sql, parameters } = message;
      try {
        let statement = statements.get(sql);
        if (!statement) {
          statement = db.prepare(sql);
          if (statements.size >= 100) statements.clear();
          statements.set(sql, statement);
        }
        // The leading {} stops node:sqlite from reading a first object parameter as named parameters.
        parentPort.postMessage({ id, rows: statement.all({}, ...parameters) });
      } catch (error) {
        const {
          message: text,
          code,
          errcode,
        } = error as { message?: unknown; code?: unknown; errcode?: unknown };
        parentPort.postMessage({ id, error: { message: String(text ?? error), code, errcode } });
      }
    },
  );
}
