import pino, { type Logger } from "pino";

export type { Logger };

/** One JSON logger for the process; tests pass `silent`. */
export function createLogger(level: string, name = "camstats"): Logger {
  return pino({ name, level });
}
