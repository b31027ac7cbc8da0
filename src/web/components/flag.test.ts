import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { countryName, Flag, flagLinks } from "./flag.tsx";

describe("Flag", () => {
  it("shows a country's flag from our own stylesheet, named for screen readers", () => {
    expect(renderToStaticMarkup(Flag({ country: "CO" }))).toBe(
      '<span class="fi fi-co" role="img" aria-label="Colombia" title="Colombia"></span>',
    );
    const [link] = flagLinks();
    expect(link?.rel).toBe("stylesheet");
    expect(link?.href).not.toMatch(/^https?:/);
  });

  it("shows nothing without a two-letter code", () => {
    for (const country of [null, undefined, "", "COL", "<b"]) {
      expect(renderToStaticMarkup(Flag({ country }) ?? "")).toBe("");
    }
    expect(countryName("xk")).toBe("Kosovo");
  });
});
