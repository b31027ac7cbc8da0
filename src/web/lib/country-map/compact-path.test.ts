import { describe, expect, it } from "vitest";
import { CompactPathContext } from "./compact-path.ts";

describe("CompactPathContext", () => {
  it("writes whole pixels, the first point absolute and the rest relative", () => {
    const c = new CompactPathContext();
    c.moveTo(10.4, 20.6);
    c.lineTo(13.2, 18.9);
    c.lineTo(17, 24);
    c.closePath();
    expect(c.result()).toBe("M10 21l3-2 4 5z");
  });

  it("drops points that round onto the previous one and rings with no area", () => {
    const c = new CompactPathContext();
    c.moveTo(0, 0);
    c.lineTo(0.2, 0.3);
    c.lineTo(5, 0);
    c.lineTo(5.1, 0.1);
    c.closePath();
    c.moveTo(100, 100);
    c.lineTo(101, 100);
    c.lineTo(100.8, 100.4);
    c.closePath();
    c.moveTo(50, 50);
    c.lineTo(60, 50);
    c.lineTo(60, -60);
    c.closePath();
    expect(c.result()).toBe("M50 50l10 0 0-110z");
  });
});
