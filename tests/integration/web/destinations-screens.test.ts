/**
 * The destination screens (/admin/destinations, Add Destination, edit destination) and the public
 * pages they feed, through the route modules on both engines: a save answers "Destination saved"
 * and shows at once on /destinations (card and map marker) and at its slug; bad input is a 4xx
 * with the field's message and writes nothing; a delete (a built-in destination too) takes it off
 * every page; a destination's page lists its published blogs; favourites and the sitemap read
 * the database.
 */
import { beforeAll, expect, it } from "vitest";
import { answerOf, describeRoutesEachEngine, formOf } from "#tests/support/route-harness.ts";

type Data = { type?: string; data?: Record<string, unknown>; init?: { status?: number } };

function answer(value: unknown): { status: number; body: Record<string, unknown> } {
  const v = value as Data;
  if (v?.type === "DataWithResponseInit") return { status: v.init?.status ?? 200, body: v.data ?? {} };
  return { status: 200, body: value as Record<string, unknown> };
}

const fields = (extra: Record<string, string | Blob | (string | Blob)[]> = {}) =>
  formOf({
    name: "Porto, Portugal",
    imageUrl: "https://example.com/porto.jpg",
    imageAlt: "",
    short: "Tiles, port wine and the Douro.",
    description: "One.\n\nTwo.",
    highlightName: ["Ribeira", ""],
    highlightImage: ["https://example.com/ribeira.jpg", ""],
    location: "Portugal",
    bestTime: "May to September",
    theme: "City",
    tag: "trending",
    latitude: "41.1579",
    longitude: "-8.6291",
    ...extra,
  });

const toastOf = (response: Response) => {
  const cookie = decodeURIComponent(response.headers.get("set-cookie") ?? "");
  return Buffer.from(cookie.split("=")[1]?.split(";")[0] ?? "", "base64url").toString();
};

