import { parseFolderArg } from "./backup/backup-args.ts";
import { backupSite } from "./backup/backup-site.ts";
import { loadConfig } from "./config.ts";
import { createLifecycle, runProcess } from "./start/lifecycle.ts";

/**
 * `npm run backup -- --to DIR`: a consistent copy of the database and the store, with the same
 * configuration as `npm start`, while the site runs (decision 0046; docs/operations.md, Backups).
 */
const lifecycle = createLifecycle();
runProcess(lifecycle, "backup", async () => {
  let to: string;
  try {
    to = parseFolderArg(process.argv.slice(2), "to", "usage: npm run backup -- --to DIR");
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(2);
  }
  await backupSite(loadConfig(), to, (line) => process.stderr.write(`${line}\n`));
  await lifecycle.shutdown("backup done");
});
