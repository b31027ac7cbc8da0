import { describe, expect, it } from "vitest";
import {
  CLAIM_CODE_ALPHABET,
  CLAIM_CODE_PATTERN,
  CLAIM_TTL_MS,
  claimStatus,
  newClaimCode,
} from "./claim-rules.ts";

describe("claim codes", () => {
  it("are CS-XXXX-XXXX from an alphabet without look-alikes", () => {
    expect(CLAIM_CODE_ALPHABET).not.toMatch(/[01ILO]/);
    expect(new Set(CLAIM_CODE_ALPHABET).size).toBe(CLAIM_CODE_ALPHABET.length);
    for (let i = 0; i < 500; i++) expect(newClaimCode()).toMatch(CLAIM_CODE_PATTERN);
  });

  it("are drawn at random: no repeats, every character used", () => {
    const codes = Array.from({ length: 2000 }, newClaimCode);
    expect(new Set(codes).size).toBe(codes.length);
    const used = new Set(codes.join("").replace(/^CS|-/g, "").replaceAll("CS", ""));
    for (const c of CLAIM_CODE_ALPHABET) expect(used.has(c)).toBe(true);
  });

  it("expire after 48 hours", () => {
    expect(CLAIM_TTL_MS).toBe(48 * 3600_000);
    const now = new Date("2026-12-01T12:00:00Z");
    const made = (ago: number) => ({
      expiresAt: new Date(now.getTime() - ago + CLAIM_TTL_MS),
      verifiedAt: null,
    });
    expect(claimStatus(made(CLAIM_TTL_MS - 1), false, now)).toBe("waiting");
    expect(claimStatus(made(CLAIM_TTL_MS), false, now)).toBe("expired");
    expect(claimStatus(null, false, now)).toBe("none");
    // A spent code whose performer moved on to another account: ask again.
    expect(claimStatus({ expiresAt: new Date(now.getTime() + 1), verifiedAt: now }, false, now)).toBe(
      "expired",
    );
    expect(claimStatus(null, true, now)).toBe("verified");
  });
});
