/**
 * The navigation screen (/admin/navigation) and the menus every public page shows, through the
 * route modules on both engines: the defaults are the spec's links; a save answers "Navigation
 * saved" and the layout shows it; unsafe links, orphan sub-items and 10,000 items are refused with
 * a 400 naming the problem and nothing is written; two admins saving from the same version cannot
 * both land (one is told, 409); moves work without JavaScript and write nothing.
 */
import { beforeAll, expect, it } from "vitest";
import { DEFAULT_NAVIGATION } from "#app/lib/navigation.ts";
import { TEST_ACTOR } from "#tests/support/content.ts";
import { answered, answerOf, describeRoutesEachEngine, formOf } from "#tests/support/route-harness.ts";

interface Rows {
  header?: [string, string, ("top" | "child")?][];
  footer?: [string, string][];
}

/** The editor's post: rows as the browser sends them (repeated fields), the version and the button. */
function post({ header = [], footer = [] }: Rows, version: number, op = "save") {
  return formOf({
    version: String(version),
    op,
    headerLabel: header.map((r) => r[0]),
    headerLink: header.map((r) => r[1]),
    headerLevel: header.map((r) => r[2] ?? "top"),
    footerLabel: footer.map((r) => r[0]),
    footerLink: footer.map((r) => r[1]),
  });
}

describeRoutesEachEngine("the navigation screen", (h) => {
  let screen: typeof import("#app/routes/admin/navigation.tsx");
  let layout: typeof import("#app/routes/public-layout.tsx");
  let navigation: typeof import("#app/server/models/navigation.server.ts");
  beforeAll(async () => {
    screen = await import("#app/routes/admin/navigation.tsx");
    layout = await import("#app/routes/public-layout.tsx");
    navigation = await import("#app/server/models/navigation.server.ts");
  });

  const menusShown = async () =>
    ((await h.loader(layout as never, "/", { cookie: "" })) as { navigation: typeof DEFAULT_NAVIGATION })
      .navigation;
  const stored = () => h.db().selectFrom("settings").selectAll().where("key", "=", "navigation").execute();

  it("shows the spec's links until the owner saves menus of their own", async () => {
    expect(await menusShown()).toEqual(DEFAULT_NAVIGATION);
    const loaded = (await h.loader(screen, "/admin/navigation")) as { version: number; rows: unknown };
    expect(loaded.version).toBe(0);
    expect(await stored()).toEqual([]);
  });

  it("saves both menus, sub-items and outside links included, and every page shows them", async () => {
    const saved = await answerOf(
      h.action(
        screen,
        "/admin/navigation",
        post(
          {
            header: [
              ["Home", "/"],
              ["Travel", "/destinations"],
              ["Japan", "/destinations/kyoto-japan", "child"],
              ["Shop", "https://shop.example.com/"],
            ],
            footer: [["About", "/about"]],
          },
          0,
        ),
      ),
    );
    expect(answered(saved).status).toBe(302);
    expect(await menusShown()).toEqual({
      header: [
        { label: "Home", href: "/" },
        {
          label: "Travel",
          href: "/destinations",
          children: [{ label: "Japan", href: "/destinations/kyoto-japan" }],
        },
        { label: "Shop", href: "https://shop.example.com/" },
      ],
      footer: [{ label: "About", href: "/about" }],
    });
    const log = await h
      .db()
      .selectFrom("activity_log")
      .select("detail")
      .where("detail", "=", "Navigation")
      .execute();
    expect(log).toHaveLength(1);
  });

  it("refuses unsafe links, an orphan sub-item and a flood of items with a 400 naming each, writing nothing", async () => {
    const before = await stored();
    const { version } = await navigation.getNavigation(h.db());
    const refused = answered(
      await answerOf(
        h.action(
          screen,
          "/admin/navigation",
          post(
            {
              header: [
                ["Orphan", "/x", "child"],
                ["Evil", "javascript:alert(document.cookie)"],
                ["Data", "data:text/html,<script>alert(1)</script>"],
              ],
            },
            version,
          ),
        ),
      ),
    );
    expect(refused.status).toBe(400);
    expect(refused.body.problems).toEqual({
      header: {
        rows: {
          0: { child: "A sub-item needs an item above it in the header." },
          1: { href: "A link is a path of this site (such as /about) or an https:// address." },
          2: { href: "A link is a path of this site (such as /about) or an https:// address." },
        },
      },
    });
    const flood = Array.from({ length: 10_000 }, (_, i): [string, string] => [`Item ${i}`, `/p${i}`]);
    const tooMany = answered(
      await answerOf(h.action(screen, "/admin/navigation", post({ footer: flood }, version))),
    );
    expect(tooMany.status).toBe(400);
    expect(JSON.stringify(tooMany.body)).toContain("The footer holds at most 24 items.");
    expect(await stored()).toEqual(before);
  });

  it("lets only one of two saves made from the same version land, and tells the other", async () => {
    const { version } = await navigation.getNavigation(h.db());
    const mine = post({ header: [["Mine", "/mine"]] }, version);
    const theirs = post({ header: [["Theirs", "/theirs"]] }, version);
    const answers = await Promise.all([
      answerOf(h.action(screen, "/admin/navigation", mine)),
      answerOf(h.action(screen, "/admin/navigation", theirs)),
    ]);
    expect(answers.map((a) => answered(a).status).sort()).toEqual([302, 409]);
    const loser = answers.map(answered).find((a) => a.status === 409);
    expect(loser?.body.toast).toMatchObject({
      message: expect.stringContaining("Someone else saved the navigation"),
    });
    const shown = (await menusShown()).header.map((i) => i.label);
    expect(shown.length).toBe(1);
    expect(["Mine", "Theirs"]).toContain(shown[0]);
    // And through the model: a save from a version that has passed is refused.
    await expect(
      navigation.saveNavigation(h.db(), TEST_ACTOR, DEFAULT_NAVIGATION, version),
    ).rejects.toBeInstanceOf(navigation.NavigationConflict);
  });

  it("answers a move (no JavaScript) with the moved rows and writes nothing", async () => {
    const before = await stored();
    const { version } = await navigation.getNavigation(h.db());
    const moved = answered(
      await answerOf(
        h.action(
          screen,
          "/admin/navigation",
          post(
            {
              header: [
                ["A", "/a"],
                ["B", "/b"],
                ["B1", "/b1", "child"],
              ],
            },
            version,
            "up:header:1",
          ),
        ),
      ),
    );
    expect(moved.status).toBe(200);
    expect((moved.body.draft as { header: { label: string }[] }).header.map((r) => r.label)).toEqual([
      "B",
      "B1",
      "A",
    ]);
    const unknown = answered(
      await answerOf(h.action(screen, "/admin/navigation", post({}, version, "explode"))),
    );
    expect(unknown.status).toBe(400);
    expect(await stored()).toEqual(before);
  });
});
