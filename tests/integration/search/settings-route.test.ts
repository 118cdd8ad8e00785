/**
 * The search language on /admin/settings, through the route as React Router calls it (both
 * engines): the screen shows the language and how far a re-index has come, Save changes it and
 * starts the re-index, and a language not on the list is refused with the field's message.
 */
import { beforeAll, expect, it } from "vitest";
import { SEARCH_LANGUAGE_UNKNOWN } from "#app/forms/search-language.fields.ts";
import { reindexSearch } from "#app/server/models/search.server.ts";
import { getSearchLanguage } from "#app/server/models/settings.server.ts";
import { describeRoutesEachEngine, formOf } from "#tests/support/route-harness.ts";

describeRoutesEachEngine("the search language setting", (h) => {
  let settings: typeof import("#app/routes/admin/settings.tsx");

  beforeAll(async () => {
    settings = await import("#app/routes/admin/settings.tsx");
  });

  it("shows the language, saves a new one and re-indexes, and refuses one not on the list", async () => {
    expect(await h.loader(settings, "/admin/settings")).toMatchObject({
      search: { language: "english", reindexPercent: null },
    });

    const saved = await h.action(
      settings,
      "/admin/settings",
      formOf({ intent: "search-language", language: "german" }),
    );
    expect(saved).toMatchObject({ ok: true, toast: { message: "Settings saved" } });
    await reindexSearch(h.db());
    expect(await getSearchLanguage(h.db())).toBe("german");
    expect(await h.loader(settings, "/admin/settings")).toMatchObject({
      search: { language: "german", reindexPercent: null },
    });

    const refused = await h.action(
      settings,
      "/admin/settings",
      formOf({ intent: "search-language", language: "klingon" }),
    );
    expect(JSON.stringify(refused)).toContain(SEARCH_LANGUAGE_UNKNOWN);
    expect(await getSearchLanguage(h.db())).toBe("german");
  });
});
