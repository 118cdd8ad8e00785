import { describe, expect, it } from "vitest";
import type { Destination } from "#app/content/destinations.ts";
import { readFavorites, toggleFavorite, writeFavorites } from "./favorites.ts";

const place = (id: number): Destination => ({
  id,
  name: `Place ${id}, Country`,
  image: `/images/destinations/p${id}`,
  short: "s",
  description: "d",
  highlights: [],
  location: "Country",
  bestTime: "May to October",
  theme: "t",
});

function memoryStorage(initial?: string) {
  // The storage key spelled out, not the module's constant: a renamed key would lose
  // every visitor's saved favourites.
  const map = new Map<string, string>(initial === undefined ? [] : [["favoriteDestinations", initial]]);
  return {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    map,
  };
}

describe("favourites", () => {
  it("adds a destination that is not in the list and removes one that is", () => {
    const once = toggleFavorite([], place(1));
    expect(once.map((d) => d.id)).toEqual([1]);
    const twice = toggleFavorite([...once, place(2)], place(1));
    expect(twice.map((d) => d.id)).toEqual([2]);
  });
  it("writes the whole list of destination objects and reads it back", () => {
    const storage = memoryStorage();
    writeFavorites(storage, [place(3), place(4)]);
    expect([...storage.map.keys()]).toEqual(["favoriteDestinations"]);
    expect(JSON.parse(storage.map.get("favoriteDestinations") ?? "")).toEqual([place(3), place(4)]);
    expect(readFavorites(storage)).toEqual([place(3), place(4)]);
  });
  it("gives an empty list for missing or unreadable storage", () => {
    expect(readFavorites(undefined)).toEqual([]);
    expect(readFavorites(memoryStorage())).toEqual([]);
    expect(readFavorites(memoryStorage("{not json"))).toEqual([]);
    expect(readFavorites(memoryStorage('{"id":1}'))).toEqual([]);
    const throwing = {
      getItem: () => {
        throw new Error("SecurityError");
      },
    };
    expect(readFavorites(throwing)).toEqual([]);
  });
});
