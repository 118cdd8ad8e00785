/**
 * The content version (migration 004): every write a public page shows moves it, in the same
 * transaction; writes no visitor sees, refused or rolled-back writes, and statements that change
 * nothing leave it alone. On both engines.
 */
import { sql } from "kysely";
import { expect, it } from "vitest";
import { readChangeCounters, readContentVersion } from "#app/server/cache/content-version.server.ts";
import type { DB } from "#app/server/db/db.server.ts";
import { migrateToLatest } from "#app/server/db/migrate.server.ts";
import { createBlog, deleteBlog, updateBlog } from "#app/server/models/blogs.server.ts";
import { addComment, toggleApproved } from "#app/server/models/comments.server.ts";
import { addContact } from "#app/server/models/contacts.server.ts";
import { createRecipe, deleteRecipe, updateRecipe } from "#app/server/models/recipes.server.ts";
import {
  deleteSiteNumbers,
  saveSiteInfo,
  saveSiteNumbers,
  setPopupEnabled,
  siteInfoFromEnv,
} from "#app/server/models/settings.server.ts";
import { addUser, deleteUser } from "#app/server/models/users.server.ts";
import { blogInput, recipeInput, TEST_ACTOR } from "#tests/support/content.ts";
import { describeEachEngine } from "#tests/support/engines.ts";
import { migrateTo } from "#tests/support/migrations.ts";

/** How far `write` moves the version (0: not at all). */
async function moves(db: DB, write: () => Promise<unknown>): Promise<number> {
  const before = Number(await readContentVersion(db));
  await write();
  return Number(await readContentVersion(db)) - before;
}

