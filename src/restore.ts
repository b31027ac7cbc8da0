import { parseFolderArg } from "./backup/backup-args.ts";
import { restoreSite } from "./backup/restore-site.ts";
import { loadConfig } from "./config.ts";
import { createLifecycle, runProcess } from "./start/lifecycle.ts";

/**
 * `npm run restore -- --from DIR`: a backup brought back into an empty database and store, with
 * the same configuration as `npm start`; then `npm start` serves it (decision 0046).
 */
const lifecycle = createLifecycle();
runProcess(lifecycle, "restore", async () => {
  let from: string;
  try {
    from = parseFolderArg(process.argv.slice(2), "from", "usage: npm run restore -- --from DIR");
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(2);
  }
  await restoreSite(loadConfig(), from, (line) => process.stderr.write(`${line}\n`));
  await lifecycle.shutdown("restore done");
});
