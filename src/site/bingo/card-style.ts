import type { CardColours } from "./card.ts";

/**
 * The sizes the PNG is drawn at, for where a performer puts it: the room's bio and profile panels
 * show images square and scale them to the panel's width (800 px is sharp there and small to
 * upload); a stream overlay is the broadcast's frame, 1280 × 720 (720p) or 1920 × 1080 (1080p), the
 * card drawn in the middle for the broadcaster to crop or place; a 4:5 portrait is what social feeds
 * show uncropped, for announcing the game.
 */
export const ROOM_SIZES = {
  square: { width: 800, height: 800, label: "Bio and profile panel (800 × 800)" },
  overlay: { width: 1280, height: 720, label: "Stream overlay, 720p (1280 × 720)" },
  "overlay-hd": { width: 1920, height: 1080, label: "Stream overlay, 1080p (1920 × 1080)" },
  portrait: { width: 1080, height: 1350, label: "Social post (1080 × 1350)" },
} as const;
export type RoomSize = keyof typeof ROOM_SIZES;
export const ROOM_SIZE_NAMES = Object.keys(ROOM_SIZES) as RoomSize[];
export const DEFAULT_ROOM_SIZE: RoomSize = "square";

export function isRoomSize(value: string): value is RoomSize {
  return Object.hasOwn(ROOM_SIZES, value);
}

/** Ready colour sets; any other #rrggbb can be picked too. */
export const PALETTES: ReadonlyArray<{ name: string; colours: CardColours }> = [
  { name: "Candy", colours: { background: "#ffe4f1", cell: "#ffffff", text: "#3b0a2a", accent: "#d6246e" } },
  {
    name: "Midnight",
    colours: { background: "#14122b", cell: "#262254", text: "#f4f2ff", accent: "#ffcc33" },
  },
  { name: "Neon", colours: { background: "#000000", cell: "#111827", text: "#e5fff8", accent: "#19f0b4" } },
  { name: "Sunset", colours: { background: "#ff8a5b", cell: "#fff4e8", text: "#40160a", accent: "#b3261e" } },
  {
    name: "Classic",
    colours: { background: "#f5f5f0", cell: "#ffffff", text: "#111111", accent: "#1f5fbf" },
  },
];

export const DEFAULT_COLOURS: CardColours = PALETTES[0]?.colours ?? {
  background: "#ffe4f1",
  cell: "#ffffff",
  text: "#3b0a2a",
  accent: "#d6246e",
};

/** A price as the card shows it: "1,200 tk". */
export function priceText(tokens: number): string {
  return `${tokens.toLocaleString("en-US")} tk`;
}
