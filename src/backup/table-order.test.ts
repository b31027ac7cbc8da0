import { describe, expect, it } from "vitest";
import { fillOrder } from "./table-order.ts";

describe("the order a restore fills tables in", () => {
  it("puts referenced tables first, partitions with their parent", () => {
    const order = fillOrder(
      [
        { name: "list_items" },
        { name: "lists" },
        { name: "users" },
        { name: "snapshots_20261128", parent: "snapshots" },
        { name: "snapshots_20261129", parent: "snapshots" },
        { name: "performers" },
      ],
      [
        { from: "list_items", to: "lists" },
        { from: "list_items", to: "performers" },
        { from: "lists", to: "users" },
        { from: "snapshots", to: "performers" },
        { from: "users", to: "users" },
      ],
    );
    const at = (name: string) => order.indexOf(name);
    expect(order).toHaveLength(6);
    expect(at("users")).toBeLessThan(at("lists"));
    expect(at("lists")).toBeLessThan(at("list_items"));
    expect(at("performers")).toBeLessThan(at("list_items"));
    expect(at("performers")).toBeLessThan(at("snapshots_20261128"));
    expect(at("snapshots_20261128")).toBeLessThan(at("snapshots_20261129"));
  });

  it("refuses a cycle, naming a table in it", () => {
    expect(() =>
      fillOrder(
        [{ name: "a" }, { name: "b" }],
        [
          { from: "a", to: "b" },
          { from: "b", to: "a" },
        ],
      ),
    ).toThrow(/cycle through a/);
  });
});
