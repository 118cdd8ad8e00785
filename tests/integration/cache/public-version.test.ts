/**
 * The public version (cache/public-version.server.ts) moves when a scheduled item's time comes, with
 * no write: for a scheduled recipe alone and for a scheduled page alone (the scheduled blog is in
 * tests/integration/models/publication.test.ts). Each case on a fresh database of each engine, so
 * nothing else scheduled on the site can move the version for it.
 */
import { expect, it } from "vitest";
import { publicVersionReader } from "#app/server/cache/public-version.server.ts";
import type { DB } from "#app/server/db/db.server.ts";
import { createBlog } from "#app/server/models/blogs.server.ts";
import { createPage } from "#app/server/models/pages.server.ts";
import { createRecipe } from "#app/server/models/recipes.server.ts";
import { blogInput, recipeInput, TEST_ACTOR } from "#tests/support/content.ts";
import { describeEachEngine } from "#tests/support/engines.ts";

/** Past every publish time the migrations or the models give a fresh site (its built-in pages). */
const NOW = 1_900_000_000;
const AT = NOW + 1000;

/** The versions read just before `AT`, at `AT` and after it, with no write in between. */
async function versionsAround(
  db: DB,
): Promise<{ before: string; justBefore: string; at: string; after: string }> {
  let clock = NOW;
  const read = publicVersionReader(
    async () => db,
    () => clock,
  );
  const before = await read();
  clock = AT - 1;
  const justBefore = await read();
  clock = AT;
  const at = await read();
  clock = AT + 500;
  const after = await read();
  return { before, justBefore, at, after };
}

describeEachEngine("the public version, a scheduled recipe alone", (db) => {
  it("moves when the recipe's publish time comes, with no write", async () => {
    await createRecipe(
      db(),
      TEST_ACTOR,
      recipeInput("Scheduled Soup", { imageUrl: null, publishAt: AT }),
      NOW,
    );
    const { before, justBefore, at, after } = await versionsAround(db());
    expect(justBefore).toBe(before);
    expect(at).not.toBe(before);
    expect(at.endsWith(`.${AT}`)).toBe(true);
    expect(after).toBe(at);
  });
});

describeEachEngine("the public version, a scheduled page alone", (db) => {
  it("moves when the page's publish time comes, with no write", async () => {
    await createPage(
      db(),
      TEST_ACTOR,
      { title: "Opening Soon", content: "<p>The shop opens.</p>", publishAt: AT },
      NOW,
    );
    const { before, justBefore, at, after } = await versionsAround(db());
    expect(justBefore).toBe(before);
    expect(at).not.toBe(before);
    expect(at.endsWith(`.${AT}`)).toBe(true);
    expect(after).toBe(at);
  });
});

describeEachEngine("the public version, two scheduled items", (db) => {
  it("moves at the earlier one's time, then at the later one's, and reads only the content version between", async () => {
    const later = AT + 500;
    await createPage(
      db(),
      TEST_ACTOR,
      { title: "Later Page", content: "<p>Later.</p>", publishAt: later },
      NOW,
    );
    await createRecipe(db(), TEST_ACTOR, recipeInput("Earlier Soup", { imageUrl: null, publishAt: AT }), NOW);
    let clock = NOW;
    let queries = 0;
    const counted = db().withPlugin({
      transformQuery: (args) => args.node,
      transformResult: async (args) => {
        queries++;
        return args.result;
      },
    });
    const read = publicVersionReader(
      async () => counted,
      () => clock,
    );
    const before = await read();
    clock = AT;
    const first = await read();
    expect(first).not.toBe(before);
    expect(first.endsWith(`.${AT}`)).toBe(true);
    // Between the two times: the content version alone is read (one query), the answer stays.
    clock = AT + 100;
    queries = 0;
    expect(await read()).toBe(first);
    expect(queries).toBe(1);
    clock = later;
    const second = await read();
    expect(second.endsWith(`.${later}`)).toBe(true);
    // Nothing ahead any more: still one query a read, however far the clock goes.
    clock = later + 100_000;
    queries = 0;
    expect(await read()).toBe(second);
    expect(queries).toBe(1);
  });
});

describeEachEngine("the public version read at once", (db, engine) => {
  it("answers at once on SQLite after one read, and only while nothing but the content version needs reading", async () => {
    let clock = NOW;
    const read = publicVersionReader(
      async () => db(),
      () => clock,
    );
    // Nothing read yet: it cannot say at once.
    expect(read.now()).toBeUndefined();
    const first = await read();
    // PostgreSQL: not before its change notifications are known to arrive, which the first read
    // only starts (tests/integration/cache/postgres-changes.test.ts goes on from there).
    expect(read.now()).toBe(engine === "sqlite" ? first : undefined);
    if (engine !== "sqlite") return;
    // A write moves the content version: the very next read at once sees it and cannot answer.
    await createBlog(db(), TEST_ACTOR, blogInput("Read At Once"));
    expect(read.now()).toBeUndefined();
    const second = await read();
    expect(second).not.toBe(first);
    expect(read.now()).toBe(second);
    // A scheduled item's time comes: the epoch must be read again, so not at once.
    await createRecipe(db(), TEST_ACTOR, recipeInput("Soup Later", { imageUrl: null, publishAt: AT }), NOW);
    const third = await read();
    expect(read.now()).toBe(third);
    clock = AT;
    expect(read.now()).toBeUndefined();
    const fourth = await read();
    expect(fourth.endsWith(`.${AT}`)).toBe(true);
    expect(read.now()).toBe(fourth);
  });
});
