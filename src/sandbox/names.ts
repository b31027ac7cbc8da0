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

/** A candidate username for performer i; `attempt` > 0 gives another one after a collision. */
export function usernameCandidate(seed: number, i: number, gender: Gender, attempt: number): string {
  const h = (k: number) => hash4(seed, i, 0x5a11 + attempt, k);
  const name = nameFor(gender, h(1));
  const adj = pick(ADJECTIVES, h(2));
  const noun = pick(NOUNS, h(3));
  const num = String(h(4) % (attempt > 2 ? 10000 : 100));
  const pattern = h(5) % (gender === "c" ? 10 : 8);
  let u: string;
  switch (pattern) {
    case 0:
      u = `${adj}_${name}`;
      break;
    case 1:
      u = `${adj}${noun}${num}`;
      break;
    case 2:
      u = `${name}_${noun}`;
      break;
    case 3:
      u = `${name}${num}`;
      break;
    case 4:
      u = `${name}_${adj}`;
      break;
    case 5:
      u = `x${name}x`;
      break;
    case 6:
      u = `${adj}${name}${num}`;
      break;
    case 7:
      u = `${name}${noun}`;
      break;
    default:
      u = `${pick(FEMALE, h(6))}_and_${pick(MALE, h(7))}`;
  }
  // Late attempts: make collisions practically impossible without making every name ugly.
  if (attempt > 4) u = `${u}_${(h(8) % 1_000_000).toString(36)}`;
  return u;
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
