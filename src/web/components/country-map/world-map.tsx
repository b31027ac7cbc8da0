import type { CountryMapData } from "../../lib/country-map/page-data.ts";

const number = new Intl.NumberFormat("en-US");

/**
 * The world map: one path per country, filled by its class of count, with a <title> that browsers
 * show on hover, with or without scripts. The shapes are drawn on the server (map-shapes.server.ts);
 * the table below the map says the same for screen readers, so the drawing is one labelled image.
 */
export function WorldMap({ data, label }: { data: CountryMapData; label: string }) {
  return (
    <figure className="country-map__figure">
      <svg
        className="country-map__svg"
        viewBox={`0 0 ${data.width} ${data.height}`}
        role="img"
        aria-labelledby="country-map-title"
      >
        <title id="country-map-title">{label}</title>
        {data.shapes.map((shape) => (
          <path key={shape.key} d={shape.d} fill={shape.fill} data-country={shape.key}>
            <title>{shape.title}</title>
          </path>
        ))}
      </svg>
      {data.legend.length > 0 && (
        <figcaption className="country-map__legend">
          <span className="country-map__legend-label">Performers</span>
          <ul className="country-map__legend-list">
            {data.legend.map((entry) => (
              <li key={entry.to}>
                <span
                  className="country-map__swatch"
                  style={{ background: entry.color }}
                  aria-hidden="true"
                />
                {entry.from === entry.to
                  ? number.format(entry.to)
                  : `${number.format(entry.from)}–${number.format(entry.to)}`}
              </li>
            ))}
          </ul>
        </figcaption>
      )}
    </figure>
  );
}
