/**
 * Destinations (migration 025, models/destinations.server.ts), on both engines: a new database
 * holds the four built-in destinations with the spec's texts, ids 1 to 4 and coordinates, whatever
 * SAMPLE_CONTENT says; the owner adds, edits and deletes destinations (built-in ones too) under the
 * destination slug rule; a clash is refused with a clear message; every write moves the content
 * version and lands in the activity log; deleting a destination leaves its blogs with none.
 */
import { expect, it } from "vitest";
import { destinations as seed } from "#app/content/destinations.ts";
import { readContentVersion } from "#app/server/cache/content-version.server.ts";
import type { DB } from "#app/server/db/db.server.ts";
import { createBlog, destinationIdOf, updateBlog } from "#app/server/models/blogs.server.ts";
import {
  createDestination,
  type DestinationInput,
  DestinationInputError,
  deleteDestination,
  destinationChoices,
  findDestinationById,
  findDestinationBySlug,
  listDestinationCards,
  publishedBlogsOfDestination,
  updateDestination,
} from "#app/server/models/destinations.server.ts";
import { searchSite } from "#app/server/models/search.server.ts";
import { blogInput, TEST_ACTOR } from "#tests/support/content.ts";
import { describeEachEngine } from "#tests/support/engines.ts";

const input = (name: string, extra: Partial<DestinationInput> = {}): DestinationInput => ({
  name,
  short: `${name}: a short line.`,
  description: "First paragraph.\n\nSecond paragraph.",
  highlights: [{ name: "The old town", image: "https://example.com/old-town.jpg" }],
  location: "Somewhere",
  bestTime: "All year",
  theme: "City",
  tag: null,
  latitude: 41.1579,
  longitude: -8.6291,
  imageUrl: "https://example.com/porto.jpg",
  imageAlt: "",
  ...extra,
});

async function refusal(pending: Promise<unknown>): Promise<{ field: string; message: string }> {
  try {
    await pending;
  } catch (error) {
    if (error instanceof DestinationInputError) return { field: error.field, message: error.message };
    throw error;
  }
  throw new Error("the save was not refused");
}

const activityKinds = async (db: DB, id: number) =>
  (
    await db
      .selectFrom("activity_log")
      .select("kind")
      .where("item_type", "=", "destination")
      .where("item_id", "=", String(id))
      .orderBy("id")
      .execute()
  ).map((r) => r.kind);

