import { describe, expect, it } from "vitest";
import { dailyStepMetrics } from "../metrics/pipeline-metrics.ts";
import { timedSteps } from "./step-timing.ts";

const countOf = async (step: string) => {
  const { values } = await dailyStepMetrics().duration.get();
  return values.find((v) => v.metricName?.endsWith("_count") && v.labels.step === step)?.value ?? 0;
};
const sumOf = async (step: string) => {
  const { values } = await dailyStepMetrics().duration.get();
  return values.find((v) => v.metricName?.endsWith("_sum") && v.labels.step === step)?.value ?? 0;
};

describe("the daily steps' timing", () => {
  it("times each run of a step under its name, passing its arguments and answer through", async () => {
    const [step] = timedSteps([
      {
        name: "test step that waits",
        run: async (db: string, day: string) => {
          await new Promise((r) => setTimeout(r, 30));
          return `${db} ${day}`;
        },
        rankingTable: true,
      },
    ]);
    expect(step?.rankingTable).toBe(true);
    expect(await step?.run("db", "2026-11-20")).toBe("db 2026-11-20");
    expect(await step?.run("db", "2026-11-21")).toBe("db 2026-11-21");
    expect(await countOf("test step that waits")).toBe(2);
    expect(await sumOf("test step that waits")).toBeGreaterThanOrEqual(0.05);
  });

  it("times a step that fails, and lets its error through", async () => {
    const [step] = timedSteps([
      {
        name: "test step that fails",
        run: async () => {
          throw new Error("disk full");
        },
      },
    ]);
    await expect(step?.run()).rejects.toThrow("disk full");
    expect(await countOf("test step that fails")).toBe(1);
  });
});
