import { hash4, unit4 } from "./prng.ts";

/**
 * The about-me text of a sandbox performer's profile (the platform's biocontext endpoint). Built
 * from templates and small vocabularies so that texts differ between performers while realistic
 * words ("evenings", "Spanish", "lovense", "salsa") recur across many of them: the summaries search
 * looks for words in these texts, so they must look like what performers write, not like noise.
 * A few hold a web address and about 1 % an HTML anchor, which the site must hide (SPEC §5).
 * Deterministic for (seed, performer index); no control characters and no surrounding whitespace,
 * so what the collector stores equals what is served.
 */
export interface BioFacts {
  seed: number;
  index: number;
  username: string;
  displayName: string;
  gender: "f" | "m" | "t" | "c";
  /** the country's name, "" when the performer keeps it to themselves */
  countryName: string;
  /** free text as in the feed: "English, Spanish" */
  spokenLanguages: string;
  /** the performer's tag pool */
  tags: readonly string[];
  /** preferred local start of a broadcast, minutes after local midnight */
  startMin: number;
}

/** Share of performers who never wrote an about-me. */
export const EMPTY_SHARE = 0.25;
/** Among the non-empty texts: the share with a web address, and with an HTML anchor. */
export const URL_SHARE = 0.05;
export const ANCHOR_SHARE = 0.0133;

type Kind = "intro" | "from" | "languages" | "likes" | "tags" | "schedule" | "hobby" | "goal";
/** The order sentences are written in, whichever of them a performer picked. */
const KINDS: readonly Kind[] = ["intro", "from", "languages", "likes", "tags", "schedule", "hobby", "goal"];

/** "I" or "we" (couples write as two); the lower-case forms go inside a sentence. */
interface Voice {
  I: string;
  i: string;
  Im: string;
  im: string;
  my: string;
  me: string;
}
const SINGLE: Voice = { I: "I", i: "I", Im: "I'm", im: "I'm", my: "my", me: "me" };
const COUPLE: Voice = { I: "We", i: "we", Im: "We're", im: "we're", my: "our", me: "us" };

const LIKES = [
  "good music",
  "long conversations",
  "dancing",
  "cooking",
  "traveling",
  "coffee",
  "making new friends",
  "gentlemen",
  "laughing a lot",
  "anime",
  "video games",
  "yoga",
  "the beach",
  "sunny days",
  "chocolate",
  "red wine",
  "romantic moments",
  "sexy lingerie",
  "high heels",
  "compliments",
];
const HOBBIES = [
  "paint",
  "read books",
  "go to the gym",
  "play guitar",
  "cook for friends",
  "ride a bike",
  "watch horror movies",
  "study psychology",
  "dance salsa",
  "take photos",
  "play video games",
  "go hiking",
  "do yoga",
  "learn languages",
];
const GOALS = [
  "buy a new camera",
  "travel to Paris",
  "finish university",
  "save for a new apartment",
  "make you smile every day",
  "reach 10,000 followers",
  "get a new lovense toy",
  "visit the sea",
  "open a little business",
];
const SMILES = ["", "", "", " :)", " 💕", " ;)", " ✨", " 😘"];
/** Where web addresses point: the link pages and social profiles performers advertise. */
const LINK_SITES = ["linktr.ee/", "www.instagram.com/", "twitter.com/", "www.amazon.com/hz/wishlist/ls/"];

export function aboutMe(facts: BioFacts): string {
  const h = (k: number, salt = 0) => hash4(facts.seed ^ 0xb10, facts.index, k, salt);
  const u = (k: number) => unit4(facts.seed ^ 0xb10, facts.index, k, 0xf);
  if (u(0) < EMPTY_SHARE) return "";

  const voice = facts.gender === "c" ? COUPLE : SINGLE;
  // One to four sentences, two most often: about as much as performers bother to write.
  const count = [1, 2, 2, 2, 3, 3, 4][h(1) % 7] ?? 2;
  const chosen = new Set<Kind>();
  for (let k = 0; chosen.size < count && k < 32; k++) chosen.add(KINDS[h(2, k) % KINDS.length] ?? "intro");
  const sentences: string[] = [];
  for (const kind of KINDS) {
    if (!chosen.has(kind)) continue;
    const sentence = SENTENCES[kind](facts, voice, (k) => h(10 + KINDS.indexOf(kind), k));
    if (sentence !== "") sentences.push(sentence);
  }
  if (sentences.length === 0) sentences.push(SENTENCES.intro(facts, voice, (k) => h(10, k)));

  const site = pick(LINK_SITES, h(3));
  const link = `https://${site}${facts.username}`;
  if (u(4) < ANCHOR_SHARE)
    sentences.push(`All ${voice.my} links: <a href="${link}">${site}${facts.username}</a>`);
  else if (u(5) < URL_SHARE) sentences.push(pick(["Follow me: ", "Find me on ", "Wishlist: "], h(5)) + link);
  // Some write one line, some one sentence a line.
  const text = sentences.join(h(6) % 3 === 0 ? "\n" : " ");
  return text + pick(SMILES, h(7));
}

