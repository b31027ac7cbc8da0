import { geoEqualEarth, geoPath } from "d3-geo";
import type { FeatureCollection, Geometry } from "geojson";
import { feature } from "topojson-client";
import type { GeometryCollection, Topology } from "topojson-specification";
import countries110m from "world-atlas/countries-110m.json" with { type: "json" };
import { CompactPathContext } from "./compact-path.ts";

/** The drawing's size in SVG units: the Equal Earth projection's 2:1, fitted. */
export const MAP_WIDTH = 960;
export const MAP_HEIGHT = 440;

export interface MapShape {
  /** world-atlas's numeric ISO 3166 id, or its name for a shape without one (Kosovo). */
  key: string;
  /** world-atlas's short name (for shapes no code of ours names). */
  atlasName: string;
  /** SVG path data. */
  d: string;
}

type CountryProperties = { name: string };

let shapes: readonly MapShape[] | null = null;

/**
 * Every country's outline as SVG path data, worked out once per process (the topology never
 * changes): world-atlas's 1:110m countries in the Equal Earth projection, at whole pixels
 * (CompactPathContext). Antarctica is left out: nobody broadcasts from it, and it would take a
 * fifth of the height. Neither the topology nor d3 reach the browser: only these strings do.
 */
export function mapShapes(): readonly MapShape[] {
  if (shapes !== null) return shapes;
  const topology = countries110m as unknown as Topology<{
    countries: GeometryCollection<CountryProperties>;
  }>;
  const collection = feature(topology, topology.objects.countries) as FeatureCollection<
    Geometry,
    CountryProperties
  >;
  const drawn = collection.features.filter((f) => f.id !== "010");
  const projection = geoEqualEarth().fitSize([MAP_WIDTH, MAP_HEIGHT], {
    type: "FeatureCollection",
    features: drawn,
  });
  shapes = drawn.map((f) => {
    const context = new CompactPathContext();
    geoPath(projection, context)(f);
    return { key: String(f.id ?? f.properties.name), atlasName: f.properties.name, d: context.result() };
  });
  return shapes;
}
