import { parseArgs } from "node:util";

const USAGE = "usage: npm run rebuild -- --from YYYY-MM-DD --to YYYY-MM-DD";

export function parseRebuildArgs(args: string[]): { from: string; to: string } {
  const { values } = parseArgs({
    args,
    options: { from: { type: "string" }, to: { type: "string" } },
    strict: true,
  });
  const check = (name: string, value: string | undefined): string => {
    if (value === undefined) throw new Error(`--${name} is missing; ${USAGE}`);
    const parsed = new Date(`${value}T00:00:00Z`);
    if (
      !/^\d{4}-\d{2}-\d{2}$/.test(value) ||
      Number.isNaN(parsed.getTime()) ||
      !parsed.toISOString().startsWith(value)
    ) {
      throw new Error(`--${name} expects a date as YYYY-MM-DD; got ${JSON.stringify(value)}`);
    }
    return value;
  };
  const from = check("from", values.from);
  const to = check("to", values.to);
  if (from > to) throw new Error(`--from (${from}) is after --to (${to})`);
  return { from, to };
}
