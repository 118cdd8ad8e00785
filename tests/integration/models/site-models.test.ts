import { expect, it } from "vitest";
import { allowHit } from "#app/server/auth/rate-limits.server.ts";
import { addContact, listContacts } from "#app/server/models/contacts.server.ts";
import { createRecipe, findRecipeBySlug, listRecipes } from "#app/server/models/recipes.server.ts";
import {
  DEFAULT_SITE_NUMBERS,
  getSiteNumbers,
  isPopupEnabled,
  saveSiteNumbers,
  setPopupEnabled,
} from "#app/server/models/settings.server.ts";
import { addUser, deleteUser, listUsers } from "#app/server/models/users.server.ts";
import { TEST_ACTOR } from "#tests/support/content.ts";
import { describeEachEngine } from "#tests/support/engines.ts";

describeEachEngine("site models", (db) => {
  it("stores contact messages and lists them newest first", async () => {
    await addContact(db(), { first: "A", last: "One", email: "a@example.com", phone: "", message: "first" });
    await addContact(db(), {
      first: "B",
      last: "Two",
      email: "b@example.com",
      phone: "+1 555",
      message: "second",
    });
    const list = await listContacts(db());
    expect(list.map((c) => c.message).slice(0, 2)).toEqual(["second", "first"]);
    expect(typeof list[0]?.created_at).toBe("number");
  });

  it("adds, lists and deletes users", async () => {
    const { id } = await addUser(db(), { fullName: "Cy Reader", email: "cy@example.com", phone: "" });
    expect((await listUsers(db())).some((u) => u.id === id && u.full_name === "Cy Reader")).toBe(true);
    expect(await deleteUser(db(), TEST_ACTOR, id)).toBe(true);
    expect(await deleteUser(db(), TEST_ACTOR, id)).toBe(false);
  });

  it("keeps the popup off until it is turned on", async () => {
    expect(await isPopupEnabled(db())).toBe(false);
    await setPopupEnabled(db(), TEST_ACTOR, true);
    expect(await isPopupEnabled(db())).toBe(true);
    await setPopupEnabled(db(), TEST_ACTOR, false);
    expect(await isPopupEnabled(db())).toBe(false);
  });

  it("reads site numbers by domain, with defaults when missing", async () => {
    expect(await getSiteNumbers(db(), "unknown.example")).toEqual(DEFAULT_SITE_NUMBERS);
    await saveSiteNumbers(db(), TEST_ACTOR, "Example.com", {
      numberIntl: "+44 20 1234",
      numberLocal: "020 1234",
    });
    expect(await getSiteNumbers(db(), "example.com")).toEqual({
      numberIntl: "+44 20 1234",
      numberLocal: "020 1234",
    });
  });

  it("stores recipes with lists and nutrition, dropping empty steps", async () => {
    const r = await createRecipe(db(), TEST_ACTOR, {
      title: "Green Curry",
      short: "Fragrant",
      imageUrl: "https://example.com/c.jpg",
      steps: ["Fry paste", "  ", "Add milk"],
      ingredients: ["Paste", ""],
      nutritionalValues: { calories: 420, protein: 20, fats: 25, carbs: 30 },
      type: "",
    });
    const lookup = await findRecipeBySlug(db(), "green-curry");
    const found = lookup && "recipe" in lookup ? lookup.recipe : null;
    expect(found?.steps).toEqual(["Fry paste", "Add milk"]);
    expect(found?.ingredients).toEqual(["Paste"]);
    expect(found?.type).toBeNull();
    expect((await listRecipes(db())).map((x) => x.id)).toContain(r.id);
  });

  it("rate-limits per key within a window, shared through the database", async () => {
    const key = `test:${Math.random()}`;
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await allowHit(db(), key, 3, 600));
    expect(results).toEqual([true, true, true, false]);
    expect(await allowHit(db(), `${key}:other`, 3, 600)).toBe(true);
  });
});