describeEachEngine("content version", (db, engine) => {
  it("moves for every write a public page shows", async () => {
    const created = await createBlog(db(), TEST_ACTOR, blogInput("Versioned Blog"));
    expect(
      await moves(db(), () => createBlog(db(), TEST_ACTOR, blogInput("Another Versioned Blog"))),
    ).toBeGreaterThan(0);
    expect(
      await moves(db(), () => updateBlog(db(), TEST_ACTOR, created.id, blogInput("Versioned Blog Renamed"))),
    ).toBeGreaterThan(0);
    const r = await createRecipe(db(), TEST_ACTOR, recipeInput("Versioned Soup"));
    expect(
      await moves(db(), () => createRecipe(db(), TEST_ACTOR, recipeInput("Versioned Stew"))),
    ).toBeGreaterThan(0);
    expect(
      await moves(db(), () =>
        updateRecipe(db(), TEST_ACTOR, r.id, { ...recipeInput("Versioned Soup II"), keepImage: true }),
      ),
    ).toBeGreaterThan(0);
    expect(await moves(db(), () => deleteRecipe(db(), TEST_ACTOR, r.id))).toBeGreaterThan(0);
    expect(
      await moves(db(), () =>
        saveSiteInfo(db(), TEST_ACTOR, { ...siteInfoFromEnv({}), name: "Versioned Site" }),
      ),
    ).toBeGreaterThan(0);
    expect(await moves(db(), () => setPopupEnabled(db(), TEST_ACTOR, true))).toBeGreaterThan(0);
    expect(
      await moves(db(), () =>
        saveSiteNumbers(db(), TEST_ACTOR, "example.org", { numberIntl: "+1 555", numberLocal: "555" }),
      ),
    ).toBeGreaterThan(0);
    expect(await moves(db(), () => deleteSiteNumbers(db(), TEST_ACTOR, "example.org"))).toBeGreaterThan(0);
    expect(await moves(db(), () => deleteBlog(db(), TEST_ACTOR, created.id))).toBeGreaterThan(0);
  });

  it("moves when a comment becomes visible or stops being visible, not while it is pending", async () => {
    const b = await createBlog(db(), TEST_ACTOR, blogInput("Commented Blog"));
    let commentId = 0;
    expect(
      await moves(db(), async () => {
        commentId = (
          await addComment(db(), b.id, { name: "Rui", email: "rui@example.com", comment: "Great read." })
        ).id;
      }),
    ).toBe(0);
    expect(await moves(db(), () => toggleApproved(db(), TEST_ACTOR, commentId))).toBeGreaterThan(0);
    expect(await moves(db(), () => toggleApproved(db(), TEST_ACTOR, commentId))).toBeGreaterThan(0);
    // Statements over many comments: touching only pending ones moves nothing, approving some does.
    for (const text of ["Pending one.", "Pending two."])
      await addComment(db(), b.id, { name: "Ana", email: "ana@example.com", comment: text });
    expect(
      await moves(db(), () =>
        db().updateTable("comments").set({ name: "Ana L." }).where("approved", "=", 0).execute(),
      ),
    ).toBe(0);
    expect(
      await moves(db(), () =>
        db().updateTable("comments").set({ approved: 1 }).where("blog_id", "=", b.id).execute(),
      ),
    ).toBeGreaterThan(0);
    expect(
      await moves(db(), () => db().deleteFrom("comments").where("blog_id", "=", b.id).execute()),
    ).toBeGreaterThan(0);
    // Deleting a blog whose comments are all pending moves it once for the blog, the comment adds nothing.
    await addComment(db(), b.id, { name: "Rui", email: "rui@example.com", comment: "Another one." });
    expect(await moves(db(), () => deleteBlog(db(), TEST_ACTOR, b.id))).toBeGreaterThan(0);
  });

  it("does not move for writes no visitor sees", async () => {
    expect(
      await moves(db(), () =>
        addContact(db(), {
          first: "Ana",
          last: "Lima",
          email: "ana@example.com",
          phone: "",
          message: "Hello there.",
        }),
      ),
    ).toBe(0);
    let userId = 0;
    expect(
      await moves(db(), async () => {
        userId = (await addUser(db(), { fullName: "Ana Lima", email: "ana.lima@example.com", phone: "" })).id;
      }),
    ).toBe(0);
    expect(await moves(db(), () => deleteUser(db(), TEST_ACTOR, userId))).toBe(0);
    expect(
      await moves(db(), () =>
        db()
          .insertInto("rate_limits")
          .values({ key: "form:comment:203.0.113.9", window_start: 0, count: 1 })
          .execute(),
      ),
    ).toBe(0);
  });

  it("does not move for a statement that changes nothing, or a write that is rolled back", async () => {
    expect(await moves(db(), () => deleteBlog(db(), TEST_ACTOR, 987_654))).toBe(0);
    expect(await moves(db(), () => updateBlog(db(), TEST_ACTOR, 987_654, blogInput("Nobody Home")))).toBe(0);
    expect(await moves(db(), () => deleteSiteNumbers(db(), TEST_ACTOR, "never-saved.example"))).toBe(0);
    const kept = await createBlog(db(), TEST_ACTOR, blogInput("Rolled Back Blog"));
    expect(
      await moves(db(), async () => {
        await expect(
          db()
            .transaction()
            .execute(async (trx) => {
              await trx
                .updateTable("blogs")
                .set({ title: "Never Saved" })
                .where("id", "=", kept.id)
                .execute();
              throw new Error("abort");
            }),
        ).rejects.toThrow("abort");
      }),
    ).toBe(0);
  });

  it("is moved by any writer, not only the app's models", async () => {
    expect(
      await moves(db(), () =>
        sql`update blogs set title = title || '!' where id = (select max(id) from blogs)`.execute(db()),
      ),
    ).toBeGreaterThan(0);
  });

  it("moves its named counter too for a blog, recipe or page written now, and only then", async () => {
    /** How far `write` moves both counters: [version, named]. */
    const movesBoth = async (write: () => Promise<unknown>) => {
      const before = await readChangeCounters(db());
      await write();
      const after = await readChangeCounters(db());
      return { version: after.version - before.version, named: after.named - before.named };
    };
    type Moved = { version: number; named: number };
    const named = (moved: Moved) => moved.version > 0 && moved.named === moved.version;
    const unnamed = (moved: Moved) => moved.version > 0 && moved.named === 0;
    const blog = await createBlog(db(), TEST_ACTOR, blogInput("Named Blog"));
    expect(named(await movesBoth(() => createBlog(db(), TEST_ACTOR, blogInput("Named Blog Two"))))).toBe(
      true,
    );
    expect(named(await movesBoth(() => updateBlog(db(), TEST_ACTOR, blog.id, blogInput("Named Blog"))))).toBe(
      true,
    );
    expect(named(await movesBoth(() => createRecipe(db(), TEST_ACTOR, recipeInput("Named Soup"))))).toBe(
      true,
    );
    expect(unnamed(await movesBoth(() => setPopupEnabled(db(), TEST_ACTOR, true)))).toBe(true);
    // A row written with a time long past (an import carries the exporting site's) cannot be found
    // by its time, so it is not named.
    expect(
      unnamed(
        await movesBoth(() => sql`update blogs set updated_at = 1000 where id = ${blog.id}`.execute(db())),
      ),
    ).toBe(true);
    expect(
      named(
        await movesBoth(() =>
          sql`update pages set updated_at = ${Math.floor(Date.now() / 1000)} where id = (select min(id) from pages)`.execute(
            db(),
          ),
        ),
      ),
    ).toBe(true);
    expect(unnamed(await movesBoth(() => deleteBlog(db(), TEST_ACTOR, blog.id)))).toBe(true);
  });

  // Last: it takes this database down to migration 003 and back up.
  it("carries an older database's counter on when migrating", async () => {
    await migrateTo(db(), engine, "003_blog_count");
    await db()
      .insertInto("settings")
      .values({ key: "contentVersion", value: "41", updated_at: 0 })
      .onConflict((oc) => oc.column("key").doUpdateSet({ value: "41" }))
      .execute();
    await migrateToLatest(db(), engine);
    expect(await readContentVersion(db())).toBe("42");
    const left = await db()
      .selectFrom("settings")
      .select("key")
      .where("key", "=", "contentVersion")
      .execute();
    expect(left).toEqual([]);
    // And the triggers are back.
    expect(
      await moves(db(), () => createBlog(db(), TEST_ACTOR, blogInput("After Migrating Again"))),
    ).toBeGreaterThan(0);
  });
});
