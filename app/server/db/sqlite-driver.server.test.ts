import { Kysely, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NodeSqliteDialect } from "./sqlite-driver.server.ts";

interface Tables {
  items: { id: number; name: string };
}

let db: Kysely<Tables>;

beforeAll(async () => {
  db = new Kysely<Tables>({ dialect: new NodeSqliteDialect({ path: ":memory:", lockWaitMs: 100 }) });
  await sql`create table items (id integer primary key, name text not null)`.execute(db);
  for (let id = 1; id <= 30; id++)
    await db
      .insertInto("items")
      .values({ id, name: `item ${id}` })
      .execute();
});

afterAll(() => db.destroy());

// A bound LIMIT makes SQLite compile the statement again each time it runs (sqlite-driver.server.ts).
describe("LIMIT on SQLite", () => {
  it("writes an integer limit into the SQL and keeps the offset bound", () => {
    const query = db.selectFrom("items").select("id").orderBy("id").limit(9).offset(18).compile();
    expect(query.sql).toBe('select "id" from "items" order by "id" limit 9 offset ?');
    expect(query.parameters).toEqual([18]);
  });

  it("binds anything that is not a safe integer, as before", () => {
    for (const limit of [2.5, Number.MAX_SAFE_INTEGER + 2]) {
      const query = db.selectFrom("items").select("id").limit(limit).compile();
      expect(query.sql).toBe('select "id" from "items" limit ?');
      expect(query.parameters).toEqual([limit]);
    }
    const expression = db.selectFrom("items").select("id").limit(sql<number>`${3} + 1`).compile();
    expect(expression.sql).toBe('select "id" from "items" limit ? + 1');
  });

  it("pages through rows the same way", async () => {
    const page = (n: number) =>
      db
        .selectFrom("items")
        .select("id")
        .orderBy("id")
        .limit(9)
        .offset((n - 1) * 9)
        .execute();
    expect((await page(1)).map((row) => row.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect((await page(4)).map((row) => row.id)).toEqual([28, 29, 30]);
    expect(await db.selectFrom("items").select("id").limit(0).execute()).toEqual([]);
  });
});

describe("firstValueSync", () => {
  it("reads the first column of the first row at once, sees each write, and refuses a closed database", async () => {
    const dialect = new NodeSqliteDialect({ path: ":memory:", lockWaitMs: 100 });
    const own = new Kysely<Tables>({ dialect });
    // Kysely opens the connections on its first query.
    expect(() => dialect.firstValueSync("select 1")).toThrow(/not open/);
    await sql`create table items (id integer primary key, name text not null)`.execute(own);
    const query = "select name from items order by id";
    expect(dialect.firstValueSync(query)).toBeUndefined();
    await own.insertInto("items").values({ id: 1, name: "first" }).execute();
    expect(dialect.firstValueSync(query)).toBe("first");
    await own.updateTable("items").set({ name: "changed" }).where("id", "=", 1).execute();
    expect(dialect.firstValueSync(query)).toBe("changed");
    await own.destroy();
    expect(() => dialect.firstValueSync(query)).toThrow(/not open/);
  });
});
