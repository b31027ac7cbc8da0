import { type PointerEvent, useState } from "react";
import type { CountryMapData } from "../../lib/country-map/page-data.ts";
import { formatCount } from "../../lib/format.ts";
import { useHydrated } from "../../lib/use-hydrated.ts";

interface Tip {
  text: string;
  /** Position in px inside the figure. */
  x: number;
  y: number;
  /** Which way the tip reaches from the pointer: towards the middle, so it never leaves the page. */
  align: "start" | "end";
}

/**
 * The world map: one path per country, filled by its class of count. Without scripts each path has
 * a <title>, which browsers show on hover; with them, a tooltip follows the pointer at once instead
 * (the titles are then left out, or both would show). The shapes are drawn on the server
 * (map-shapes.server.ts); the table below the map says the same for screen readers, so the drawing
 * is one labelled image and the tooltip is hidden from them.
 */
export function WorldMap({ data, label }: { data: CountryMapData; label: string }) {
  const hydrated = useHydrated();
  const [tip, setTip] = useState<Tip | null>(null);
  const titles = new Map(data.shapes.map((s) => [s.key, s.title]));

  const onPointerMove = (event: PointerEvent<SVGSVGElement>) => {
    const target = event.target as Element;
    const key = target.getAttribute("data-country");
    const text = key === null ? undefined : titles.get(key);
    if (text === undefined) {
      setTip(null);
      return;
    }
    const box = event.currentTarget.getBoundingClientRect();
    const x = event.clientX - box.left;
    setTip({ text, x, y: event.clientY - box.top, align: x > box.width / 2 ? "end" : "start" });
  };

  return (
    <figure className="country-map__figure">
      <div className="country-map__drawing">
        <svg
          className="country-map__svg"
          viewBox={`0 0 ${data.width} ${data.height}`}
          role="img"
          aria-labelledby="country-map-title"
          onPointerMove={hydrated ? onPointerMove : undefined}
          onPointerLeave={hydrated ? () => setTip(null) : undefined}
        >
          <title id="country-map-title">{label}</title>
          {data.shapes.map((shape) => (
            <path key={shape.key} d={shape.d} fill={shape.fill} data-country={shape.key}>
              {!hydrated && <title>{shape.title}</title>}
            </path>
          ))}
        </svg>
        {tip !== null && (
          <div
            className={`country-map__tip country-map__tip--${tip.align}`}
            aria-hidden="true"
            style={{ left: tip.x, top: tip.y }}
            data-testid="country-map-tip"
          >
            {tip.text}
          </div>
        )}
      </div>
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
                  ? formatCount(entry.to)
                  : `${formatCount(entry.from)}–${formatCount(entry.to)}`}
              </li>
            ))}
          </ul>
        </figcaption>
      )}
    </figure>
  );
}