describeEachEngine("destinations", (db) => {
  it("holds the four built-in destinations on a new database, with their ids, texts, pictures and coordinates", async () => {
    const cards = await listDestinationCards(db());
    expect(cards.map((d) => [d.id, d.name, d.slug, d.bestTime, d.tag])).toEqual([
      [1, "Santorini, Greece", "santorini-greece", "April to October", "trending"],
      [2, "Kyoto, Japan", "kyoto-japan", "March to May and October to November", null],
      [3, "Dolomites, Italy", "dolomites-italy", "May to October", null],
      [4, "Chiang Mai, Thailand", "chiang-mai-thailand", "November to February", "trending"],
    ]);
    for (const [i, d] of seed.entries()) {
      const row = await findDestinationById(db(), d.id);
      expect(row).toMatchObject({
        name: d.name,
        short: d.short,
        description: d.description,
        location: d.location,
        theme: d.theme,
        highlights: d.highlights,
        image: { kind: "builtin", base: d.image },
        latitude: d.latitude,
        longitude: d.longitude,
        builtin: d.key,
      });
      expect(row?.highlights.length).toBeGreaterThanOrEqual(3);
      expect(cards[i]?.latitude).toBe(d.latitude);
    }
  });

  it("adds a destination at the end, at its slug, as id 5 after the four built-in ones", async () => {
    const before = await readContentVersion(db());
    const added = await createDestination(db(), TEST_ACTOR, input("Porto, Portugal"));
    expect(added).toMatchObject({
      id: 5,
      slug: "porto-portugal",
      builtin: null,
      imageAlt: "Porto, Portugal",
    });
    expect(await readContentVersion(db())).not.toBe(before);
    expect((await listDestinationCards(db())).at(-1)?.slug).toBe("porto-portugal");
    expect(await findDestinationBySlug(db(), "porto-portugal")).toMatchObject({
      description: "First paragraph.\n\nSecond paragraph.",
      highlights: [{ name: "The old town", image: "https://example.com/old-town.jpg" }],
    });
    expect(await activityKinds(db(), added.id)).toEqual(["destination_added"]);
    expect((await destinationChoices(db())).map((c) => c.name)).toContain("Porto, Portugal");
  });

  it("refuses a name whose address another destination holds, or that makes none, writing nothing", async () => {
    const count = (await listDestinationCards(db())).length;
    expect(await refusal(createDestination(db(), TEST_ACTOR, input("Kyoto,  Japan")))).toEqual({
      field: "name",
      message:
        "Another destination already lives at /destinations/kyoto-japan: give this one a different name.",
    });
    expect(await refusal(createDestination(db(), TEST_ACTOR, input(" , ")))).toMatchObject({ field: "name" });
    expect(await refusal(createDestination(db(), TEST_ACTOR, input("Lyon/Villeurbanne")))).toMatchObject({
      field: "name",
    });
    const kyoto = await findDestinationBySlug(db(), "kyoto-japan");
    if (!kyoto) throw new Error("no Kyoto");
    expect(await refusal(updateDestination(db(), TEST_ACTOR, 1, input("Kyoto, Japan")))).toMatchObject({
      field: "name",
    });
    expect((await listDestinationCards(db())).length).toBe(count);
    expect((await findDestinationById(db(), 1))?.name).toBe("Santorini, Greece");
  });

  it("edits a built-in destination, keeping its picture or replacing it, and moves its address with its name", async () => {
    const before = await readContentVersion(db());
    const kept = await updateDestination(db(), TEST_ACTOR, 2, {
      ...input("Kyoto, Japan", { tag: "trending", latitude: null, longitude: null }),
      imageUrl: null,
      keepImage: true,
    });
    expect(kept).toMatchObject({
      slug: "kyoto-japan",
      tag: "trending",
      latitude: null,
      image: { kind: "builtin", base: "/images/destinations/kyoto-japan" },
    });
    expect(await readContentVersion(db())).not.toBe(before);
    const renamed = await updateDestination(db(), TEST_ACTOR, 2, input("Kyoto and Nara, Japan"));
    expect(renamed).toMatchObject({
      id: 2,
      slug: "kyoto-and-nara-japan",
      image: { kind: "url", url: "https://example.com/porto.jpg" },
    });
    expect(await findDestinationBySlug(db(), "kyoto-japan")).toBeNull();
    expect(await activityKinds(db(), 2)).toEqual(["destination_changed", "destination_changed"]);
    expect(await updateDestination(db(), TEST_ACTOR, 9999, input("Nowhere, Land"))).toBeNull();
  });

  it("lists a destination's published blogs; deleting the destination leaves them with none", async () => {
    const now = Math.floor(Date.now() / 1000);
    const published = await createBlog(
      db(),
      TEST_ACTOR,
      blogInput("Three Days in the Dolomites", { destination: 3 }),
    );
    const draft = await createBlog(
      db(),
      TEST_ACTOR,
      blogInput("A Dolomites Draft", { destination: 3, publishAt: null }),
    );
    const elsewhere = await createBlog(db(), TEST_ACTOR, blogInput("Elsewhere Entirely"));
    // A destination gone by the time the blog is saved is stored as none.
    const ghost = await createBlog(db(), TEST_ACTOR, blogInput("Ghost Town", { destination: 777 }));
    expect(await destinationIdOf(db(), ghost.id)).toBeNull();
    expect((await publishedBlogsOfDestination(db(), { id: 3 }, 12, now + 5)).map((b) => b.title)).toEqual([
      "Three Days in the Dolomites",
    ]);
    // By slug, as the destination's page reads them (beside the destination itself).
    const { slug } = (await findDestinationById(db(), 3)) ?? { slug: "" };
    expect((await publishedBlogsOfDestination(db(), { slug }, 12, now + 5)).map((b) => b.title)).toEqual([
      "Three Days in the Dolomites",
    ]);
    expect(await publishedBlogsOfDestination(db(), { slug: "no-such-place" }, 12, now + 5)).toEqual([]);
    expect(await destinationIdOf(db(), draft.id)).toBe(3);
    // An edit that does not say keeps the destination; null removes it.
    await updateBlog(db(), TEST_ACTOR, elsewhere.id, blogInput("Elsewhere Entirely", { destination: 3 }));
    await updateBlog(db(), TEST_ACTOR, elsewhere.id, blogInput("Elsewhere Entirely, Again"));
    expect(await destinationIdOf(db(), elsewhere.id)).toBe(3);

    const before = await readContentVersion(db());
    expect(await deleteDestination(db(), TEST_ACTOR, 3)).toBe(true);
    expect(await readContentVersion(db())).not.toBe(before);
    expect(await findDestinationById(db(), 3)).toBeNull();
    for (const blog of [published, draft, elsewhere]) expect(await destinationIdOf(db(), blog.id)).toBeNull();
    expect(await activityKinds(db(), 3)).toEqual(["destination_deleted"]);
    expect(await deleteDestination(db(), TEST_ACTOR, 3)).toBe(false);
  });

  it("search finds destinations as they are now, and no longer finds a deleted one", async () => {
    const found = await searchSite(db(), "khao soi");
    expect(found.kind === "search" && found.items.map((i) => [i.kind, i.href])).toContainEqual([
      "destination",
      "/destinations/chiang-mai-thailand",
    ]);
    await updateDestination(db(), TEST_ACTOR, 4, { ...input("Chiang Mai, Thailand"), keepImage: true });
    const after = await searchSite(db(), "khao soi");
    expect(after.kind === "search" && after.items.some((i) => i.kind === "destination")).toBe(false);
    const porto = await searchSite(db(), "old town");
    expect(porto.kind === "search" && porto.items.map((i) => i.href)).toContain(
      "/destinations/chiang-mai-thailand",
    );
    await deleteDestination(db(), TEST_ACTOR, 4);
    const gone = await searchSite(db(), "old town");
    expect(gone.kind === "search" && gone.items.map((i) => i.href)).not.toContain(
      "/destinations/chiang-mai-thailand",
    );
  });
});
