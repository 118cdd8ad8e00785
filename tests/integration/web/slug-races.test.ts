/**
 * Two admins saving at the same moment under one free address (a page's slug, a destination's
 * name), through the route modules on both engines: both pass the model's check, one meets the
 * unique index. Each save is answered as a person would expect (saved, numbered, or told the
 * address is taken), never with a 500, and exactly the rows that were answered as saved exist.
 * The race is timing-dependent: it is run several times.
 */
import { beforeAll, expect, it } from "vitest";
import { answerOf, describeRoutesEachEngine, formOf } from "#tests/support/route-harness.ts";

const statusOf = (value: unknown) =>
  value instanceof Response
    ? value.status
    : ((value as { init?: { status?: number } } | null)?.init?.status ?? 200);

const ROUNDS = 6;

describeRoutesEachEngine("saves racing for one address", (h) => {
  let addPage: typeof import("#app/routes/admin/pages/new.tsx");
  let addDestination: typeof import("#app/routes/admin/destinations/new.tsx");
  beforeAll(async () => {
    addPage = await import("#app/routes/admin/pages/new.tsx");
    addDestination = await import("#app/routes/admin/destinations/new.tsx");
  });

  it("two pages typed with the same slug: one is saved, the other told the slug is taken", async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const post = () =>
        answerOf(
          h.action(
            addPage,
            "/admin/pages/new",
            formOf({
              title: `Race ${round}`,
              slug: `race-${round}`,
              content: "<p>x</p>",
              publication: "publish",
              publishAt: "",
              publishZone: "UTC",
            }),
          ),
        );
      const statuses = (await Promise.all([post(), post()])).map(statusOf).sort();
      expect(statuses).toEqual([302, 400]);
      const rows = await h
        .db()
        .selectFrom("pages")
        .select("id")
        .where("slug", "=", `race-${round}`)
        .execute();
      expect(rows).toHaveLength(1);
    }
  });

  it("two destinations with the same name: one is saved, the other told the address is taken", async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const name = `Racetown ${round}, Nowhere`;
      const post = () =>
        answerOf(
          h.action(
            addDestination,
            "/admin/destinations/new",
            formOf({
              name,
              imageUrl: "https://example.com/a.jpg",
              imageAlt: "",
              short: "Short.",
              description: "Long.",
              location: "Nowhere",
              bestTime: "Always",
              theme: "City",
              tag: "",
              latitude: "",
              longitude: "",
            }),
          ),
        );
      const statuses = (await Promise.all([post(), post()])).map(statusOf).sort();
      expect(statuses).toEqual([302, 400]);
      const rows = await h.db().selectFrom("destinations").select("id").where("name", "=", name).execute();
      expect(rows).toHaveLength(1);
    }
  });
});
