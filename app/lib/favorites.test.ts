import { describe, expect, it } from "vitest";
import type { DestinationCard } from "./destinations.ts";
import { currentFavorites, readFavorites, toggleFavorite, writeFavorites } from "./favorites.ts";

const place = (id: number, name = `Place ${id}, Country`): DestinationCard => ({
  id,
  name,
  slug: `place-${id}-country`,
  image: { kind: "builtin", base: `/images/destinations/p${id}` },
  imageAlt: name,
  short: "s",
  highlights: [],
  location: "Country",
  bestTime: "May to October",
  theme: "t",
  tag: null,
  latitude: null,
  longitude: null,
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
  it("shows each saved destination as it is now, in the saved order, and drops deleted ones", () => {
    // As an older version of the site stored them: the whole built-in object, since changed.
    const stored = [
      { id: 2, name: "Kyoto, Japan", image: "/images/destinations/kyoto-japan", description: "old" },
      { id: 9, name: "Deleted, Since" },
      { id: 1, name: "Santorini, Greece" },
    ];
    const now = [place(1, "Santorini, Greece (renamed)"), place(2, "Kyoto, Japan"), place(3)];
    expect(currentFavorites(stored, now)).toEqual([now[1], now[0]]);
    expect(currentFavorites([], now)).toEqual([]);
    expect(currentFavorites(stored, [])).toEqual([]);
  });
});
