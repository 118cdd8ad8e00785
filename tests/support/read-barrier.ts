/**
 * Makes a race deterministic on both engines: the database handle this returns holds back the
 * answers of the first `count` selects from `table` until all `count` of them have been answered.
 * So `count` concurrent calls of a check-then-write function have all read the state before any of
 * them writes, whatever the engine's or the pool's timing; what is left to decide who wins is the
 * database's own serialisation of the writes (a conditional UPDATE, a DELETE's row count).
 *
 * The hold is on the answer, after the query ran: on SQLite a select needs no lock (the driver's
 * reader connection), on PostgreSQL each held select keeps one pool connection, so `count` must
 * stay under the pool's size. Later selects pass straight through; `held` says how many were held
 * (a test asserts it, so a call that stopped reading `table` cannot make the race vanish unseen).
 */
import { type OperationNode, SelectQueryNode, TableNode } from "kysely";
import type { DB } from "#app/server/db/db.server.ts";

function readsTable(node: OperationNode, table: string): boolean {
  if (!SelectQueryNode.is(node)) return false;
  return (node.from?.froms ?? []).some((from) => TableNode.is(from) && from.table.identifier.name === table);
}

export function readBarrier(db: DB, table: string, count = 2): { db: DB; readonly held: number } {
  let marked = 0;
  let arrived = 0;
  let release: () => void = () => {};
  const allIn = new Promise<void>((resolve) => {
    release = resolve;
  });
  const holding = new WeakSet<object>();
  const barred = db.withPlugin({
    transformQuery(args) {
      if (marked < count && readsTable(args.node, table)) {
        marked += 1;
        holding.add(args.queryId);
      }
      return args.node;
    },
    async transformResult(args) {
      if (!holding.has(args.queryId)) return args.result;
      holding.delete(args.queryId);
      arrived += 1;
      if (arrived === count) release();
      await allIn;
      return args.result;
    },
  });
  return {
    db: barred,
    get held() {
      return arrived;
    },
  };
}
