import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { itemKeyOf, MAX_GOAL_TOKENS, MAX_ITEM_CHARS, parseSubjectGoal } from "./subject-goal.ts";

/**
 * The subject goal parser's rules (docs/decisions/0024-tip-menu-search.md), each pinned on a
 * real-looking subject: the real feed's shapes (ONLINE_ROOMS_API.md), the sandbox's, and the
 * spellings performers use.
 */

const goal = (item: string, itemKey: string, tokens: number, amountKind: "goal" | "left" = "goal") => ({
  item,
  itemKey,
  tokens,
  amountKind,
});

describe("the subject goal parser", () => {
  it("reads the real feed's goal with the tokens left in brackets (rule 1: left)", () => {
    expect(
      parseSubjectGoal("Goal: CUMSHOW & SQUIRT [764 tokens left] #squirt #lovense #anal #feet #daddy"),
    ).toEqual(goal("CUMSHOW & SQUIRT", "cumshow squirt", 764, "left"));
  });

  it("finds no goal in a goal without an amount (rule 2)", () => {
    expect(
      parseSubjectGoal("im a little shy~ - Repeating Goal: striptease - #18 #asian #daddy #natural #teen"),
    ).toBeNull();
  });

  it("reads the sandbox's two goal shapes (rule 1)", () => {
    expect(parseSubjectGoal("goal: 100 tokens - dance naked #lovense #bigboobs")).toEqual(
      goal("dance naked", "dance naked", 100),
    );
    expect(parseSubjectGoal("dance naked at goal #lovense #bigboobs [314 tokens remaining]")).toEqual(
      goal("dance naked", "dance naked", 314, "left"),
    );
  });

  it("finds no goal in a subject without one (rule 2)", () => {
    expect(parseSubjectGoal("Fuck and cum on my wet creamy pussy #hairy #squirt #new")).toBeNull();
    expect(parseSubjectGoal("Lovense on 💕 #lovense #ohmibod")).toBeNull();
    expect(parseSubjectGoal("Hi guys! #bigboobs #latina")).toBeNull();
    expect(parseSubjectGoal("")).toBeNull();
    expect(parseSubjectGoal(null)).toBeNull();
  });

  it("takes every short form of tokens, and the other languages' words (rule 3)", () => {
    for (const unit of ["tokens", "token", "tks", "tk", "tkns", "tkn", "tok", "toks", "TOKENS", "Tks"])
      expect(parseSubjectGoal(`oil show 300 ${unit}`), unit).toEqual(goal("oil show", "oil show", 300));
    expect(parseSubjectGoal("Meta: baile sexy 300 fichas #latina")).toEqual(
      goal("baile sexy", "baile sexy", 300),
    );
    expect(parseSubjectGoal("objectif: douche 1 000 jetons")).toEqual(goal("douche", "douche", 1000));
    expect(parseSubjectGoal("Цель: танец 500 токенов")).toEqual(goal("танец", "танец", 500));
  });

  it("reads amounts written with separators, a k, an @, or after the word goal (rule 4)", () => {
    expect(parseSubjectGoal("squirt show 1,000 tokens")?.tokens).toBe(1000);
    expect(parseSubjectGoal("squirt show 1.000 tokens")?.tokens).toBe(1000);
    expect(parseSubjectGoal("squirt show 12.500 tks")?.tokens).toBe(12_500);
    expect(parseSubjectGoal("goal: 2.5k tk - squirt")).toEqual(goal("squirt", "squirt", 2500));
    expect(parseSubjectGoal("Oil show @ 500")).toEqual(goal("Oil show", "oil show", 500));
    expect(parseSubjectGoal("oil show 500tk")).toEqual(goal("oil show", "oil show", 500));
    expect(parseSubjectGoal("GOAL 1000: naked dance")).toEqual(goal("naked dance", "naked dance", 1000));
    // A decimal number of tokens is no amount.
    expect(parseSubjectGoal("12.50 tokens for a kiss")).toBeNull();
  });

  it("knows the tokens left from the words after or before the amount (rule 5)", () => {
    expect(parseSubjectGoal("naked (2,500 tks to go)")).toEqual(goal("naked", "naked", 2500, "left"));
    expect(parseSubjectGoal("squirt show [500 tokens left]")).toEqual(
      goal("squirt show", "squirt show", 500, "left"),
    );
    expect(parseSubjectGoal("Countdown: 250 tokens to naked")).toEqual(goal("naked", "naked", 250, "left"));
    expect(parseSubjectGoal("anal show: only 90 tokens left!")?.amountKind).toBe("left");
  });

  it("takes the item from the amount's own phrase first (rule 6)", () => {
    expect(parseSubjectGoal("Hi guys 💕 flash boobs at 200 tokens #bigboobs")).toEqual(
      goal("flash boobs", "flash boobs", 200),
    );
    expect(parseSubjectGoal("tip 50 tk for oil show")).toEqual(goal("oil show", "oil show", 50));
    expect(parseSubjectGoal("💦squirt💦 at 500tk #squirt")).toEqual(goal("squirt", "squirt", 500));
    expect(parseSubjectGoal("Welcome to my room 500tk oil show")).toEqual(goal("oil show", "oil show", 500));
  });

  it("then from a goal word on, then the nearest phrase (rule 7)", () => {
    expect(parseSubjectGoal("Welcome! Current Goal: Strip tease at 1.500 tkns @bob thanks")).toEqual(
      goal("Strip tease", "strip tease", 1500),
    );
    expect(parseSubjectGoal("GOAL 1000 TKS: naked dance")).toEqual(goal("naked dance", "naked dance", 1000));
  });

  it("reads one goal, the first amount's (rule 8)", () => {
    expect(parseSubjectGoal("bra off at 333tk, panties at 555tk")).toEqual(goal("bra off", "bra off", 333));
  });

  it("never makes an item of hashtags, a greeting or a bare number (rule 9)", () => {
    expect(parseSubjectGoal("#squirt #oil [500 tokens left]")).toBeNull();
    expect(parseSubjectGoal("700 tokens left")).toBeNull();
    expect(parseSubjectGoal("hi 💕 [500 tokens left]")).toBeNull();
    expect(parseSubjectGoal("goal: 500 tokens - 123")).toBeNull();
  });

  it("keeps amounts from 1 to 1,000,000 only (rule 10)", () => {
    expect(parseSubjectGoal("Goal: squirt [0 tokens left]")).toBeNull();
    expect(parseSubjectGoal("Goal: squirt [99999999 tokens left]")).toBeNull();
    expect(parseSubjectGoal("Goal: squirt [1,000,000 tokens left]")?.tokens).toBe(MAX_GOAL_TOKENS);
    expect(parseSubjectGoal("Goal: squirt [1 tk left]")?.tokens).toBe(1);
  });

  it("writes the item as the performer did, with a key to group and search by (rule 11)", () => {
    expect(parseSubjectGoal("OIL SHOW!! 1,000 tks")).toEqual(goal("OIL SHOW", "oil show", 1000));
    expect(parseSubjectGoal("*~ Oil-Show ~* @ 400")).toEqual(goal("Oil-Show", "oil show", 400));
    expect(itemKeyOf("  Ｏｉｌ   Show!! ")).toBe("oil show");
    expect(itemKeyOf("Crème brûlée")).toBe("crème brûlée");
  });

  it("cuts a long item at a word, within 120 characters (rule 12)", () => {
    const words = Array.from({ length: 40 }, (_, i) => `word${i}`).join(" ");
    const found = parseSubjectGoal(`${words} 500 tokens`);
    expect(found).not.toBeNull();
    expect([...(found?.item ?? "")].length).toBeLessThanOrEqual(MAX_ITEM_CHARS);
    expect(found?.item.endsWith("word")).toBe(false);
    expect(found?.item.startsWith("word0 word1")).toBe(true);
  });

  it("reads every goal subject the sandbox writes", () => {
    const greetings = ["Hi guys!", "Hola amores 💕", "welcome to my room", "be nice :)"];
    const actions = ["show feet", "dance naked", "oil show", "squirt", "spin the wheel", "twerk"];
    for (const action of actions) {
      for (const tokens of [25, 500, 1000]) {
        expect(parseSubjectGoal(`goal: ${tokens} tokens - ${action} #lovense #bigboobs`)).toEqual(
          goal(action, action, tokens),
        );
        expect(parseSubjectGoal(`${action} at goal #asian #new [${tokens} tokens remaining]`)).toEqual(
          goal(action, action, tokens, "left"),
        );
      }
    }
    for (const greeting of greetings) expect(parseSubjectGoal(`${greeting} #lovense #new`)).toBeNull();
  });

  it("never throws, and keeps its output within the limits, on any text", () => {
    const piece = fc.oneof(
      fc.string({ maxLength: 30 }),
      fc.string({ unit: "grapheme", maxLength: 20 }),
      fc.constantFrom(
        "goal:",
        " tokens",
        "tk",
        "[",
        "]",
        " left",
        "@",
        "#tag",
        "💕",
        " - ",
        "1,000",
        "1.000",
        "k",
      ),
      fc.integer({ min: 0, max: 2_000_000_000 }).map(String),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), (pieces) => {
        const found = parseSubjectGoal(pieces.join(" "));
        if (found === null) return;
        expect([...found.item].length).toBeGreaterThanOrEqual(1);
        expect([...found.item].length).toBeLessThanOrEqual(MAX_ITEM_CHARS);
        expect([...found.itemKey].length).toBeGreaterThanOrEqual(1);
        expect([...found.itemKey].length).toBeLessThanOrEqual(MAX_ITEM_CHARS);
        expect(found.item).not.toMatch(/[\p{Cc}\p{Cs}#]/u);
        expect(found.itemKey).toBe(itemKeyOf(found.item));
        expect(Number.isInteger(found.tokens)).toBe(true);
        expect(found.tokens).toBeGreaterThanOrEqual(1);
        expect(found.tokens).toBeLessThanOrEqual(MAX_GOAL_TOKENS);
        expect(["goal", "left"]).toContain(found.amountKind);
      }),
      { numRuns: 2000 },
    );
  });

  it("reads a very long subject in bounded time", () => {
    const long = `${"a ".repeat(50_000)}goal: 500 tokens - oil`;
    const started = performance.now();
    parseSubjectGoal(long);
    parseSubjectGoal("1".repeat(100_000));
    expect(performance.now() - started).toBeLessThan(500);
  });
});
