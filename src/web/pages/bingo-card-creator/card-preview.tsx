import type { BingoCard } from "../../../site/bingo/card.ts";
import { layoutCard } from "../../../site/bingo/card-layout.ts";
import type { RoomSize } from "../../../site/bingo/card-style.ts";
import { PREVIEW_FONT_STACK } from "../../../site/bingo/card-svg.ts";

/**
 * The card as the PNG will show it: the server's own layout (card-layout.ts) drawn as inline SVG,
 * text as React text (escaped). The PNG's font is bundled on the server; the preview asks the
 * browser for the same family and falls back to a narrow sans-serif, so only the letter shapes can
 * differ, never where a line breaks.
 */
export function CardPreview({ card, room }: { card: BingoCard; room: RoomSize }) {
  const layout = layoutCard(card, room);
  return (
    <svg
      className="bingo-preview"
      viewBox={`0 0 ${layout.width} ${layout.height}`}
      role="img"
      aria-label={`Preview of the bingo card “${card.title}”, ${card.size} by ${card.size}`}
    >
      <g fontFamily={PREVIEW_FONT_STACK} fontWeight="bold" textAnchor="middle">
        {layout.shapes.map((s, i) =>
          s.kind === "rect" ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: the shapes are drawn in a fixed order.
            <rect key={i} x={s.x} y={s.y} width={s.width} height={s.height} rx={s.radius} fill={s.fill} />
          ) : (
            // biome-ignore lint/suspicious/noArrayIndexKey: the shapes are drawn in a fixed order.
            <text key={i} x={s.x} y={s.y} fontSize={s.size} fill={s.fill}>
              {s.text}
            </text>
          ),
        )}
      </g>
    </svg>
  );
}
