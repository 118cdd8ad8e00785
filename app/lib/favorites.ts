import type { DestinationCard } from "./destinations.ts";

/**
 * A favourite as the device keeps it: the destination object as it was when saved (the spec's
 * shape; a card's fields). Only its id is relied on: pages show the destination as it is now.
 */
type Destination = DestinationCard;

/** The local storage key of the favourite destinations. */
const FAVORITES_KEY = "favoriteDestinations";

/** Missing or unreadable storage gives an empty list. */
export function readFavorites(storage: Pick<Storage, "getItem"> | undefined): Destination[] {
  try {
    const raw = storage?.getItem(FAVORITES_KEY);
    if (!raw) return [];
    const list: unknown = JSON.parse(raw);
    return Array.isArray(list)
      ? list.filter((d): d is Destination => typeof d === "object" && d !== null && typeof d.id === "number")
      : [];
  } catch {
    return [];
  }
}

/** A destination already in the list (by id) is removed, otherwise added. */
export function toggleFavorite(list: Destination[], destination: Destination): Destination[] {
  return list.some((d) => d.id === destination.id)
    ? list.filter((d) => d.id !== destination.id)
    : [...list, destination];
}

/** The whole list is written back; a full or blocked storage is ignored. */
export function writeFavorites(storage: Pick<Storage, "setItem"> | undefined, list: Destination[]): void {
  try {
    storage?.setItem(FAVORITES_KEY, JSON.stringify(list));
  } catch {
    // Private mode or quota: favourites still work for this visit.
  }
}

/**
 * The device's favourites as the destinations are now: each stored one matched by id against the
 * current list (its name, picture and texts may have changed since it was saved), in the order
 * they were saved; one deleted since is dropped.
 */
export function currentFavorites(
  stored: readonly { id: number }[],
  current: readonly Destination[],
): Destination[] {
  const byId = new Map(current.map((d) => [d.id, d]));
  return stored.flatMap((s) => {
    const now = byId.get(s.id);
    return now ? [now] : [];
  });
}
