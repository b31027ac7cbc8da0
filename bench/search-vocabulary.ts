import { COUNTRIES } from "../src/sandbox/countries.ts";

/**
 * The words the search benchmark's performers are made of. Usernames are built from syllables, not
 * from a short list of whole names, so that a 2-letter search part ("ka") matches a few percent of
 * all performers and a 3-letter one ("lin") a fraction of that, as on the platform: a list of 50
 * first names would make every part either match thousands or nothing. Lists are ordered most used
 * first; generators weight them by rank (Zipf), so each has common and rare members to search for.
 */

/** Consonant-vowel syllables and a few closed ones; the closed ones give 3-letter parts inside a name. */
export const SYLLABLES: readonly string[] = [
  "ka",
  "na",
  "ma",
  "li",
  "la",
  "ri",
  "sa",
  "ta",
  "ni",
  "lu",
  "mi",
  "ra",
  "da",
  "ve",
  "lo",
  "an",
  "el",
  "mar",
  "lin",
  "be",
  "ki",
  "so",
  "fi",
  "ya",
  "ro",
  "ne",
  "ja",
  "za",
  "ti",
  "ca",
  "vi",
  "del",
  "son",
  "pi",
  "me",
  "ko",
  "ru",
  "jo",
  "ga",
  "ha",
  "pe",
  "xi",
  "bo",
  "tan",
  "ry",
  "mo",
  "di",
  "sha",
  "cha",
  "nor",
  "zu",
  "wen",
  "qui",
  "fu",
  "yo",
];

export const ADJECTIVES: readonly string[] = [
  "sweet",
  "hot",
  "sexy",
  "little",
  "shy",
  "naughty",
  "wild",
  "cute",
  "pretty",
  "lovely",
  "kinky",
  "dirty",
  "tiny",
  "juicy",
  "golden",
  "spicy",
  "dark",
  "soft",
  "crazy",
  "velvet",
];

export const NOUNS: readonly string[] = [
  "angel",
  "doll",
  "kitty",
  "queen",
  "girl",
  "star",
  "rose",
  "fox",
  "bunny",
  "muse",
  "babe",
  "devil",
  "peach",
  "fairy",
  "lovers",
  "dream",
  "goddess",
  "boss",
  "tease",
  "storm",
];

export const EMOJI: readonly string[] = ["💋", "✨", "🔥", "💕", "🌸", "😈", "🍑", "💎"];

/**
 * About 60 countries: the sandbox platform's, with their weights, then more with small ones (the
 * long tail of a real platform's locations).
 */
export const COUNTRY_WEIGHTS: ReadonlyArray<readonly [string, number]> = [
  ...COUNTRIES.map((c) => [c.code, c.weight] as const),
  ...[
    ...["BG", "SK", "HR", "GR", "TR", "MD", "BY", "LT", "EE", "FI", "NO", "DK", "AT", "CH", "BE"],
    ...["IE", "NZ", "SG", "MY", "ID", "CN", "TW", "NG", "GH", "MA", "EG", "UY", "PY", "BO", "CR"],
  ].map((code) => [code, 0.2] as const),
];

/** Words of the about-me texts: template sentences with slots, each slot a ranked vocabulary. */
export const BIO_SLOTS: Readonly<Record<string, readonly string[]>> = {
  hobby: [
    "music",
    "dancing",
    "travel",
    "cooking",
    "movies",
    "yoga",
    "fitness",
    "reading",
    "gaming",
    "photography",
    "painting",
    "singing",
    "fashion",
    "makeup",
    "hiking",
    "swimming",
    "anime",
    "poetry",
    "guitar",
    "piano",
    "chess",
    "surfing",
    "cycling",
    "gardening",
    "astronomy",
    "skateboarding",
    "knitting",
    "pottery",
    "archery",
    "saxophone",
    "origami",
    "calligraphy",
    "beekeeping",
    "fencing",
    "taxidermy",
  ],
  food: [
    "pizza",
    "chocolate",
    "sushi",
    "pasta",
    "tacos",
    "arepas",
    "strawberries",
    "ramen",
    "ceviche",
    "pierogi",
  ],
  place: [
    "Paris",
    "the beach",
    "Tokyo",
    "New York",
    "Barcelona",
    "Rome",
    "the mountains",
    "Bali",
    "Kyoto",
    "Iceland",
    "Patagonia",
    "Zanzibar",
  ],
  feature: ["smile", "eyes", "voice", "curves", "legs", "lips", "tattoos", "style", "freckles"],
  language: ["English", "Spanish", "Russian", "German", "French", "Portuguese", "Italian", "Romanian"],
  mood: ["happy", "playful", "romantic", "friendly", "naughty", "curious", "relaxed", "passionate"],
};

export const BIO_OPENERS: readonly string[] = [
  "Hi, I am {name}!",
  "Hello guys, welcome to my room.",
  "Hey there, my name is {name}.",
  "Hola! Soy {name}.",
  "Welcome, love!",
];

export const BIO_SENTENCES: readonly string[] = [
  "I love {hobby} and {hobby}.",
  "In my free time I enjoy {hobby}.",
  "I speak {language} and a little {language}.",
  "My favourite food is {food}.",
  "Tip me if you like my {feature}.",
  "One day I want to visit {place}.",
  "I am a {mood} girl who loves to chat about {hobby}.",
  "Let's have fun together, I am always {mood}.",
  "Ask me about {hobby}, it is my passion.",
  "Respect is the key, be kind and {mood}.",
];

export const BIO_CLOSINGS: readonly string[] = [
  "Kisses!",
  "See you soon.",
  "No rude people please.",
  "Follow me for my schedule.",
  "",
];
