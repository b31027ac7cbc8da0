import { parseArgs } from "node:util";

/** `--to DIR` for the backup, `--from DIR` for the restore. */
export function parseFolderArg(args: string[], name: "to" | "from", usage: string): string {
  const { values } = parseArgs({ args, options: { [name]: { type: "string" } }, strict: true });
  const value = values[name];
  if (typeof value !== "string" || value === "") throw new Error(`--${name} is missing; ${usage}`);
  return value;
}
