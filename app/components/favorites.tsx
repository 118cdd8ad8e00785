import { createContext, startTransition, useCallback, useContext, useEffect, useMemo, useState } from "react";
import type { DestinationCard as Destination } from "#app/lib/destinations.ts";
import { currentFavorites, readFavorites, toggleFavorite, writeFavorites } from "#app/lib/favorites.ts";
import { HeartIcon } from "./icons.tsx";

interface FavoritesState {
  /** False until the device's list has been read (the server cannot know it). */
  ready: boolean;
  favorites: Destination[];
  isFavorite(id: number): boolean;
  toggle(destination: Destination): void;
  /**
   * Brings the device's list up to date with the destinations as they are now (`current`, every
   * destination): each kept one as it is now, deleted ones dropped, and the list written back.
   */
  reconcile(current: readonly Destination[]): void;
  selectedDestination: Destination | null;
  setSelectedDestination(destination: Destination | null): void;
}

const FavoritesContext = createContext<FavoritesState | null>(null);

/** Client state holding favourites (kept on the device) and the selected destination. */
export function FavoritesProvider({ children }: { children: React.ReactNode }) {
  const [favorites, setFavorites] = useState<Destination[]>([]);
  const [ready, setReady] = useState(false);
  const [selectedDestination, setSelectedDestination] = useState<Destination | null>(null);

  useEffect(() => {
    // A transition: the re-render of every card this causes yields to the browser in small
    // slices instead of running as one long task while the page starts.
    startTransition(() => {
      const stored = readFavorites(safeStorage());
      if (stored.length > 0) setFavorites(stored);
      setReady(true);
    });
  }, []);

  const toggle = useCallback((destination: Destination) => {
    setFavorites((current) => {
      const next = toggleFavorite(current, destination);
      writeFavorites(safeStorage(), next);
      return next;
    });
  }, []);

  const reconcile = useCallback((current: readonly Destination[]) => {
    setFavorites((stored) => {
      const next = currentFavorites(stored, current);
      if (JSON.stringify(next) === JSON.stringify(stored)) return stored;
      writeFavorites(safeStorage(), next);
      return next;
    });
  }, []);

  const value = useMemo<FavoritesState>(
    () => ({
      ready,
      favorites,
      isFavorite: (id) => favorites.some((d) => d.id === id),
      toggle,
      reconcile,
      selectedDestination,
      setSelectedDestination,
    }),
    [ready, favorites, toggle, reconcile, selectedDestination],
  );
  return <FavoritesContext.Provider value={value}>{children}</FavoritesContext.Provider>;
}

function safeStorage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

export function useFavorites(): FavoritesState {
  const state = useContext(FavoritesContext);
  if (!state) throw new Error("useFavorites needs a FavoritesProvider");
  return state;
}

/** The favourite toggle of every destination card and detail page. */
export function FavoriteButton({
  destination,
  variant = "overlay",
}: {
  destination: Destination;
  variant?: "overlay" | "inline";
}) {
  const { isFavorite, toggle, ready } = useFavorites();
  const saved = isFavorite(destination.id);
  const shown = saved ? "Saved to favourites" : "Save to favourites";
  // The inline button's name starts with the words it shows (speech input users say what they
  // see); the round icon-only one shows none and names the place instead.
  const label =
    variant === "inline"
      ? `${shown}: ${destination.name}`
      : saved
        ? `Remove ${destination.name} from favourites`
        : `Save ${destination.name} to favourites`;
  const style =
    variant === "overlay"
      ? "size-11 justify-center rounded-full bg-white/90 shadow-md backdrop-blur hover:bg-white"
      : "gap-2 rounded-full border border-ink-900/15 bg-white px-4 py-2.5 font-medium hover:border-coral-500";
  return (
    <button
      type="button"
      aria-pressed={saved}
      aria-label={label}
      title={label}
      disabled={!ready}
      onClick={() => toggle(destination)}
      className={`inline-flex items-center transition disabled:opacity-60 ${style} ${saved ? "text-coral-600" : "text-ink-900"}`}
    >
      <HeartIcon filled={saved} className="size-5" />
      {variant === "inline" && <span>{shown}</span>}
    </button>
  );
}
