import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { SOCIAL_HOSTS, SOCIAL_NETWORKS } from "../social-links.ts";
import { handleRefused, parseHandle } from "./networks.ts";

const ok = (link: string) => ({ ok: true, link });

describe("a handle per network", () => {
  it("makes each network's profile link from a handle, an @ in front taken off", () => {
    expect(parseHandle("twitter", " @ann_cam ")).toEqual(ok("https://x.com/ann_cam"));
    expect(parseHandle("instagram", "ann.cam")).toEqual(ok("https://www.instagram.com/ann.cam/"));
    expect(parseHandle("tiktok", "@ann.cam")).toEqual(ok("https://www.tiktok.com/@ann.cam"));
    expect(parseHandle("onlyfans", "ann-cam")).toEqual(ok("https://onlyfans.com/ann-cam"));
    expect(parseHandle("fansly", "AnnCam")).toEqual(ok("https://fansly.com/AnnCam"));
    expect(parseHandle("reddit", "u/ann_cam")).toEqual(ok("https://www.reddit.com/user/ann_cam/"));
    expect(parseHandle("youtube", "@AnnCam")).toEqual(ok("https://www.youtube.com/@AnnCam"));
    expect(parseHandle("linktree", "ann.cam")).toEqual(ok("https://linktr.ee/ann.cam"));
    expect(parseHandle("telegram", "anncam")).toEqual(ok("https://t.me/anncam"));
  });

  it("refuses a handle its network would not take, saying the rule", () => {
    const refused = (network: (typeof SOCIAL_NETWORKS)[number], input: string) =>
      expect(parseHandle(network, input), `${network} ${input}`).toEqual({
        ok: false,
        problem: handleRefused(network),
      });
    refused("twitter", "a".repeat(16));
    refused("twitter", "ann-cam");
    refused("instagram", ".ann");
    refused("instagram", "ann..cam");
    refused("tiktok", "a");
    refused("telegram", "ann");
    refused("telegram", "1anncam");
    refused("reddit", "ab");
    refused("youtube", "-ann");
    refused("onlyfans", "ann cam");
    refused("twitter", "<script>");
    expect(handleRefused("twitter")).toBe(
      "X (Twitter): expected a handle of 1 to 15 letters, digits or _, or an https link on x.com or twitter.com",
    );
  });

  it("takes a whole link by the profile's rule: https, on the network's host, no user name or port", () => {
    expect(parseHandle("twitter", "https://twitter.com/ann")).toEqual(ok("https://twitter.com/ann"));
    expect(parseHandle("instagram", "https://www.instagram.com/bea_cam/")).toEqual(
      ok("https://www.instagram.com/bea_cam/"),
    );
    for (const link of [
      "http://x.com/ann",
      "https://x.com.evil.example/ann",
      "https://x.com@evil.example/ann",
      "https://x.com:444/ann",
      "https://x.com/",
      "javascript:alert(1)//https://x.com/a",
    ])
      expect(parseHandle("twitter", link).ok, link).toBe(false);
  });

  it("answers any input with an https link on the network's host, or a refusal", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...SOCIAL_NETWORKS),
        fc.oneof(fc.string({ maxLength: 400 }), fc.webUrl()),
        (network, input) => {
          const parsed = parseHandle(network, input);
          if (!parsed.ok) {
            expect(parsed.problem).toBe(handleRefused(network));
            return;
          }
          const url = new URL(parsed.link);
          expect(url.protocol).toBe("https:");
          expect(
            SOCIAL_HOSTS[network].some((h) => url.hostname === h || url.hostname.endsWith(`.${h}`)),
          ).toBe(true);
          expect(parsed.link).not.toMatch(/[\s"'<>]/);
        },
      ),
      { numRuns: 200 },
    );
  });
});