type Sentence = (facts: BioFacts, voice: Voice, h: (k: number) => number) => string;

const SENTENCES: Record<Kind, Sentence> = {
  intro: (facts, v, h) => {
    // People give their first name; a couple both ("Anna & Tom").
    const name = facts.gender === "c" ? facts.displayName : (facts.displayName.split(" ")[0] ?? "");
    return pick(
      [
        `Hi guys, welcome to ${v.my} profile!`,
        `Hello there, ${v.im} ${name}.`,
        "Hola amores, bienvenidos!",
        `Hey, ${v.im} new here and a little shy.`,
        `${v.Im} ${name}, sweet and naughty at the same time.`,
        `Welcome to ${v.my} little world.`,
      ],
      h(0),
    );
  },
  from: (facts, v, h) =>
    facts.countryName === ""
      ? pick([`${v.Im} from a small town near the sea.`, `${v.I} live somewhere warm.`], h(0))
      : pick(
          [
            `${v.Im} from ${facts.countryName}.`,
            `Greetings from ${facts.countryName}!`,
            `${v.I} live in ${facts.countryName}.`,
          ],
          h(0),
        ),
  languages: (facts, v, h) => {
    const languages = facts.spokenLanguages
      .split(",")
      .map((l) => l.trim())
      .filter((l) => l !== "");
    if (languages.length === 0) return "";
    const list = joinList(languages);
    return pick([`${v.I} speak ${list}.`, `Languages: ${list}.`, `${v.I} can chat in ${list}.`], h(0));
  },
  likes: (_facts, v, h) => {
    const a = pick(LIKES, h(0));
    const b = pick(LIKES, h(1));
    const things = a === b ? a : `${a} and ${b}`;
    return pick(
      [`${v.I} love ${things}.`, `${v.I} like ${things}.`, `Things ${v.i} enjoy: ${things}.`],
      h(2),
    );
  },
  tags: (facts, v, h) => {
    const tags = facts.tags.slice(0, 3);
    if (tags.length === 0) return "";
    return pick(
      [
        `Ask ${v.me} about ${joinList(tags)}.`,
        `#${tags.join(" #")}`,
        `${capitalize(tags[0] ?? "")} lover here.`,
        `Into ${joinList(tags)}.`,
      ],
      h(0),
    );
  },
  schedule: (facts, v, h) => {
    const part = partOfDay(facts.startMin);
    return pick(
      [
        `Online most ${part}.`,
        `You can find ${v.me} here most ${part}.`,
        `${v.Im} usually online in the ${part}, see you there.`,
        `Online most ${part}, and sometimes on weekends too.`,
      ],
      h(0),
    );
  },
  hobby: (_facts, v, h) =>
    pick(
      [`In ${v.my} free time ${v.i} ${pick(HOBBIES, h(1))}.`, `When not here ${v.i} ${pick(HOBBIES, h(1))}.`],
      h(0),
    ),
  goal: (_facts, v, h) =>
    pick([`${capitalize(v.my)} goal: ${pick(GOALS, h(1))}.`, `Help ${v.me} ${pick(GOALS, h(1))}!`], h(0)),
};

/** Follows the performer's habits (performers.ts startMin), so the text agrees with the schedule. */
function partOfDay(startMin: number): string {
  const hour = Math.floor(startMin / 60) % 24;
  if (hour >= 5 && hour < 12) return "mornings";
  if (hour >= 12 && hour < 18) return "afternoons";
  if (hour >= 18 && hour < 23) return "evenings";
  return "nights";
}

function pick<T>(list: readonly T[], h: number): T {
  return list[h % list.length] as T;
}

/** "a", "a and b", "a, b and c" */
function joinList(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? "";
  return `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

function capitalize(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}
