import { type PointerEvent, useState } from "react";
import { useNavigate } from "react-router";
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
export function WorldMap({
  data,
  label,
  hrefOf,
  selected,
}: {
  data: CountryMapData;
  label: string;
  /** Makes a country a link (the explorer's): its address, or undefined for none. */
  hrefOf?: (key: string) => string | undefined;
  /** The shape key of the country shown beside the map, outlined. */
  selected?: string | null;
}) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
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
          // As links (the explorer) the map is a pointer's shortcut: the list of countries beside it is
          // the way for keyboards and screen readers, so the drawing is hidden from them.
          role={hrefOf === undefined ? "img" : undefined}
          aria-labelledby={hrefOf === undefined ? "country-map-title" : undefined}
          aria-hidden={hrefOf === undefined ? undefined : true}
          onPointerMove={hydrated ? onPointerMove : undefined}
          onPointerLeave={hydrated ? () => setTip(null) : undefined}
        >
          <title id="country-map-title">{label}</title>
          {data.shapes.map((shape) => {
            const path = (
              <path
                key={shape.key}
                d={shape.d}
                fill={shape.fill}
                data-country={shape.key}
                className={shape.key === selected ? "country-map__shape--selected" : undefined}
              >
                {!hydrated && <title>{shape.title}</title>}
              </path>
            );
            const href = hrefOf?.(shape.key);
            if (href === undefined) return path;
            return (
              <a
                key={shape.key}
                href={href}
                tabIndex={-1}
                onClick={(event) => {
                  // In the app: the next country without a reload, the page kept where it is.
                  event.preventDefault();
                  navigate(href, { preventScrollReset: true });
                }}
              >
                {path}
              </a>
            );
          })}
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
