import { describe, expect, it } from "vitest";
import { escapeHtml } from "./html-text.ts";

describe("escapeHtml", () => {
  it("escapes the five characters that could end a text or an attribute", () => {
    expect(escapeHtml(`<script>"a" & 'b'</script>`)).toBe(
      "&lt;script&gt;&quot;a&quot; &amp; &#x27;b&#x27;&lt;/script&gt;",
    );
    expect(escapeHtml("1,234 min")).toBe("1,234 min");
  });
});
