import { dailyStepMetrics } from "../metrics/pipeline-metrics.ts";

/** A daily step: a name the log and the metrics use, and what it runs. */
interface Step {
  name: string;
  // biome-ignore lint/suspicious/noExplicitAny: any step's arguments, passed through as they are
  run: (...args: any[]) => Promise<unknown>;
}

/**
 * The steps, each timed by the metrics (camstats_daily_step_duration_seconds{step}) whenever it
 * runs: the plain order, a newest-first catch-up and a rebuild all call the same `run`. A step that
 * fails is timed too.
 */
export function timedSteps<S extends Step>(steps: readonly S[]): S[] {
  return steps.map((step) => ({
    ...step,
    run: async (...args: Parameters<S["run"]>) => {
      const end = dailyStepMetrics().duration.startTimer({ step: step.name });
      try {
        return await step.run(...args);
      } finally {
        end();
      }
    },
  }));
}