describeRoutesEachEngine("the destination screens", (h) => {
  let routes: {
    list: typeof import("#app/routes/admin/destinations/index.tsx");
    add: typeof import("#app/routes/admin/destinations/new.tsx");
    edit: typeof import("#app/routes/admin/destinations/edit.tsx");
    publicList: typeof import("#app/routes/destinations/index.tsx");
    detail: typeof import("#app/routes/destinations/$spotname.tsx");
    favorites: typeof import("#app/routes/favorites.tsx");
    home: typeof import("#app/routes/index.tsx");
    map: typeof import("#app/routes/maps/world-map.ts");
  };
  let model: typeof import("#app/server/models/destinations.server.ts");
  beforeAll(async () => {
    routes = {
      list: await import("#app/routes/admin/destinations/index.tsx"),
      add: await import("#app/routes/admin/destinations/new.tsx"),
      edit: await import("#app/routes/admin/destinations/edit.tsx"),
      publicList: await import("#app/routes/destinations/index.tsx"),
      detail: await import("#app/routes/destinations/$spotname.tsx"),
      favorites: await import("#app/routes/favorites.tsx"),
      home: await import("#app/routes/index.tsx"),
      map: await import("#app/routes/maps/world-map.ts"),
    };
    model = await import("#app/server/models/destinations.server.ts");
  });

  const visitor = { cookie: "" };
  const publicList = async () =>
    answer(await answerOf(h.loader(routes.publicList as never, "/destinations", visitor))).body as {
      destinations: { id: number; name: string; slug: string; description?: string }[];
      map: { land: string; markers: { name: string; slug: string; x: number; y: number }[] };
    };
  /** The destination page's answer, returned or thrown (a 404 is thrown as `data(null, 404)`). */
  const detail = (slug: string) =>
    h
      .loader(routes.detail as never, `/destinations/${slug}`, { ...visitor, params: { spotname: slug } })
      .catch((thrown: unknown) => thrown);

  it("lists the four built-in destinations for the admin, and each on /destinations with its marker", async () => {
    const admin = answer(await answerOf(h.loader(routes.list, "/admin/destinations"))).body as {
      destinations: { name: string; builtin: string | null }[];
    };
    expect(admin.destinations.map((d) => d.name)).toEqual([
      "Santorini, Greece",
      "Kyoto, Japan",
      "Dolomites, Italy",
      "Chiang Mai, Thailand",
    ]);
    const list = await publicList();
    expect(list.destinations).toHaveLength(4);
    // Cards only: no destination's long description goes into the page's data.
    expect(list.destinations.every((d) => d.description === undefined)).toBe(true);
    expect(list.map.markers.map((m) => m.slug)).toEqual(list.destinations.map((d) => d.slug));
    expect(list.map.land).toMatch(/^\/maps\/world\.svg\?v=[0-9a-f]{12}$/);
    // Kyoto lies east of Santorini, which lies east of the Dolomites; all three north of Chiang Mai.
    const [santorini, kyoto, dolomites, chiangMai] = list.map.markers;
    expect(kyoto?.x).toBeGreaterThan(santorini?.x ?? 0);
    expect(santorini?.x).toBeGreaterThan(dolomites?.x ?? 0);
    expect(chiangMai?.y).toBeGreaterThan(kyoto?.y ?? 0);
  });

  it("serves the map's land as an SVG file drawn from the shipped map data", async () => {
    const response = (await answerOf(h.loader(routes.map as never, "/maps/world.svg", visitor))) as Response;
    expect(response.headers.get("content-type")).toBe("image/svg+xml; charset=utf-8");
    const svg = await response.text();
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 1000 \d+"/);
    expect(svg.length).toBeGreaterThan(10_000);
    expect(svg).not.toMatch(/https?:\/\/(?!www\.w3\.org)/);
  });

  it("adds a destination with Destination saved; it shows on the list, the map and at its slug", async () => {
    const saved = (await answerOf(h.action(routes.add, "/admin/destinations/new", fields()))) as Response;
    expect(saved.status).toBe(302);
    expect(saved.headers.get("location")).toMatch(/^\/admin\/destinations\/edit\?id=\d+$/);
    expect(toastOf(saved)).toContain('"Destination saved"');
    const list = await publicList();
    expect(list.destinations.map((d) => d.slug)).toContain("porto-portugal");
    expect(list.map.markers.map((m) => m.name)).toContain("Porto, Portugal");
    const shown = answer(await detail("porto-portugal"));
    expect(shown.status).toBe(200);
    expect(shown.body).toMatchObject({
      destination: { name: "Porto, Portugal", tag: "trending", bestTime: "May to September" },
      description: "One.\n\nTwo.",
      highlights: [{ name: "Ribeira", image: { kind: "url", url: "https://example.com/ribeira.jpg" } }],
    });
  });

  it("refuses bad input with a 4xx and the field's message, writing nothing", async () => {
    const before = (await model.listDestinationCards(h.db())).length;
    const refused = async (extra: Record<string, string | Blob | (string | Blob)[]>, field: string) => {
      const result = answer(
        await answerOf(
          h.action(routes.add, "/admin/destinations/new", fields({ name: "Lisbon, Portugal", ...extra })),
        ),
      );
      expect(result.status, JSON.stringify(Object.keys(extra))).toBeGreaterThanOrEqual(400);
      expect(result.status).toBeLessThan(500);
      const message = (result.body.fieldErrors as Record<string, string>)[field];
      expect(message, field).toBeTruthy();
      return message;
    };
    expect(await refused({ name: "Lisbon/Belém, Portugal" }, "name")).toContain(
      '"/" cannot be part of an address',
    );
    expect(await refused({ name: " ,, " }, "name")).toBe(
      "Name needs at least one letter or digit: the address is made from it.",
    );
    expect(await refused({ name: "Porto,  Portugal" }, "name")).toBe(
      "Another destination already lives at /destinations/porto-portugal: give this one a different name.",
    );
    expect(await refused({ latitude: "200" }, "latitude")).toBe(
      "Latitude must be a number from -90 to 90 (north is positive).",
    );
    expect(
      await refused(
        { imageUrl: "", imageFile: new File(["not an image"], "x.png", { type: "image/png" }) },
        "image",
      ),
    ).toBeTruthy();
    expect(await refused({ imageUrl: "javascript:alert(1)" }, "image")).toBeTruthy();
    expect(await refused({ imageUrl: "" }, "image")).toBeTruthy();
    const many = Array.from({ length: 1000 }, (_, i) => `Sight ${i}`);
    expect(
      await refused(
        { highlightName: many, highlightImage: many.map(() => "https://example.com/x.jpg") },
        "highlights",
      ),
    ).toBe("A destination can have at most 12 highlights.");
    expect((await model.listDestinationCards(h.db())).length).toBe(before);
    expect(await model.findDestinationBySlug(h.db(), "lisbon-portugal")).toBeNull();

    const editor = await h.signIn("editor@example.com", "editor");
    // Thrown, as React Router takes it: `data()` with its status.
    const stranger = await answerOf(
      h.action(routes.add, "/admin/destinations/new", fields({ name: "Lisbon" }), editor),
    ).catch((e: unknown) => e);
    // An editor is staff, but destinations are the administrator's: 403 (lib/roles.ts).
    expect(stranger instanceof Response ? stranger.status : answer(stranger).status).toBe(403);
    const peek = await answerOf(h.loader(routes.list, "/admin/destinations", editor)).catch(
      (e: unknown) => e,
    );
    expect(peek instanceof Response ? peek.status : answer(peek).status).toBe(403);
    expect((await model.listDestinationCards(h.db())).length).toBe(before);
  });

  it("edits a built-in destination keeping its picture; the public page and favourites show it as it is now", async () => {
    const saved = (await answerOf(
      h.action(
        routes.edit,
        "/admin/destinations/edit?id=2",
        fields({ name: "Kyoto, Japan", imageUrl: "", short: "Temples, gardens and tofu.", tag: "" }),
      ),
    )) as Response;
    expect(saved.status).toBe(302);
    expect(toastOf(saved)).toContain('"Destination saved"');
    const shown = answer(await detail("kyoto-japan"));
    expect(shown.body).toMatchObject({
      destination: {
        id: 2,
        short: "Temples, gardens and tofu.",
        tag: null,
        image: { kind: "builtin", base: "/images/destinations/kyoto-japan" },
      },
    });
    const favorites = answer(await answerOf(h.loader(routes.favorites as never, "/favorites", visitor)))
      .body as {
      destinations: { id: number; short: string }[];
    };
    expect(favorites.destinations.find((d) => d.id === 2)?.short).toBe("Temples, gardens and tofu.");
    const missing = answer(
      await answerOf(h.action(routes.edit, "/admin/destinations/edit?id=999", fields())),
    );
    expect(missing.status).toBe(404);
  });

  it("lists a destination's published blogs on its page", async () => {
    const { createBlog } = await import("#app/server/models/blogs.server.ts");
    const { blogInput, TEST_ACTOR } = await import("#tests/support/content.ts");
    await createBlog(
      h.db(),
      TEST_ACTOR,
      blogInput("Kyoto in the Rain, Again", { destination: 2, publishAt: 1 }),
    );
    await createBlog(h.db(), TEST_ACTOR, blogInput("Kyoto Draft", { destination: 2, publishAt: null }));
    const shown = answer(await detail("kyoto-japan")).body as { stories: { title: string; slug: string }[] };
    expect(shown.stories.map((s) => s.title)).toEqual(["Kyoto in the Rain, Again"]);
    expect(shown.stories[0]?.slug).toBe("kyoto-in-the-rain-again");
  });

  it("deletes a built-in destination: gone from the lists, the map, its address and the home page", async () => {
    const deleted = answer(
      await answerOf(h.action(routes.list, "/admin/destinations", formOf({ intent: "delete", id: "1" }))),
    );
    expect(deleted.status).toBe(200);
    expect(JSON.stringify(deleted.body.toast)).toContain("Destination deleted");
    const list = await publicList();
    expect(list.destinations.map((d) => d.id)).not.toContain(1);
    expect(list.map.markers.map((m) => m.slug)).not.toContain("santorini-greece");
    expect(answer(await detail("santorini-greece")).status).toBe(404);
    const home = answer(await answerOf(h.loader(routes.home as never, "/", visitor))).body as {
      destinations: { id: number }[];
    };
    expect(home.destinations.map((d) => d.id)).not.toContain(1);
    const again = answer(
      await answerOf(h.action(routes.list, "/admin/destinations", formOf({ intent: "delete", id: "1" }))),
    );
    expect(again.status).toBe(404);
  });
});
