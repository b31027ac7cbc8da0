import { audienceAt } from "./audience.ts";
import { type Performers, TAG_POOL_MAX } from "./performers.ts";
import { hash4, normalFromUnit, unit4 } from "./prng.ts";
import { DAY_SEC, newDaySessions, sessionsOfDay, windowOf, windowStart } from "./schedule.ts";
import { TAGS } from "./tag-vocabulary.ts";

/**
 * What changes with time inside a broadcast: show spells, viewers, followers, and the tags and
 * subject chosen for the broadcast. All pure functions of (performer, broadcast, instant).
 */
export type Show = "public" | "private" | "group" | "away" | "hidden";

const SPELL_BLOCK_SEC = 15 * 60;

/**
 * Shows come in spells inside 15-minute blocks: a block may hold one spell of 4-13 minutes. With
 * 13 % of blocks private and spells filling about 60 % of a block, rooms are private ~8 % of the time.
 */
export function showAt(p: Performers, i: number, start: number, t: number): Show {
  const block = Math.floor((t - start) / SPELL_BLOCK_SEC);
  if (block < 1) return "public"; // nobody goes private in the first minutes
  const key = start | 0;
  const u = unit4(p.seed ^ 0x5be11, i, key, block);
  let show: Show;
  if (u < 0.13) show = "private";
  else if (u < 0.165) show = "group";
  else if (u < 0.215) show = "away";
  else if (u < 0.22) show = "hidden";
  else return "public";
  const into = t - start - block * SPELL_BLOCK_SEC;
  const from = unit4(p.seed ^ 0x5be12, i, key, block) * 0.3 * SPELL_BLOCK_SEC;
  const len = (0.3 + 0.55 * unit4(p.seed ^ 0x5be13, i, key, block)) * SPELL_BLOCK_SEC;
  return into >= from && into < from + len ? show : "public";
}

/**
 * Viewers = popularity × global audience × ramp over the first ~45 minutes × a per-broadcast factor
 * × per-minute noise; in private or away only a few spies or waiting fans remain.
 */
export function viewersAt(p: Performers, i: number, start: number, t: number, show: Show): number {
  const pop = p.popularity[i] ?? 0;
  const minutes = (t - start) / 60;
  const ramp = 0.25 + 0.75 * (1 - Math.exp(-minutes / 20));
  const key = start | 0;
  const broadcastFactor = Math.exp(0.25 * normalFromUnit(unit4(p.seed ^ 0x7a11, i, key, 0)));
  const minute = Math.floor(t / 60);
  const noise = Math.exp(0.12 * normalFromUnit(unit4(p.seed ^ 0x7a12, i, minute, 0)));
  let x = pop * audienceAt(t) * ramp * broadcastFactor * noise;
  if (show === "private") x = 0.02 * x;
  else if (show === "group") x = 0.3 * x;
  else if (show === "away") x = 0.12 * x;
  else if (show === "hidden") x = 0.05 * x;
  // Rounding by a hashed threshold so rooms of 0.4 "expected" viewers show 0 or 1, not always 0.
  return Math.max(0, Math.floor(x + unit4(p.seed ^ 0x7a13, i, minute, 1)));
}

const scratch = newDaySessions();

/**
 * Followers grow by a per-performer daily amount (larger for popular performers) that is spent
 * over each window: a quarter evenly over the day, three quarters during that day's broadcasts (all
 * of it evenly on a day without broadcasts). Closed form, continuous, never decreasing.
 */
export function followersAt(p: Performers, i: number, t: number): number {
  const join = p.joinSec[i] ?? 0;
  if (t <= join) return Math.floor(p.followBase[i] ?? 0);
  const w = windowOf(p, i, t);
  const winStart = windowStart(p, i, w);
  const days = w - windowOf(p, i, join);
  const n = sessionsOfDay(p, i, w, scratch);
  let total = 0;
  let done = 0;
  for (let k = 0; k < n; k++) {
    const s = scratch[k * 2] ?? 0;
    const e = scratch[k * 2 + 1] ?? 0;
    total += e - s;
    done += Math.min(Math.max(t - s, 0), e - s);
  }
  const dayShare = (t - winStart) / DAY_SEC;
  const progress = total > 0 ? 0.25 * dayShare + 0.75 * (done / total) : dayShare;
  // Before the join window there is nothing to count; inside it, progress starts at the join.
  const exposure = Math.max(0, days + progress - (days === 0 ? (join - winStart) / DAY_SEC : 0));
  return Math.floor((p.followBase[i] ?? 0) + (p.followRate[i] ?? 0) * exposure);
}

/** Tags of one broadcast: a random subset of the performer's pool (tags change between broadcasts). */
export function broadcastTags(
  p: Performers,
  i: number,
  window: number,
  ordinal: number,
  isNew: boolean,
): string[] {
  const count = p.tagCount[i] ?? 0;
  const out: string[] = [];
  const salt = window * 2 + ordinal;
  for (let k = 0; k < count; k++) {
    if (unit4(p.seed ^ 0x7a95, i, salt, k) < 0.55) {
      const tag = TAGS[p.tagPool[i * TAG_POOL_MAX + k] ?? 0];
      if (tag !== undefined) out.push(tag);
    }
  }
  if (out.length < 2) {
    for (let k = 0; k < count && out.length < 2; k++) {
      const tag = TAGS[p.tagPool[i * TAG_POOL_MAX + k] ?? 0];
      if (tag !== undefined && !out.includes(tag)) out.push(tag);
    }
  }
  if (isNew && !out.includes("new") && unit4(p.seed ^ 0x7a96, i, salt, 0) < 0.5) out.push("new");
  return out.slice(0, 8);
}

const GREETINGS = [
  "Hi guys!",
  "Hola amores 💕",
  "welcome to my room",
  "let's have fun",
  "Привет!",
  "make me wet",
  "good vibes only",
  "Come and play",
  "be nice :)",
  "first day here, be gentle",
];
const ACTIONS = [
  "show feet",
  "dance naked",
  "oil show",
  "squirt",
  "strip",
  "cum show",
  "spin the wheel",
  "twerk",
];

/** Room subject of one broadcast: #hashtags of its tags, often a greeting, sometimes a goal. */
export function broadcastSubject(
  p: Performers,
  i: number,
  window: number,
  ordinal: number,
  tags: string[],
): string {
  const salt = window * 2 + ordinal;
  const h = (k: number) => hash4(p.seed ^ 0x50b1, i, salt, k);
  const hashtags = tags.map((t) => `#${t}`).join(" ");
  const greeting = GREETINGS[h(1) % GREETINGS.length] ?? "";
  const action = ACTIONS[h(2) % ACTIONS.length] ?? "";
  const tokens = (1 + (h(3) % 40)) * 25;
  switch (h(0) % 6) {
    case 0:
    case 1:
      return `${greeting} ${hashtags}`;
    case 2:
      return `goal: ${tokens} tokens - ${action} ${hashtags}`;
    case 3:
      return `${action} at goal ${hashtags} [${tokens} tokens remaining]`;
    case 4:
      return tags.includes("lovense") ? `Lovense on 💕 ${hashtags}` : `${hashtags} ${greeting}`;
    default:
      return hashtags;
  }
}
