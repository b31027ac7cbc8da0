import { describe, expect, it } from "vitest";
import countries110m from "world-atlas/countries-110m.json" with { type: "json" };
import { ISO_NUMERIC, shapeKeyOf } from "./iso-numeric.ts";

const geometries = countries110m.objects.countries.geometries as {
  id?: string;
  properties: { name: string };
}[];

describe("the alpha-2 to numeric table", () => {
  it("maps the feed's codes to world-atlas's ids", () => {
    expect(shapeKeyOf("CO")).toBe("170");
    expect(shapeKeyOf("us")).toBe("840");
    expect(shapeKeyOf("GB")).toBe("826");
    expect(shapeKeyOf("XK")).toBe("Kosovo");
    expect(shapeKeyOf("MT")).toBeNull();
    expect(shapeKeyOf("ZZ")).toBeNull();
  });

  it("names every country world-atlas draws with an id, each once", () => {
    const ids = geometries.flatMap((g) => (g.id === undefined ? [] : [g.id]));
    const mapped = Object.values(ISO_NUMERIC);
    expect(new Set(mapped).size).toBe(mapped.length);
    expect([...mapped].sort()).toEqual([...ids].sort());
    expect(geometries.some((g) => g.id === undefined && g.properties.name === "Kosovo")).toBe(true);
  });

  it("agrees with world-atlas's names where both spell them alike", () => {
    const byId = new Map(geometries.map((g) => [g.id, g.properties.name]));
    expect(byId.get(ISO_NUMERIC.CO)).toBe("Colombia");
    expect(byId.get(ISO_NUMERIC.RO)).toBe("Romania");
    expect(byId.get(ISO_NUMERIC.PH)).toBe("Philippines");
    expect(byId.get(ISO_NUMERIC.NE)).toBe("Niger");
    expect(byId.get(ISO_NUMERIC.NG)).toBe("Nigeria");
    expect(byId.get(ISO_NUMERIC.SK)).toBe("Slovakia");
    expect(byId.get(ISO_NUMERIC.SI)).toBe("Slovenia");
  });
});
