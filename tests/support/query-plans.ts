import { CompiledQuery, type KyselyPlugin, type RootOperationNode } from "kysely";
import type { DB } from "#app/server/db/db.server.ts";
import type { Engine } from "./engines.ts";

/** Records every query a model sends through `db`, so a test can compile it and ask for its plan. */
export function recordingQueries(db: DB) {
  const nodes: RootOperationNode[] = [];
  const plugin: KyselyPlugin = {
    transformQuery: ({ node }) => {
      nodes.push(node);
      return node;
    },
    transformResult: async ({ result }) => result,
  };
  return { db: db.withPlugin(plugin), nodes };
}

/** A recorded query as the engine compiles it (its SQL and parameters). */
export function compiled(db: DB, node: RootOperationNode, i = 0): CompiledQuery {
  return db.getExecutor().compileQuery(node, { queryId: `q${i}` });
}

/** The engine's plan for a compiled query, one line per step (SQLite's query plan, PostgreSQL's explain). */
export async function planOf(db: DB, engine: Engine, query: CompiledQuery): Promise<string> {
  const explain = engine === "sqlite" ? `explain query plan ${query.sql}` : `explain ${query.sql}`;
  const { rows } = await db.executeQuery(CompiledQuery.raw(explain, [...query.parameters]));
  return rows.map((r) => Object.values(r as object).join(" ")).join("\n");
}
