import { MAX_QUERY_LENGTH } from "#app/lib/search.ts";

/**
 * A site search form: a plain GET to /search, so it works without JavaScript. `tone` matches the
 * band it sits on (the dark page hero or a light page).
 */
export function SearchBox({
  defaultValue = "",
  tone = "light",
  className = "",
}: {
  defaultValue?: string;
  tone?: "light" | "dark";
  className?: string;
}) {
  const dark = tone === "dark";
  return (
    <search className={`block w-full max-w-xl ${className}`}>
      <form method="get" action="/search" className="flex gap-2">
        <label htmlFor="site-search" className="sr-only">
          Search
        </label>
        <input
          id="site-search"
          type="search"
          name="q"
          defaultValue={defaultValue}
          maxLength={MAX_QUERY_LENGTH}
          placeholder="Places, dishes, stories…"
          className={`min-h-11 min-w-0 flex-1 rounded-full px-5 text-base ${
            dark
              ? "bg-white/10 text-white ring-1 ring-white/30 placeholder:text-white/70 focus:bg-white/15"
              : "bg-white text-ink-900 ring-1 ring-ink-900/20 placeholder:text-ink-700"
          }`}
        />
        <button
          type="submit"
          className={`min-h-11 rounded-full px-5 font-semibold ${
            dark ? "bg-sand-200 text-ink-900 hover:bg-white" : "bg-sea-700 text-white hover:bg-sea-800"
          }`}
        >
          Search
        </button>
      </form>
    </search>
  );
}
