import { describe, expect, it } from "vitest";
import { inlineScripts, NON_PAGE_POLICY, pagePolicy, policyOrigin } from "./content-security-policy.ts";

describe("a page's Content-Security-Policy", () => {
  const policy = pagePolicy({
    scriptHashes: ["sha256-AAA=", "sha256-BBB=", "sha256-AAA="],
    imageOrigins: ["https://img.example"],
  });
  const directives = new Map(
    policy.split("; ").map((d) => [d.split(" ")[0], d.split(" ").slice(1)] as const),
  );

  it("allows scripts from our origin and the listed inline ones only, never eval", () => {
    expect(directives.get("script-src")).toEqual(["'self'", "'sha256-AAA='", "'sha256-BBB='"]);
    expect(policy).not.toContain("unsafe-eval");
    expect(directives.get("script-src")).not.toContain("'unsafe-inline'");
  });

  it("closes plugins, the base URL, framing and forms to other origins", () => {
    expect(directives.get("object-src")).toEqual(["'none'"]);
    expect(directives.get("base-uri")).toEqual(["'self'"]);
    expect(directives.get("frame-ancestors")).toEqual(["'none'"]);
    expect(directives.get("form-action")).toEqual(["'self'"]);
    expect(directives.get("default-src")).toEqual(["'self'"]);
  });

  it("takes images from our origin, data: and the platform's image host alone", () => {
    expect(directives.get("img-src")).toEqual(["'self'", "data:", "https://img.example"]);
    expect(directives.get("style-src")).toEqual(["'self'"]);
    expect(directives.get("style-src-attr")).toEqual(["'unsafe-inline'"]);
  });

  it("lets scripts send to our origin alone, and to the analytics service only when one is given", () => {
    expect(directives.get("connect-src")).toEqual(["'self'"]);
    const withAnalytics = pagePolicy({
      scriptHashes: [],
      imageOrigins: [],
      connectOrigins: ["https://plausible.example"],
    });
    expect(withAnalytics).toContain("; connect-src 'self' https://plausible.example; ");
  });

  it("lets nothing load in what is not a page", () => {
    expect(NON_PAGE_POLICY).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    );
  });
});

describe("the inline scripts a policy must list", () => {
  it("are the script elements a browser runs, without src, JSON data blocks left out", () => {
    const html = `<head><script>one()</script><script type="module" async="">import "/a.js";</script>
      <script src="/x.js"></script><script type="application/json" id="d">{"a":1}</script>
      <SCRIPT type="text/javascript">two()</SCRIPT></head>`;
    expect(inlineScripts(html)).toEqual(["one()", 'import "/a.js";', "two()"]);
  });
});

describe("an origin for a policy", () => {
  it("is the scheme, host and port of an http(s) URL, or null", () => {
    expect(policyOrigin("http://127.0.0.1:4312/ri")).toBe("http://127.0.0.1:4312");
    expect(policyOrigin("https://thumb.example/x")).toBe("https://thumb.example");
    expect(policyOrigin("javascript:alert(1)")).toBeNull();
    expect(policyOrigin("not a url")).toBeNull();
    expect(policyOrigin(null)).toBeNull();
  });
});
