import { describe, expect, it } from "vitest";
import { cleanAboutMe } from "../collect/bio-text.ts";
import { ANCHOR_SHARE, aboutMe, type BioFacts, EMPTY_SHARE, URL_SHARE } from "./bio.ts";

const GENDERS = ["f", "m", "t", "c"] as const;
const COUNTRY_NAMES = ["Colombia", "United States", "Romania", ""];
const LANGUAGES = ["English", "English, Spanish", "Español", "spanish, a little english", ""];

function facts(seed: number, index: number): BioFacts {
  return {
    seed,
    index,
    username: `performer_${index}`,
    displayName: index % 7 === 0 ? "Anna & Tom" : `Anna ${index}`,
    gender: GENDERS[index % 4] ?? "f",
    countryName: COUNTRY_NAMES[index % COUNTRY_NAMES.length] ?? "",
    spokenLanguages: LANGUAGES[index % LANGUAGES.length] ?? "",
    tags: ["latina", "lovense", "bigboobs", "squirt"].slice(0, index % 5),
    startMin: (index * 97) % 1440,
  };
}

const N = 20_000;
const texts = Array.from({ length: N }, (_, i) => aboutMe(facts(7, i)));
const written = texts.filter((t) => t !== "");
const share = (count: number) => count / N;

describe("sandbox about-me texts", () => {
  it("are deterministic for (seed, performer) and change with the seed", () => {
    for (let i = 0; i < 200; i++) expect(aboutMe(facts(7, i))).toBe(texts[i]);
    const other = Array.from({ length: 200 }, (_, i) => aboutMe(facts(8, i)));
    const same = other.filter((t, i) => t === texts[i]).length;
    // Only the empty ones (about a quarter of each) can coincide often.
    expect(same).toBeLessThan(200 * 0.2);
  });

  it("are empty for about a quarter of performers", () => {
    expect(share(N - written.length)).toBeGreaterThan(EMPTY_SHARE - 0.02);
    expect(share(N - written.length)).toBeLessThan(EMPTY_SHARE + 0.02);
  });

  it("hold a web address a few percent of the time, an HTML anchor about 1 %", () => {
    const anchors = texts.filter((t) => /<a href="https:\/\/[^"]+">[^<]+<\/a>/.test(t)).length;
    const addresses = texts.filter((t) => /https:\/\/\S+/.test(t)).length;
    const expectedAnchors = (1 - EMPTY_SHARE) * ANCHOR_SHARE;
    expect(share(anchors)).toBeGreaterThan(expectedAnchors * 0.6);
    expect(share(anchors)).toBeLessThan(expectedAnchors * 1.4);
    const expectedAddresses = (1 - EMPTY_SHARE) * (ANCHOR_SHARE + URL_SHARE);
    expect(share(addresses)).toBeGreaterThan(expectedAddresses * 0.8);
    expect(share(addresses)).toBeLessThan(expectedAddresses * 1.2);
  });

  it("differ between performers while realistic words recur", () => {
    // Short texts ("Online most evenings.") repeat, as they do on the platform; most do not.
    expect(new Set(written).size).toBeGreaterThan(written.length * 0.8);
    for (const word of ["evenings", "Spanish", "lovense", "goal", "love"]) {
      const using = written.filter((t) => t.includes(word)).length;
      expect(using, word).toBeGreaterThan(written.length * 0.01);
    }
  });

  it("have one to four sentences of plain text, as the collector would store it", () => {
    // Unchanged by the collector's cleaning: what it stores is exactly what the sandbox served.
    expect(written.filter((t) => cleanAboutMe(t) !== t || t.length > 400)).toEqual([]);
    const counts = new Set(
      written.map((t) => t.split(/(?<=[.!])\s|\n/).filter((s) => s.trim() !== "").length),
    );
    // One to four sentences, plus a link sentence for some; nothing splits a sentence further.
    expect(Math.min(...counts)).toBe(1);
    expect(Math.max(...counts)).toBe(5);
  });

  it("speak as 'we' for couples", () => {
    const couples = texts.filter((t, i) => t !== "" && facts(7, i).gender === "c");
    expect(couples.length).toBeGreaterThan(1000);
    for (const text of couples) expect(text).not.toMatch(/\bI('m)?\b|\bmy\b/);
    expect(couples.some((t) => /\b[Ww]e('re)?\b|\bour\b|\bus\b/i.test(t))).toBe(true);
  });
});
