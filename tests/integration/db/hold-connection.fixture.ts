/**
 * Run by postgres-pool.test.ts in a process of its own (an uncaught exception must end only this
 * one): checks out one connection of the app's pool, prints its backend's pid, and holds it with
 * no statement running until a line arrives on standard input. Then it tries that connection,
 * gives it back and asks a fresh one, and prints what each did.
 */
import { once } from "node:events";
import { createPostgresPool } from "#app/server/db/postgres-pool.server.ts";

const [databaseUrl] = process.argv.slice(2);
if (!databaseUrl) throw new Error("usage: hold-connection.fixture.ts DATABASE_URL");

const { pool } = createPostgresPool(databaseUrl, { connectMs: 2000, statementMs: 2000 }, 2);
const held = await pool.connect();
process.stdout.write(`pid ${held.processID}\n`);
await once(process.stdin, "data");

const onHeld = await held.query("select 1 as one", []).then(
  () => "answered",
  () => "failed",
);
held.release();
const fresh = await pool.connect();
const { rows } = await fresh.query<{ one: number }>("select 1 as one", []);
fresh.release();
await pool.end();
process.stdout.write(`held ${onHeld}, fresh ${rows[0]?.one}\n`);
process.stdin.destroy();
