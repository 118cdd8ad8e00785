import { createHash } from "node:crypto";
import { createRequire } from "node:module";
import type { GeoProjection } from "d3-geo";
import type { DestinationCard, MapMarker, WorldMap } from "#app/lib/destinations.ts";
import { onFirstUse } from "#app/lib/on-first-use.ts";

/**
 * The map of /destinations, drawn on the server from Natural Earth's land at 1:110m as the
 * `world-atlas` package ships it (decision 026): no tile server, no outside host. The land is
 * projected once per process (Natural Earth projection, Antarctica left out), written as one SVG
 * path with whole-number coordinates, and served as its own cacheable file (`/maps/world.svg`), so
 * a page carries only its markers: a destination's position is two numbers worked out per render
 * (a projection of one point, microseconds).
 */

/** The drawing's width in SVG units; the height follows the land's shape. */
const WIDTH = 1000;

/** Antarctica's id in world-atlas's countries (ISO 3166 numeric): left out, it only takes room. */
const ANTARCTICA = "010";

const WORLD_MAP_PATH = "/maps/world.svg";

interface Drawn {
  projection: GeoProjection;
  width: number;
  height: number;
  /** The whole SVG document of the land. */
  svg: string;
  /** A short hash of the document: the page's link to it changes when it does. */
  version: string;
}

const draw = onFirstUse(async (): Promise<Drawn> => {
  const require = createRequire(import.meta.url);
  const topojson: typeof import("topojson-client") = require("topojson-client");
  type Merge = Parameters<typeof topojson.merge>;
  const atlas = require("world-atlas/countries-110m.json") as Merge[0] & {
    objects: { countries: { geometries: { type: string; id?: string | number }[] } };
  };
  const { geoNaturalEarth1, geoPath } = await import("d3-geo");
  const countries = atlas.objects.countries;
  const land = topojson.merge(
    atlas,
    countries.geometries.filter(
      (g) => (g.type === "Polygon" || g.type === "MultiPolygon") && String(g.id) !== ANTARCTICA,
    ) as Merge[1],
  );
  const fitted = geoNaturalEarth1().fitWidth(WIDTH, land);
  const [[, top], [, bottom]] = geoPath(fitted).bounds(land);
  const height = Math.ceil(bottom - top + 2);
  // Shifted so the land's top sits at 1: the drawing has no empty band where Antarctica was.
  const [tx, ty] = fitted.translate();
  const projection = fitted.translate([tx, ty - top + 1]);
  const d = geoPath(projection).digits(0)(land) ?? "";
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${WIDTH} ${height}" width="${WIDTH}" height="${height}"><path fill="#d9cdb4" stroke="#b8a888" stroke-width="0.6" stroke-linejoin="round" d="${d}"/></svg>`;
  const version = createHash("sha256").update(svg).digest("hex").slice(0, 12);
  return { projection, width: WIDTH, height, svg, version };
});

/** The land as an SVG document (the body of `/maps/world.svg`). */
export async function worldMapSvg(): Promise<string> {
  return (await draw()).svg;
}

/**
 * The map a page draws: its size, the land's address, and a marker for each destination with
 * coordinates, at its projected position (one decimal: a tenth of a unit is far below a pixel).
 */
export async function worldMapOf(destinations: readonly DestinationCard[]): Promise<WorldMap> {
  const { projection, width, height, version } = await draw();
  const markers: MapMarker[] = [];
  for (const d of destinations) {
    if (d.latitude === null || d.longitude === null) continue;
    const point = projection([d.longitude, d.latitude]);
    if (!point) continue;
    markers.push({
      id: d.id,
      name: d.name,
      slug: d.slug,
      x: Math.round(point[0] * 10) / 10,
      y: Math.round(point[1] * 10) / 10,
    });
  }
  return {
    width,
    height,
    land: `${WORLD_MAP_PATH}?v=${version}`,
    markers,
    view: viewOf(markers, width, height),
  };
}

/**
 * The part of the world the page shows: the markers' extent with a margin, at least MIN_VIEW of the
 * drawing's width, in the drawing's proportions and inside it. Destinations in one region are then
 * drawn large enough to pick on a phone; spread over the world, the whole world shows.
 */
const MIN_VIEW = 0.5;
const MARGIN = 90;

function viewOf(markers: MapMarker[], width: number, height: number): WorldMap["view"] {
  if (markers.length === 0) return { x: 0, y: 0, width, height };
  const xs = markers.map((m) => m.x);
  const ys = markers.map((m) => m.y);
  const ratio = height / width;
  let w = Math.max(Math.max(...xs) - Math.min(...xs) + 2 * MARGIN, width * MIN_VIEW);
  let h = Math.max(Math.max(...ys) - Math.min(...ys) + 2 * MARGIN, w * ratio);
  w = Math.min(width, Math.max(w, h / ratio));
  h = Math.min(height, w * ratio);
  const clamp = (v: number, size: number, whole: number) =>
    Math.round(Math.min(Math.max(v, 0), whole - size));
  const cx = (Math.max(...xs) + Math.min(...xs)) / 2;
  const cy = (Math.max(...ys) + Math.min(...ys)) / 2;
  return {
    x: clamp(cx - w / 2, w, width),
    y: clamp(cy - h / 2, h, height),
    width: Math.round(w),
    height: Math.round(h),
  };
}
