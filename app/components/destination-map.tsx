import { useId } from "react";
import type { WorldMap } from "#app/lib/destinations.ts";

/**
 * The map of /destinations: the land drawn on the server (an SVG file of its own, cached by the
 * browser across visits), shown around the markers, one per destination with coordinates. Each
 * marker is a link to the destination's page, named by the destination, reachable with the
 * keyboard, and shows its name and a ring while hovered or focused. The drawing is named by its
 * <title>; it is not `role="img"`, which would hide the links inside it from assistive technology.
 */
export function DestinationMap({ map }: { map: WorldMap }) {
  const titleId = useId();
  const descId = useId();
  const { width, height, markers, view } = map;
  // Sizes follow the part shown, so markers and names look alike however far the map is zoomed.
  const unit = view.width / 1000;
  // Two decimals: finer is invisible, and every number is written into the page.
  const round = (n: number) => Math.round(n * 100) / 100;
  const r = round(11 * unit);
  const font = round(24 * unit);
  return (
    <figure className="overflow-hidden rounded-2xl bg-sea-600/10 ring-1 ring-ink-900/5">
      <svg
        viewBox={`${view.x} ${view.y} ${view.width} ${view.height}`}
        aria-labelledby={titleId}
        aria-describedby={descId}
        className="block h-auto w-full"
      >
        <title id={titleId}>Map of our destinations</title>
        <desc id={descId}>
          {markers.length === 1
            ? "One destination is marked on a map of the world."
            : `${markers.length} destinations are marked on a map of the world.`}
        </desc>
        <image href={map.land} width={width} height={height} />
        {markers.map((m) => {
          // The name sits above the marker, or below it near the top edge, and stays inside the view.
          const below = m.y - view.y < font * 2.5;
          const left = m.x - view.x;
          const anchor = left < view.width * 0.15 ? "start" : left > view.width * 0.85 ? "end" : "middle";
          return (
            <a key={m.id} href={`/destinations/${m.slug}`} aria-label={m.name} className="group outline-none">
              <circle cx={m.x} cy={m.y} r={round(r * 2.2)} fill="transparent" />
              <circle
                cx={m.x}
                cy={m.y}
                r={round(r * 1.7)}
                className="fill-none stroke-ink-900 opacity-0 group-hover:opacity-100 group-focus-visible:opacity-100"
                strokeWidth={round(r * 0.4)}
              />
              <circle
                cx={m.x}
                cy={m.y}
                r={r}
                className="fill-coral-600 stroke-white group-hover:fill-ink-900 group-focus-visible:fill-ink-900"
                strokeWidth={round(r * 0.3)}
              />
              <text
                x={m.x}
                y={round(below ? m.y + r * 2 + font : m.y - r * 2.4)}
                textAnchor={anchor}
                fontSize={font}
                className="pointer-events-none fill-ink-900 font-sans font-semibold opacity-0 group-hover:opacity-100 group-focus-visible:opacity-100"
                paintOrder="stroke"
                stroke="white"
                strokeWidth={round(font * 0.25)}
              >
                {m.name}
              </text>
            </a>
          );
        })}
      </svg>
      <figcaption className="px-4 py-3 text-sm text-ink-700">
        Map data: Natural Earth (public domain). Choose a marker to open its destination.
      </figcaption>
    </figure>
  );
}
