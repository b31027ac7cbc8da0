import { hash4, unit4 } from "./prng.ts";

/**
 * Usernames and display names. Usernames are built from word parts the way people pick them
 * ("sweet_anna", "latinlovers22", "mike_fit"); uniqueness is enforced by the caller, which retries
 * with a different salt and finally appends digits.
 */
const FEMALE = [
  "anna",
  "sofia",
  "valentina",
  "camila",
  "isabella",
  "mia",
  "luna",
  "emma",
  "sara",
  "laura",
  "daniela",
  "paula",
  "natalia",
  "katya",
  "olga",
  "irina",
  "alina",
  "maria",
  "julia",
  "vika",
  "lily",
  "ruby",
  "chloe",
  "amber",
  "jessica",
  "kim",
  "yuki",
  "mika",
  "angel",
  "nikki",
  "salome",
  "mariana",
  "gabriela",
  "antonella",
  "lucia",
  "sasha",
  "dasha",
  "elena",
  "eva",
  "nina",
  "zoe",
  "ashley",
  "megan",
  "sweetie",
  "candy",
  "honey",
  "kitty",
  "bella",
  "violet",
  "scarlett",
];
const MALE = [
  "mike",
  "alex",
  "max",
  "john",
  "david",
  "leo",
  "marco",
  "andres",
  "juan",
  "carlos",
  "ivan",
  "dima",
  "tom",
  "jake",
  "ryan",
  "nick",
  "sam",
  "dan",
  "kevin",
  "lucas",
];
const ADJECTIVES = [
  "sweet",
  "hot",
  "sexy",
  "naughty",
  "shy",
  "wild",
  "little",
  "pretty",
  "cute",
  "dirty",
  "lovely",
  "kinky",
  "crazy",
  "lady",
  "miss",
  "baby",
  "juicy",
  "tiny",
  "big",
  "pink",
  "latin",
  "golden",
  "dark",
  "red",
  "sugar",
  "spicy",
  "soft",
  "fit",
  "bad",
  "horny",
];
const NOUNS = [
  "lovers",
  "angel",
  "doll",
  "kitty",
  "queen",
  "girl",
  "boy",
  "fit",
  "fire",
  "star",
  "rose",
  "bunny",
  "fox",
  "cat",
  "devil",
  "dream",
  "peach",
  "cherry",
  "honey",
  "babe",
  "couple",
  "muse",
  "goddess",
  "fairy",
  "tease",
  "latina",
  "boss",
  "x",
  "xx",
  "xxx",
];

export type Gender = "f" | "m" | "t" | "c";

function pick<T>(list: readonly T[], h: number): T {
  return list[h % list.length] as T;
}

function nameFor(gender: Gender, h: number): string {
  return gender === "m" ? pick(MALE, h) : pick(FEMALE, h);
}

/**
 * A candidate username for performer i. Attempt 0 is the bare pattern; later attempts keep the same
 * base and append ever longer numbers ("sweet_anna" taken, so "sweet_anna87", then "sweet_anna_4512"),
 * which is what people do and keeps collisions rare even at a million performers.
 */
export function usernameCandidate(seed: number, i: number, gender: Gender, attempt: number): string {
  const base = basePattern(seed, i, gender);
  if (attempt === 0) return base;
  const digits = Math.min(7, attempt + 1);
  const n = hash4(seed, i, 0x5a12, attempt) % 10 ** digits;
  return attempt % 2 === 1 ? `${base}${n}` : `${base}_${n}`;
}

function basePattern(seed: number, i: number, gender: Gender): string {
  const name = nameFor(gender, hash4(seed, i, 0x5a11, 1));
  const adj = pick(ADJECTIVES, hash4(seed, i, 0x5a11, 2));
  const noun = pick(NOUNS, hash4(seed, i, 0x5a11, 3));
  const num = String(hash4(seed, i, 0x5a11, 4) % 100);
  switch (hash4(seed, i, 0x5a11, 0) % (gender === "c" ? 10 : 8)) {
    case 0:
      return `${adj}_${name}`;
    case 1:
      return `${adj}${noun}${num}`;
    case 2:
      return `${name}_${noun}`;
    case 3:
      return `${name}${num}`;
    case 4:
      return `${name}_${adj}`;
    case 5:
      return `x${name}x`;
    case 6:
      return `${adj}${name}${num}`;
    case 7:
      return `${name}${noun}`;
    default:
      return `${pick(FEMALE, hash4(seed, i, 0x5a11, 6))}_and_${pick(MALE, hash4(seed, i, 0x5a11, 7))}`;
  }
}

const EMOJI = ["💋", "✨", "🔥", "💕", "🌸", "😈", "🍑", "💎", "🦋", "👑"];

/** Free-text display name derived from the username (sometimes capitals, sometimes emoji). */
export function displayNameFor(seed: number, i: number, username: string): string {
  const u = unit4(seed, i, 0xd15, 0);
  const words = username
    .replace(/[0-9]+/g, " ")
    .split("_")
    .flatMap((w) => w.split(" "))
    .filter((w) => w.length > 0 && w !== "x" && w !== "xx" && w !== "xxx");
  const base = words.length > 0 ? words : [username];
  const titled = base.map((w) => (w === "and" ? "&" : w.charAt(0).toUpperCase() + w.slice(1))).join(" ");
  const emoji = pick(EMOJI, hash4(seed, i, 0xd15, 1));
  if (u < 0.35) return titled;
  if (u < 0.55) return `${titled} ${emoji}`;
  if (u < 0.65) return titled.toUpperCase();
  if (u < 0.75) return username;
  if (u < 0.85) return `${emoji} ${titled} ${emoji}`;
  return base[0] === undefined ? username : base[0].charAt(0).toUpperCase() + base[0].slice(1);
}
